/**
 * The §1 widget: a Plummer sphere under softened Newtonian gravity, every body pulled by
 * every other (O(N²)), leapfrog (kick–drift–kick). On the GPU the tiled O(N²) kernel
 * (gpu.ts); without WebGPU the CPU twin (cpu.ts) at up to `fallbackCount` bodies, which
 * the status line says.
 *
 *   createNBody({count: 1000, invalidation}) → data-widget="nbody"
 *
 * `.value` (NBodyValue in options.ts): {count, pairsPerStep = N(N − 1), stepMs, energy, engine};
 * an `input` event on every change of the counters (about once a second) and of the count.
 * `__frames()`: steps run so far (tests). `dispose()` (or `invalidation`) releases everything.
 */
import {captionLine, fpsText} from "../runtime/card.js";
import {fmtNumber} from "../runtime/options.js";
import {fmt} from "../runtime/counters.js";
import {defineWidget, type MountedElement, mountWidget} from "../runtime/mount.js";
import {skyView} from "../shared/gravity/sky.js";
import {nbodyControls} from "./controls.js";
import {nbodyCPU} from "./cpu.js";
import type {NBodyEngine, NBodySetup} from "./engine.js";
import {nbodyGPU} from "./gpu.js";
import {NBODY_OPTIONS, nbodyValue, readNBodyOptions, type NBodyOptions, type NBodyState, type NBodyValue} from "./options.js";

export type {NBodyValue};
type NBodyElement = MountedElement<NBodyValue>;

const HALF = 2.5;

/** The options read, with the widget's state. */
function readNBody(options: NBodyOptions) {
  const {o, notes} = readNBodyOptions(options);
  const state: NBodyState = {count: o.count, simulated: o.count, stepMs: null, energy: null, energy0: null};
  return {o, notes, state};
}

/** The §1 widget as a definition (mounted by `mountWidget`). */
export const nbodyDefinition = defineWidget<NBodyOptions, ReturnType<typeof readNBody>, NBodyValue, NBodyEngine>({
  name: "nbody",
  className: "sim-widget gravity-widget nbody-widget",
  read: readNBody,
  gpuCanvas: true,
  value: (c, engine) => nbodyValue(c.state, engine),
  stage: ({o}, stage) => ({
    aspect: 1.6,
    maxHeight: o.maxHeight,
    label: "A Plummer sphere of bodies, every one pulled by every other",
    view: () => skyView(stage(), HALF),
    touch: "tap-to-wake",
  }),
  build: (w, options) => {
    const {o, state} = w.config;
    const setup: NBodySetup = {state, stage: w.stage, seed: o.seed, half: HALF, publish: w.setValue, frames: w.frames};
    const controls = nbodyControls(o.count, NBODY_OPTIONS.count.max, {
      count: (n) => {
        state.count = n;
        w.engine?.reset();
        w.setValue();
      },
      restart: () => w.engine?.reset(),
    });
    return {
      wgsl: options.wgsl,
      gpu: (ctx) => nbodyGPU(ctx, setup, NBODY_OPTIONS.count.max),
      cpu: (ctx) => nbodyCPU(ctx, setup, o.fallbackCount),
      onEngine: () => w.setValue(),
      // the caption line carries the counters (the read-out line would repeat them)
      layout: (play) => (controls.row.append(play!), [w.stage.element, controls.row, w.status.element]),
      caption: ({value: v, fps}) =>
        captionLine(
          `${fmtNumber(v.count)} bodies`,
          `${fmtNumber(v.pairsPerStep)} pair interactions per step`,
          v.stepMs !== null && `${v.stepMs < 10 ? v.stepMs.toFixed(2) : Math.round(v.stepMs)} ms per step`,
          state.energy !== null && !!state.energy0 && `energy drift ${fmt((100 * (state.energy - state.energy0)) / Math.abs(state.energy0), 3)} %`,
          fpsText(fps),
          v.engine === "pending" ? "" : v.engine === "gpu" ? "GPU, tiled kernel" : "CPU twin",
          "the pairs grow with the square of the count"
        ),
    };
  },
});

/** Creates the §1 widget. Bad options are replaced and reported in the status line, never thrown. */
export const createNBody = (options: NBodyOptions = {}): NBodyElement => mountWidget(nbodyDefinition, options);
