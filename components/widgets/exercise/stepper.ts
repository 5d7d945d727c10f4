/**
 * "Step a thread": the reader follows one thread of their kernel through the CPU interpreter, one
 * step at a time. The trace (components/exercises/check-interpreter.ts, `traceOnInterpreter`)
 * runs in a worker of its own (worker-main.ts), one workgroup at the task's largest interpreter
 * size, whatever engine the checks use: so it also works on a page with WebGPU. Built only when
 * the reader asks for it (index.ts imports this module on the button's click).
 *
 * The panel: a thread number (0 … workgroup size − 1, workgroup 0 unless a race was seen in
 * another), Previous and Next step buttons (also ← and → anywhere in the panel but the number
 * box), and one live caption ("thread 3, step 5 of 12: reads tile[0][2] = 7 at line 14"). The
 * step's line is marked in the editor; the slot it touches is handed to `onStep`, which marks it
 * in the mismatch view when that view shows it.
 */
import type {Task, ThreadTrace, TraceAccess, TraceStep} from "../../exercises/task.js";
import {button} from "../runtime/controls.js";
import type {ExerciseEditor} from "./editor.js";
import type {TraceReply, TraceRequest} from "./worker-main.js";

/** The longest a trace may take on the interpreter (ms); the worker is terminated 2 s later. */
const TRACE_TIMEOUT_MS = 15_000;

let nextId = 1;

/** One thread's trace of `code`, from a worker of its own (terminated when it answers or runs past its time). */
async function traceInWorker(task: Task, code: string, thread: number, workgroup: number): Promise<ThreadTrace> {
  const {createInterpreterWorker} = await import("./worker.js");
  const worker = createInterpreterWorker();
  const request: TraceRequest = {kind: "trace", id: nextId++, task: task.id, code, options: {thread, workgroup, timeoutMs: TRACE_TIMEOUT_MS}};
  return new Promise((resolve, reject) => {
    const done = (f: () => void) => {
      clearTimeout(timer);
      worker.terminate();
      f();
    };
    const timer = setTimeout(
      () => done(() => reject(new Error(`the trace ran past ${TRACE_TIMEOUT_MS / 1000} s on the CPU interpreter`))),
      TRACE_TIMEOUT_MS + 2000
    );
    worker.onmessage = (e: MessageEvent<TraceReply>) => {
      if (e.data?.id !== request.id) return;
      const {trace, error} = e.data;
      done(() => (trace ? resolve(trace) : reject(new Error(error ?? "the interpreter gave no trace"))));
    };
    worker.onerror = (e) => done(() => reject(new Error(`the CPU interpreter failed: ${e.message ?? "worker error"}`)));
    worker.postMessage(request);
  });
}

/** A word as the caption says it: integers as they are, other numbers to 4 significant digits. */
const wordText = (v: number) => (Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(4))));

/** What one access did, in words ("reads tile[0][2] = 7"). */
function accessText(a: TraceAccess): string {
  if (a.kind === "atomic") return `updates ${a.slot} atomically${a.value === undefined ? "" : `, now ${wordText(a.value)}`}`;
  return `${a.kind === "read" ? "reads" : "writes"} ${a.slot}${a.value === undefined ? "" : ` = ${wordText(a.value)}`}`;
}

/** The race an access is part of, in words ("thread 2 writes tile[0][2] at line 19 with no barrier between"). */
function raceText(a: TraceAccess): string {
  const r = a.race!;
  const verb = r.kind === "read" ? "reads" : r.kind === "write" ? "writes" : "updates";
  return ` — a race: thread ${r.thread} ${verb} ${a.slot} at line ${r.line} with no barrier between`;
}

/** What the thread does at step `i` (0-based) of `trace`, in one sentence (the panel's live caption). */
export function stepCaption(trace: ThreadTrace, i: number): string {
  const step: TraceStep | undefined = trace.steps[i];
  if (!step) return `thread ${trace.thread} takes no step here: it is past the workgroup's ${trace.workgroupSize} threads.`;
  const head = `thread ${trace.thread}, step ${i + 1} of ${trace.steps.length}${trace.truncated ? " kept" : ""}`;
  const what = step.barrier
    ? "waits at the barrier until every thread of the workgroup has reached it"
    : step.accesses.length
      ? step.accesses.map(accessText).join(", ")
      : "touches no buffer";
  const raced = step.accesses.find((a) => a.race);
  return `${head}: ${what} at line ${step.line}${raced ? raceText(raced) : ""}`;
}

interface StepperOptions {
  task: Task;
  /** The code to trace (read at every run: the editor's text). */
  code(): string;
  editor: ExerciseEditor;
  /** The thread and workgroup to start with. */
  thread: number;
  workgroup: number;
  /** The access of the current step the views may mark (the first write, else the first read), null for none, and the input size. */
  onStep(access: TraceAccess | null, size: number): void;
}

/** The stepper panel: `element`, `retrace()` after the code changed (a new check), `dispose()`. */
export function createStepper(o: StepperOptions) {
  const element = document.createElement("section");
  element.className = "exercise-stepper";
  element.setAttribute("aria-label", "Step one thread");
  const intro = document.createElement("p");
  intro.className = "exercise-stepper-intro";
  const controls = document.createElement("div");
  controls.className = "widget-controls exercise-stepper-controls";
  const label = document.createElement("label");
  label.textContent = "Thread ";
  const input = document.createElement("input");
  input.type = "number";
  input.min = "0";
  input.step = "1";
  input.inputMode = "numeric";
  input.value = String(o.thread);
  input.className = "exercise-stepper-thread";
  label.append(input);
  const prev = button("Previous step", () => go(-1), {title: "The thread's previous step (←)"});
  const next = button("Next step", () => go(1), {title: "The thread's next step (→)"});
  prev.classList.add("exercise-step-prev");
  next.classList.add("exercise-step-next");
  controls.append(label, prev, next);
  const caption = document.createElement("p");
  caption.className = "exercise-stepper-caption";
  caption.setAttribute("aria-live", "polite");
  element.append(intro, controls, caption);

  let trace: ThreadTrace | null = null;
  let at = 0;
  let asked = 0;
  let disposed = false;

  // aria-disabled, not disabled: a button pressed to its end keeps the focus (a disabled one would drop it to the page)
  const enable = () => {
    const n = trace?.steps.length ?? 0;
    prev.setAttribute("aria-disabled", String(!trace || at <= 0));
    next.setAttribute("aria-disabled", String(!trace || at >= n - 1));
  };
  const show = () => {
    enable();
    if (!trace) return;
    const step = trace.steps[at];
    caption.textContent = trace.problem && !step ? trace.problem : stepCaption(trace, at);
    o.editor.markStep(step?.line ?? null);
    const touched = step?.accesses.find((a) => a.kind !== "read") ?? step?.accesses[0] ?? null;
    o.onStep(touched, trace.size);
  };
  const go = (d: number) => {
    if (!trace) return;
    at = Math.max(0, Math.min(trace.steps.length - 1, at + d));
    show();
  };
  const run = async (thread: number, workgroup: number) => {
    const id = ++asked;
    trace = null;
    enable();
    caption.textContent = `Running thread ${thread} on the CPU interpreter…`;
    let t: ThreadTrace;
    try {
      t = await traceInWorker(o.task, o.code(), thread, workgroup);
    } catch (e) {
      if (id === asked && !disposed) caption.textContent = `The trace stopped: ${(e as Error)?.message ?? e}.`;
      return;
    }
    if (id !== asked || disposed) return; // a newer request, or the panel is gone
    trace = t;
    at = 0;
    if (t.workgroupSize > 0) input.max = String(t.workgroupSize - 1);
    intro.textContent = `Workgroup ${t.workgroup} at size ${t.size.toLocaleString("en-US")}, on the CPU interpreter: the threads take turns, one statement each; a barrier waits for all.${t.problem ? ` ${t.problem}` : ""}`;
    show();
  };
  let workgroup = o.workgroup;
  const chosen = () => {
    const max = Number(input.max || "0") || Number.POSITIVE_INFINITY;
    const v = Math.max(0, Math.min(max, Math.round(Number(input.value) || 0)));
    input.value = String(v);
    return v;
  };
  input.addEventListener("change", () => void run(chosen(), workgroup));
  element.addEventListener("keydown", (e) => {
    if (e.target === input || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      go(e.key === "ArrowRight" ? 1 : -1);
    }
  });
  void run(o.thread, workgroup);
  return {
    element,
    /** Traces again (the code changed), from the first step; a new thread and workgroup when given. */
    retrace(thread?: number, wg?: number) {
      if (thread !== undefined) input.value = String(thread);
      if (wg !== undefined) workgroup = wg;
      void run(chosen(), workgroup);
    },
    /** The code changed since the trace: its steps are put away until the reader asks again. */
    stale() {
      if (!trace && asked === 0) return;
      asked++;
      trace = null;
      enable();
      caption.textContent = "Your code changed since this trace: press “Step a thread” to follow the new code.";
      o.editor.markStep(null);
      o.onStep(null, 0);
    },
    dispose() {
      disposed = true;
      o.editor.markStep(null);
      o.onStep(null, 0);
      element.remove();
    },
  };
}
