/**
 * The §2 demo's physics, shared by both engines: CPU steps with contacts found through
 * the 3×3 window on the sorted layout (gridContactStep). It lives as long as the widget,
 * so a device loss or a fallback swaps only who counts, never the pile.
 *
 * Every `sampleMs` the last step's sorted layout goes to the engine's `QueryCounter` (the GPU
 * kernels or their CPU twin); the counts come back (at once or a few frames later) and
 * are published with the positions that step searched.
 */
import {settledPile, type ContactParams, type Discs} from "../../contacts/physics.js";
import {cellOf, gridContactStep, windowIds, type QueryCounts, type SortedLayout} from "../../contacts/grid-query.js";
import type {GridParams} from "../../sort/grid.js";
import {PARTICLE_WORDS, type PackedParticles} from "../../sort/particles.js";
import type {WorldPointer} from "../runtime/canvas.js";
import {recordFrame, type FrameTiming} from "../runtime/timing.js";
import type {GridFrame} from "./draw.js";
import type {GridQueryValue, GridSnapshot} from "./options.js";

/**
 * Counts the query for one step's sorted discs and calls `done` with the result (now or
 * later; never after its engine stopped). Returns false when it could not take the work
 * this frame (every GPU staging slot busy): the next frame tries again.
 */
export type QueryCounter = (layout: SortedLayout, cell: [number, number], done: (counts: QueryCounts) => void) => boolean;

interface GridSimSetup {
  count: number;
  seed: number;
  stepsPerFrame: number;
  sampleMs: number;
  park: [number, number];
  showGrid: boolean;
  P: ContactParams;
  g: GridParams;
  pointer: WorldPointer;
  timing: FrameTiming;
  draw(f: GridFrame): void;
  publish(value: GridQueryValue): void;
}

export interface GridSim {
  /** One animation frame: steps, a sample through `counter` when due, drawing. */
  frame(now: number, counter: QueryCounter, engine: "gpu" | "cpu"): void;
  draw(): void;
  /** A new pile with the next seed; counts still in flight for the old one are dropped. */
  reseed(): void;
  setShowGrid(show: boolean): void;
  snapshot(): GridSnapshot | null;
}

/** Value and snapshot of one counted step (`sorted` holds the positions by slot, ids in word 4). */
function describe(
  s: GridSimSetup,
  sorted: PackedParticles,
  cell: [number, number],
  counts: QueryCounts,
  touching: number,
  steps: number,
  engine: "gpu" | "cpu"
): GridSnapshot {
  const n = sorted.count;
  const x = new Array<number>(n),
    y = new Array<number>(n);
  for (let k = 0; k < n; k++) {
    const id = sorted.u32[k * PARTICLE_WORDS + 4];
    x[id] = sorted.f32[k * PARTICLE_WORDS];
    y[id] = sorted.f32[k * PARTICLE_WORDS + 1];
  }
  const allPairs = (n * (n - 1)) / 2;
  const value: GridQueryValue = {
    count: n,
    grid: s.g.dimX,
    queryCell: cell,
    windowCount: counts.windowIds.length,
    windowIds: counts.windowIds,
    candidatePairs: counts.candidatePairs,
    allPairs,
    ratio: counts.candidatePairs ? allPairs / counts.candidatePairs : 0,
    touchingPairs: touching,
    engine,
    steps,
  };
  return {x, y, radius: s.P.radius, value};
}

/** Builds the settled pile (drawn as soon as the canvas has a size, before any engine runs). */
export function createGridSim(s: GridSimSetup): GridSim {
  const {P, g, count} = s;
  let seed = s.seed;
  let showGrid = s.showGrid;
  let discs!: Discs;
  let ids!: Uint32Array;
  const fx = new Float64Array(count),
    fy = new Float64Array(count);
  let steps = 0;
  let generation = 0; // bumps on reseed so late counts of the old pile are dropped
  let lastLayout: SortedLayout | null = null;
  let lastSample = -Infinity;
  let snap: GridSnapshot | null = null;
  const highlight = new Uint8Array(count);

  const reset = () => {
    generation++;
    discs = settledPile(count, P, seed);
    ids = Uint32Array.from({length: count}, (_, i) => i);
    steps = 0;
    lastLayout = null;
  };
  const queryCell = (): [number, number] => (s.pointer.active ? cellOf(g, s.pointer.x, s.pointer.y) : [s.park[0], s.park[1]]);

  const sample = (counter: QueryCounter, engine: "gpu" | "cpu", layout: SortedLayout, touching: number) => {
    const cell = queryCell();
    const stepNo = steps;
    const gen = generation;
    return counter(layout, cell, (counts) => {
      if (gen !== generation) return;
      snap = describe(s, layout.sorted, cell, counts, touching, stepNo, engine);
      s.publish(snap.value);
    });
  };

  const draw = () => {
    const cell = queryCell();
    highlight.fill(0);
    if (lastLayout) for (const id of windowIds(g, lastLayout, cell[0], cell[1])) highlight[id] = 1;
    s.draw({discs, ids, highlight, queryCell: cell, showGrid});
  };

  reset();
  return {
    frame(now, counter, engine) {
      const start = performance.now();
      const due = now - lastSample >= s.sampleMs;
      for (let k = 0; k < s.stepsPerFrame; k++) {
        const st = gridContactStep(discs, ids, g, P, null, fx, fy);
        steps++;
        lastLayout = st.layout;
        if (due && k === s.stepsPerFrame - 1 && sample(counter, engine, st.layout, st.touching)) lastSample = now;
      }
      const drawStart = performance.now();
      draw();
      recordFrame(s.timing, start, drawStart, performance.now());
    },
    draw,
    reseed() {
      seed++;
      reset();
    },
    setShowGrid(show) {
      showGrid = show;
    },
    snapshot: () => snap && {x: snap.x.slice(), y: snap.y.slice(), radius: snap.radius, value: JSON.parse(JSON.stringify(snap.value))},
  };
}
