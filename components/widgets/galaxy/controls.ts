/** The galaxy's controls: θ, and a restart (a fresh disc). */
import {button, rangeControl} from "../runtime/controls.js";

export function galaxyControls(theta: number, on: {theta(t: number): void; restart(): void}) {
  const slider = rangeControl("θ", {min: 0.1, max: 1.5, step: 0.05, value: theta, name: "galaxy-theta", valueText: (v) => `θ ${v.toFixed(2)} (opening angle)`});
  const out = document.createElement("output");
  out.textContent = theta.toFixed(2);
  slider.label.append(out);
  slider.input.addEventListener("input", () => {
    const t = Math.round(Number(slider.input.value) * 100) / 100;
    out.textContent = t.toFixed(2);
    on.theta(t);
  });
  const restart = button("Restart", on.restart, {title: "A fresh disc"});
  restart.className = "galaxy-restart";
  const row = document.createElement("div");
  row.className = "widget-controls";
  row.append(slider.label, restart);
  return {row, slider};
}
