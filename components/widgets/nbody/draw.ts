/** The §1 widget's one-line read-out under the canvas (the page shows its own counters too). */
import {fmt} from "../counters.js";
import {nbodyValue, type NBodyState} from "./options.js";

/** A `<p class="widget-readout">` updated from the state. */
export function readout() {
  const el = document.createElement("p");
  el.className = "widget-readout";
  return {
    element: el,
    update(s: NBodyState) {
      const v = nbodyValue(s);
      const drift =
        s.energy !== null && s.energy0 ? ` · energy ${fmt(s.energy, 4)} (drift ${fmt((100 * (s.energy - s.energy0)) / Math.abs(s.energy0), 3)} %)` : "";
      el.textContent = `${fmt(v.pairsPerStep)} pair interactions per step · ${v.stepMs === null ? "–" : fmt(v.stepMs, 2)} ms per step${drift}`;
    },
  };
}
