/**
 * Pointer ↔ world coordinates for the simulation canvases, exact at any devicePixelRatio
 * and canvas size: the mapping uses the canvas's CSS content box (the same box the
 * renderer's view fills), never the backing-store pixel size.
 *
 * World coordinates are y-up; the renderer (components/sim/renderer.ts) draws the world
 * rectangle `view` onto the whole canvas, and `clientToWorld` inverts exactly that map.
 */
import type {WorldView} from "./renderer.js";

/**
 * The smallest view containing `world` with the aspect ratio of a `width` × `height`
 * canvas (CSS px), centred, so discs stay round. Zero or invalid sizes return `world`.
 */
export function fitView(world: WorldView, width: number, height: number): WorldView {
  const ww = world.x1 - world.x0;
  const wh = world.y1 - world.y0;
  if (!(width > 0 && height > 0 && ww > 0 && wh > 0)) return {...world};
  const canvasAspect = width / height;
  const cx = (world.x0 + world.x1) / 2;
  const cy = (world.y0 + world.y1) / 2;
  if (canvasAspect > ww / wh) {
    const half = (wh * canvasAspect) / 2;
    return {x0: cx - half, y0: world.y0, x1: cx + half, y1: world.y1};
  }
  const half = ww / canvasAspect / 2;
  return {x0: world.x0, y0: cy - half, x1: world.x1, y1: cy + half};
}

/** The canvas's content box (inside border and padding) in client coordinates. */
export function contentBox(canvas: HTMLElement | SVGElement): {left: number; top: number; width: number; height: number} {
  const r = canvas.getBoundingClientRect();
  const cs = getComputedStyle(canvas);
  const bl = parseFloat(cs.borderLeftWidth) || 0;
  const bt = parseFloat(cs.borderTopWidth) || 0;
  const pl = parseFloat(cs.paddingLeft) || 0;
  const pt = parseFloat(cs.paddingTop) || 0;
  const pr = parseFloat(cs.paddingRight) || 0;
  const pb = parseFloat(cs.paddingBottom) || 0;
  const br = parseFloat(cs.borderRightWidth) || 0;
  const bb = parseFloat(cs.borderBottomWidth) || 0;
  return {left: r.left + bl + pl, top: r.top + bt + pt, width: r.width - bl - br - pl - pr, height: r.height - bt - bb - pt - pb};
}

/**
 * World position of client point (clientX, clientY) on a canvas showing `view`.
 * Pure: `box` is the canvas's content box (see `contentBox`). y grows upwards in the world.
 */
export function clientToWorld(
  clientX: number,
  clientY: number,
  box: {left: number; top: number; width: number; height: number},
  view: WorldView
): {x: number; y: number} {
  const u = box.width > 0 ? (clientX - box.left) / box.width : 0.5;
  const v = box.height > 0 ? (clientY - box.top) / box.height : 0.5;
  return {x: view.x0 + u * (view.x1 - view.x0), y: view.y1 - v * (view.y1 - view.y0)};
}

/** Whether client point (clientX, clientY) lies in `box` (edges included). Pure, like `clientToWorld`. */
export function insideBox(clientX: number, clientY: number, box: {left: number; top: number; width: number; height: number}): boolean {
  return clientX >= box.left && clientX <= box.left + box.width && clientY >= box.top && clientY <= box.top + box.height;
}

/** The pointer as the canvas stage tracks it, in world units (y-up). One shape for every widget; a physics step reads its `PointerPush` part. */
export interface WorldPointer {
  /** World position of the last pointer event (NaN before the first). */
  x: number;
  y: number;
  /** The pointer is over the canvas (or captured by a drag that left it). */
  inside: boolean;
  /** A button or finger is down. */
  down: boolean;
  /** Engaged: inside and (a hovering mouse or pen, or down) — what "shove on hover" demos use. */
  active: boolean;
}

/** What a physics step reads of the pointer (world units): where it is and whether it pushes (shoves discs while `active`). */
export type PointerPush = Pick<WorldPointer, "x" | "y" | "active">;
