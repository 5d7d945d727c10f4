/**
 * The controls every widget uses: a button (a toggle when asked), a labelled range
 * slider that wraps on phones, and a slider over a log scale (`logPositions`) for counts
 * that span orders of magnitude.
 */

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

interface RangeControl {
  label: HTMLLabelElement;
  input: HTMLInputElement;
  /** Moves the slider to `v` without an input event, and says the new value to assistive technology. */
  setValue(v: number): void;
}

/**
 * A labelled range input (class `widget-range`; wraps on narrow screens instead of
 * overflowing). `name` sets the input's name; the label text is also its accessible name.
 * `valueText(v)` is what a screen reader says for position `v` (`aria-valuetext`, e.g.
 * "3 substeps"), kept in step with every input event and `setValue`; without it the number.
 */
export function rangeControl(
  text: string,
  o: {min: number; max: number; step?: number; value: number; name?: string; valueText?: (v: number) => string}
): RangeControl {
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
  const say = () => input.setAttribute("aria-valuetext", o.valueText ? o.valueText(Number(input.value)) : input.value);
  say();
  input.addEventListener("input", say);
  label.append(`${text} `, input, " ");
  return {
    label,
    input,
    setValue(v) {
      input.value = String(v);
      say();
    },
  };
}

interface LogSlider extends RangeControl {
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
 * The map of a log slider: position (0..steps) ↔ whole count in [min, max], clamped:
 * position = steps · ln(n / min) / ln(max / min) (what a clamped d3 log scale computes; the
 * two lines here keep d3-scale out of the hero's first load, which has a count slider).
 * `round` picks the counts a position lands on, default the nearest whole count; min = max
 * maps everything to position 0 and count min. Exported so a widget can name its own mapping.
 */
export function logPositions(min: number, max: number, steps = LOG_SLIDER_STEPS, round: (n: number) => number = Math.round) {
  const span = Math.log(max / min);
  const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
  return {
    toPosition: (n: number) => (span > 0 ? Math.round(clamp((steps * Math.log(n / min)) / span, 0, steps)) : 0),
    toCount: (p: number) => clamp(round(span > 0 ? min * Math.exp((clamp(p, 0, steps) * span) / steps) : min), min, max),
  };
}

interface LogSliderOptions {
  min: number;
  max: number;
  value: number;
  name?: string;
  /** Slider positions 0..steps (default LOG_SLIDER_STEPS). */
  steps?: number;
  /** Rounds a count between positions (default Math.round); e.g. to hundreds. */
  round?: (n: number) => number;
  /** What is counted, for screen readers: "discs" → aria-valuetext "2,000 discs". */
  unit: string;
}

/**
 * One arrow-key press moves a log slider this share of its scale (Page Up/Down: 4×), so a
 * keyboard reader changes the count by a few percent (e.g. 2,000 → 2,160 discs on
 * 200–4,000), not by one of thousands of positions.
 */
const LOG_SLIDER_KEY_SHARE = 1 / 40;
const KEY_DIRECTION: Record<string, number> = {ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 4, PageDown: -4};

/**
 * A range slider whose positions map to counts on a log scale between `min` and `max`
 * (logPositions, rounded to whole counts): equal slider moves are equal ratios.
 */
export function logSlider(text: string, o: LogSliderOptions): LogSlider {
  const steps = o.steps ?? LOG_SLIDER_STEPS;
  let map = logPositions(o.min, o.max, steps, o.round);
  const valueText = (p: number) => `${map.toCount(p).toLocaleString("en-US")} ${o.unit}`;
  const control = rangeControl(text, {min: 0, max: steps, value: map.toPosition(o.value), name: o.name, valueText});
  const {input} = control;
  input.addEventListener("keydown", (e) => {
    const dir = KEY_DIRECTION[e.key];
    if (!dir || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const from = Number(input.value);
    const to = Math.min(steps, Math.max(0, Math.round(from + dir * Math.max(1, steps * LOG_SLIDER_KEY_SHARE))));
    if (to === from) return;
    control.setValue(to);
    // what a native key press on a range input fires
    input.dispatchEvent(new Event("input", {bubbles: true}));
    input.dispatchEvent(new Event("change", {bubbles: true}));
  });
  return {
    ...control,
    get count() {
      return map.toCount(Number(input.value));
    },
    setCount(n) {
      control.setValue(map.toPosition(n));
    },
    setRange(min, max) {
      map = logPositions(min, max, steps, o.round);
    },
  };
}
