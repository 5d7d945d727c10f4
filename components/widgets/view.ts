/**
 * Transitional: the helpers moved to components/widgets/runtime/. Widgets not yet moved
 * import them from here.
 */
export {setValue} from "./runtime/view.js";
export {fallbackMessage} from "./runtime/status.js";
export {button, rangeControl, type RangeControl} from "./runtime/controls.js";
export {clampOption, optionReader} from "./runtime/options.js";

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
