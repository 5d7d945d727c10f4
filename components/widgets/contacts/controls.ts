/** Controls of the §1 contacts demo: the log-scale disc-count slider and Re-seed. */
import {button, logPositions, logSlider, LOG_SLIDER_STEPS} from "../runtime/controls.js";
import {fmtNumber} from "../runtime/options.js";
import {CONTACTS_MAX, CONTACTS_MIN} from "./options.js";

export {CONTACTS_MAX, CONTACTS_MIN};
/** Slider resolution: positions 0..SLIDER_STEPS. */
export const SLIDER_STEPS = LOG_SLIDER_STEPS;
/** Slider position (0..SLIDER_STEPS) ↔ disc count on a log scale between the limits. */
export const {toCount: sliderToCount, toPosition: countToSlider} = logPositions(CONTACTS_MIN, CONTACTS_MAX);

/** The controls row; `onCount` gets each new count (only when it changes). */
export function contactsControls(count: number, onCount: (n: number) => void, onReseed: () => void): HTMLDivElement {
  const row = document.createElement("div");
  row.className = "widget-controls";
  const slider = logSlider("Discs", {min: CONTACTS_MIN, max: CONTACTS_MAX, value: count, unit: "discs"});
  const out = document.createElement("output");
  out.className = "counter";
  out.value = fmtNumber(count);
  slider.label.append(out);
  slider.input.addEventListener("input", (ev) => {
    ev.stopPropagation(); // the widget's own input event carries .value
    const n = slider.count;
    if (n === count) return;
    count = n;
    out.value = fmtNumber(n);
    onCount(n);
  });
  row.append(slider.label, button("Re-seed", onReseed));
  return row;
}
