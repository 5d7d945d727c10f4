/**
 * The controls every widget uses: a button (a toggle when asked), a labelled range
 * slider that wraps on phones, and a slider over a log scale (`d3.scaleLog`) for counts
 * that span orders of magnitude.
 */
import {scaleLog} from "../../d3.js";

/** A labelled button; `aria-pressed` when `toggle` is set. */
export function button(label: string, onClick: () => void, opts: {toggle?: boolean; title?: string} = {}): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (opts.title) b.title = opts.title;
  if (opts.toggle) b.setAttribute("aria-pressed", "false");
  b.addEventListener("click", onClick);
  return b;
}

export interface RangeControl {
  label: HTMLLabelElement;
  input: HTMLInputElement;
}

/**
 * A labelled range input (class `widget-range`; wraps on narrow screens instead of
 * overflowing). `name` sets the input's name; the label text is also its accessible name.
 */
export function rangeControl(text: string, o: {min: number; max: number; step?: number; value: number; name?: string}): RangeControl {
  const label = document.createElement("label");
  label.className = "widget-range";
  const input = document.createElement("input");
  input.type = "range";
  if (o.name) input.name = o.name;
  input.min = String(o.min);
  input.max = String(o.max);
  input.step = String(o.step ?? 1);
  input.value = String(o.value);
  input.setAttribute("aria-label", text);
  label.append(`${text} `, input, " ");
  return {label, input};
}

export interface LogSlider extends RangeControl {
  /** The count the slider shows now (rounded). */
  readonly count: number;
  /** Moves the slider to `count` (clamped), without an input event. */
  setCount(count: number): void;
  /** New ends of the scale (the position is not moved: call `setCount` after). */
  setRange(min: number, max: number): void;
}

/** Positions of a log slider: 0..LOG_SLIDER_STEPS. */
export const LOG_SLIDER_STEPS = 10_000;

/**
 * The map of a log slider: position (0..steps) ↔ whole count in [min, max] (a clamped d3
 * log scale; `round` picks the counts a position lands on, default the nearest whole
 * count). Exported so a widget can name its own mapping.
 */
export function logPositions(min: number, max: number, steps = LOG_SLIDER_STEPS, round: (n: number) => number = Math.round) {
  const scale = scaleLog().domain([min, max]).range([0, steps]).clamp(true);
  return {
    toPosition: (n: number) => Math.round(scale(n)),
    toCount: (p: number) => Math.min(max, Math.max(min, round(scale.invert(p)))),
  };
}

export interface LogSliderOptions {
  min: number;
  max: number;
  value: number;
  name?: string;
  /** Slider positions 0..steps (default LOG_SLIDER_STEPS). */
  steps?: number;
  /** Rounds a count between positions (default Math.round); e.g. to hundreds. */
  round?: (n: number) => number;
}

/**
 * A range slider whose positions map to counts on a log scale between `min` and `max`
 * (a d3 log scale, rounded to whole counts): equal slider moves are equal ratios.
 */
export function logSlider(text: string, o: LogSliderOptions): LogSlider {
  const steps = o.steps ?? LOG_SLIDER_STEPS;
  let map = logPositions(o.min, o.max, steps, o.round);
  const control = rangeControl(text, {min: 0, max: steps, value: map.toPosition(o.value), name: o.name});
  return {
    ...control,
    get count() {
      return map.toCount(Number(control.input.value));
    },
    setCount(n) {
      control.input.value = String(map.toPosition(n));
    },
    setRange(min, max) {
      map = logPositions(min, max, steps, o.round);
    },
  };
}
