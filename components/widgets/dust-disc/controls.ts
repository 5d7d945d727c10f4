/**
 * The dust disc's controls: grains (log slider), stickiness, merge, restart. The Grains
 * slider shows the count that runs (`showGrains`): on a CPU-emulated adapter that is fewer
 * than the default, and the scale reaches down to it; on the CPU twin the count is fixed, and
 * the slider is disabled with the reason beside its number.
 */
import {DUST_MAX_GRAINS, DUST_MIN_GRAINS} from "../../dust/params.js";
import {button, logSlider, rangeControl} from "../runtime/controls.js";

export function dustDiscControls(
  init: {grains: number; stickiness: number; merge: number},
  on: {grains(n: number): void; stickiness(v: number): void; merge(v: number): void; restart(): void}
) {
  const grains = logSlider("Grains", {
    min: DUST_MIN_GRAINS,
    max: DUST_MAX_GRAINS,
    value: init.grains,
    name: "dust-grains",
    unit: "grains",
    // thousands; hundreds below 10,000 (the counts of a CPU emulation and the twin, which the scale then reaches)
    round: (n) => (n < 10_000 ? Math.round(n / 100) * 100 : Math.round(n / 1000) * 1000),
  });
  const grainsOut = document.createElement("output");
  grainsOut.textContent = init.grains.toLocaleString("en-US");
  grains.label.append(grainsOut);
  grains.input.addEventListener("input", () => (grainsOut.textContent = grains.count.toLocaleString("en-US")));
  grains.input.addEventListener("change", () => on.grains(grains.count));
  const slider = (text: string, name: string, value: number, max: number, say: (v: number) => string, cb: (v: number) => void) => {
    const c = rangeControl(text, {min: 0, max, step: 0.05, value, name, valueText: say});
    const out = document.createElement("output");
    out.textContent = value.toFixed(2);
    c.label.append(out);
    c.input.addEventListener("input", () => {
      const v = Math.round(Number(c.input.value) * 100) / 100;
      out.textContent = v.toFixed(2);
      cb(v);
    });
    return c;
  };
  const stick = slider("Stickiness", "dust-stickiness", init.stickiness, 1, (v) => `damping ratio ${v.toFixed(2)}`, on.stickiness);
  const merge = slider("Merge", "dust-merge", init.merge, 3, (v) => (v === 0 ? "merging off" : `${v.toFixed(2)} × escape speed`), on.merge);
  const restart = button("Restart", on.restart, {title: "A fresh disc of grains"});
  const row = document.createElement("div");
  row.className = "widget-controls";
  row.append(grains.label, stick.label, merge.label, restart);
  /** Shows the `n` grains that run; `fixed`: the engine runs n whatever the slider says (the CPU twin). */
  const showGrains = (n: number, fixed: boolean) => {
    grains.setRange(Math.min(DUST_MIN_GRAINS, n), DUST_MAX_GRAINS);
    grains.setCount(n);
    grains.input.disabled = fixed;
    const why = fixed ? "the CPU twin runs this many whatever the slider says" : "";
    grainsOut.textContent = `${n.toLocaleString("en-US")}${why ? ` (${why})` : ""}`;
    grains.input.title = why;
  };
  return {row, grains, stick, merge, showGrains};
}
