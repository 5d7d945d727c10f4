/**
 * Controls of the water demo and the hero: the particle-count slider (log scale, counts
 * rounded to hundreds, thousands from 10,000 up; a new count pours at release), substeps,
 * Pour again, the "Colour by" choice with its legend, and the parameters panel with its reset.
 * The hero shows only Pour again and the colour choice. Also the pointer → stirring map.
 */
import type {WorldPointer} from "../runtime/canvas.js";
import {button, logSlider, rangeControl} from "../runtime/controls.js";
import {fmtNumber} from "../runtime/options.js";
import {type Legend, rampLegend} from "../../water/chart.js";
import {TUNABLE, WATER_DEFAULTS, type PointerState, type TunableKey} from "../../water/params.js";
import type {WaterState} from "./options.js";

/** Speeds mapped to the ends of the colour ramp (world units / s). */
export const SPEED_RANGE: [number, number] = [0, 3];
const TUNABLE_KEYS = Object.keys(TUNABLE) as TunableKey[];
const COUNT_STEPS = 1000;
let colourGroups = 0;

interface WaterActions {
  /** A new requested count (at the slider's release). */
  count(): void;
  /** Substeps changed. */
  substeps(): void;
  /** A parameter changed, or the reset. */
  params(): void;
  pour(): void;
}

interface WaterControls {
  /** The row under the canvas. */
  row: HTMLDivElement;
  /** The parameters panel (`details`; only the water demo shows it). */
  panel: HTMLDetailsElement;
  /** The colour legend (its ramp follows the tank's colours). */
  legend: Legend;
  /** Shows `state` again after the runtime's load changed it (a software reduction: `applyLoad`). */
  sync(): void;
}

/** A count between slider positions: hundreds below 10,000, thousands from there. */
const roundCount = (n: number) => (n >= 10_000 ? Math.round(n / 1000) * 1000 : Math.round(n / 100) * 100);
const fmtParam = (v: number) => (Math.abs(v) >= 10 ? v.toFixed(0) : v.toFixed(v < 0.1 ? 3 : 2));

/** A labelled control's live value. */
function output(label: HTMLLabelElement, text: string) {
  const out = document.createElement("output");
  out.textContent = text;
  label.append(" ", out);
  return out;
}

/** Builds the controls of the widget `name` ("water" or "hero") for `state`. */
export function waterControls(name: string, hero: boolean, state: WaterState, maxCount: number, act: WaterActions): WaterControls {
  const count = logSlider("particles", {
    name: `${name}-count`,
    min: state.minCount,
    max: maxCount,
    value: state.count,
    steps: COUNT_STEPS,
    round: roundCount,
    unit: "particles",
  });
  const countOut = output(count.label, fmtNumber(state.count));
  count.input.addEventListener("input", () => {
    countOut.textContent = fmtNumber(count.count);
  });
  count.input.addEventListener("change", () => {
    state.count = count.count;
    countOut.textContent = fmtNumber(state.count);
    act.count();
  });

  const sub = rangeControl("substeps per frame", {
    name: `${name}-substeps`,
    min: 1,
    max: 8,
    value: state.substeps,
    valueText: (v) => `${v} substeps per frame`,
  });
  const subOut = output(sub.label, String(state.substeps));
  sub.input.addEventListener("input", () => {
    state.substeps = Math.round(+sub.input.value);
    subOut.textContent = String(state.substeps);
    act.substeps();
  });

  const pour = button("Pour again", () => act.pour());
  pour.className = "water-pour";
  const legend = rampLegend(hero ? 120 : 160);
  // "Colour by" names what the colour shows; the pressed button is the state, so the
  // control reads as a choice, not as an action whose result the reader has to guess
  const color = document.createElement("div");
  color.className = "water-color";
  color.setAttribute("role", "group");
  const colorLabel = document.createElement("span");
  colorLabel.id = `${name}-colour-by-${++colourGroups}`;
  colorLabel.textContent = "Colour by";
  color.setAttribute("aria-labelledby", colorLabel.id);
  const choices = (["density", "speed"] as const).map((c) => {
    const b = button(c, () => {
      state.colorBy = c;
      showColor();
    });
    b.dataset.colour = c;
    return b;
  });
  color.append(colorLabel, ...choices);
  const showColor = () => {
    for (const b of choices) b.setAttribute("aria-pressed", String(b.dataset.colour === state.colorBy));
    if (state.colorBy === "density") legend.update("density", 0.5 * state.params.restDensity, 1.5 * state.params.restDensity);
    else legend.update("speed", SPEED_RANGE[0], SPEED_RANGE[1]);
  };
  showColor();

  const panel = paramsPanel(name, state, () => {
    showColor();
    act.params();
  });
  const row = document.createElement("div");
  row.className = "widget-controls";
  if (!hero) row.append(count.label, sub.label);
  row.append(pour, color, legend.element);
  return {
    row,
    panel,
    legend,
    sync() {
      count.setRange(state.minCount, maxCount);
      count.setCount(state.count);
      countOut.textContent = fmtNumber(state.count);
      sub.setValue(state.substeps);
      subOut.textContent = String(state.substeps);
    },
  };
}

/** The `details` panel: one slider per tunable parameter and "Reset parameters". */
function paramsPanel(name: string, state: WaterState, changed: () => void): HTMLDetailsElement {
  const details = document.createElement("details");
  details.className = "water-params";
  const summary = document.createElement("summary");
  summary.textContent = "Parameters";
  details.append(summary);
  const shown: (() => void)[] = [];
  for (const k of TUNABLE_KEYS) {
    const t = TUNABLE[k];
    const r = rangeControl(t.label, {name: `${name}-${k}`, min: t.min, max: t.max, step: t.step, value: state.params[k], valueText: fmtParam});
    r.input.dataset.param = k;
    const out = output(r.label, fmtParam(state.params[k]));
    r.input.addEventListener("input", () => {
      state.params = {...state.params, [k]: +r.input.value};
      out.textContent = fmtParam(state.params[k]);
      changed();
    });
    shown.push(() => {
      r.setValue(state.params[k]);
      out.textContent = fmtParam(state.params[k]);
    });
    details.append(r.label);
  }
  const reset = button("Reset parameters", () => {
    state.params = {...state.params, ...Object.fromEntries(TUNABLE_KEYS.map((k) => [k, WATER_DEFAULTS[k]]))};
    for (const show of shown) show();
    changed();
  });
  reset.className = "water-reset";
  details.append(reset);
  return details;
}

/**
 * The pointer as the kernels want it: while a button or finger is down, its position and
 * its velocity per simulated second of the frame (capped below the speed clamp); else null.
 */
export function stirrer(pointer: WorldPointer, state: WaterState): () => PointerState | null {
  let last = {x: NaN, y: NaN};
  return () => {
    const {params} = state;
    if (!pointer.down || !Number.isFinite(pointer.x)) {
      last = {x: NaN, y: NaN};
      return null;
    }
    const simDt = state.substeps * params.dt;
    let vx = 0,
      vy = 0;
    if (Number.isFinite(last.x)) {
      vx = (pointer.x - last.x) / simDt;
      vy = (pointer.y - last.y) / simDt;
      const sp = Math.hypot(vx, vy),
        cap = 0.8 * params.maxSpeed;
      if (sp > cap) {
        vx *= cap / sp;
        vy *= cap / sp;
      }
    }
    last = {x: pointer.x, y: pointer.y};
    return {x: pointer.x, y: pointer.y, vx, vy, active: true};
  };
}
