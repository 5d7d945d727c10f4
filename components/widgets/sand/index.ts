/**
 * The §4 sand demo: up to 30,000 grains re-sorted by cell every substep on the GPU
 * (clear → count → scan ×3 → scatter → forces), drawn straight from the particle buffer.
 * Controls: grains (log slider 2,000–30,000, re-pours), substeps per frame (1–8), re-pour,
 * spatial hashing on/off, open walls (hash mode only). A live panel shows the GPU time per
 * pass and per frame (timestamp-query) or the submit-to-done time, the pass shares and the
 * hash-collision counter; a pipeline diagram lights up with the real shares. Dragging on
 * the canvas shoves the grains (on a touch screen after a tap: a swipe scrolls the page).
 *
 * `createSand(options)` → element with data-widget="sand" and `.value` (SandValue,
 * options.ts; an `input` event about 4×/s and on a device loss; `count` is the grains
 * simulated, `requestedCount` those asked for). Without WebGPU the CPU twin runs a sixth of
 * the grains on a 2D canvas, every control still working. Where fewer grains run than the
 * reader's count (the twin, a CPU-emulated adapter) the box shrinks to them: the declared rule
 * `load`, which the runtime applies before it builds an engine (runtime/load.ts), and
 * `applyLoad`, which writes the result into the state, the box and the controls.
 */
import {SAND_DEFAULTS, type SandParams} from "../../sand/params.js";
import type {Load} from "../runtime/load.js";
import {defineWidget, type MountedElement, mountWidget} from "../runtime/mount.js";
import {fmtNumber, readOptions} from "../runtime/options.js";
import {startingAlias} from "../runtime/phase.js";
import {softwareMessage} from "../runtime/status.js";
import {type CaptionInput, captionLine, fpsText} from "../runtime/card.js";
import {sandControls} from "./controls.js";
import {sandCPU} from "./cpu.js";
import {ASPECT, createOverlay, createPanel, createPipelineDiagram, SAND_PIPELINE, sandView} from "./draw.js";
import {applyScale, cpuCount, SAND_WORLD, type SandEngine, type SandSetup} from "./engine.js";
import {sandGPU} from "./gpu.js";
import {initialValue, SAND_OPTIONS, SAND_SOFTWARE_GRAINS, type SandState, type SandValue, type SandOptions} from "./options.js";

export type {SandValue};

/** How often the panel and `.value` are refreshed (ms). */
const PUBLISH_EVERY_MS = 250;

/** The caption: the grains simulated (the same number as `.value.count` and the status line), substeps, frame rate, engine, what to do. */
function sandCaption({value: v, fps}: CaptionInput<SandValue>): string {
  return captionLine(
    `${fmtNumber(v.count)} grains`,
    `${v.substeps} substep${v.substeps === 1 ? "" : "s"} per frame`,
    fpsText(fps),
    v.engine === "starting" ? "" : v.engine.toUpperCase(),
    "drag through the pile to shove it"
  );
}

/** Copies the stage's pointer into the parameters: it pushes while a button or finger is down. */
function syncPointer(params: SandParams, p: {x: number; y: number; down: boolean}) {
  params.pointer.active = p.down && Number.isFinite(p.x);
  if (!params.pointer.active) return;
  params.pointer.x = p.x;
  params.pointer.y = p.y;
}

/** The options read, with the widget's state (the controls'), its `.value` and its parameters. */
function readSand(options: SandOptions) {
  const {values: o, notes} = readOptions(SAND_OPTIONS, options as Record<string, unknown>);
  // a count the page asked for is kept even on a CPU-emulated adapter (a test, an embed)
  const explicitCount = options.count !== undefined && Number.isFinite(Number(options.count));
  const state: SandState = {count: o.count, substeps: o.substeps, hashed: o.hashed, openWalls: o.openWalls && o.hashed};
  const params: SandParams = {...structuredClone(SAND_DEFAULTS), openWalls: state.openWalls};
  return {notes, explicitCount, state, value: initialValue(state), params, view: () => sandView(state.openWalls, params.box)};
}

/** The sand demo as a definition (mounted by `mountWidget`). */
export const sandDefinition = defineWidget<SandOptions, ReturnType<typeof readSand>, SandValue, SandEngine>({
  name: "sand",
  className: "sim-widget sand-widget",
  read: readSand,
  gpuCanvas: true,
  value: (c, engine) => ({...c.value, engine: startingAlias(engine), passMs: {...c.value.passMs}}),
  // the reduction: 2,000 grains and one substep on a CPU emulation when the page gave no count, a
  // sixth on the twin (cpuCount); the box shrinks with them
  load: ({explicitCount, state}) => ({
    request: () => ({count: state.count, given: explicitCount}),
    softwareCount: SAND_SOFTWARE_GRAINS,
    twinCount: cpuCount,
    world: SAND_WORLD,
  }),
  stage: ({view}) => ({
    aspect: ASPECT,
    maxHeight: 520,
    label: "Sand grains falling into a pile in a box",
    keys: "Arrow keys push through the sand.",
    view,
    touch: "tap-to-wake",
    noun: "box",
  }),
  build: (w, options) => {
    const {notes, state, value, params, view} = w.config;
    const {root, stage, status} = w;
    // grains simulated now (the runtime's load: the CPU twin runs a sixth of state.count)
    let simulated = state.count;
    const overlay = createOverlay(stage);
    const drawOverlay = () => overlay.draw(state.openWalls, stage.pointer, params.pointer.radius, params.box);
    const diagram = createPipelineDiagram(SAND_PIPELINE);
    diagram.setSubsteps(state.substeps);
    const panel = createPanel();

    const ema: Record<string, number> = {};
    let lastPublish = -Infinity;
    const publish = () => w.setValue();
    /** `.value` takes the controls' state, with `count` the grains simulated (one count on the card). */
    const showState = () => {
      Object.assign(value, state);
      value.requestedCount = state.count;
      value.count = simulated;
    };
    const setup: SandSetup = {
      state,
      params,
      value,
      stage,
      diagram,
      view,
      smooth(key, v) {
        ema[key] = ema[key] === undefined ? v : ema[key] + 0.1 * (v - ema[key]);
        return ema[key];
      },
      syncPointer: () => syncPointer(params, stage.pointer),
      afterFrame(now) {
        value.frames++;
        diagram.tick(now);
        if (now - lastPublish < PUBLISH_EVERY_MS) return;
        lastPublish = now;
        showState();
        publish();
        // the published sample: its `engine` is the runtime's
        panel.render(root.value, state, simulated);
      },
    };
    /**
     * The load the runtime decided (before an engine is built, and again for a new count): the
     * grains run, the box, gravity and reach of the picture they stand for; a reduction on a
     * software adapter (no count given) lowers the reader's count and the substeps, said once.
     */
    const applyLoad = (load: Load) => {
      applyScale(params, load.world!);
      state.count = load.requested!;
      simulated = load.count;
      if (load.reduced) {
        state.substeps = 1;
        diagram.setSubsteps(1);
        controls.show();
        const renderer = load.renderer ?? "a software adapter";
        status.setNotes([...notes, softwareMessage({renderer, subject: "the sand", load: `${fmtNumber(state.count)} grains`})]);
      }
      controls.showRunning(simulated);
      // `.value` (and the caption written from it) says the load from now on
      showState();
      drawOverlay();
      publish();
    };
    stage.onResize(drawOverlay);
    stage.onPointer(drawOverlay);

    /** Grains outside the box cannot be put back in: closing the walls re-pours. */
    const setWalls = (open: boolean) => {
      const wasOpen = state.openWalls;
      state.openWalls = params.openWalls = open;
      if (wasOpen && !open) w.engine?.pour();
      drawOverlay();
    };
    const controls = sandControls(state, {
      count(n) {
        state.count = n;
        // the runtime decides the load for the new count (the twin's share, the box), then the engine pours it
        w.refit();
        w.engine?.pour();
      },
      substeps(n) {
        state.substeps = n;
        diagram.setSubsteps(n);
      },
      repour: () => w.engine?.pour(),
      toggleHash() {
        state.hashed = !state.hashed;
        w.engine?.setHashed(state.hashed);
        // the dense grid only covers the box: close it and start again
        if (!state.hashed && state.openWalls) setWalls(false);
      },
      toggleWalls() {
        if (state.hashed) setWalls(!state.openWalls);
      },
    });
    return {
      applyLoad,
      gpu: (ctx) => sandGPU(ctx, setup),
      cpu: (ctx) => sandCPU(ctx, setup),
      onDeviceLost() {
        // published at once (the runtime says "pending" from the loss on): the rebuild (or the CPU engine) follows
        value.deviceLosses++;
        publish();
      },
      wgsl: options.wgsl,
      frameCount: () => root.value.frames,
      layout: (play, runtime) => {
        runtime.scope.onDispose(() => diagram.dispose());
        controls.element.append(play!);
        return [diagram.element, stage.element, controls.element, panel.element, status.element];
      },
      caption: sandCaption,
    };
  },
});

/** Builds the sand widget. Bad options are replaced, with a note in the status line. */
export const createSand = (options: SandOptions = {}): MountedElement<SandValue> => mountWidget(sandDefinition, options);
