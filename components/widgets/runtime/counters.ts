/**
 * A row of live counters under a demo: label + value pairs in a definition list.
 * Pages feed it from a widget's reactive value: `counterList([["checks per step", v]])`, or
 * from the sample its caption shows (`cardCounters`, `cardNode`), so the row and the caption
 * never say two figures for one quantity.
 */
import {format} from "d3-format";
import {onCaptionSample} from "./card.js";
import {fmtNumber} from "./options.js";
import type {WidgetElement} from "./view.js";

type Counter = [label: string, value: string | number, title?: string];

/**
 * Formats a number with thousands separators (en-US) and exactly `digits` decimals, so a
 * live counter keeps its width ("0.30 %", not "0.3 %"); "–" before there is a number.
 * Whole counts use the runtime's `fmtNumber`. Decimals go through d3-format, which writes a
 * true minus sign (U+2212, "−0.362") and never a negative zero (−0.0001 at 3 digits is "0.000").
 */
export function fmt(v: number, digits = 0): string {
  if (!Number.isFinite(v)) return "–";
  return digits ? format(`,.${digits}f`)(v) : fmtNumber(v, 0);
}

/**
 * A relative error (a fraction: 0.01352) as a percentage to three significant digits
 * ("1.35 %", "0.00123 %"): the one form the Barnes–Hut error figures use everywhere on the
 * page, so the same median never reads as "1.352 %" in one place and "1.4e-2" in another.
 */
export function errorPercent(v: number): string {
  if (!Number.isFinite(v)) return "–";
  return `${format(".3r")(100 * v)} %`;
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

/**
 * An element kept rendered from the widget's caption sample (`onCaptionSample`): `render(v)`
 * now and in the same task as every caption write, its result the element's one child. A block
 * (`<div style="display: contents">`), or a `<span>` for a figure in a sentence (`inline`).
 * `invalidation` (a re-run cell's) stops it following.
 */
export function cardNode<V>(
  widget: WidgetElement<V>,
  render: (value: V) => Node | string,
  o: {inline?: boolean; invalidation?: Promise<unknown>} = {}
): HTMLElement {
  const el = document.createElement(o.inline ? "span" : "div");
  if (!o.inline) el.style.display = "contents";
  const stop = onCaptionSample(widget, (v) => el.replaceChildren(render(v)));
  o.invalidation?.then(stop);
  return el;
}

/** The counter row of `counterList`, rewritten from the widget's caption sample (`cardNode`). */
export function cardCounters<V>(widget: WidgetElement<V>, rows: (value: V) => Counter[], name = "", invalidation?: Promise<unknown>): HTMLElement {
  return cardNode(widget, (v) => counterList(rows(v), name), {invalidation});
}
