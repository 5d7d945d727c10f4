/**
 * The body of the CPU interpreter's worker (started by worker.ts): it answers the checker's
 * requests (components/exercises/interpreter-worker.ts: `{id, task, code, options}` → a
 * CheckResult), this widget's runs of a passing kernel on one given input (`RunRequest` →
 * `RunReply`: the output binding's words), the stepper's traces of one thread (`TraceRequest`
 * → `TraceReply`) and, for the one-file bundle's page, the shape check (`{kind: "shape", id,
 * task, code}` → `{id, problem}`), so the page's main thread never interprets WGSL.
 */
import {checkOnInterpreter, type TraceOptions, traceOnInterpreter} from "../../exercises/check-interpreter.js";
import {answer, type InterpreterRequest} from "../../exercises/interpreter-worker.js";
import {shapeProblem} from "../../exercises/shape.js";
import {taskById} from "../../exercises/tasks.js";
import type {Task, TaskInput, ThreadTrace} from "../../exercises/task.js";

/** Run a kernel that passed `task` on `input` (run.ts). */
export interface RunRequest {
  kind: "run";
  id: number;
  task: string;
  code: string;
  input: TaskInput;
  timeoutMs: number;
}

/** The output binding's words, or why there are none. */
export interface RunReply {
  id: number;
  output?: Uint32Array | Float32Array;
  error?: string;
}

/** Follow one thread of `code` for `task` (stepper.ts). */
export interface TraceRequest {
  kind: "trace";
  id: number;
  task: string;
  code: string;
  options: TraceOptions;
}

/** The followed thread's steps, or why there are none. */
export interface TraceReply {
  id: number;
  trace?: ThreadTrace;
  error?: string;
}

/**
 * The shape check of `code` for `task` (shape.ts), asked by the page of the one-file bundle, whose
 * own shape.ts is a stand-in without wgsl_reflect (scripts/bundle-elements.mjs).
 */
interface ShapeRequest {
  kind: "shape";
  id: number;
  task: string;
  code: string;
}

/** `code`'s output for `input` under `task`'s harness on the interpreter: a task made for this one input whose `accepts` keeps what the kernel wrote. */
function runInterpreted(task: Task, code: string, input: TaskInput, timeoutMs: number): Uint32Array | Float32Array {
  let got: Uint32Array | Float32Array | null = null;
  const out = input.buffers[task.output];
  const once: Task = {
    ...task,
    interpreterSizes: [input.size],
    input: () => input,
    twin: () => out.slice(),
    canonical: undefined,
    accepts: (_i, g) => ((got = g.slice()), true),
  };
  const r = checkOnInterpreter(once, code, {sizes: [input.size], timeoutMs});
  if (!got) throw new Error(r.problem ?? r.messages[0]?.message ?? "it gave no output");
  return got;
}

/** Answers one message of either kind (never throws: a failure is the reply's `error` or `problem`). */
export function reply(data: InterpreterRequest | RunRequest | TraceRequest | ShapeRequest): unknown {
  if ((data as ShapeRequest).kind === "shape") {
    const q = data as ShapeRequest;
    try {
      return {id: q.id, problem: shapeProblem(taskById(q.task), q.code)};
    } catch (e) {
      return {id: q.id, problem: null, error: (e as Error)?.message ?? String(e)};
    }
  }
  if ((data as TraceRequest).kind === "trace") {
    const t = data as TraceRequest;
    try {
      return {id: t.id, trace: traceOnInterpreter(taskById(t.task), t.code, t.options)} satisfies TraceReply;
    } catch (e) {
      return {id: t.id, error: (e as Error)?.message ?? String(e)} satisfies TraceReply;
    }
  }
  if ((data as RunRequest).kind !== "run") return answer(data as InterpreterRequest);
  const r = data as RunRequest;
  try {
    return {id: r.id, output: runInterpreted(taskById(r.task), r.code, r.input, r.timeoutMs)} satisfies RunReply;
  } catch (e) {
    return {id: r.id, error: (e as Error)?.message ?? String(e)} satisfies RunReply;
  }
}

const scope = globalThis as any;
if (typeof scope.WorkerGlobalScope === "function" && scope instanceof scope.WorkerGlobalScope) {
  scope.onmessage = (e: MessageEvent) => scope.postMessage(reply(e.data));
}
