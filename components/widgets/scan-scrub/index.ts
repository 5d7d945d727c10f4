/**
 * The scroll-scrubbed counting sort of §3: 18 particles in 3 × 2 = 6 cells. A sticky stage
 * holds the diagram while step texts scroll past; scroll progress through the widget picks
 * the phase — histogram, Hillis–Steele rounds with strides 1, 2, 4, the shift to exclusive
 * starts, the scatter — and how far it has run. The diagram is a pure function of that
 * progress (model.ts).
 *
 * The arrays come from the GPU: the counting-sort kernels of shaders/sort/ run once per
 * particle set, every phase's buffer is read back, and scrolling only interpolates between
 * those snapshots. Without WebGPU the CPU twin provides them and the status line says so.
 *
 * `createScanScrub(options) → HTMLElement` with `data-widget="scan-scrub"`; `.value` is
 * described in options.ts. Keyboard: with the stage focused, ←/→ (or ↑/↓) step one phase,
 * Home/End go to the ends; the page scrolls to match.
 */
import {createTeachingDiagram, type TeachingDiagram} from "../shared/diagram/sort.js";
import {
  phaseHeading,
  phasesFor,
  plainSnapshots,
  seededParticles,
  sortTeachingSet,
  type PhaseInfo,
  type PlainSnapshots,
  type TeachingParticle,
} from "../../sort/teaching.js";
import type {SortSnapshots} from "../../sort/twin.js";
import {defineWidget, mountWidget} from "../runtime/mount.js";
import {readOptions} from "../runtime/options.js";
import {observeResize} from "../runtime/resize.js";
import type {Status} from "../runtime/status.js";
import {setValue} from "../runtime/view.js";
import {captionLine} from "../runtime/card.js";
import {createScrolly, createStepper, type Scrolly} from "../shared/scroll/scrolly.js";
import {scrubControls} from "./controls.js";
import {cpuEngine} from "./cpu.js";
import {DIM_X, DIM_Y, GRID, type ScrubEngine} from "./engine.js";
import {gpuEngine} from "./gpu.js";
import {captionOf, revealedArrays, sceneAt} from "./model.js";
import {DEFAULT_STEPS, scanScrubSchema, type ScanScrubOptions, type ScanScrubValue} from "./options.js";
import {printSteps} from "./print.js";

export type {ScanScrubValue} from "./options.js";

/** One sorted particle set, ready to show. */
interface SortedSet {
  seed: number;
  particles: TeachingParticle[];
  data: PlainSnapshots;
  engine: "gpu" | "cpu";
}

/** Sorts the set of `seed` on `engine`; a failed GPU run falls back to the twin for this set and says so. */
async function sortSet(engine: ScrubEngine, seed: number, count: number, status: Status): Promise<{set: SortedSet; report: () => void}> {
  const list = seededParticles(seed, count, DIM_X, DIM_Y);
  let kind = engine.kind;
  let report = engine.report;
  let snaps: SortSnapshots;
  try {
    snaps = await engine.sort(list);
  } catch (e) {
    console.warn("[scan-scrub] GPU sort failed, using the CPU twin:", e);
    snaps = await sortTeachingSet(GRID, list, null);
    kind = "cpu";
    report = () => status.error(`The GPU run failed (${(e as Error).message}), so these arrays come from the CPU twin.`);
  }
  const data = plainSnapshots(snaps);
  return {set: {seed, particles: list.map((p, i) => ({...p, cell: data.keys[i]})), data, engine: kind}, report};
}

interface Parts {
  scrolly: Scrolly;
  diagram: TeachingDiagram;
  controls: ReturnType<typeof scrubControls>;
  phases: PhaseInfo[];
}

/** Draws `set` at scroll progress `progress` and returns the `.value` it shows. */
function show(ui: Parts, set: SortedSet, progress: number, reducedMotion: boolean): ScanScrubValue {
  const {scrolly, phases} = ui;
  const scene = sceneAt(progress, set.data, phases, reducedMotion);
  ui.diagram.update(scene, {data: set.data, particles: set.particles});
  scrolly.segments.forEach((seg, k) => {
    const fill = k < scene.phaseIndex ? 1 : k > scene.phaseIndex ? 0 : scene.t;
    seg.style.width = `${(fill * 100).toFixed(2)}%`;
  });
  scrolly.progressBar.setAttribute("aria-valuenow", String(Math.round(progress * 100)));
  const heading = phaseHeading(phases, scene.phaseIndex);
  scrolly.phaseLabel.textContent = heading;
  scrolly.caption.textContent = captionOf(scene, set.data);
  scrolly.stepEls.forEach((el, k) => el.classList.toggle("active", k === scene.phaseIndex));
  ui.controls.prev.disabled = progress <= 0;
  ui.controls.next.disabled = scene.phaseIndex === phases.length - 1 && scene.anim >= 1;
  return {
    progress,
    phase: scene.phase.id,
    phaseId: scene.phase.id,
    heading,
    phaseIndex: scene.phaseIndex,
    particles: set.particles.map((p) => ({...p})),
    ...revealedArrays(set.data, scene.phaseIndex, phases),
    seed: set.seed,
    engine: set.engine,
  };
}

/** The options read (`cpuOnly` is the old name of `engine: "cpu"`). */
function readScrub(options: ScanScrubOptions) {
  return readOptions(scanScrubSchema, {...options, engine: options.engine ?? (options.cpuOnly ? "cpu" : undefined)});
}

/** The scroll-scrubbed counting sort as a definition (a sticky SVG diagram, GPU or CPU twin; mounted by `mountWidget`). */
export const scanScrubDefinition = defineWidget<ScanScrubOptions, ReturnType<typeof readScrub>, ScanScrubValue | null, ScrubEngine>({
  name: "scan-scrub",
  className: "scan-scrub",
  read: readScrub,
  value: () => null,
  build: (w, options) => {
    const {values} = w.config;
    const {root, status} = w;
    const phases = phasesFor(GRID.numCells);
    const numRounds = phases.filter((p) => p.stride !== undefined).length;
    const diagram = createTeachingDiagram({dimX: DIM_X, dimY: DIM_Y, numCells: GRID.numCells, numParticles: values.count, numRounds}, "stage");
    const scrolly = createScrolly(
      root,
      phases,
      phases.map((_, k) => options.steps?.[k] ?? DEFAULT_STEPS[k] ?? ""),
      diagram.svg,
      "Counting-sort diagram. Scroll, or use the arrow keys, to step through its phases."
    );
    const reduced = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
    const reducedMotion = () => !!reduced?.matches;
    const stepper = createStepper(scrolly, phases.length, reducedMotion);
    const controls = scrubControls();
    const parts: Parts = {scrolly, diagram, phases, controls};
    scrolly.stage.append(controls.element, status.element);

    let set: SortedSet | null = null;
    let wantedSeed = values.seed;
    let generation = 0; // a newer request (or an engine change) makes older results stale
    let lastKey = "";

    const render = () => {
      if (!set) return;
      const progress = scrolly.progress();
      const key = `${progress}|${reducedMotion()}|${generation}`;
      if (key === lastKey) return;
      lastKey = key;
      setValue(root, show(parts, set, progress, reducedMotion()));
    };
    const compute = async () => {
      const engine = w.engine;
      if (!engine) return; // the next engine computes it when it starts
      const gen = ++generation;
      const {set: next, report} = await sortSet(engine, wantedSeed, values.count, status);
      if (gen !== generation) return;
      set = next;
      controls.seedLabel.textContent = `seed ${set.seed}`;
      report();
      lastKey = "";
      render();
    };
    const reseed = () => {
      wantedSeed = (set?.seed ?? wantedSeed) + 1;
      return compute();
    };
    controls.bind({step: stepper.step, reseed});

    const onScroll = () => {
      stepper.onScroll();
      render();
    };
    let laidOut = false;
    const onResize = () => {
      laidOut = true;
      scrolly.layout();
      diagram.fitText();
      lastKey = "";
      render();
    };
    // a key pressed before the first layout (its first animation frame has not come) lays the
    // scrubber out first, so Home/End aim at its laid-out ends
    const onKey = (ev: KeyboardEvent) => {
      if (!laidOut && root.isConnected) onResize();
      stepper.onKey(ev);
    };
    const onMotion = () => {
      lastKey = "";
      render();
    };
    return {
      gpu: gpuEngine,
      cpu: (ctx) => cpuEngine(ctx, values.engine === "cpu"),
      cpuReason: values.engine === "cpu" ? "Running the CPU twin of the GPU kernels (engine: cpu)." : null,
      onEngine: () => void compute(),
      onEngineStop: () => {
        generation++;
      },
      layout: (_play, rt) => {
        const stopPrint = printSteps(
          root,
          {diagram, phases, stepEls: scrolly.stepEls},
          () => set,
          () => set && show(parts, set, scrolly.progress(), reducedMotion())
        );
        scrolly.stage.addEventListener("keydown", onKey);
        window.addEventListener("scroll", onScroll, {passive: true});
        window.addEventListener("resize", onResize);
        const stopResize = observeResize([root, scrolly.stage], onResize); // a frame later: onResize sizes the stage
        reduced?.addEventListener?.("change", onMotion);
        const frame = requestAnimationFrame(onResize); // first layout once attached
        rt.scope.onDispose(() => {
          cancelAnimationFrame(frame);
          window.removeEventListener("scroll", onScroll);
          window.removeEventListener("resize", onResize);
          stopResize();
          reduced?.removeEventListener?.("change", onMotion);
          stopPrint();
          generation++;
        });
        return [scrolly.element];
      },
      caption: ({value: v}) =>
        v
          ? captionLine(
              v.heading,
              v.engine === "gpu" ? "arrays read back from the GPU" : "arrays from the CPU twin",
              "scroll, or focus the diagram and press ← →"
            )
          : "Scroll to run the sort",
    };
  },
});

/** Creates the scroll-scrubbed counting-sort diagram (see the module comment). */
export const createScanScrub = (options: ScanScrubOptions = {}) => mountWidget(scanScrubDefinition, options);
