/**
 * Controls of the sand demo: the grain slider (log scale, re-pours on release), substeps
 * per frame, Re-pour, the spatial-hash toggle and the open-walls toggle (hash mode only).
 */
import {SAND_MAX_GRAINS, SAND_MIN_GRAINS} from "../../sand/params.js";
import {button, logSlider, rangeControl} from "../runtime/controls.js";
import {fmtNumber} from "../runtime/options.js";
import type {SandState} from "./options.js";

/** Grain slider positions 0..GRAIN_STEPS; counts rounded to GRAIN_UNIT (position 150 → 3,000 grains). */
const GRAIN_STEPS = 1000;
const GRAIN_UNIT = 100;

interface SandControlHandlers {
  /** A new grain count, on the slider's release (`change`). */
  count(n: number): void;
  /** A new substep count, while the slider moves. */
  substeps(n: number): void;
  repour(): void;
  toggleHash(): void;
  toggleWalls(): void;
}

/** The controls row; the toggles show `state` after their handler ran. */
export function sandControls(state: SandState, on: SandControlHandlers) {
  const element = document.createElement("div");
  element.className = "widget-controls";
  const grains = logSlider("grains", {
    min: SAND_MIN_GRAINS,
    max: SAND_MAX_GRAINS,
    value: state.count,
    steps: GRAIN_STEPS,
    round: (n) => Math.round(n / GRAIN_UNIT) * GRAIN_UNIT,
    unit: "grains",
  });
  const grainsOut = document.createElement("output");
  grainsOut.textContent = fmtNumber(state.count);
  grains.label.append(grainsOut);
  grains.input.addEventListener("input", () => {
    grainsOut.textContent = fmtNumber(grains.count);
  });
  grains.input.addEventListener("change", () => {
    grainsOut.textContent = fmtNumber(grains.count);
    on.count(grains.count);
  });
  const subs = rangeControl("substeps per frame", {min: 1, max: 8, value: state.substeps, valueText: (v) => `${v} substeps per frame`});
  const subsOut = document.createElement("output");
  subsOut.textContent = String(state.substeps);
  subs.label.append(subsOut);
  subs.input.addEventListener("input", () => {
    subsOut.textContent = subs.input.value;
    on.substeps(Number(subs.input.value));
  });
  const repour = button("Re-pour", on.repour, {title: "Drop a fresh block of sand"});
  repour.dataset.action = "repour";
  const hash = button("Spatial hash", on.toggleHash, {toggle: true, title: "Replace the dense cell index by a hash into a fixed table (Teschner et al. 2003)"});
  hash.dataset.action = "hash";
  const walls = button("Open the walls", on.toggleWalls, {toggle: true, title: "Hash mode only: let the sand spill into an unbounded world"});
  walls.dataset.action = "walls";
  element.append(grains.label, subs.label, repour, hash, walls);

  const sync = () => {
    hash.setAttribute("aria-pressed", String(state.hashed));
    walls.setAttribute("aria-pressed", String(state.openWalls));
    walls.disabled = !state.hashed;
    walls.textContent = state.openWalls ? "Close the walls" : "Open the walls";
  };
  // registered after the handlers, so the buttons show the state they left
  hash.addEventListener("click", sync);
  walls.addEventListener("click", sync);
  sync();
  /** Shows `state.count` and `state.substeps` again after the runtime's load changed them (a software reduction: `applyLoad`). */
  const show = () => {
    grains.setCount(state.count);
    grainsOut.textContent = fmtNumber(state.count);
    subs.setValue(state.substeps);
    subsOut.textContent = String(state.substeps);
  };
  /**
   * Shows beside the slider the grains that run when they differ from those asked for (the CPU
   * twin runs a sixth of them): the slider keeps the count asked for, its text says both.
   */
  const showRunning = (n: number) => {
    const why = n === state.count ? "" : `the CPU twin runs ${fmtNumber(n)}`;
    grainsOut.textContent = why ? `${fmtNumber(state.count)} (${why})` : fmtNumber(state.count);
    grains.input.title = why;
  };
  return {element, show, showRunning};
}
