/** Drawing of the §1 contacts demo on its 2D canvas (world units, y up). */
import type {ContactParams, Discs} from "../../contacts/physics.js";
import type {CanvasStage, CanvasStageOptions, WorldPointer} from "../runtime/canvas.js";

/** The world rectangle the canvas shows: the whole box. */
export const boxView = (P: ContactParams) => ({x0: 0, y0: 0, x1: P.width, y1: P.height});

/** The theme background, then the world transform of the box; returns the context. */
export function clearToBox(stage: CanvasStage, P: ContactParams): CanvasRenderingContext2D {
  const ctx = stage.context2d();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = backgrounds.get(stage) ?? "#ffffff";
  ctx.fillRect(0, 0, stage.canvas.width, stage.canvas.height);
  stage.worldTransform(ctx, boxView(P));
  return ctx;
}

/**
 * The one colour of every disc. One colour, because the discs are all alike: two shades by
 * index (as before) suggested a property the discs do not have.
 */
export const DISC_COLOUR = "#3d63c4";

/** The discs, all in DISC_COLOUR, and the pointer's reach while it shoves. */
export function drawContacts(stage: CanvasStage, discs: Discs, P: ContactParams, pointer: WorldPointer) {
  const ctx = clearToBox(stage, P);
  const r = P.radius;
  ctx.beginPath();
  for (let i = 0; i < discs.count; i++) {
    ctx.moveTo(discs.x[i] + r, discs.y[i]);
    ctx.arc(discs.x[i], discs.y[i], r, 0, 2 * Math.PI);
  }
  ctx.fillStyle = DISC_COLOUR;
  ctx.fill();
  if (pointer.active) {
    ctx.beginPath();
    ctx.arc(pointer.x, pointer.y, P.pointerRadius, 0, 2 * Math.PI);
    ctx.lineWidth = (2 * P.width) / stage.canvas.width;
    ctx.strokeStyle = "rgba(200, 60, 40, 0.8)";
    ctx.stroke();
  }
}

/**
 * The page's (or embedding element's) theme background of each stage, read once per
 * resize rather than in every frame, so a dark theme has no white box.
 */
const backgrounds = new WeakMap<CanvasStage, string>();

/** The canvas stage options of the §1–§2 disc demos: the box at its aspect, tap-to-wake touch (dress it with `frameDiscStage`). */
export function discStageOptions(P: ContactParams, o: {label: string; keys: string; maxWidth: number}): Omit<CanvasStageOptions, "status"> {
  return {aspect: P.width / P.height, maxWidth: o.maxWidth, label: o.label, keys: o.keys, view: () => boxView(P), touch: "tap-to-wake", noun: "box"};
}

/** Outlines a disc demo's canvas and follows the theme's background (read by the drawing). */
export function frameDiscStage(stage: CanvasStage): void {
  // a hairline frame as a shadow, so the keyboard focus outline (widgets.css) shows over it
  stage.canvas.style.boxShadow = "0 0 0 1px var(--theme-foreground-faint, #ccc)";
  const readBackground = () => backgrounds.set(stage, getComputedStyle(stage.element).getPropertyValue("--theme-background").trim() || "#ffffff");
  stage.onResize(readBackground);
}
