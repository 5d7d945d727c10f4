/**
 * Plugs a reader's passing kernel into the live widget of its section: the page's wiring between an
 * exercise (components/widgets/exercise/) and the 56-particle counting sort
 * (components/widgets/counting-sort/, its `useKernel` hook). Widgets never import one another; the
 * page that shows both joins them here.
 *
 * A task names what it drives (`Task.drives`: `{widget: "counting-sort", kernel}` with the kernel's
 * entry point, e.g. "count"). `sortKernelFor` turns the widget's arrays into the task's harness
 * (components/exercises/tasks.ts: the same bindings as the sort's own kernels) and the kernel's
 * output back into the widget's arrays; the kernel itself runs where the exercise's checks run
 * (`ExerciseElement.runKernel`), never on the simulations' device.
 */
import type {Task, TaskInput} from "../exercises/task.js";
import {gridWords, workgroupsFor} from "../exercises/inputs.js";
import {PARTICLE_WORDS, packParticles} from "../sort/particles.js";
import {teachingGrid} from "../sort/teaching.js";
import type {CountingSortElement, SortKernel} from "../widgets/counting-sort/index.js";
import type {SortKernelInput} from "../widgets/counting-sort/replacement.js";
import type {ExerciseElement} from "../widgets/exercise/index.js";

/** A task's driven kernel (its entry point) → the phase of the sort widget it replaces. */
const PHASE_OF: Record<string, SortKernel["phase"]> = {
  cell_keys: "key",
  count: "count",
  scan_round: "scan-round",
  shift_exclusive: "shift",
  scatter: "scatter",
};
/** How the sort widget's line names the reader's kernel of each phase. */
const LABEL_OF: Record<SortKernel["phase"], string> = {
  key: "your cell-key kernel",
  count: "your count kernel",
  "scan-round": "your scan-round kernel",
  scan: "your scan kernel",
  shift: "your exclusive-shift kernel",
  scatter: "your scatter kernel",
};

/** The packed particles of the widget's input, keys written (the scatter reads them). */
function packed(i: SortKernelInput) {
  const p = packParticles(i.particles.map((q) => ({x: q.x, y: q.y, id: q.id})));
  i.keys.forEach((k, j) => (p.u32[j * PARTICLE_WORDS + 5] = k));
  return p;
}

/** The task's input (its harness's buffers) for the widget's arrays of `phase`. */
export function harnessInput(phase: SortKernel["phase"], i: SortKernelInput): TaskInput {
  const n = i.particles.length;
  const cells = i.side * i.side;
  const grid = () => gridWords(teachingGrid(i.side, i.side), n);
  switch (phase) {
    case "key":
      return {size: n, buffers: {0: grid(), 1: packed(i).u32, 2: new Uint32Array(n)}, workgroups: workgroupsFor(n)};
    case "count":
      return {size: n, buffers: {0: grid(), 1: packed(i).u32, 2: new Uint32Array(cells)}, workgroups: workgroupsFor(n)};
    case "scan-round":
      return {
        size: cells,
        buffers: {0: new Uint32Array([i.stride ?? 1, cells]), 1: i.src ?? i.counts, 2: new Uint32Array(cells)},
        workgroups: workgroupsFor(cells),
      };
    case "shift":
      return {
        size: cells,
        buffers: {0: new Uint32Array([cells, 0]), 1: i.inclusive ?? i.counts, 2: new Uint32Array(cells + 1)},
        workgroups: workgroupsFor(cells),
      };
    case "scatter": {
      const starts = i.starts ?? new Uint32Array(cells + 1);
      return {size: n, buffers: {0: grid(), 1: packed(i).u32, 2: new Uint32Array(n * PARTICLE_WORDS), 3: starts.slice(0, cells)}, workgroups: workgroupsFor(n)};
    }
    case "scan":
      throw new RangeError("no task drives the whole scan");
  }
}

/** The widget's array from the kernel's output: the scatter's particles become their ids in slot order. */
export function widgetOutput(phase: SortKernel["phase"], out: Uint32Array | Float32Array): ArrayLike<number> {
  const words = out instanceof Uint32Array ? out : new Uint32Array(out.buffer, out.byteOffset, out.length);
  if (phase !== "scatter") return words;
  return Array.from({length: Math.floor(words.length / PARTICLE_WORDS)}, (_, k) => words[k * PARTICLE_WORDS + 4]);
}

/** The phase of the counting-sort widget that `task` drives, or null (it drives another widget, or none). */
export function drivenPhase(task: Task): SortKernel["phase"] | null {
  if (task.drives?.widget !== "counting-sort") return null;
  return PHASE_OF[task.drives.kernel] ?? null;
}

/** The sort widget's replacement for `exercise`'s passing kernel, or null when its task drives no phase of that widget. */
function sortKernelFor(exercise: ExerciseElement): SortKernel | null {
  const phase = drivenPhase(exercise.task);
  if (!phase) return null;
  return {
    phase,
    label: LABEL_OF[phase],
    run: async (input) => widgetOutput(phase, await exercise.runKernel(harnessInput(phase, input))),
  };
}

/**
 * Joins an exercise to the page's sort widget for as long as both live: each pass plugs the
 * reader's kernel into the widget `findSort` gives at that moment (and says so under the exercise's
 * result, linking to `href`); a failing check or Reset takes it out again, as does the widget's own
 * "Back to the essay's kernels". Returns the function that unhooks (the page's invalidation).
 */
function driveSortWidget(exercise: ExerciseElement, findSort: () => CountingSortElement | null, href: string): () => void {
  if (!drivenPhase(exercise.task)) return () => {};
  let plugged: {code: string; sort: CountingSortElement} | null = null;
  // the reader went back to the essay's kernels in the sort widget, or the kernel failed there
  const onSort = () => {
    if (!plugged || plugged.sort.value.kernel) return;
    plugged.sort.removeEventListener("input", onSort);
    plugged = null;
    exercise.showDriven("", "");
  };
  const unplug = () => {
    if (!plugged) return;
    plugged.sort.removeEventListener("input", onSort);
    plugged.sort.useKernel(null);
    plugged = null;
    exercise.showDriven("", "");
  };
  let waiting: ReturnType<typeof setInterval> | undefined;
  const plug = (code: string, sort: CountingSortElement) => {
    plugged = {code, sort};
    sort.useKernel(sortKernelFor(exercise));
    sort.addEventListener("input", onSort);
    exercise.showDriven("Your kernel now runs in the counting sort, one phase at a time: see it there ↑", href);
  };
  const onExercise = () => {
    const code = exercise.value.passed ? exercise.passedCode : null;
    if (code === (plugged?.code ?? null)) return;
    clearInterval(waiting);
    unplug();
    if (code === null) return;
    const sort = findSort();
    if (sort) return plug(code, sort);
    // the section's module has not made the widget yet (it loads on approach): plug it in when it has
    let tries = 0;
    waiting = setInterval(() => {
      const later = findSort();
      if (later && exercise.passedCode === code) plug(code, later);
      if (later || ++tries > 120) clearInterval(waiting);
    }, 500);
  };
  exercise.addEventListener("input", onExercise);
  return () => {
    clearInterval(waiting);
    exercise.removeEventListener("input", onExercise);
    unplug();
  };
}

/**
 * Mounts the exercises of a "Write this kernel yourself" disclosure (`<details class="exercise-slot"
 * data-tasks="histogram scan-round …">`, task ids separated by spaces) inside it, once, each joined
 * to the page's counting-sort widget (`#demo-counting-sort`) when its task drives that widget. The
 * page calls it when the reader first opens the disclosure; it returns the exercises it made (none
 * the second time).
 */
export function mountExercises(
  slot: HTMLElement,
  createExercise: (o: {task: string; invalidation?: Promise<unknown>}) => ExerciseElement,
  invalidation?: Promise<unknown>
): ExerciseElement[] {
  if (slot.dataset.mounted) return [];
  slot.dataset.mounted = "true";
  const findSort = () => document.querySelector<CountingSortElement>('#demo-counting-sort [data-widget="counting-sort"]');
  return (slot.dataset.tasks ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((task) => {
      const exercise = createExercise({task, invalidation});
      slot.append(exercise);
      const unhook = driveSortWidget(exercise, findSort, "#demo-counting-sort");
      invalidation?.then(unhook);
      return exercise;
    });
}
