/** The §2 widget's controls: the θ slider and a button for a new set of bodies. */
import {button, rangeControl} from "../runtime/controls.js";

export function probeControls(theta: number, on: {theta(t: number): void; shuffle(): void}) {
  const slider = rangeControl("θ", {min: 0, max: 1.5, step: 0.05, value: theta, name: "bh-probe-theta", valueText: (v) => `θ ${v.toFixed(2)} (opening angle)`});
  const out = document.createElement("output");
  out.textContent = theta.toFixed(2);
  slider.label.append(out);
  slider.input.addEventListener("input", () => {
    out.textContent = Number(slider.input.value).toFixed(2);
    on.theta(Number(slider.input.value));
  });
  const shuffle = button("New bodies", on.shuffle);
  shuffle.className = "bh-probe-shuffle";
  const row = document.createElement("div");
  row.className = "widget-controls";
  row.append(slider.label, shuffle);
  return {row};
}
