/**
 * The §1 widget: a Plummer sphere under softened Newtonian gravity, every body pulled by
 * every other (O(N²)), leapfrog (kick–drift–kick). On the GPU the tiled O(N²) kernel
 * (gpu.ts); without WebGPU the CPU twin (cpu.ts) at up to `fallbackCount` bodies, which
 * the status line says.
 *
 *   createNBodyWidget({count: 1000, invalidation}) → data-widget="nbody"
 *
 * `.value` (NBodyValue in options.ts): {count, pairsPerStep = N(N − 1), stepMs, energy, engine};
 * an `input` event on every change of the counters (about once a second) and of the count.
 * `__frames()`: steps run so far (tests). `dispose()` (or `invalidation`) releases everything.
 */
import {captionLine, fpsText, widgetCard} from "../runtime/card.js";
import {createCanvasStage} from "../runtime/canvas.js";
import {fmtNumber} from "../runtime/options.js";
import {fmt} from "../counters.js";
import {runEngine} from "../runtime/engine.js";
import {createStatus} from "../runtime/status.js";
import {setValue, widgetRoot, type WidgetElement} from "../runtime/view.js";
import {skyView} from "../gravity-view.js";
import {nbodyControls} from "./controls.js";
import {nbodyCPU, type NBodyEngine, type NBodySetup} from "./cpu.js";
import {nbodyGPU} from "./gpu.js";
import {NBODY_OPTIONS, nbodyValue, readNBodyOptions, type NBodyOptions, type NBodyState, type NBodyValue} from "./options.js";

export type {NBodyOptions, NBodyValue};
export type NBodyElement = WidgetElement<NBodyValue> & {__frames(): number};

const HALF = 2.5;

/** Creates the §1 widget. Bad options are replaced and reported in the status line, never thrown. */
export function createNBodyWidget(options: NBodyOptions = {}): NBodyElement {
  const {o, notes} = readNBodyOptions(options);
  const state: NBodyState = {count: o.count, simulated: o.count, stepMs: null, energy: null, energy0: null, engine: "pending"};
  const root = widgetRoot("nbody", "sim-widget gravity-widget nbody-widget", nbodyValue(state)) as NBodyElement;
  const status = createStatus();
  status.setNotes(notes);
  const stage = createCanvasStage({
    aspect: 1.6,
    maxHeight: o.maxHeight,
    label: "A Plummer sphere of bodies, every one pulled by every other",
    view: () => skyView(stage, HALF),
    touch: "tap-to-wake",
    status,
  });
  const frames = {n: 0};
  const publish = () => {
    setValue(root, nbodyValue(state));
  };
  const setup: NBodySetup = {state, stage, seed: o.seed, half: HALF, publish, frames};
  let engine: NBodyEngine | null = null;
  const controls = nbodyControls(o.count, NBODY_OPTIONS.count.max, {
    count: (n) => {
      state.count = n;
      engine?.reset();
      publish();
    },
    restart: () => engine?.reset(),
  });
  let usedWebGPU = false;
  const runtime = runEngine<NBodyEngine>({
    root,
    status,
    gpu: (ctx) => {
      usedWebGPU = true;
      return nbodyGPU(ctx, setup, NBODY_OPTIONS.count.max);
    },
    cpu: (ctx) => {
      if (usedWebGPU) stage.fresh(); // a canvas that had a WebGPU context cannot get a 2D one
      return nbodyCPU(ctx, setup, o.fallbackCount);
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
  // the caption line carries the counters (the read-out line would repeat them)
  root.append(stage.element, controls.row, status.element);
  widgetCard(
    root,
    ({value: v, fps}) =>
      captionLine(
        `${fmtNumber(v.count)} bodies`,
        `${fmtNumber(v.pairsPerStep)} pair interactions per step`,
        v.stepMs !== null && `${v.stepMs < 10 ? v.stepMs.toFixed(2) : Math.round(v.stepMs)} ms per step`,
        state.energy !== null && !!state.energy0 && `energy drift ${fmt((100 * (state.energy - state.energy0)) / Math.abs(state.energy0), 3)} %`,
        fpsText(fps),
        v.engine === "pending" ? "" : v.engine === "gpu" ? "GPU, tiled kernel" : "CPU twin",
        "the pairs grow with the square of the count"
      ),
    {frames: () => frames.n}
  );
  root.__frames = () => frames.n;
  root.dispose = () => runtime.dispose();
  return root;
}
