/**
 * The §6 galaxy and the gravity page's hero: a cold disc of bodies around a central mass,
 * Barnes–Hut on the GPU every step (gpu.ts), spiral arms forming within a few rotations;
 * colour by speed; the pointer drags a massive perturber through it. Without WebGPU the CPU
 * twin runs `fallbackCount` bodies (cpu.ts), which the status line says. The default count
 * is sized to the GPU (see `sizedCount`).
 *
 *   createGalaxy({invalidation}) → data-widget="galaxy"
 *
 * `.value` (GalaxyValue in options.ts): {count, theta, stepMs, energyDrift, engine}; an
 * `input` event a few times a second and on every control change.
 * `__frames()`: frames run (tests). `dispose()` (or `invalidation`) releases everything.
 */
import type {ExternalMass} from "../../gravity/direct.js";
import {createCanvasStage} from "../runtime/canvas.js";
import {runEngine} from "../runtime/engine.js";
import {createStatus} from "../runtime/status.js";
import {setValue, widgetRoot, type WidgetElement} from "../runtime/view.js";
import {galaxyControls} from "./controls.js";
import {galaxyCPU, type GalaxyEngine, type GalaxySetup} from "./cpu.js";
import {galaxyView, perturberRing, readout} from "./draw.js";
import {galaxyGPU} from "./gpu.js";
import {type GalaxyOptions, type GalaxyState, type GalaxyValue, galaxyValue, readGalaxyOptions} from "./options.js";

export {sizedCount} from "./options.js";
export type {GalaxyOptions, GalaxyValue};
export type GalaxyElement = WidgetElement<GalaxyValue> & {__frames(): number};

/** Creates the galaxy. Bad options are replaced and reported in the status line, never thrown. */
export function createGalaxy(options: GalaxyOptions = {}): GalaxyElement {
  const {o, explicitCount, notes} = readGalaxyOptions(options);
  const state: GalaxyState = {
    requested: explicitCount ? o.count : null,
    count: explicitCount ? o.count : 0,
    theta: o.theta,
    stepsPerFrame: o.stepsPerFrame,
    stepMs: null,
    energyDrift: null,
    engine: "pending",
  };
  const root = widgetRoot("galaxy", "sim-widget gravity-widget galaxy-widget", galaxyValue(state)) as GalaxyElement;
  const status = createStatus();
  status.setNotes(notes);
  const stage = createCanvasStage({
    aspect: o.aspect,
    maxHeight: o.maxHeight,
    label: "A disc galaxy of bodies under gravity; drag to pull a massive perturber through it",
    view: () => galaxyView(stage),
    touch: "pan-y",
    status,
  });
  const ring = perturberRing(stage);
  let held: ExternalMass | null = null;
  stage.onPointer((p) => {
    held = p.down && p.inside && o.perturberMass > 0 ? {x: p.x, y: p.y, m: o.perturberMass} : null;
    if (held) ring.show(held.x, held.y);
    else ring.hide();
  });
  const line = readout();
  const frames = {n: 0};
  const publish = () => {
    line.update(state);
    setValue(root, galaxyValue(state));
  };
  const setup: GalaxySetup = {state, stage, seed: o.seed, perturber: () => held, publish, frames};
  let engine: GalaxyEngine | null = null;
  const controls = galaxyControls(o.theta, {
    theta: (t) => {
      state.theta = t;
      engine?.setTheta();
      publish();
    },
    restart: () => engine?.reset(),
  });
  let usedWebGPU = false;
  const runtime = runEngine<GalaxyEngine>({
    root,
    status,
    gpu: (ctx) => {
      usedWebGPU = true;
      return galaxyGPU(ctx, setup);
    },
    cpu: (ctx) => {
      if (usedWebGPU) stage.fresh(); // a canvas that had a WebGPU context cannot get a 2D one
      return galaxyCPU(ctx, setup, o.fallbackCount);
    },
    onEngine: (e, kind) => {
      engine = e;
      state.engine = kind;
      publish();
    },
    onEngineStop: () => {
      engine = null;
    },
    acquire: options.acquire,
    invalidation: options.invalidation,
  });
  runtime.scope.onDispose(() => stage.dispose());
  root.append(stage.element, controls.row, line.element, status.element);
  root.__frames = () => frames.n;
  root.dispose = () => runtime.dispose();
  return root;
}
