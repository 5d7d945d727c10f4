/**
 * The one rule for a canvas's backing store (its pixel size), used by the widgets' canvas
 * stage (components/widgets/runtime/canvas.ts) and by the WebGPU renderers that draw into it
 * (renderer.ts, body-renderer.ts), so that the two never resize the same canvas to different
 * sizes (each resize clears it): CSS size × devicePixelRatio, the ratio at most `MAX_DPR`
 * (a phone at 4× would quadruple the fill cost for no visible gain) and each side at most
 * `MAX_SIDE` device pixels (WebGPU's guaranteed texture size is 8192; 4096 keeps the
 * largest stage's texture at 64 MB).
 */
const MAX_DPR = 3;
const MAX_SIDE = 4096;

/** Backing-store size (device pixels, each side in 1..MAX_SIDE) of a canvas of CSS size w × h px at ratio dpr. */
export function backingSize(cssW: number, cssH: number, dpr: number): {width: number; height: number} {
  const r = Math.min(dpr > 0 ? dpr : 1, MAX_DPR);
  const side = (css: number) => Math.min(MAX_SIDE, Math.max(1, Math.round(css * r)));
  return {width: side(cssW), height: side(cssH)};
}

/** The page's devicePixelRatio, 1 where there is none (Node). */
export function pageDpr(): number {
  return typeof devicePixelRatio === "number" && devicePixelRatio > 0 ? devicePixelRatio : 1;
}

/**
 * Sets `canvas`'s backing store to `backingSize` of its laid-out CSS size (only when it
 * differs: a resize clears the canvas). Returns false, changing nothing, while the canvas
 * has no size (hidden, collapsed): skip drawing then. Cheap: call it every frame.
 */
export function fitBackingStore(canvas: HTMLCanvasElement): boolean {
  const w = canvas.clientWidth;
  const h = canvas.clientHeight;
  if (!(w > 0 && h > 0)) return false;
  const b = backingSize(w, h, pageDpr());
  if (canvas.width !== b.width) canvas.width = b.width;
  if (canvas.height !== b.height) canvas.height = b.height;
  return true;
}
