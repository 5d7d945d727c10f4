/**
 * The hero's parts around its canvas: the disclosure under the caption (controls, the
 * engine's line, the touch hint; closed at first), the line under the page's title that
 * says what runs where it runs, and the tank's box in CSS pixels (where particles can be).
 */
import type {WorldView} from "../../sim/renderer.js";
import type {CanvasStage} from "../runtime/canvas.js";
import type {WaterValue} from "./options.js";

/** The hero's `<details>`: `body` takes the controls row, `adapter` is the engine's one line. */
export function heroFoot() {
  const details = document.createElement("details");
  details.className = "hero-more";
  const summary = document.createElement("summary");
  summary.textContent = "Controls and adapter";
  const body = document.createElement("div");
  body.className = "hero-more-body";
  const adapter = document.createElement("p");
  adapter.className = "hero-adapter";
  details.append(summary, body);
  return {details, body, adapter};
}

/**
 * The line under the page's title for the hero's `.value`: which engine simulates the water
 * on this reader's machine. Before an engine runs it says only what the widget is.
 */
export function heroHint(v: Pick<WaterValue, "engine" | "softwareAdapter">): string {
  if (v.engine === "gpu")
    return v.softwareAdapter
      ? "Live SPH water: this essay's GPU kernels, running here on a CPU emulation of a GPU."
      : "Live SPH water, simulated on your GPU by the kernels this essay builds.";
  if (v.engine === "cpu") return "Live SPH water, simulated on your CPU by the twin of this essay's GPU kernels (this browser has no WebGPU).";
  return "Live SPH water, simulated in your browser by the kernels this essay builds.";
}

/**
 * Where particles can be, in CSS px from the canvas's top-left corner: the tank `tank`
 * ([minX, minY, maxX, maxY], world units) under the world rectangle `view` drawn on the
 * stage's canvas, as "left top width height" (one decimal). Empty while the canvas has no size.
 */
export function tankBox(stage: CanvasStage, view: WorldView, tank: readonly number[]): string {
  const {width, height} = stage.size;
  if (!(width > 0 && height > 0)) return "";
  const sx = width / (view.x1 - view.x0);
  const sy = height / (view.y1 - view.y0);
  const [x0, y0, x1, y1] = tank;
  const r = (v: number) => v.toFixed(1);
  return [r((x0 - view.x0) * sx), r((view.y1 - y1) * sy), r((x1 - x0) * sx), r((y1 - y0) * sy)].join(" ");
}
