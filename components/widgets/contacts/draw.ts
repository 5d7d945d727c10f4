/** Drawing of the §1 contacts demo on its 2D canvas (world units, y up). */
import type {ContactParams, Discs} from "../../contacts/physics.js";
import type {CanvasStage, Pointer} from "../runtime/canvas.js";

/** The world rectangle the canvas shows: the whole box. */
export const boxView = (P: ContactParams) => ({x0: 0, y0: 0, x1: P.width, y1: P.height});

/** White background, then the world transform of the box; returns the context. */
export function clearToBox(stage: CanvasStage, P: ContactParams): CanvasRenderingContext2D {
  const ctx = stage.context2d();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  // the page's (or embedding element's) theme background, so a dark theme has no white box
  ctx.fillStyle = getComputedStyle(stage.element).getPropertyValue("--theme-background").trim() || "#ffffff";
  ctx.fillRect(0, 0, stage.canvas.width, stage.canvas.height);
  stage.worldTransform(ctx, boxView(P));
  return ctx;
}

/** The discs in two alternating blues, and the pointer's reach while it shoves. */
export function drawContacts(stage: CanvasStage, discs: Discs, P: ContactParams, pointer: Pointer) {
  const ctx = clearToBox(stage, P);
  const r = P.radius;
  for (let pass = 0; pass < 2; pass++) {
    ctx.beginPath();
    for (let i = pass; i < discs.count; i += 2) {
      ctx.moveTo(discs.x[i] + r, discs.y[i]);
      ctx.arc(discs.x[i], discs.y[i], r, 0, 2 * Math.PI);
    }
    ctx.fillStyle = pass ? "#6f8fd8" : "#3d63c4";
    ctx.fill();
  }
  if (pointer.active) {
    ctx.beginPath();
    ctx.arc(pointer.x, pointer.y, P.pointerRadius, 0, 2 * Math.PI);
    ctx.lineWidth = (2 * P.width) / stage.canvas.width;
    ctx.strokeStyle = "rgba(200, 60, 40, 0.8)";
    ctx.stroke();
  }
}
