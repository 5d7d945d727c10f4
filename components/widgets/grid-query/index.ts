/**
 * §2 widget: 3,500 discs on a 24×24 uniform grid. Physics on the CPU with contacts found
 * through the 3×3 window on the sorted layout (sim.ts). The cursor runs the query live:
 * its 3×3 window and the discs in it are highlighted; off the box the query parks inside
 * the pile. The counters come from the GPU kernels (gpu.ts) or, without WebGPU, from their
 * CPU twin (cpu.ts), and the status line says which.
 *
 * `.value` (with `input` events, a few times a second): GridQueryValue (options.ts).
 * `snapshot()` returns the positions (by id) of the step those counters describe.
 * `timing`: main-thread cost per frame. `dispose()` (or `invalidation`) releases everything.
 */
import {touchFirst} from "../runtime/canvas.js";
import {demoGrid, GRID_DEMO_DEFAULTS} from "../../contacts/grid-query.js";
import type {Engine} from "../runtime/engine.js";
import {defineWidget, type MountedElement, mountWidget} from "../runtime/mount.js";
import {fmtNumber, readOptions} from "../runtime/options.js";
import {frameTiming, type FrameTiming} from "../runtime/timing.js";
import {setValue} from "../runtime/view.js";
import {captionLine} from "../runtime/card.js";
import {discStageOptions, frameDiscStage} from "../shared/discs/stage.js";
import {gridControls} from "./controls.js";
import {gridCPU} from "./cpu.js";
import {drawGrid} from "./draw.js";
import {gridGPU} from "./gpu.js";
import {GRID_OPTIONS, initialValue, schemaInput, type GridQueryOptions, type GridQueryValue, type GridSnapshot} from "./options.js";
import {createGridSim} from "./sim.js";

export type {GridQueryOptions, GridQueryValue, GridSnapshot};
export type GridQueryElement = MountedElement<GridQueryValue> & {snapshot(): GridSnapshot | null; timing: FrameTiming};

/** The options read, with the demo's box, grid and parked query point. */
function readGrid(options: GridQueryOptions) {
  const {values: o, notes} = readOptions(GRID_OPTIONS, schemaInput(options));
  const P = GRID_DEMO_DEFAULTS;
  const park: [number, number] = [o.parkX, o.parkY];
  return {o, notes, P, g: demoGrid(P), park};
}

/** The §2 grid-query demo as a definition (mounted by `mountWidget`). */
export const gridDefinition = defineWidget<GridQueryOptions, ReturnType<typeof readGrid>, GridQueryValue, Engine>({
  name: "grid-query",
  className: "grid-demo",
  read: readGrid,
  value: ({o, park}) => initialValue(o.count, park),
  stage: ({o, P}) =>
    discStageOptions(P, {
      label: "Discs in a box over a 24 by 24 grid; the 3 by 3 cells around the pointer and the discs in them are highlighted.",
      keys: "Arrow keys move the query point; its 3 by 3 cells and their discs are highlighted and counted.",
      maxWidth: o.maxWidth,
    }),
  build: (w, options) => {
    const {o, P, g, park} = w.config;
    const {root, stage, status} = w;
    frameDiscStage(stage);
    status.info("Starting…");
    const timing = frameTiming();
    const sim = createGridSim({
      count: o.count,
      seed: o.seed,
      stepsPerFrame: o.stepsPerFrame,
      sampleMs: o.sampleMs,
      showGrid: o.showGrid,
      park,
      P,
      g,
      pointer: stage.pointer,
      timing,
      draw: (f) => drawGrid(stage, g, P, f),
      publish: (value) => setValue(root, value),
    });
    stage.onResize(() => sim.draw());
    const controls = gridControls(
      o.showGrid,
      (show) => sim.setShowGrid(show),
      () => sim.reseed()
    );
    const el = root as GridQueryElement;
    el.timing = timing;
    el.snapshot = () => sim.snapshot();
    return {
      gpu: (ctx) => gridGPU(ctx, sim, o.count, g),
      cpu: (ctx) => gridCPU(ctx, sim, g),
      wgsl: options.wgsl,
      cpuReason: o.engine === "auto" ? null : "Counters from the CPU twin of the GPU kernels (WebGPU switched off for this demo).",
      layout: (play) => (controls.append(play!), [stage.element, controls, status.element]),
      frameCount: () => root.value.steps,
      caption: ({value: v, fps}) =>
        captionLine(
          `${fmtNumber(v.windowCount)} discs in the 3×3 window`,
          `${fmtNumber(v.ratio, 1)}× fewer checks than all pairs`,
          fps === null ? "" : `${Math.round(fps)} steps/s`,
          touchFirst() ? "tap the box, then drag to move the query" : "point at the box to move the query"
        ),
    };
  },
});

/** Creates the §2 grid-query demo. Bad options are replaced and reported in the status line, never thrown. */
export const createGridQuery = (options: GridQueryOptions = {}): GridQueryElement => mountWidget(gridDefinition, options) as GridQueryElement;
