/** Drawing of the §1 contacts demo on its 2D canvas (world units, y up), on the disc demos' box stage (components/widgets/shared/discs/stage.ts). */
import type {ContactParams, Discs} from "../../contacts/physics.js";
import type {CanvasStage, WorldPointer} from "../runtime/canvas.js";
import {clearToBox} from "../shared/discs/stage.js";

/**
 * The one colour of every disc. One colour, because the discs are all alike: two shades by
 * index (as before) suggested a property the discs do not have.
 */
const DISC_COLOUR = "#3d63c4";

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
