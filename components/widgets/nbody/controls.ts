/** The §1 widget's controls: a log slider for the body count and a restart button. */
import {button, logSlider} from "../runtime/controls.js";

export function nbodyControls(count: number, max: number, on: {count(n: number): void; restart(): void}) {
  const slider = logSlider("bodies", {min: 2, max, value: count, name: "nbody-count", steps: 400, unit: "bodies"});
  const out = document.createElement("output");
  out.textContent = count.toLocaleString("en-US");
  slider.label.append(out);
  slider.input.addEventListener("input", () => {
    out.textContent = slider.count.toLocaleString("en-US");
    on.count(slider.count);
  });
  const restart = button("Restart", on.restart, {title: "A new Plummer sphere with the same count"});
  restart.className = "nbody-restart";
  const row = document.createElement("div");
  row.className = "widget-controls";
  row.append(slider.label, restart);
  return {row, slider};
}
