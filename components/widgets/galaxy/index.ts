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
import {captionLine, fpsText, widgetCard} from "../runtime/card.js";
import {createCanvasStage} from "../runtime/canvas.js";
import {runEngine} from "../runtime/engine.js";
import {createStatus} from "../runtime/status.js";
import {fmtNumber} from "../runtime/options.js";
import {setValue, widgetRoot, type WidgetElement} from "../runtime/view.js";
import {galaxyControls} from "./controls.js";
import {galaxyCPU, type GalaxyEngine, type GalaxySetup} from "./cpu.js";
import {galaxyPoster, galaxyView, perturberRing, readout} from "./draw.js";
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
  const hero = options.hero === true;
  const root = widgetRoot("galaxy", `sim-widget gravity-widget galaxy-widget${hero ? " hero-widget" : ""}`, galaxyValue(state)) as GalaxyElement;
  const status = createStatus();
  status.setNotes(notes);
  const stage = createCanvasStage({
    aspect: o.aspect,
    maxHeight: o.maxHeight,
    label: "A disc galaxy of bodies under gravity; drag to pull a massive perturber through it",
    keys: "Arrow keys drag a massive perturber through the disc.",
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
  // the first picture before any engine: the count the engine will most likely run (a
  // software adapter's 1,500 when it is not given: the cheapest disc that reads as a galaxy)
  const poster = galaxyPoster(stage, state.requested ?? o.fallbackCount, o.seed);
  const setup: GalaxySetup = {state, stage, seed: o.seed, perturber: () => held, publish, shown: () => poster.hide(), frames};
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
    animated: true,
    stage,
    invalidation: options.invalidation,
  });
  runtime.scope.onDispose(() => stage.dispose());
  controls.row.append(runtime.playControl!);
  // the hero shows the same figures in its caption line; the read-out line is for the card
  root.append(stage.element, controls.row, ...(hero ? [] : [line.element]), status.element);
  widgetCard(
    root,
    ({value: v, fps}) =>
      captionLine(
        v.count > 0 && `${fmtNumber(v.count)} bodies`,
        `θ = ${v.theta.toFixed(2)}`,
        v.stepMs !== null && `${v.stepMs < 10 ? v.stepMs.toFixed(2) : Math.round(v.stepMs)} ms per step`,
        fpsText(fps),
        v.engine === "pending" ? "" : v.engine === "gpu" ? "Barnes–Hut on the GPU" : "CPU twin",
        !hero && "drag to pull a heavy intruder through the disc"
      ),
    {frames: () => frames.n}
  );
  root.__frames = () => frames.n;
  root.dispose = () => runtime.dispose();
  return root;
}
