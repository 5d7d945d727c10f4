/**
 * §2 widget: 3,500 discs on a 24×24 uniform grid. Physics on the CPU (TypeScript) with
 * contacts found through the 3×3 window on the sorted layout of the counting sort. The
 * cursor runs the query live: its 3×3 window and the discs in it are highlighted; when
 * the pointer leaves the box the query parks inside the pile.
 *
 * Counters: with WebGPU, the discs of each sampled step are uploaded, sorted by the GPU
 * counting sort and queried by shaders/contacts/grid_query.wgsl; the counts come back
 * through a non-blocking StagingRing (never stalling a frame). Without WebGPU the CPU
 * twin (gridQueryTwin) counts the same step, and the status line says so.
 *
 * `.value` (updated a few times a second, with `input` events): {count, grid, queryCell,
 * windowCount, windowIds, candidatePairs, allPairs, ratio, touchingPairs, engine, steps}.
 * `snapshot()` returns the positions (by id) of the step those counters describe.
 */
import {acquireGPU, browserWGSL, gpuUnavailableReason, type GPUHandle} from "../gpu/browser.js";
import {frameLoop} from "../gpu/loop.js";
import {ResourceScope} from "../gpu/scope.js";
import {settledPile, type ContactParams, type Discs} from "../contacts/physics.js";
import {cellOf, demoGrid, CONTACTS_GRID_SIDE, GRID_DEMO_DEFAULTS, gridContactStep, gridQueryTwin, packDiscs, windowIds, windowRange, type QueryCounts, type SortedLayout} from "../contacts/grid-query.js";
import {GridQueryGPU} from "../contacts/grid-query-gpu.js";
import {PARTICLE_WORDS, type PackedParticles} from "../sort/particles.js";
import {button, fallbackMessage, optionReader, setValue, statusLine} from "./view.js";
import {createSimCanvas} from "./sim-canvas.js";

export interface GridQueryValue {
  count: number;
  grid: number;
  /** The query cell [cx, cy] (cell (0, 0) at the lower-left corner). */
  queryCell: [number, number];
  /** Discs whose cell lies in the 3×3 window around the query cell. */
  windowCount: number;
  /** Their ids, ascending. */
  windowIds: number[];
  /** Pairs tested per step: pairs of discs in neighbouring cells, each once. */
  candidatePairs: number;
  /** Pairs brute force would test: n(n−1)/2. */
  allPairs: number;
  /** allPairs / candidatePairs. */
  ratio: number;
  /** Touching pairs found in the CPU physics step. */
  touchingPairs: number;
  /** Which engine computed candidatePairs and windowIds. */
  engine: "gpu" | "cpu";
  steps: number;
}

export interface GridSnapshot {
  /** Positions indexed by disc id. */
  x: number[];
  y: number[];
  radius: number;
  value: GridQueryValue;
}

export interface GridDemoOptions {
  /** Disc count, 100–6,000 (default 3,500); clamped with a visible note. */
  count?: number;
  seed?: number;
  /** Physics steps per animation frame (1–8, default 3). */
  stepsPerFrame?: number;
  /** Show the grid lines at start (toggle button). */
  showGrid?: boolean;
  /** Where the query parks when the pointer is off the box (default [12, 1], inside the pile). */
  parkCell?: [number, number];
  /** Milliseconds between counter updates (default 200). */
  sampleMs?: number;
  /** false: never use WebGPU (the twin counts). */
  gpu?: boolean;
  maxWidth?: number;
  invalidation?: Promise<unknown>;
}

export type GridDemoElement = HTMLDivElement & {value: GridQueryValue; dispose(): void; snapshot(): GridSnapshot | null};

const WINDOW_FILL = "#f5c518";

/** Creates the §2 grid-query demo. Bad options are clamped and reported in the status line. */
export function createGridDemo(options: GridDemoOptions = {}): GridDemoElement {
  const root = document.createElement("div") as unknown as GridDemoElement;
  root.className = "widget grid-demo";
  root.dataset.widget = "grid-query";
  const status = statusLine();
  const notes: string[] = [];
  const opt = optionReader(notes);

  const count = opt("disc count", options.count, 3500, 100, 6000);
  const stepsPerFrame = opt("steps per frame", options.stepsPerFrame, 3, 1, 8);
  const sampleMs = opt("sample interval", options.sampleMs, 200, 16, 5000);
  const P: ContactParams = GRID_DEMO_DEFAULTS;
  const g = demoGrid(P);
  const park: [number, number] = [
    opt("park cell x", options.parkCell?.[0], 12, 0, CONTACTS_GRID_SIDE - 1),
    opt("park cell y", options.parkCell?.[1], 1, 0, CONTACTS_GRID_SIDE - 1),
  ];
  let seed = Math.floor(Number(options.seed ?? 1)) || 1;
  let showGrid = options.showGrid ?? false;

  const view = createSimCanvas({
    worldW: P.width,
    worldH: P.height,
    maxWidth: options.maxWidth ?? 560,
    onResize: () => draw(),
    label: "Discs in a box over a 24 by 24 grid; the 3 by 3 cells around the pointer and the discs in them are highlighted.",
  });
  const controls = document.createElement("div");
  controls.className = "widget-controls";
  const gridBtn = button("Show grid", () => {
    showGrid = !showGrid;
    gridBtn.setAttribute("aria-pressed", String(showGrid));
  }, {toggle: true});
  gridBtn.setAttribute("aria-pressed", String(showGrid));
  const reseed = button("Re-seed", () => {
    seed++;
    reset();
  });
  controls.append(gridBtn, reseed);
  root.append(view.element, controls, status.element);

  // --- simulation state -------------------------------------------------------------
  let discs: Discs;
  let ids: Uint32Array;
  let fx: Float64Array, fy: Float64Array;
  let steps = 0;
  let generation = 0; // bumps on reseed so late GPU results of the old pile are dropped
  let lastLayout: SortedLayout | null = null;
  const highlight = new Uint8Array(count);
  function reset() {
    generation++;
    discs = settledPile(count, P, seed);
    ids = Uint32Array.from({length: count}, (_, i) => i);
    fx = new Float64Array(count);
    fy = new Float64Array(count);
    steps = 0;
    lastLayout = null;
  }
  reset();

  const queryCell = (): [number, number] => (view.pointer.active ? cellOf(g, view.pointer.x, view.pointer.y) : [park[0], park[1]]);

  // --- GPU (optional) -----------------------------------------------------------------
  const scope = new ResourceScope(null);
  let gpuQuery: GridQueryGPU | null = null;
  let gpuScope: ResourceScope | null = null;
  let engineNote = "";
  let losses = 0;
  const setStatus = () => {
    if (notes.length) status.warn(`${notes.join(" ")} ${engineNote}`);
    else status.info(engineNote);
  };
  async function startGPU() {
    if (options.gpu === false) {
      engineNote = "Counters from the CPU twin of the GPU kernels (WebGPU switched off for this demo).";
      return setStatus();
    }
    let handle: GPUHandle | null = null;
    try {
      handle = await acquireGPU();
      if (!handle || scope.disposed) {
        engineNote = fallbackMessage(gpuUnavailableReason);
        return setStatus();
      }
      gpuScope = new ResourceScope(handle.device);
      scope.onDispose(() => gpuScope?.dispose());
      const q = await GridQueryGPU.create(handle.device, gpuScope, browserWGSL, count, g);
      if (scope.disposed) return gpuScope.dispose();
      gpuQuery = q;
      const off = handle.onLost((info) => {
        off();
        gpuQuery = null;
        gpuScope?.dispose();
        gpuScope = null;
        if (scope.disposed) return;
        losses++;
        engineNote = `The GPU device was lost (${info.message || info.reason}); counting on the CPU twin while it is rebuilt…`;
        setStatus();
        setTimeout(() => !scope.disposed && startGPU(), 500);
      });
      scope.onDispose(off);
      engineNote = losses
        ? "Counters from the GPU again, rebuilt on a new GPU device after the old one was lost."
        : "Counters from the GPU: counting sort + 3×3 query kernel, read back without stalling a frame.";
      setStatus();
    } catch (e) {
      gpuQuery = null;
      gpuScope?.dispose();
      gpuScope = null;
      engineNote = `The GPU query could not start (${(e as Error).message}); counting on the CPU twin.`;
      status.error(engineNote);
    }
  }
  engineNote = "Starting…";
  setStatus();
  startGPU();

  // --- sampling: the counters of one step, GPU or twin ----------------------------------
  let lastSample = -Infinity;
  let snap: GridSnapshot | null = null;
  function publish(packed: PackedParticles, cell: [number, number], counts: QueryCounts, touching: number, stepNo: number, engine: "gpu" | "cpu") {
    const n = packed.count;
    const x = new Array<number>(n), y = new Array<number>(n);
    for (let s = 0; s < n; s++) {
      const id = packed.u32[s * PARTICLE_WORDS + 4];
      x[id] = packed.f32[s * PARTICLE_WORDS];
      y[id] = packed.f32[s * PARTICLE_WORDS + 1];
    }
    const allPairs = (n * (n - 1)) / 2;
    const value: GridQueryValue = {
      count: n,
      grid: CONTACTS_GRID_SIDE,
      queryCell: cell,
      windowCount: counts.windowIds.length,
      windowIds: counts.windowIds,
      candidatePairs: counts.candidatePairs,
      allPairs,
      ratio: counts.candidatePairs ? allPairs / counts.candidatePairs : 0,
      touchingPairs: touching,
      engine,
      steps: stepNo,
    };
    snap = {x, y, radius: P.radius, value};
    setValue(root, value);
  }
  function sample(layout: SortedLayout, touching: number) {
    const cell = queryCell();
    const stepNo = steps;
    if (gpuQuery) {
      // the sorted discs of this step (any order is fine: the GPU sorts them again)
      const packed = layout.sorted;
      const gen = generation;
      return gpuQuery.step(packed, cell, (counts) => {
        if (gen === generation && !scope.disposed) publish(packed, cell, counts, touching, stepNo, "gpu");
      });
    }
    publish(layout.sorted, cell, gridQueryTwin(g, layout, cell), touching, stepNo, "cpu");
    return true;
  }

  // --- drawing ------------------------------------------------------------------------
  const draw = () => {
    const {ctx} = view;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, view.canvas.width, view.canvas.height);
    view.beginFrame();
    const px = 1 / view.pixelsPerUnit;
    const cs = g.cellSize;
    const [qx, qy] = queryCell();
    const w = windowRange(g, qx, qy);
    // the 3×3 window and the query cell
    ctx.fillStyle = "rgba(245, 197, 24, 0.16)";
    ctx.fillRect(w.x0 * cs, w.y0 * cs, (w.x1 - w.x0 + 1) * cs, (w.y1 - w.y0 + 1) * cs);
    if (showGrid) {
      ctx.beginPath();
      for (let k = 0; k <= CONTACTS_GRID_SIDE; k++) {
        ctx.moveTo(k * cs, 0);
        ctx.lineTo(k * cs, P.height);
        ctx.moveTo(0, k * cs);
        ctx.lineTo(P.width, k * cs);
      }
      ctx.lineWidth = px;
      ctx.strokeStyle = "rgba(0, 0, 0, 0.18)";
      ctx.stroke();
    }
    // discs: the window's candidates highlighted (read from the sorted layout)
    highlight.fill(0);
    if (lastLayout) for (const id of windowIds(g, lastLayout, qx, qy)) highlight[id] = 1;
    const r = P.radius;
    for (let pass = 0; pass < 2; pass++) {
      ctx.beginPath();
      for (let s = 0; s < discs.count; s++) {
        if (highlight[ids[s]] !== pass) continue;
        ctx.moveTo(discs.x[s] + r, discs.y[s]);
        ctx.arc(discs.x[s], discs.y[s], r, 0, 2 * Math.PI);
      }
      ctx.fillStyle = pass ? WINDOW_FILL : "#5b74b8";
      ctx.fill();
      if (pass) {
        ctx.lineWidth = px;
        ctx.strokeStyle = "#7a5c00";
        ctx.stroke();
      }
    }
    ctx.lineWidth = 2 * px;
    ctx.strokeStyle = "#c98f00";
    ctx.strokeRect(w.x0 * cs, w.y0 * cs, (w.x1 - w.x0 + 1) * cs, (w.y1 - w.y0 + 1) * cs);
    ctx.lineWidth = 1.5 * px;
    ctx.strokeStyle = "#8a5a00";
    ctx.strokeRect(qx * cs, qy * cs, cs, cs);
  };

  /** Moving averages of this widget's main-thread cost (ms), for the bench notes and tests. */
  const timing = {drawMs: 0, frameMs: 0, frames: 0};
  (root as any).timing = timing;
  const loop = frameLoop(
    root,
    (_dt, now) => {
      const frameStart = performance.now();
      const want = now - lastSample >= sampleMs;
      for (let s = 0; s < stepsPerFrame; s++) {
        const st = gridContactStep(discs, ids, g, P, null, fx, fy);
        steps++;
        lastLayout = st.layout;
        if (want && s === stepsPerFrame - 1 && sample(st.layout, st.touching)) lastSample = now;
      }
      const t1 = performance.now();
      draw();
      const t2 = performance.now();
      timing.drawMs += 0.1 * (t2 - t1 - timing.drawMs);
      timing.frameMs += 0.1 * (t2 - frameStart - timing.frameMs);
      timing.frames++;
    },
    {invalidation: options.invalidation}
  );
  draw();

  root.value = {count, grid: CONTACTS_GRID_SIDE, queryCell: park, windowCount: 0, windowIds: [], candidatePairs: 0, allPairs: (count * (count - 1)) / 2, ratio: 0, touchingPairs: 0, engine: "cpu", steps: 0};
  root.snapshot = () => snap && {x: snap.x.slice(), y: snap.y.slice(), radius: snap.radius, value: JSON.parse(JSON.stringify(snap.value))};
  let disposed = false;
  root.dispose = () => {
    if (disposed) return;
    disposed = true;
    loop.stop();
    view.dispose();
    scope.dispose();
  };
  options.invalidation?.then(() => root.dispose());
  return root;
}
