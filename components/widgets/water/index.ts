/**
 * The SPH water demo (§5) and the hero (§0): a dam break in a tank 2 world units wide,
 * simulated on the GPU (gpu.ts) or, without WebGPU, by the CPU twin at a reduced count
 * (cpu.ts), which the status line says.
 *
 *   createWaterWidget({count: 50_000, invalidation}) → data-widget="water"
 *   createWaterWidget({hero: true, count: 45_000, invalidation}) → data-widget="hero" (compact, no chart)
 *
 * `.value` (WaterValue in options.ts): count (particles simulated: on the CPU twin the reduced
 * `twinCount`), requestedCount, substeps, params {k, kNear, restDensity, xsph},
 * densityHistogram (64 bins over [0, 2ρ₀)), maxSpeed, gpuMsPerFrame (null on the CPU);
 * refreshed a few times a second and on every control change, with an `input` event.
 * `__frames()`: frames run so far (tests). `dispose()` (or `invalidation`) releases everything.
 */
import {restSpacing} from "../../water/scene.js";
import {captionLine, fpsText, widgetCard} from "../runtime/card.js";
import {createCanvasStage} from "../runtime/canvas.js";
import {runEngine} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {createStatus} from "../runtime/status.js";
import {setValue, widgetRoot, type WidgetElement} from "../runtime/view.js";
import {stirrer, waterControls} from "./controls.js";
import type {WaterEngine, WaterSetup} from "./cpu.js";
import {statsPanel, tankView, watchTankColors} from "./draw.js";
import {waterGPU} from "./gpu.js";
import {initialState, readWaterOptions, waterValue, type WaterOptions, type WaterValue} from "./options.js";

export {twinCount} from "./options.js";
export type {WaterOptions, WaterValue};
export type WaterElement = WidgetElement<WaterValue> & {__frames(): number};

/** Share of the hero's tank the water covers at rest, as the full 45,000 particles do on a wide screen. */
const HERO_FILL = 0.3;

/**
 * The hero's tank for `count` particles at rest spacing `spacing` (world units): as wide as
 * the 2-unit grid allows, or narrower so that the water covers HERO_FILL of it. With the few
 * thousand particles of a CPU-emulated adapter the tank (and so the view) shrinks and the
 * water still fills the stage instead of lying as a small block in a large empty tank.
 */
export function heroTank(count: number, aspect: number, spacing: number): [number, number, number, number] {
  const width = Math.min(2, Math.max(0.25, Math.sqrt((count * spacing * spacing * aspect) / HERO_FILL)));
  return [0, 0, width, width / aspect];
}

/** Creates the water demo, or the hero with `hero: true`. Bad options are replaced and reported in the status line, never thrown. */
export function createWaterWidget(options: WaterOptions = {}): WaterElement {
  const {o, tunable, notes, explicitCount} = readWaterOptions(options);
  const hero = !!options.hero;
  const name = hero ? "hero" : "water";
  const state = initialState(o, tunable);
  const root = widgetRoot(name, `sim-widget ${name}-widget`, waterValue(state)) as WaterElement;
  const status = createStatus();
  status.setNotes(notes);
  const stage = createCanvasStage({
    aspect: o.aspect,
    maxHeight: o.maxHeight,
    label: hero ? "Live SPH water simulation: a dam break in a tank" : "SPH water: a dam break; drag to stir",
    keys: "Arrow keys stir the water.",
    view: () => tankView(state.params, o.aspect),
    // the hero fills the top of the screen: vertical swipes scroll the page, sideways drags
    // stir; the demo below is woken by a tap, so a swipe that starts on it scrolls too
    touch: hero ? "pan-y" : "tap-to-wake",
    noun: "tank",
    status,
  });
  // the hero has no panel (and so never loads the histogram's d3)
  const panel = hero ? null : statsPanel();
  panel?.chart.update(state.bins, state.params.restDensity);
  const publish = () => setValue(root, waterValue(state));
  const frames = {n: 0};
  const setup: WaterSetup = {
    state,
    stage,
    view: () => tankView(state.params, o.aspect),
    stir: stirrer(stage.pointer, state),
    statsHz: o.statsHz,
    frames,
    onStats: () => {
      panel?.update(state);
      publish();
    },
    publish,
  };
  if (hero) {
    // the water fills the stage at any count: the tank shrinks with the particles (see heroTank)
    const pointerRadius = state.params.pointerRadius;
    setup.beforePour = (n) => {
      state.params.tank = heroTank(n, o.aspect, restSpacing(state.params.restDensity) * state.params.h);
      state.params.pointerRadius = (pointerRadius * state.params.tank[2]) / 2;
    };
  }

  // the running engine (null before the first start and between a device loss and the rebuild)
  let engine: WaterEngine | null = null;
  const controls = waterControls(name, hero, state, o.maxCount, {
    count: () => {
      engine?.reset();
      publish();
    },
    substeps: publish,
    params: () => {
      engine?.setParams();
      publish();
    },
    pour: () => engine?.reset(),
  });
  /** On a software adapter, without an explicit count: the reduced count and one substep, said once. */
  const onSoftware = () => {
    if (explicitCount || o.softwareCount >= state.count) return;
    state.count = o.softwareCount;
    // the full count will never run here: `.value.count` (and the caption written from it)
    // says the reduced one from now on, while the pipelines still compile (seconds on a
    // CPU-emulated adapter) and the status line already says so
    state.simulated = state.count;
    state.minCount = Math.min(state.minCount, state.count);
    state.substeps = 1;
    controls.sync();
    status.setNotes([
      ...notes,
      `This WebGPU adapter is a CPU emulation (SwiftShader), so the water starts with ${fmtNumber(state.count)} particles and one substep per frame.`,
    ]);
    publish();
  };
  let usedWebGPU = false;
  const runtime = runEngine<WaterEngine>({
    root,
    status,
    gpu: (ctx) => {
      usedWebGPU = true;
      return waterGPU(ctx, {...setup, name, maxCount: o.maxCount, onSoftware});
    },
    cpu: (ctx) => {
      // a canvas that had a WebGPU context cannot get a 2D one
      if (usedWebGPU) stage.fresh();
      // the twin's code loads when it is needed (no WebGPU, or lost too often): not at first view
      return import("./cpu.js").then(({waterCPU}) => waterCPU(ctx, setup, o.fallbackCount));
    },
    onEngine: (e) => {
      engine = e;
      panel?.load();
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

  watchTankColors(stage, controls.legend);

  controls.row.append(runtime.playControl!);
  root.append(stage.element);
  // the hero's stage is absolute (the water fills the whole box): its touch hint gets a grid row
  // of its own above the controls instead of lying over the caption and the status
  const touchHint = stage.element.querySelector(".touch-hint");
  if (hero && touchHint) root.append(touchHint);
  root.append(controls.row);
  if (panel) root.append(controls.panel, panel.element);
  root.append(status.element);
  widgetCard(
    root,
    ({value: v, fps}) =>
      captionLine(
        `${fmtNumber(v.count)} particles`,
        `${v.substeps} substep${v.substeps > 1 ? "s" : ""} per frame`,
        fpsText(fps),
        v.gpuMsPerFrame === null ? "" : `${v.gpuMsPerFrame.toFixed(1)} ms GPU`,
        hero ? "" : "drag across the tank to stir"
      ),
    {frames: () => frames.n}
  );
  root.__frames = () => frames.n;
  root.dispose = () => runtime.dispose();
  return root;
}
