/** The §5 widget's θ slider (with its value shown). */
import {rangeControl} from "../runtime/controls.js";

export function thetaControl(theta: number, onTheta: (t: number) => void) {
  const slider = rangeControl("θ", {
    min: 0.05,
    max: 1.5,
    step: 0.05,
    value: theta,
    name: "bh-error-theta",
    valueText: (v) => `θ ${v.toFixed(2)} (opening angle)`,
  });
  const out = document.createElement("output");
  out.textContent = theta.toFixed(2);
  slider.label.append(out);
  slider.input.addEventListener("input", () => {
    const t = Math.round(Number(slider.input.value) * 100) / 100;
    out.textContent = t.toFixed(2);
    onTheta(t);
  });
  const row = document.createElement("div");
  row.className = "widget-controls";
  row.append(slider.label);
  return {row, input: slider.input};
}
