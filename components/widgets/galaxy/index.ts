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
import {touchHintRow} from "../runtime/canvas.js";
import {captionLine, fpsText, onCaptionSample} from "../runtime/card.js";
import {defineWidget, type MountedElement, mountWidget} from "../runtime/mount.js";
import {fmtNumber} from "../runtime/options.js";
import {galaxyControls} from "./controls.js";
import {galaxyCPU} from "./cpu.js";
import type {GalaxyEngine, GalaxySetup} from "./engine.js";
import {galaxyPoster, galaxyView, perturberRing, readout} from "./draw.js";
import {galaxyGPU} from "./gpu.js";
import type {EnginePhase} from "../runtime/phase.js";
import {GALAXY_SOFTWARE_COUNT, type GalaxyOptions, type GalaxyState, type GalaxyValue, galaxyValue, readGalaxyOptions, sizedCount} from "./options.js";

export {sizedCount} from "./options.js";
export type {GalaxyValue};
export type GalaxyElement = MountedElement<GalaxyValue>;

/** The options read, with the widget's state. */
function readGalaxy(options: GalaxyOptions) {
  const {o, explicitCount, notes} = readGalaxyOptions(options);
  const state: GalaxyState = {
    requested: explicitCount ? o.count : null,
    count: explicitCount ? o.count : 0,
    theta: o.theta,
    stepsPerFrame: o.stepsPerFrame,
    stepMs: null,
    energyDrift: null,
    softwareAdapter: false,
  };
  return {o, notes, state, hero: options.hero === true};
}

/**
 * The line under the gravity page's title for the hero's state: which engine simulates the
 * galaxy on this reader's machine (as the essay's water hero says, water/hero.ts). Before an
 * engine runs it says only what the widget is.
 */
function galaxyHint(engine: EnginePhase, s: Pick<GalaxyState, "softwareAdapter">): string {
  const what = "A disc galaxy, every body pulling on every other";
  const act = "press and drag to pull a heavy intruder through it.";
  if (engine === "gpu")
    return s.softwareAdapter
      ? `${what}: this page's GPU kernels, running here on a CPU emulation of a GPU. Press and drag to pull a heavy intruder through it.`
      : `${what}, simulated on your GPU: ${act}`;
  if (engine === "cpu") return `${what}, simulated on your CPU by the twin of this page's GPU kernels: ${act}`;
  return `${what}: ${act}`;
}

/** The galaxy as a definition (mounted by `mountWidget`). */
export const galaxyDefinition = defineWidget<GalaxyOptions, ReturnType<typeof readGalaxy>, GalaxyValue, GalaxyEngine>({
  name: "galaxy",
  className: ({hero}) => `sim-widget gravity-widget galaxy-widget${hero ? " hero-widget" : ""}`,
  read: readGalaxy,
  gpuCanvas: true,
  value: (c, engine) => galaxyValue(c.state, engine),
  // the count asked for, else sized to the GPU; 1,500 bodies on a CPU emulation; `fallbackCount` on the twin
  load: ({o, state}) => ({
    request: () => ({count: state.requested, given: state.requested !== null}),
    softwareCount: GALAXY_SOFTWARE_COUNT,
    gpuCount: (device) => sizedCount(device, false, typeof window !== "undefined" && window.matchMedia("(max-width: 640px)").matches),
    twinCount: o.fallbackCount,
  }),
  stage: ({o}, stage) => ({
    aspect: o.aspect,
    maxHeight: o.maxHeight,
    label: "A disc galaxy of bodies under gravity; drag to pull a massive perturber through it",
    keys: "Arrow keys drag a massive perturber through the disc.",
    view: () => galaxyView(stage()),
    touch: "pan-y",
  }),
  build: (w, options) => {
    const {o, state, hero} = w.config;
    const hint = hero ? (options.hint ?? null) : null;
    const {stage} = w;
    const ring = perturberRing(stage);
    let held: ExternalMass | null = null;
    stage.onPointer((p) => {
      held = p.down && p.inside && o.perturberMass > 0 ? {x: p.x, y: p.y, m: o.perturberMass} : null;
      if (held) ring.show(held.x, held.y);
      else ring.hide();
    });
    const line = readout();
    const publish = () => {
      w.setValue();
      if (hint) hint.textContent = galaxyHint(w.phase, state);
    };
    // the first picture before any engine: the count the engine will most likely run (a
    // software adapter's 1,500 when it is not given: the cheapest disc that reads as a galaxy)
    const poster = galaxyPoster(stage, state.requested ?? o.fallbackCount, o.seed);
    // the engine's own first picture replaces the poster; the hero's marks "first-gpu-frame", for
    // which the page's later modules wait (components/essay/load.ts, heroFirstFrame)
    const shown = () => {
      poster.hide();
      if (hero && !performance.getEntriesByName("first-gpu-frame").length) performance.mark("first-gpu-frame");
    };
    const setup: GalaxySetup = {state, stage, seed: o.seed, perturber: () => held, publish, shown, frames: w.frames};
    const controls = galaxyControls(o.theta, {
      theta: (t) => {
        state.theta = t;
        w.engine?.setTheta();
        publish();
      },
      restart: () => w.engine?.reset(),
    });
    return {
      wgsl: options.wgsl,
      applyLoad: (load) => {
        state.softwareAdapter = load.target === "software";
      },
      gpu: (ctx) => galaxyGPU(ctx, setup),
      cpu: (ctx) => galaxyCPU(ctx, setup),
      onEngine: publish,
      // the card's read-out line says the figures of the sample its caption shows (one number, one source)
      mounted: () => void onCaptionSample(w.root, (v) => line.update(v)),
      // the hero shows the same figures in its caption line; the read-out line is for the card.
      // The hero's touch hint has a row of its own above the controls (out of the stage, which
      // lies under the whole hero and would print it over the status)
      layout: (play) => (
        controls.row.append(play!), [stage.element, ...(hero ? touchHintRow(stage) : []), controls.row, ...(hero ? [] : [line.element]), w.status.element]
      ),
      caption: ({value: v, fps}) =>
        captionLine(
          v.count > 0 && `${fmtNumber(v.count)} bodies`,
          `θ = ${v.theta.toFixed(2)}`,
          v.stepMs !== null && `${v.stepMs < 10 ? v.stepMs.toFixed(2) : Math.round(v.stepMs)} ms per step`,
          fpsText(fps),
          v.engine === "pending" ? "" : v.engine === "gpu" ? "Barnes–Hut on the GPU" : "CPU twin",
          !hero && "drag to pull a heavy intruder through the disc"
        ),
    };
  },
});

/** Creates the galaxy. Bad options are replaced and reported in the status line, never thrown. */
export const createGalaxy = (options: GalaxyOptions = {}): GalaxyElement => mountWidget(galaxyDefinition, options);
