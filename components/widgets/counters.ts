/**
 * A row of live counters under a demo: label + value pairs in a definition list.
 * Pages feed it from a widget's reactive value: `counterList([["checks per step", v]])`.
 */
import {fmtNumber} from "./runtime/options.js";

export type Counter = [label: string, value: string | number, title?: string];

/**
 * Formats a number with thousands separators (en-US) and exactly `digits` decimals, so a
 * live counter keeps its width ("0.30 %", not "0.3 %"); "–" before there is a number.
 * Whole counts use the runtime's `fmtNumber`.
 */
export function fmt(v: number, digits = 0): string {
  if (!Number.isFinite(v)) return "–";
  return digits ? v.toLocaleString("en-US", {minimumFractionDigits: digits, maximumFractionDigits: digits}) : fmtNumber(v, 0);
}

/** `<dl class="counters">` with one entry per counter; numbers get thousands separators. */
export function counterList(items: Counter[], name = ""): HTMLElement {
  const dl = document.createElement("dl");
  dl.className = "counters";
  if (name) dl.dataset.counters = name;
  for (const [label, value, title] of items) {
    const div = document.createElement("div");
    const dt = document.createElement("dt");
    dt.textContent = label;
    const dd = document.createElement("dd");
    dd.className = "counter";
    dd.textContent = typeof value === "number" ? fmt(value) : value;
    if (title) div.title = title;
    div.append(dd, dt);
    dl.append(div);
  }
  return dl;
}
