/**
 * Drawing of the §2 figure on a 2D canvas: the bodies, the cells the probe's walk opened
 * (outlined), the cells it took as one point mass (filled, with a line to their centre of
 * mass), the bodies of opened leaves summed one by one (blue), and the probe (red ring).
 */
import {nodeBox} from "../../gravity/tree.js";
import type {ProbeWalk} from "../../gravity/walk.js";
import type {WorldView} from "../../sim/renderer.js";
import type {CanvasStage} from "../runtime/canvas.js";
import {isDark, resolveColor} from "../runtime/theme.js";
import type {ProbeField} from "./options.js";

const PROBE_COLOURS = {
  background: "#fbfcfe",
  body: "#8a8f98",
  opened: "#5b6170",
  approx: "rgba(230, 120, 40, 0.18)",
  approxEdge: "#d9782c",
  direct: "#2f6fd0",
  probe: "#d0312d",
};

/** Draws the figure (see the module comment). */
export function drawProbe(stage: CanvasStage, view: WorldView, f: ProbeField, w: ProbeWalk, probe: [number, number]) {
  const ctx = stage.context2d();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  // the stage's 2D context is opaque (alpha: false): paint the theme's background
  const dark = isDark(stage.canvas);
  const C = dark ? {...PROBE_COLOURS, body: "#7c8494", opened: "#aab2c2", direct: "#6f9cf0", probe: "#ff6b63"} : PROBE_COLOURS;
  ctx.fillStyle = resolveColor(stage.canvas, "var(--theme-background)", PROBE_COLOURS.background);
  ctx.fillRect(0, 0, stage.canvas.width, stage.canvas.height);
  stage.worldTransform(ctx, view);
  const px = (view.x1 - view.x0) / Math.max(1, stage.size.width); // one CSS pixel in world units
  ctx.lineWidth = px;
  for (const j of w.approximated) {
    const b = nodeBox(f.tree, f.square, f.keys, j);
    ctx.fillStyle = C.approx;
    ctx.fillRect(b.x0, b.y0, b.size, b.size);
    ctx.strokeStyle = C.approxEdge;
    ctx.strokeRect(b.x0, b.y0, b.size, b.size);
  }
  ctx.strokeStyle = C.opened;
  ctx.setLineDash([3 * px, 3 * px]);
  for (const j of w.opened) {
    const b = nodeBox(f.tree, f.square, f.keys, j);
    ctx.strokeRect(b.x0, b.y0, b.size, b.size);
  }
  ctx.setLineDash([]);
  // lines from the probe to each point mass it used
  ctx.strokeStyle = "rgba(217, 120, 44, 0.55)";
  ctx.beginPath();
  for (const j of w.approximated) {
    ctx.moveTo(probe[0], probe[1]);
    ctx.lineTo(f.tree.mx[j] / f.tree.mass[j], f.tree.my[j] / f.tree.mass[j]);
  }
  ctx.stroke();
  const r = 1.6 * px;
  ctx.fillStyle = C.body;
  for (let i = 0; i < f.x.length; i++) ctx.fillRect(f.x[i] - r, f.y[i] - r, 2 * r, 2 * r);
  // bodies of opened leaves: summed one by one
  ctx.fillStyle = C.direct;
  for (const j of w.opened) {
    if (f.tree.childCount[j] !== 0) continue;
    for (let k = f.tree.lo[j]; k < f.tree.hi[j]; k++) ctx.fillRect(f.x[k] - 1.5 * r, f.y[k] - 1.5 * r, 3 * r, 3 * r);
  }
  ctx.fillStyle = C.approxEdge;
  for (const j of w.approximated) {
    ctx.beginPath();
    ctx.arc(f.tree.mx[j] / f.tree.mass[j], f.tree.my[j] / f.tree.mass[j], 2.6 * px, 0, 2 * Math.PI);
    ctx.fill();
  }
  ctx.strokeStyle = C.probe;
  ctx.lineWidth = 2.5 * px;
  ctx.beginPath();
  ctx.arc(probe[0], probe[1], 7 * px, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.fillStyle = C.probe;
  ctx.beginPath();
  ctx.arc(probe[0], probe[1], 2.5 * px, 0, 2 * Math.PI);
  ctx.fill();
}

/** The legend under the figure. */
export function legend(): HTMLElement {
  const el = document.createElement("p");
  el.className = "widget-legend bh-probe-legend";
  const item = (colour: string, text: string, dashed = false) => {
    const s = document.createElement("span");
    const sw = document.createElement("i");
    // an opened cell is drawn as a dashed outline, not filled: so is its swatch
    if (dashed) sw.style.cssText = `background: transparent; border: 1.5px dashed ${colour}; box-sizing: border-box;`;
    else sw.style.background = colour;
    s.append(sw, ` ${text}`);
    return s;
  };
  el.append(
    item(PROBE_COLOURS.probe, "probe"),
    item(PROBE_COLOURS.approxEdge, "cell taken as one mass"),
    item(PROBE_COLOURS.opened, "cell opened", true),
    item(PROBE_COLOURS.direct, "body summed directly")
  );
  return el;
}
