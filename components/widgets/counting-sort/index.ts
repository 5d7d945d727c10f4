/**
 * The stepped counting-sort widget of §3: 56 particles in 16 cells (4 × 4). Phases: the
 * particles, the histogram, four Hillis–Steele scan rounds (strides 1, 2, 4, 8), the shift
 * to exclusive starts, the scatter. Every array drawn is a GPU buffer read back after that
 * phase (the teaching path of the counting sort); without WebGPU the CPU twin fills in and
 * the status line says so.
 *
 * `createCountingSort(options) → HTMLElement` with `data-widget="counting-sort"`; `.value`
 * is described in options.ts and follows Observable's view convention.
 */
import {createTeachingDiagram, settledScene} from "../shared/diagram/sort.js";
import type {GridParams} from "../../sort/grid.js";
import {plainSnapshots, seededParticles, teachingGrid, type PhaseInfo, type PlainSnapshots, type TeachingParticle} from "../../sort/teaching.js";
import {button} from "../runtime/controls.js";
import {defineWidget, type MountedElement, mountWidget} from "../runtime/mount.js";
import {readOptions} from "../runtime/options.js";
import {observeResize} from "../runtime/resize.js";
import type {EnginePhase} from "../runtime/phase.js";
import {setValue} from "../runtime/view.js";
import {captionLine} from "../runtime/card.js";
import {sortControls} from "./controls.js";
import {replaceKernel, type SortKernel} from "./replacement.js";
import {countingSortCPU} from "./cpu.js";
import type {SortEngine} from "./engine.js";
import {countingSortGPU} from "./gpu.js";
import {phaseHeading, phaseName, sortPhases, sortWidgetSchema, type CountingSortWidgetOptions, type CountingSortValue} from "./options.js";

export type {CountingSortValue} from "./options.js";
export type {SortKernel} from "./replacement.js";
export {phaseHeading} from "./options.js";

const CAPTIONS: Record<string, (v: CountingSortValue) => string> = {
  start: (v) => `${v.particles.length} particles lie scattered over ${v.cells} cells. Press Next to build the histogram.`,
  histogram: () => "Histogram: every particle adds 1 to its cell's counter with an atomic add — all particles at once, in any order.",
  starts: () => "Shift right by one and put a 0 in front: the inclusive sums become exclusive starts, where each cell's run begins.",
  scatter: () => "Scatter: each particle claims the next free slot of its cell (start + an atomic counter) and copies itself there. Cells are now contiguous.",
};
function caption(v: CountingSortValue): string {
  if (v.phase.startsWith("scan-")) {
    const s = Number(v.phase.slice(5));
    return `Scan round ${v.scanRounds.length}: every box adds the value ${s} place${s > 1 ? "s" : ""} to its left (boxes left of ${s} copy). After this round each box sums up to ${2 * s} counts.`;
  }
  return CAPTIONS[v.phase]?.(v) ?? "";
}

/** What the widget shows: a particle set, its snapshots once sorted, and the phase. */
interface SortState {
  grid: GridParams;
  phases: PhaseInfo[];
  particles: TeachingParticle[];
  snaps: PlainSnapshots | null;
  phaseIndex: number;
  /** The kernel a page replaced (useKernel), or null: the widget's own kernels. */
  kernel: SortKernel | null;
}

/** The `.value` of state `s`: arrays revealed up to the current phase; `engine` is the runtime's phase. */
function widgetValueOf(s: SortState, engine: EnginePhase): CountingSortValue {
  const {snaps, phaseIndex, phases} = s;
  const shownRounds = Math.max(0, Math.min(phaseIndex - 1, phases.length - 3));
  return {
    phase: phaseName(phases[phaseIndex]),
    phaseId: phases[phaseIndex].id,
    heading: phaseHeading({phaseIndex, cells: s.grid.numCells}),
    phaseIndex,
    cells: s.grid.numCells,
    particles: s.particles.map((p, i) => ({id: p.id, x: p.x, y: p.y, cell: snaps ? snaps.keys[i] : -1})),
    counts: snaps && phaseIndex >= 1 ? Array.from(snaps.counts) : null,
    scanRounds: snaps ? snaps.scanRounds.slice(0, shownRounds).map((r) => Array.from(r)) : [],
    starts: snaps && phaseIndex >= phases.length - 2 ? Array.from(snaps.starts) : null,
    order: snaps && phaseIndex === phases.length - 1 ? Array.from(snaps.order) : null,
    engine,
    ...(s.kernel ? {kernel: s.kernel.phase} : {}),
  };
}

/** The line naming a replaced kernel, by phase: what it computes and where its numbers go. */
const KERNEL_WORDS: Record<SortKernel["phase"], (label: string) => string> = {
  key: (k) => `The cell keys in this diagram come from ${k}; the phases after them follow from its numbers.`,
  count: (k) => `The histogram in this diagram comes from ${k}; the phases after it follow from its numbers.`,
  "scan-round": (k) => `Every scan round in this diagram comes from ${k}; the starts and the scatter follow from its numbers.`,
  scan: (k) => `The last scan round (the inclusive scan) in this diagram comes from ${k}; the starts and the scatter follow from it.`,
  shift: (k) => `The exclusive starts in this diagram come from ${k}; the scatter follows from its numbers.`,
  scatter: (k) => `The scatter's order in this diagram comes from ${k}.`,
};

/** The index of the first phase that shows a replaced kernel's array, of `count` phases (start, histogram, rounds, shift, scatter). */
const firstPhaseOf = (phase: SortKernel["phase"], count: number) =>
  ({key: 1, count: 1, "scan-round": 2, scan: count - 3, shift: count - 2, scatter: count - 1})[phase];

/**
 * The page's replaced kernel (`useKernel`, replacement.ts) and the line saying whose kernel
 * runs, with a button back to the widget's own; `apply` gives a sort's snapshots with the
 * replaced phase and everything after it. A kernel that fails is dropped and the line says why.
 */
function kernelHook(s: SortState, resort: () => void) {
  const line = document.createElement("p");
  line.className = "sort-kernel-note";
  line.hidden = true;
  const text = document.createElement("span");
  const back = button("Back to the essay's kernels", () => use(null), {title: "Sort with the widget's own kernels again"});
  line.append(text, " ", back);
  const say = (message: string, active: boolean) => {
    text.textContent = message;
    back.hidden = !active;
    line.hidden = !message;
  };
  const use = (kernel: SortKernel | null) => {
    s.kernel = kernel;
    say(kernel ? KERNEL_WORDS[kernel.phase](kernel.label) : "", !!kernel);
    resort();
  };
  const apply = async (plain: PlainSnapshots, side: number): Promise<PlainSnapshots> => {
    const kernel = s.kernel;
    if (!kernel) return plain;
    try {
      return await replaceKernel(plain, s.particles, side, kernel);
    } catch (e) {
      s.kernel = null;
      say(`${kernel.label} could not run here (${(e as Error).message}); the diagram shows the essay's kernels.`, false);
      return plain;
    }
  };
  return {line, use, apply};
}

/** The diagram's SVG (components/widgets/shared/diagram/sort.ts, laid out for the box's width) in a box as wide as the widget. */
function diagramBox(side: number, n: number) {
  const diagram = createTeachingDiagram({dimX: side, dimY: side, numCells: side * side, numParticles: n, numRounds: Math.ceil(Math.log2(side * side))}, "flow");
  const box = document.createElement("div");
  box.className = "sort-scroll";
  box.style.cssText = "max-width:100%";
  box.append(diagram.svg);
  return {diagram, scroller: box};
}

/**
 * The width (CSS px) to lay the diagram out for: the box's, rounded down, once it has one.
 * Not `clientWidth`, which rounds to the nearest pixel: a drawing laid out 0.4 px wider than
 * its box is scaled down to fit, and its 11 px labels come out at 10.99 px.
 */
const layoutWidth = (box: HTMLElement) => {
  const w = Math.floor(box.getBoundingClientRect().width);
  return w > 0 ? w : 840;
};

/** The options read, with the widget's state (its grid, phases, particles and their snapshots). */
function readSort(options: CountingSortWidgetOptions) {
  const {values, notes} = readOptions(sortWidgetSchema, options);
  const side = values.side;
  const phases = sortPhases(side * side);
  const s: SortState = {
    grid: teachingGrid(side, side),
    phases,
    particles: seededParticles(values.seed, values.particles, side, side),
    snaps: null,
    phaseIndex: 0,
    kernel: null,
  };
  return {values, notes, s};
}

/** The stepped counting sort as a definition (an SVG diagram, GPU or CPU twin; mounted by `mountWidget`). */
export const sortDefinition = defineWidget<CountingSortWidgetOptions, ReturnType<typeof readSort>, CountingSortValue, SortEngine>({
  name: "counting-sort",
  className: "sort-widget",
  read: readSort,
  value: ({s}, engine) => widgetValueOf(s, engine),
  build: (w, options) => {
    const {values, s} = w.config;
    const {root, status} = w;
    const {side} = values;
    const {phases} = s;
    const {diagram, scroller} = diagramBox(side, values.particles);
    const cap = document.createElement("p");
    cap.className = "caption";
    cap.setAttribute("aria-live", "polite");
    const controls = sortControls();
    root.tabIndex = -1;
    // a replaced kernel: sort again, then show the first phase its numbers reach
    const hook = kernelHook(s, () => {
      s.phaseIndex = 0;
      void compute().then(() => s.kernel && s.snaps && goTo(firstPhaseOf(s.kernel.phase, phases.length)));
    });
    (root as CountingSortElement).useKernel = hook.use;

    let seed = values.seed;
    let playing = false;
    let elapsed = 0;
    let generation = 0; // a newer sort (or an engine change) makes older results stale
    let drawnWidth = 840;

    const paint = (animate: boolean) => {
      const v = widgetValueOf(s, w.phase);
      const scene = settledScene(phases, s.phaseIndex, s.snaps, s.particles.length, s.grid.numCells);
      diagram.update(scene, {data: s.snaps, particles: s.particles, width: drawnWidth, animate});
      cap.textContent = s.snaps ? caption(v) : "Sorting…";
      controls.prev.disabled = s.phaseIndex === 0;
      controls.progress.textContent = v.heading;
      return v;
    };
    const render = (animate: boolean) => setValue(root, paint(animate));
    const compute = async () => {
      const gen = ++generation;
      s.snaps = null;
      render(false);
      const engine = w.engine;
      if (!engine) return; // the next engine sorts it when it starts
      try {
        const snaps = await engine.sort(s.particles);
        if (gen !== generation) return;
        const plain = await hook.apply(plainSnapshots(snaps), side);
        if (gen !== generation) return;
        s.snaps = plain;
        render(false);
      } catch (e) {
        if (gen === generation) status.error(`Sorting failed: ${(e as Error).message}`);
      }
    };
    const goTo = (i: number) => {
      if (!s.snaps) return;
      s.phaseIndex = i;
      elapsed = 0;
      render(true);
    };
    /** +1: the next phase (after the last, the first again); −1: the previous one (none before the first). */
    const step = (dir = 1) => goTo(dir > 0 ? (s.phaseIndex + 1) % phases.length : Math.max(0, s.phaseIndex - 1));
    const setPlaying = (p: boolean) => {
      playing = p;
      elapsed = 0;
      controls.setPlaying(p);
    };
    const shuffle = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      s.particles = seededParticles(seed, values.particles, side, side);
      s.phaseIndex = 0;
      void compute();
    };
    // auto-play: the runtime runs frames only while the widget is visible and the tab is shown
    const frame = (dt: number) => {
      if (!playing || !s.snaps) return;
      elapsed += dt * 1000;
      const hold = phases[s.phaseIndex].id === "scatter" ? 2 * values.intervalMs : values.intervalMs;
      if (elapsed >= hold) step();
    };
    const onKey = (ev: KeyboardEvent) => {
      if (ev.target instanceof HTMLButtonElement && (ev.key === "Enter" || ev.key === " ")) return;
      if (ev.key === "ArrowRight") step();
      else if (ev.key === "ArrowLeft") step(-1);
      else return;
      ev.preventDefault();
    };
    controls.bind({step, togglePlay: () => setPlaying(!playing), shuffle});
    root.addEventListener("keydown", onKey);
    paint(false); // the unsorted particles until the engine starts
    // lay the drawing out again when the widget's width changes (a phone turned, a window resized)
    const relayout = () => {
      const width = layoutWidth(scroller);
      if (width === drawnWidth) return;
      drawnWidth = width;
      paint(false);
    };
    const stopResize = observeResize([scroller], relayout); // a frame later: paint() changes the scroller's height
    return {
      gpu: (ctx) => countingSortGPU(ctx, s.grid, frame),
      cpu: (ctx) => countingSortCPU(ctx, s.grid, frame, values.engine === "cpu"),
      cpuReason: values.engine === "cpu" ? "Running on the CPU twin (engine: cpu)." : null,
      onEngine: () => void compute(),
      onEngineStop: () => {
        generation++;
      },
      wgsl: options.wgsl,
      layout: (_play, rt) => {
        rt.scope.onDispose(() => {
          generation++;
          stopResize();
        });
        return [controls.element, hook.line, scroller, cap, status.element];
      },
      caption: ({value: v}) =>
        captionLine(v.heading, `${v.particles.length} particles in ${v.cells} cells`, `scan rounds done: ${v.scanRounds.length}`, "press Next, or Auto-play"),
    };
  },
});

/**
 * The widget's element: `.value`, `dispose()`, and `useKernel(kernel)`, the page's hook for a
 * replaced kernel (replacement.ts: e.g. the reader's passing count kernel from an exercise);
 * `useKernel(null)` goes back to the widget's own kernels, as does the line's button.
 */
export type CountingSortElement = MountedElement<CountingSortValue> & {useKernel(kernel: SortKernel | null): void};

/** Builds the widget. Bad options are replaced and noted in its status line (never a blank widget). */
export const createCountingSort = (options: CountingSortWidgetOptions = {}) => mountWidget(sortDefinition, options) as CountingSortElement;
