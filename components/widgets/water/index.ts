/**
 * The SPH water demo (§5) and the hero (§0), simulated on the GPU (gpu.ts) or, without
 * WebGPU, by the CPU twin at a reduced count (cpu.ts), which the status line says. The demo
 * pours a dam break into a tank 2 world units wide; the hero a pool across its whole tank
 * (components/water/scene.ts), its tank sized to the count (`poolTank`). Where the engine runs
 * fewer particles than a GPU would (a CPU-emulated adapter, the CPU twin), the tank shrinks
 * with the count: the same picture with fewer, bigger particles. How many run where, and the
 * tank and gravity that go with them, is the declared rule `load` that the runtime applies before
 * it builds an engine (runtime/load.ts); `applyLoad` writes the result into the state.
 *
 *   createWater({count: 50_000, invalidation}) → data-widget="water"
 *   createWater({hero: true, count: 45_000, invalidation}) → data-widget="hero" (compact, no chart)
 *
 * `.value` (WaterValue in options.ts): count (particles simulated: on the CPU twin the reduced
 * `twinCount`), requestedCount, substeps, params {k, kNear, restDensity, xsph},
 * densityHistogram (64 bins over [0, 2ρ₀)), maxSpeed, gpuMsPerFrame (null on the CPU),
 * engine ("gpu" | "cpu" | "starting": the runtime's phase, "pending" spelled as this contract
 * always said, `startingAlias`), softwareAdapter;
 * refreshed a few times a second and on every control change, with an `input` event.
 * `__frames()`: frames run so far (tests). `dispose()` (or `invalidation`) releases everything.
 * The root's `data-tank-box` is where the particles can be: the tank's interior in CSS px
 * from the canvas's top-left corner, "left top width height" (tests, host pages).
 */
import {WATER_DEFAULTS} from "../../water/params.js";
import {poolTank, restSpacing} from "../../water/scene.js";
import {type CaptionInput, captionLine, fpsText, onCaptionSample} from "../runtime/card.js";
import {touchFirst} from "../runtime/canvas.js";
import type {Load} from "../runtime/load.js";
import {defineWidget, type MountedElement, mountWidget} from "../runtime/mount.js";
import {fmtNumber} from "../runtime/options.js";
import {softwareMessage} from "../runtime/status.js";
import {heroFoot, heroHint, tankBox} from "./hero.js";
import {stirrer, waterControls} from "./controls.js";
import type {WaterEngine, WaterSetup} from "./engine.js";
import {statsPanel, tankView, watchTankColors} from "./draw.js";
import {waterGPU} from "./gpu.js";
import {initialState, readWaterOptions, TANK_WIDTH, twinCount, waterValue, type WaterOptions, type WaterValue} from "./options.js";

export {twinCount} from "./options.js";
export type {WaterOptions, WaterValue};
export type WaterElement = MountedElement<WaterValue>;

/**
 * The caption writer: the hero's one line (particles, frame rate, what to do, in touch words
 * where touch is the main pointer), or the demo's (with substeps and GPU time).
 */
function waterCaption(hero: boolean, touch: boolean) {
  return ({value: v, fps}: CaptionInput<WaterValue>) =>
    hero
      ? captionLine(
          `${fmtNumber(v.count)} particles${touch ? "" : " of water"}`,
          fpsText(fps),
          touch ? "swipe sideways to stir" : "drag sideways across it to stir it"
        )
      : captionLine(
          `${fmtNumber(v.count)} particles`,
          `${v.substeps} substep${v.substeps > 1 ? "s" : ""} per frame`,
          fpsText(fps),
          v.gpuMsPerFrame === null ? "" : `${v.gpuMsPerFrame.toFixed(1)} ms GPU`,
          "drag across the tank to stir"
        );
}

/** The options read, with the widget's state and its world view. */
function readWater(options: WaterOptions) {
  const {o, tunable, notes, explicitCount} = readWaterOptions(options);
  const state = initialState(o, tunable);
  return {o, notes, explicitCount, hero: !!options.hero, state, view: () => tankView(state.params, o.aspect)};
}

/** The water demo and the hero as a definition (mounted by `mountWidget`). */
export const waterDefinition = defineWidget<WaterOptions, ReturnType<typeof readWater>, WaterValue, WaterEngine>({
  name: ({hero}) => (hero ? "hero" : "water"),
  className: ({hero}) => `sim-widget ${hero ? "hero" : "water"}-widget`,
  read: readWater,
  gpuCanvas: true,
  value: (c, engine) => waterValue(c.state, engine),
  // the reduction: 4,000 particles (softwareCount) on a CPU emulation when no count was given,
  // count / 16 on the twin; the tank shrinks with them (the hero's pool is sized to its count)
  load: ({o, explicitCount, hero, state}) => ({
    request: () => ({count: state.count, given: explicitCount}),
    softwareCount: o.softwareCount,
    twinCount: (n) => twinCount(n, o.fallbackCount),
    world: {
      full: TANK_WIDTH,
      side: hero ? (n) => poolTank(n, o.aspect, restSpacing(state.params.restDensity) * state.params.h)[2] : undefined,
    },
  }),
  stage: ({o, hero, view}) => ({
    aspect: o.aspect,
    maxHeight: o.maxHeight,
    label: hero ? "Live SPH water simulation: a pool with a wave running across it" : "SPH water: a dam break; drag to stir",
    keys: "Arrow keys stir the water.",
    view,
    // the hero fills the top of the screen: vertical swipes scroll the page, sideways drags
    // stir; the demo below is woken by a tap, so a swipe that starts on it scrolls too
    touch: hero ? "pan-y" : "tap-to-wake",
    noun: "tank",
  }),
  build: (w, options) => {
    const {o, notes, hero, state, view} = w.config;
    const {root, stage, status, frames} = w;
    const name = hero ? "hero" : "water";
    // the hero has no panel (and so never loads the histogram's d3)
    const panel = hero ? null : statsPanel();
    panel?.chart.update(state.bins, state.params.restDensity);
    const foot = hero ? heroFoot() : null;
    const hint = hero ? (options.hint ?? null) : null;
    const publish = () => {
      w.setValue();
      root.dataset.tankBox = tankBox(stage, view(), state.params.tank);
      if (hint) hint.textContent = heroHint(root.value);
    };
    const pointerRadius = state.params.pointerRadius;
    const setup: WaterSetup = {
      state,
      stage,
      view,
      stir: stirrer(stage.pointer, state),
      statsHz: o.statsHz,
      frames,
      onStats: () => {
        panel?.update(state);
        publish();
      },
      publish,
      scene: hero ? "pool" : "dam",
      detail: foot ? (text) => (foot.adapter.textContent = text) : undefined,
      onSample: (cb) => onCaptionSample(root, cb),
    };
    stage.onResize(() => (root.dataset.tankBox = tankBox(stage, view(), state.params.tank)));
    const controls = waterControls(name, hero, state, o.maxCount, {
      count: () => {
        // the runtime decides the load again for the new count (the twin's share, the tank), then the engine pours it
        w.refit();
        w.engine?.reset();
        publish();
      },
      substeps: publish,
      params: () => {
        w.engine?.setParams();
        publish();
      },
      pour: () => w.engine?.reset(),
    });
    /**
     * The load the runtime decided (before an engine is built, and again for a new count): the
     * particles run, and the tank, gravity and reach of the picture they stand for. A reduction
     * on a software adapter (no count given) lowers the reader's count and the substeps, said once.
     */
    const applyLoad = (load: Load) => {
      const world = load.world!;
      state.softwareAdapter = load.target === "software";
      state.count = load.requested!;
      state.simulated = load.count;
      state.params.tank = [0, 0, world.side, world.side / o.aspect];
      state.params.pointerRadius = pointerRadius * world.reach;
      state.params.gravity = WATER_DEFAULTS.gravity * world.gravity;
      if (!load.reduced) return;
      // the full count will never run here: `.value.count` (and the caption written from it)
      // says the reduced one from now on, while the pipelines still compile (seconds on a
      // CPU-emulated adapter) and the status line already says so
      state.minCount = Math.min(state.minCount, state.count);
      state.substeps = 1;
      controls.sync();
      const renderer = load.renderer ?? "a software adapter";
      const said = `${fmtNumber(state.count)} particles`;
      status.setNotes([
        ...notes,
        softwareMessage(
          hero
            ? {renderer, subject: "the water", load: said, detail: ", drawn larger", short: true}
            : {renderer, subject: "the water", load: said, detail: ", in a tank scaled to them"}
        ),
      ]);
      publish();
    };
    return {
      applyLoad,
      gpu: (ctx) => waterGPU(ctx, {...setup, name, maxCount: o.maxCount}),
      wgsl: options.wgsl,
      // the twin's code loads when it is needed (no WebGPU, or lost too often): not at first view
      cpu: (ctx) => import("./cpu.js").then(({waterCPU}) => waterCPU(ctx, setup)),
      onEngine: () => {
        publish();
        panel?.load();
      },
      layout: (play) => {
        watchTankColors(stage, controls.legend);
        if (!foot) {
          controls.row.append(play!);
          return [stage.element, controls.row, controls.panel, ...(panel ? [panel.element] : []), status.element];
        }
        // the hero: one caption line and the status under the water; the controls, the engine's
        // line and the touch hint in a disclosure under them, closed at first
        const touchHint = stage.element.querySelector(".touch-hint");
        foot.body.append(controls.row, foot.adapter);
        if (touchHint) foot.body.append(touchHint);
        // Play/Pause stays in sight (a still under reduced motion), at the disclosure's right
        const row = document.createElement("div");
        row.className = "hero-more-row";
        row.append(foot.details, play!);
        return [stage.element, status.element, row];
      },
      caption: waterCaption(hero, touchFirst()),
    };
  },
});

/** Creates the water demo, or the hero with `hero: true`. Bad options are replaced and reported in the status line, never thrown. */
export const createWater = (options: WaterOptions = {}): WaterElement => mountWidget(waterDefinition, options);
