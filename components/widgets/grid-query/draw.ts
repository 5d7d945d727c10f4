/** Drawing of the §2 grid-query demo: the 3×3 window, optional grid lines, discs with the window's candidates highlighted. */
import type {ContactParams, Discs} from "../../contacts/physics.js";
import type {GridParams} from "../../sort/grid.js";
import {windowRange} from "../../contacts/grid-query.js";
import type {CanvasStage} from "../runtime/canvas.js";
import {clearToBox} from "../shared/discs/stage.js";

const WINDOW_FILL = "#f5c518";

export interface GridFrame {
  discs: Discs;
  /** Disc id of each slot of `discs`. */
  ids: Uint32Array;
  /** 1 for the ids in the query window. */
  highlight: Uint8Array;
  queryCell: [number, number];
  showGrid: boolean;
}

function drawGridLines(ctx: CanvasRenderingContext2D, g: GridParams, P: ContactParams, px: number) {
  const cs = g.cellSize;
  ctx.beginPath();
  for (let k = 0; k <= g.dimX; k++) {
    ctx.moveTo(k * cs, 0);
    ctx.lineTo(k * cs, P.height);
    ctx.moveTo(0, k * cs);
    ctx.lineTo(P.width, k * cs);
  }
  ctx.lineWidth = px;
  ctx.strokeStyle = "rgba(0, 0, 0, 0.18)";
  ctx.stroke();
}

/** Draws one frame of the demo on `stage` (world units of the box). */
export function drawGrid(stage: CanvasStage, g: GridParams, P: ContactParams, f: GridFrame) {
  const ctx = clearToBox(stage, P);
  const px = P.width / stage.canvas.width;
  const cs = g.cellSize;
  const [qx, qy] = f.queryCell;
  const w = windowRange(g, qx, qy);
  ctx.fillStyle = "rgba(245, 197, 24, 0.16)";
  ctx.fillRect(w.x0 * cs, w.y0 * cs, (w.x1 - w.x0 + 1) * cs, (w.y1 - w.y0 + 1) * cs);
  if (f.showGrid) drawGridLines(ctx, g, P, px);
  const {discs, ids, highlight} = f;
  const r = P.radius;
  for (let pass = 0; pass < 2; pass++) {
    ctx.beginPath();
    for (let s = 0; s < discs.count; s++) {
      if (highlight[ids[s]] !== pass) continue;
      ctx.moveTo(discs.x[s] + r, discs.y[s]);
      ctx.arc(discs.x[s], discs.y[s], r, 0, 2 * Math.PI);
    }
    ctx.fillStyle = pass ? WINDOW_FILL : "#5b74b8";
    ctx.fill();
    if (pass) {
      ctx.lineWidth = px;
      ctx.strokeStyle = "#7a5c00";
      ctx.stroke();
    }
  }
  ctx.lineWidth = 2 * px;
  ctx.strokeStyle = "#c98f00";
  ctx.strokeRect(w.x0 * cs, w.y0 * cs, (w.x1 - w.x0 + 1) * cs, (w.y1 - w.y0 + 1) * cs);
  ctx.lineWidth = 1.5 * px;
  ctx.strokeStyle = "#8a5a00";
  ctx.strokeRect(qx * cs, qy * cs, cs, cs);
}
