/** The 3D galaxy's controls: count (log slider), θ, scene, colour, restart. */
import {button, logSlider, rangeControl} from "../runtime/controls.js";
import {SCENES3, type Scene3} from "../../gravity3d/scenes.js";
import type {Colouring} from "./options.js";

const SCENE_NAMES: Record<Scene3, string> = {plummer: "Plummer sphere", disc: "Disc galaxy", collision: "Two discs colliding"};

export function galaxy3DControls(
  init: {count: number; range: [number, number]; theta: number; scene: Scene3; colour: Colouring},
  on: {count(n: number): void; theta(t: number): void; scene(s: Scene3): void; colour(c: Colouring): void; restart(): void}
) {
  const count = logSlider("bodies", {
    min: init.range[0],
    max: init.range[1],
    value: init.count,
    name: "galaxy3d-count",
    unit: "bodies",
    round: (n) => Math.round(n / 100) * 100,
  });
  const countOut = document.createElement("output");
  countOut.textContent = init.count.toLocaleString("en-US");
  count.label.append(countOut);
  count.input.addEventListener("input", () => (countOut.textContent = count.count.toLocaleString("en-US")));
  count.input.addEventListener("change", () => on.count(count.count));
  const theta = rangeControl("θ", {
    min: 0.1,
    max: 1.2,
    step: 0.05,
    value: init.theta,
    name: "galaxy3d-theta",
    valueText: (v) => `θ ${v.toFixed(2)} (opening angle)`,
  });
  const thetaOut = document.createElement("output");
  thetaOut.textContent = init.theta.toFixed(2);
  theta.label.append(thetaOut);
  theta.input.addEventListener("input", () => {
    const t = Math.round(Number(theta.input.value) * 100) / 100;
    thetaOut.textContent = t.toFixed(2);
    on.theta(t);
  });
  const scene = document.createElement("select");
  scene.name = "galaxy3d-scene";
  scene.setAttribute("aria-label", "scene");
  for (const s of SCENES3) scene.append(new Option(SCENE_NAMES[s], s, false, s === init.scene));
  scene.addEventListener("change", () => on.scene(scene.value as Scene3));
  const colour = document.createElement("select");
  colour.name = "galaxy3d-colour";
  colour.setAttribute("aria-label", "colour");
  colour.append(
    new Option("colour by speed", "speed", false, init.colour === "speed"),
    new Option("colour by galaxy", "galaxy", false, init.colour === "galaxy")
  );
  colour.addEventListener("change", () => on.colour(colour.value as Colouring));
  const restart = button("Restart", on.restart, {title: "The scene from its first step"});
  const row = document.createElement("div");
  row.className = "widget-controls";
  row.append(count.label, theta.label, scene, colour, restart);
  return {row, count, theta, scene, colour};
}
