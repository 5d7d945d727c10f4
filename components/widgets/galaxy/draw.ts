/**
 * The galaxy's drawing helpers: the world view, the perturber's ring (a DOM element over
 * the canvas, so the GPU canvas never needs a 2D context), and the read-out line.
 * Bodies are drawn by BodyRenderer (GPU) or drawBodies2D (CPU twin).
 */
import {discScene} from "../../gravity/scenes.js";
import {fmt} from "../runtime/counters.js";
import {drawBodies2D, skyView} from "../shared/gravity/sky.js";
import type {CanvasStage} from "../runtime/canvas.js";
import {stagePoster} from "../runtime/poster.js";
import type {GalaxyValue} from "./options.js";

/** World half-width shown: the disc's scale length is 1. */
const GALAXY_HALF = 3.2;
/** Colour ramp ends, world units per time unit (the disc's circular speed is ~0.5–1). */
export const SPEED_RANGE: [number, number] = [0.1, 1.1];

export const galaxyView = (stage: CanvasStage) => skyView(stage, GALAXY_HALF);

/** A ring marking the perturber while the pointer holds it. */
export function perturberRing(stage: CanvasStage) {
  const ring = document.createElement("div");
  ring.className = "galaxy-perturber";
  ring.hidden = true;
  stage.element.style.position = "relative";
  stage.element.append(ring);
  return {
    show(x: number, y: number) {
      const v = galaxyView(stage);
      const c = stage.canvas;
      ring.hidden = false;
      ring.style.left = `${c.offsetLeft + ((x - v.x0) / (v.x1 - v.x0)) * stage.size.width}px`;
      ring.style.top = `${c.offsetTop + ((v.y1 - y) / (v.y1 - v.y0)) * stage.size.height}px`;
    },
    hide() {
      ring.hidden = true;
    },
  };
}

/** `<p class="widget-readout">` with the galaxy's counters. */
export function readout() {
  const el = document.createElement("p");
  el.className = "widget-readout galaxy-readout";
  return {
    element: el,
    /** Writes the counters of `s`: the widget passes the sample its caption shows (`onCaptionSample`), so both say one figure. */
    update(s: Pick<GalaxyValue, "count" | "theta" | "stepMs" | "energyDrift">) {
      const drift = s.energyDrift === null ? "" : ` · energy drift ${fmt(100 * s.energyDrift, 3)} %`;
      el.textContent = `${fmt(s.count)} bodies · θ = ${s.theta.toFixed(2)} · ${s.stepMs === null ? "–" : fmt(s.stepMs, 2)} ms per step${drift}`;
    },
  };
}

/**
 * The first picture, before any engine runs (stagePoster): the initial disc of `count` bodies.
 * Building the GPU pipeline (a dozen compute pipelines) takes seconds on a CPU-emulated
 * adapter; the stage must not sit empty meanwhile. `hide()` once the engine has drawn.
 */
export function galaxyPoster(stage: CanvasStage, count: number, seed: number) {
  const bodies = discScene(count, seed);
  return stagePoster(stage, (target) => drawBodies2D(target, galaxyView(stage), bodies, {vMax: SPEED_RANGE[1], px: 2, alpha: 0.8, heavy: 0.01}));
}
