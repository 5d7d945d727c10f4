/**
 * Helpers for widgets that follow Observable's view convention: the element carries
 * `.value` and dispatches an `input` event when it changes, so `view(widget)` in a
 * Framework page (or `Generators.input(widget)`) yields every new value.
 */

/** Sets `el.value` and dispatches a bubbling `input` event. */
export function setValue<T>(el: HTMLElement & {value?: T}, value: T) {
  el.value = value;
  el.dispatchEvent(new Event("input", {bubbles: true}));
}

/** A status line for one widget: which engine runs it, warnings, errors. */
export interface StatusLine {
  element: HTMLElement;
  info(text: string): void;
  warn(text: string): void;
  error(text: string): void;
}

/** Creates the widget's one-line status (role=status, announced to screen readers). */
export function statusLine(): StatusLine {
  const el = document.createElement("div");
  el.className = "widget-status";
  el.setAttribute("role", "status");
  const set = (cls: string, text: string) => {
    el.className = `widget-status ${cls}`;
    el.textContent = text;
  };
  return {element: el, info: (t) => set("info", t), warn: (t) => set("warn", t), error: (t) => set("error", t)};
}

/** The one line a widget shows when it runs its CPU twin because WebGPU is missing. */
export function fallbackMessage(reason: string | null): string {
  return `WebGPU is not available here: ${reason ?? "no reason given"}. This runs on the CPU twin of the GPU kernels instead.`;
}

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

/** Validates a numeric option: returns it clamped into [min, max], rounded if `integer`; throws on NaN/non-number. */
export function clampOption(name: string, value: unknown, min: number, max: number, integer = true): number {
  const v = Number(value);
  if (!Number.isFinite(v)) throw new RangeError(`${name} must be a number between ${min} and ${max}, got ${String(value)}`);
  const c = Math.min(max, Math.max(min, v));
  return integer ? Math.round(c) : c;
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

/**
 * A reader of numeric widget options that never throws: each bad value is replaced (the
 * default for a non-number, the clamped/rounded value otherwise) and a one-line note is
 * pushed to `notes`, for the widget to keep visible in its status line.
 * `opt(name, value, default, min, max, integer = true)`; `undefined` or "" → the default, silently.
 */
export function optionReader(notes: string[]) {
  const fmt = (v: number) => v.toLocaleString("en-US", {maximumFractionDigits: 6});
  return (name: string, value: unknown, def: number, min: number, max: number, integer = true): number => {
    if (value === undefined || value === "") return def;
    try {
      const c = clampOption(name, value, min, max, integer);
      const v = Number(value);
      if (v < min || v > max) notes.push(`${name} ${String(value)} is outside ${fmt(min)}–${fmt(max)}; using ${fmt(c)}.`);
      else if (c !== v) notes.push(`${name} ${String(value)} is not a whole number; using ${fmt(c)}.`);
      return c;
    } catch (e) {
      notes.push(`${(e as Error).message}; using ${fmt(def)}.`);
      return def;
    }
  };
}
