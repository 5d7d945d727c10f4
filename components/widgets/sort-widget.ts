/**
 * The animated counting-sort widget of §3 (brief §3): 56 particles in 16 cells (4 × 4).
 * Phases: histogram, four Hillis–Steele scan rounds (strides 1, 2, 4, 8), the shift to
 * exclusive starts, the scatter. Every array drawn is a GPU buffer read back after that
 * phase (CountingSortGPU.runWithSnapshots); without WebGPU the CPU twin fills in and the
 * status line says so.
 *
 * createSortWidget(options) → HTMLElement with data-widget="counting-sort" and
 * `.value = {phase, phaseIndex, cells, particles: [{id, x, y, cell}], counts, scanRounds,
 * starts, order, engine}` (arrays of integers, null before their phase; order[k] = id of
 * the particle in slot k). Dispatches `input` on every change (Observable's view convention).
 */
import * as d3 from "d3";
import {acquireGPU, gpuUnavailableReason, type GPUHandle} from "../gpu/context.js";
import {frameLoop} from "../gpu/loop.js";
import {ResourceScope} from "../gpu/scope.js";
import type {WGSLLoader} from "../gpu/wgsl.js";
import type {CountingSortGPU} from "../sort/gpu-sort.js";
import {browserWGSL} from "../gpu/wgsl-browser.js";
import {createTeachingSorter, seededParticles, sortPhases, sortTeachingSet, teachingGrid, type TeachingParticle} from "../sort/teaching.js";
import type {SortSnapshots} from "../sort/twin.js";
import {drawSortDiagram, sortDiagramSize} from "./sort-diagram.js";
import {button, fallbackMessage, optionReader, setValue, statusLine} from "./view.js";

export interface SortWidgetOptions {
  /** particles (default 56, 1..200) */
  particles?: number;
  /** grid side; cells = side² (default 4 → 16 cells, 1..8) */
  side?: number;
  /** seed of the first particle set (default 7) */
  seed?: number;
  /** auto-play step interval in ms (default 1500; the scatter holds twice as long) */
  intervalMs?: number;
  /** "auto" (GPU when available) or "cpu" (always the twin) */
  engine?: "auto" | "cpu";
  /** WGSL loader; default: the site's shaders (components/gpu/wgsl-browser.ts) */
  wgsl?: WGSLLoader;
  /** Framework's invalidation promise: everything is released when it resolves */
  invalidation?: Promise<unknown>;
}

export interface SortWidgetValue {
  phase: string;
  phaseIndex: number;
  cells: number;
  particles: {id: number; x: number; y: number; cell: number}[];
  counts: number[] | null;
  scanRounds: number[][];
  starts: number[] | null;
  order: number[] | null;
  engine: "gpu" | "cpu" | "pending";
}

const CAPTIONS: Record<string, (v: SortWidgetValue) => string> = {
  start: (v) => `${v.particles.length} particles lie scattered over ${v.cells} cells. Step to build the histogram.`,
  histogram: () => "Histogram: every particle adds 1 to its cell's counter with an atomic add — all particles at once, in any order.",
  starts: () => "Shift right by one and put a 0 in front: the inclusive sums become exclusive starts, where each cell's run begins.",
  scatter: () => "Scatter: each particle claims the next free slot of its cell (start + an atomic counter) and copies itself there. Cells are now contiguous.",
};
function caption(v: SortWidgetValue): string {
  if (v.phase.startsWith("scan-")) {
    const s = Number(v.phase.slice(5));
    return `Scan round ${v.scanRounds.length}: every box adds the value ${s} place${s > 1 ? "s" : ""} to its left (boxes left of ${s} copy). After this round each box sums up to ${2 * s} counts.`;
  }
  return CAPTIONS[v.phase]?.(v) ?? "";
}

/** Builds the widget. Errors in options show in its status line (never a blank widget). */
export function createSortWidget(options: SortWidgetOptions = {}): HTMLElement {
  const root = document.createElement("div") as HTMLDivElement & {value: SortWidgetValue; dispose(): void};
  root.className = "widget sort-widget";
  root.dataset.widget = "counting-sort";
  const status = statusLine();
  // bad options: replaced by a valid value, with a note kept in front of every status line
  const notes: string[] = [];
  const opt = optionReader(notes);
  const n = opt("particles", options.particles, 56, 1, 200);
  const side = opt("side", options.side, 4, 1, 8);
  let seed = opt("seed", options.seed, 7, 0, 2 ** 31 - 1);
  const intervalMs = opt("intervalMs", options.intervalMs, 1500, 200, 10_000);
  const note = notes.join(" ");
  const report = (kind: "info" | "warn" | "error", text: string) => (note && kind === "info" ? status.warn(`${note} ${text}`) : status[kind](note ? `${note} ${text}` : text));
  if (note) status.warn(note);
  const cells = side * side;
  const grid = teachingGrid(side, side);
  const phases = sortPhases(cells);
  const scope = new ResourceScope(null);

  // ---- DOM
  const svg = d3.create("svg").attr("role", "img").attr("aria-label", "Counting sort diagram");
  const size = sortDiagramSize(cells, n);
  svg.attr("viewBox", `0 0 ${size.width} ${size.height}`).attr("width", size.width);
  const cap = document.createElement("p");
  cap.className = "caption";
  cap.setAttribute("aria-live", "polite");
  const controls = document.createElement("div");
  controls.className = "widget-controls";
  const stepBtn = button("Step ▸", () => step(), {title: "Advance one phase (→)"});
  const playBtn = button("Auto-play", () => setPlaying(!playing), {toggle: true, title: "Advance a phase every 1.5 s"});
  const shuffleBtn = button("Shuffle", () => shuffle(), {title: "A new random particle set"});
  const progress = document.createElement("span");
  progress.className = "counter phase-progress";
  controls.append(stepBtn, playBtn, shuffleBtn, progress);
  // on narrow screens the diagram keeps a legible size and scrolls sideways inside the widget
  const scroller = document.createElement("div");
  scroller.className = "sort-scroll";
  scroller.style.cssText = "overflow-x:auto;max-width:100%;-webkit-overflow-scrolling:touch";
  svg.style("min-width", "600px");
  scroller.append(svg.node()!);
  root.append(controls, scroller, cap, status.element);
  root.tabIndex = -1;
  root.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLButtonElement && (ev.key === "Enter" || ev.key === " ")) return;
    if (ev.key === "ArrowRight") step();
    else if (ev.key === "ArrowLeft") goTo(Math.max(0, phaseIndex - 1));
    else return;
    ev.preventDefault();
  });

  // ---- state
  let particles: TeachingParticle[] = [];
  let snaps: SortSnapshots | null = null;
  let phaseIndex = 0;
  let playing = false;
  let elapsed = 0;
  let engine: SortWidgetValue["engine"] = "pending";
  let sorter: CountingSortGPU | null = null;
  let handle: GPUHandle | null = null;
  let generation = 0;

  function currentValue(): SortWidgetValue {
    const cellOf = snaps?.keys;
    const shownRounds = Math.max(0, Math.min(phaseIndex - 1, phases.length - 3));
    return {
      phase: phases[phaseIndex].name,
      phaseIndex,
      cells,
      particles: particles.map((p, i) => ({id: p.id, x: p.x, y: p.y, cell: cellOf ? cellOf[i] : -1})),
      counts: snaps && phaseIndex >= 1 ? Array.from(snaps.counts) : null,
      scanRounds: snaps ? snaps.scanRounds.slice(0, shownRounds).map((r) => Array.from(r)) : [],
      starts: snaps && phaseIndex >= phases.length - 2 ? Array.from(snaps.starts) : null,
      order: snaps && phaseIndex === phases.length - 1 ? Array.from(snaps.order) : null,
      engine,
    };
  }

  function render(animate: boolean) {
    const v = currentValue();
    drawSortDiagram(svg, {grid, side, phases, phaseIndex, particles, snaps, animate});
    cap.textContent = snaps ? caption(v) : "Sorting…";
    progress.textContent = `Phase ${phaseIndex + 1} of ${phases.length}: ${phases[phaseIndex].label}`;
    setValue(root, v);
  }

  function goTo(i: number) {
    if (!snaps) return;
    phaseIndex = i;
    elapsed = 0;
    render(true);
  }
  function step() {
    goTo((phaseIndex + 1) % phases.length);
  }
  function setPlaying(p: boolean) {
    playing = p;
    playBtn.setAttribute("aria-pressed", String(p));
    playBtn.textContent = p ? "Pause" : "Auto-play";
    elapsed = 0;
  }

  async function compute() {
    const gen = ++generation;
    snaps = null;
    render(false);
    try {
      const result = await sortTeachingSet(grid, particles, engine === "gpu" ? sorter : null);
      if (gen !== generation || scope.disposed) return;
      snaps = result;
      render(false);
    } catch (e) {
      report("error", `Sorting failed: ${(e as Error).message}`);
    }
  }

  function shuffle() {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    particles = seededParticles(n, side, side, seed);
    phaseIndex = 0;
    compute();
  }

  async function startEngine(rebuilt = false) {
    if (options.engine === "cpu") {
      engine = "cpu";
      report("info", "Running on the CPU twin (engine: cpu).");
      return;
    }
    handle = await acquireGPU();
    if (scope.disposed) return;
    if (!handle) {
      engine = "cpu";
      report("warn", fallbackMessage(gpuUnavailableReason));
      return;
    }
    const wgsl = options.wgsl ?? browserWGSL;
    const gpuScope = scope.child(handle.device);
    sorter = await createTeachingSorter(handle.device, gpuScope, wgsl);
    engine = "gpu";
    report("info", `${rebuilt ? "Rebuilt on a new GPU device after a device loss. " : ""}Arrays computed by the GPU kernels (${handle.adapterInfo.vendor || "WebGPU"}${handle.adapterInfo.architecture ? " " + handle.adapterInfo.architecture : ""}) and read back after each phase.`);
    const off = handle.onLost((info) => {
      if (scope.disposed) return;
      gpuScope.dispose();
      sorter = null;
      engine = "cpu";
      report("warn", `The GPU device was lost (${info.message || info.reason}); rebuilding on a new device…`);
      startEngine(true)
        .catch((e) => report("error", `Could not rebuild on a new GPU device (${(e as Error).message}); using the CPU twin.`))
        .then(() => compute());
    });
    gpuScope.onDispose(off);
  }

  // ---- auto-play: advances only while the widget is visible and the tab is shown
  const loop = frameLoop(root, (dt) => {
    if (!playing || !snaps) return;
    elapsed += dt * 1000;
    const hold = phases[phaseIndex].name === "scatter" ? 2 * intervalMs : intervalMs;
    if (elapsed >= hold) step();
  });
  scope.onDispose(() => loop.stop());

  root.dispose = () => {
    generation++;
    scope.dispose();
  };
  options.invalidation?.then(() => root.dispose());

  particles = seededParticles(n, side, side, seed);
  root.value = currentValue();
  startEngine()
    .catch((e) => {
      engine = "cpu";
      sorter = null;
      report("error", `GPU setup failed (${(e as Error).message}); using the CPU twin.`);
    })
    .then(() => compute());
  return root;
}
