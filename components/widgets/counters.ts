/**
 * A row of live counters under a demo: label + value pairs in a definition list.
 * Pages feed it from a widget's reactive value: `counterList([["checks per step", v]])`.
 */
export type Counter = [label: string, value: string | number, title?: string];

/** Formats a number with thousands separators (en-US) and `digits` decimals. */
export function fmt(v: number, digits = 0): string {
  return Number.isFinite(v) ? v.toLocaleString("en-US", {minimumFractionDigits: digits, maximumFractionDigits: digits}) : "–";
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
