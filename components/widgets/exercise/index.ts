/**
 * The exercise widget: one task of components/exercises/ (a kernel to write) in a code editor, with
 * its goal, requirements, hints, the reference solution behind a reveal and the same idea
 * elsewhere; "Run and check" compiles the reader's WGSL and compares its output with the CPU twin
 * at several sizes, on the reader's GPU (a device of the exercises' own) or, without WebGPU, on the
 * CPU interpreter. The code is kept per task in localStorage; a pass marks the task done.
 *
 * `createExercise(options) → HTMLElement` with `data-widget="exercise"` and `data-task`; `.value`
 * is `ExerciseValue` (`{task, passed, attempts, engine}`, components/exercises/task.ts) with an
 * `input` event on every change. A page that plugs a passing kernel into another widget reads
 * `passedCode` (the code that passed, null otherwise) when `.value.passed` turns true, and may say
 * so under the result with `showDriven(text, href)`.
 *
 * The editor (CodeMirror) and the checker load when the widget first comes near the viewport (the
 * runtime's lazy start), not with the widget.
 */
import type {CheckResult, ExerciseValue, Task, TaskInput} from "../../exercises/task.js";
import {shownWGSL} from "../../gpu/wgsl-browser.js";
import {button} from "../runtime/controls.js";
import {defineWidget, type MountedElement, mountWidget} from "../runtime/mount.js";
import {readOptions} from "../runtime/options.js";
import {observeResize} from "../runtime/resize.js";
import type {Checker} from "./check.js";
import type {ExerciseEditor} from "./editor.js";
import type {createStepper} from "./stepper.js";
import {type ExerciseOptions, exerciseSchema, initialValue} from "./options.js";
import {elsewhereNote, hintList, solutionReveal, taskHead} from "./panel.js";
import {resultBox} from "./result.js";
import {isDone, markDone, saveCode, savedCode} from "./store.js";
import {findTask, taskSource} from "./tasks.js";

export type {ExerciseValue} from "./options.js";

/** The widget's element: `.value`, `dispose()`, and the page's hooks (see the module comment). */
export type ExerciseElement = MountedElement<ExerciseValue> & {
  /** The code of the latest passing check, null before one and after Reset. */
  passedCode: string | null;
  /** The task shown. */
  task: Task;
  /** A line under the result naming what the passing kernel now drives, with a link to it; empty text removes it. */
  showDriven(text: string, href: string): void;
  /**
   * Runs the passing kernel (`passedCode`) on `input` under the task's harness, where the checks
   * run (run.ts), and gives its output binding; rejects with a sentence without a passing kernel.
   */
  runKernel(input: TaskInput): Promise<Uint32Array | Float32Array>;
  /** The code in the editor ("" before the editor has loaded). */
  code(): string;
};

let ids = 0;

/** The options read, the task, and the widget's state. */
function readExercise(options: ExerciseOptions) {
  const {values, notes} = readOptions(exerciseSchema, options);
  const task = findTask(values.task);
  return {values, notes, task, state: {value: initialValue(task.id)}};
}

/** The title line: the task's title and, once passed in this browser, "done". */
function titleLine(task: Task) {
  const p = document.createElement("p");
  p.className = "exercise-title";
  const title = document.createElement("span");
  title.className = "exercise-title-text";
  title.textContent = task.title;
  const done = document.createElement("span");
  done.className = "exercise-done";
  done.textContent = "Done ✓";
  const show = (on: boolean) => (done.hidden = !on);
  show(isDone(task.id));
  p.append(title, " ", done);
  return {element: p, show};
}

/** The editor's box with a placeholder until the editor has loaded, and the keys' hint under it. */
function editorBox(task: Task) {
  const box = document.createElement("div");
  box.className = "exercise-editor";
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", `Code editor: ${task.title}`);
  const placeholder = document.createElement("p");
  placeholder.className = "exercise-loading";
  placeholder.textContent = "Loading the editor…";
  box.append(placeholder);
  const hint = document.createElement("p");
  hint.className = "exercise-keys";
  hint.id = `exercise-keys-${++ids}`;
  hint.textContent = "In the editor, Tab indents. Escape leaves the editor for the Run button, from where Tab moves on. Ctrl+Enter (⌘+Enter) runs the check.";
  return {box, placeholder, hint};
}

/** A line under the result saying what the passing kernel drives (set by the page). */
function drivenLine() {
  const p = document.createElement("p");
  p.className = "exercise-driven";
  p.hidden = true;
  return {
    element: p,
    show(text: string, href: string) {
      const a = document.createElement("a");
      a.href = href;
      a.textContent = text;
      p.replaceChildren(a);
      p.hidden = !text;
    },
  };
}

/**
 * "Step a thread": a button that loads and builds the stepper (stepper.ts) the first time it is
 * pressed, in `slot` (under the Run button's line); pressed again, it traces the code now in the
 * editor. It starts at the thread (and workgroup) of the latest check's race, else thread 0 of
 * workgroup 0; the slot a step touches in the output binding is marked in the mismatch view.
 */
function stepThread(task: Task, o: {editor(): ExerciseEditor | null; last(): CheckResult | null; markSlot(index: number | null, size: number): void}) {
  const slot = document.createElement("div");
  slot.className = "exercise-stepper-slot";
  const outputName = task.bindings.find((b) => b.binding === task.output)?.name;
  let stepper: ReturnType<typeof createStepper> | null = null;
  const open = () => {
    const ed = o.editor();
    if (!ed) return;
    if (stepper) return stepper.retrace();
    void import("./stepper.js").then(({createStepper}) => {
      if (stepper || !o.editor()) return;
      const race = o.last()?.race;
      stepper = createStepper({
        task,
        code: () => ed.code(),
        editor: ed,
        thread: race?.reader ?? 0,
        workgroup: race?.workgroup ?? 0,
        onStep: (a, size) => o.markSlot(a && a.buffer === outputName ? a.index : null, size),
      });
      slot.replaceChildren(stepper.element);
    });
  };
  const b = button("Step a thread", open, {
    title: "Follow one thread of your kernel step by step on the CPU interpreter: its lines, the slots it reads and writes, the barriers it waits at",
  });
  b.className = "exercise-step";
  return {
    button: b,
    slot,
    /** After a check: trace the checked code again, at the thread of its race if it has one. */
    retrace: (r: CheckResult) => stepper?.retrace(r.race?.reader, r.race?.workgroup),
    stale: () => stepper?.stale(),
    dispose() {
      stepper?.dispose();
      stepper = null;
    },
  };
}

/** The exercise as a definition (mounted by `mountWidget`): an editor, a checker, the task's words. */
export const exerciseDefinition = defineWidget<ExerciseOptions, ReturnType<typeof readExercise>, ExerciseValue, object>({
  name: "exercise",
  className: "exercise",
  read: readExercise,
  value: ({state}) => ({...state.value}),
  build: (w, options) => {
    const {task, values, state} = w.config;
    const root = w.root as ExerciseElement;
    root.dataset.task = task.id;
    root.task = task;
    root.passedCode = null;
    const load = options.wgsl ?? shownWGSL;
    const title = titleLine(task);
    const box = editorBox(task);
    const driven = drivenLine();
    root.showDriven = driven.show;
    root.runKernel = (input) => {
      const code = root.passedCode;
      if (code === null) return Promise.reject(new Error("no kernel has passed the check"));
      return import("./run.js").then((m) => m.runOnInput(task, code, input, state.value.engine === "gpu" ? "gpu" : "interpreter"));
    };
    let editor: ExerciseEditor | null = null;
    let checker: Checker | null = null;
    let starter = "";
    let running = false;
    const result = resultBox((m) => editor?.goTo(m));
    const stepper = stepThread(task, {editor: () => editor, last: result.current, markSlot: result.markSlot});
    root.code = () => editor?.code() ?? "";
    const update = (patch: Partial<ExerciseValue>) => {
      state.value = {...state.value, ...patch};
      w.setValue();
    };

    const check = async () => {
      if (running || !editor || !checker) return;
      const code = editor.code();
      running = true;
      runButton.setAttribute("aria-disabled", "true");
      runButton.textContent = "Checking…";
      driven.show("", "");
      update({attempts: state.value.attempts + 1});
      result.running(checker.engine === "gpu" ? "Compiling and running your kernel on your GPU…" : "Running your kernel on the CPU interpreter…");
      const r: CheckResult = code.trim()
        ? await checker.check(task, code)
        : {
            engine: checker.engine,
            passed: false,
            messages: [],
            cases: [],
            problem: "The editor is empty: write a kernel, or press Reset for the starter code.",
          };
      running = false;
      runButton.removeAttribute("aria-disabled");
      runButton.textContent = "Run and check";
      if (!editor) return; // disposed meanwhile
      editor.showMessages(r.messages);
      result.show(r);
      root.passedCode = r.passed ? code : null;
      stepper.retrace(r);
      if (r.passed) {
        markDone(task.id);
        title.show(true);
      }
      update({passed: r.passed, engine: r.engine});
    };
    const runButton = button("Run and check", () => void check(), {title: "Compile your kernel and compare its output with the CPU twin (Ctrl+Enter)"});
    runButton.className = "exercise-run";
    const resetButton = button(
      "Reset",
      () => {
        if (!editor) return;
        editor.setCode(starter);
        saveCode(task.id, null);
        editor.showMessages([]);
        result.clear(); // the stepper goes stale with the editor's change
        driven.show("", "");
        root.passedCode = null;
        if (state.value.passed) update({passed: false});
      },
      {title: "Put the starter code back (Ctrl+Z in the editor undoes it)"}
    );
    const controls = document.createElement("div");
    controls.className = "widget-controls exercise-controls";
    controls.append(runButton, resetButton, stepper.button);
    const engineLine = document.createElement("p");
    engineLine.className = "exercise-engine";
    const solution = solutionReveal(
      () => taskSource(task, "solution", load),
      (code) => editor?.setCode(code)
    );

    return {
      cpuReason: "an exercise chooses where its checks run when it starts",
      cpu: async (ctx) => {
        const [{createEditor}, text, chk] = await Promise.all([
          import("./editor.js"),
          taskSource(task, "starter", load),
          import("./check.js").then((m) => m.createChecker(values.engine === "interpreter" ? "interpreter" : "auto")),
        ]);
        if (ctx.scope.disposed) return {};
        starter = text;
        checker = chk;
        const ed = createEditor(box.box, {
          doc: savedCode(task.id) ?? text,
          label: `WGSL editor: ${task.title}`,
          describedBy: box.hint.id,
          onChange: (code) => (saveCode(task.id, code), stepper.stale()),
          onRun: () => void check(),
          onLeave: () => runButton.focus(),
        });
        editor = ed;
        box.placeholder.remove();
        engineLine.textContent = chk.line;
        ctx.scope.onDispose(() => {
          stepper.dispose();
          ed.destroy();
          editor = null;
        });
        update({engine: chk.engine});
        return {};
      },
      layout: (_play, rt) => {
        rt.scope.onDispose(observeResize([result.element], () => result.relayout()));
        return [
          title.element,
          ...taskHead(task),
          box.box,
          box.hint,
          controls,
          engineLine,
          stepper.slot,
          result.element,
          driven.element,
          hintList(task),
          solution,
          elsewhereNote(task),
          w.status.element,
        ].filter((n): n is HTMLElement => !!n);
      },
    };
  },
});

/** Builds the widget. A bad option (an unknown task) is replaced and noted in its status line (never a blank widget). */
export const createExercise = (options: ExerciseOptions = {}) => mountWidget(exerciseDefinition, options) as ExerciseElement;
