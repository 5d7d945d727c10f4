/**
 * Checks a reader's kernel on the CPU, for readers without WebGPU: wgsl_reflect parses it
 * and interprets it (interpreter.ts) at the task's `interpreterSizes`, with the invocations
 * of each workgroup interleaved so that barriers work and a missing one shows as a race.
 * Same CheckResult as the GPU check, engine "interpreter". Synchronous and CPU-bound: pages
 * run it in a worker (interpreter-client.ts), tests call it directly.
 */
import {WgslParser} from "wgsl_reflect/wgsl_reflect.module.js";
import {compareCase, isBlank} from "./compare.js";
import {dispatchOnCPU, type InterpreterBindings} from "./interpreter.js";
import {GUARD_GROUP, guardLoops, loopProblem} from "./loop-guard.js";
import {shapeProblem} from "./shape.js";
import type {CheckResult, CompileMessage, RaceReport, Task, TaskInput, ThreadTrace} from "./task.js";

/** How long the whole interpreted check may run (ms): past it, an endless loop is reported. */
const INTERPRETER_TIMEOUT_MS = 15_000;
/**
 * Iterations one thread may run in one function's loops on the interpreter (loop-guard.ts).
 * The guard also makes every loop iteration a step the scheduler sees: wgsl_reflect's stepper
 * never returns from a `loop { … }` whose body has no branch, so without it the deadline
 * could not end such a loop; and it runs a `while` body only once, so whiles become loops.
 */
const INTERPRETER_LOOP_LIMIT = 4096;
/** Passes all the loops of one function call may run together on the interpreter (nested loops' bound). */
const INTERPRETER_LOOP_TOTAL = 1 << 16;

export interface InterpreterCheckOptions {
  /** Sizes to run (default: the task's `interpreterSizes`). */
  sizes?: number[];
  /** Wall-clock budget of the whole check, ms (default INTERPRETER_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Interpreter steps allowed in all (default 50 million). */
  maxSteps?: number;
  /** First seed; case k uses seed + k (default 1, as the GPU check). */
  seed?: number;
}

/** A parser error ("Expected ';' after statement.. Line: 3") at its line; wgsl_reflect gives no column (0: the widget marks the line). */
function parseMessage(error: unknown): CompileMessage {
  const text = String((error as Error)?.message ?? error);
  const m = /^(.*?)\.*\s*Line:\s*(\d+)/s.exec(text);
  return {type: "error", message: (m ? m[1] : text).trim(), line: m ? Number(m[2]) : 1, column: 0};
}

/** Fresh copies of the input's buffers in the interpreter's binding format (uniforms as {uniform}). */
function bindingsOf(task: Task, input: TaskInput): {bindings: InterpreterBindings; output: ArrayBuffer} {
  const group: Record<number, ArrayBuffer | {uniform: ArrayBuffer}> = {};
  for (const b of task.bindings) {
    const data = input.buffers[b.binding];
    const copy = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
    group[b.binding] = b.kind === "uniform" ? {uniform: copy} : copy;
  }
  return {bindings: {0: group}, output: group[task.output] as ArrayBuffer};
}

/** The race in one sentence for the reader. */
function raceProblem(r: RaceReport): string {
  const slot = r.slot ?? `${r.buffer}[${r.index}]`;
  const where = (line: number | undefined) => (line && line > 0 ? ` (line ${line})` : "");
  if (r.bothWrite)
    return `A race on ${slot}: threads ${r.reader}${where(r.readLine)} and ${r.writer}${where(r.writeLine)} of workgroup ${r.workgroup ?? 0} both write it with no barrier between them.`;
  return `A race on ${slot}: thread ${r.reader} reads it${where(r.readLine)} while thread ${r.writer} writes it${where(r.writeLine)}, in workgroup ${r.workgroup ?? 0}, with no barrier between them: a GPU may give either value. Every thread must finish one access before any starts the other: a workgroupBarrier() between them (reached by all threads), or read one row and write another.`;
}

/**
 * The line of the first barrier call (`workgroupBarrier`, `storageBarrier`) inside an `if`, `else
 * if` or `else` of `ast` (wgsl_reflect's parse: nodes with `astNodeType`, `name`, `line`), or 0.
 */
export function barrierUnderIf(ast: unknown): number {
  const seen = new Set<object>();
  const walk = (node: unknown, inIf: boolean): number => {
    if (!node || typeof node !== "object" || seen.has(node)) return 0;
    seen.add(node);
    const n = node as {astNodeType?: string; name?: string; line?: number};
    if (inIf && n.astNodeType === "call" && (n.name === "workgroupBarrier" || n.name === "storageBarrier")) return n.line ?? 0;
    const under = inIf || n.astNodeType === "if" || n.astNodeType === "elseif" || n.astNodeType === "else";
    for (const [key, value] of Object.entries(node)) {
      if (key === "parent" || (n.astNodeType === "if" && key === "condition")) continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        const line = walk(child, under);
        if (line) return line;
      }
    }
    return 0;
  };
  return walk(ast, false);
}

/** Runs `fn` with console.error collected (the interpreter reports what it cannot run there). */
function collectingErrors<T>(fn: () => T): {value: T; logged: string[]} {
  const logged: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void logged.push(args.map(String).join(" "));
  try {
    return {value: fn(), logged};
  } finally {
    console.error = original;
  }
}

/**
 * Checks `code` for `task` on the CPU interpreter. Never throws for anything the reader
 * wrote: a syntax error comes back in `messages` (line only), a shape problem, an
 * interpreter error, a race, a barrier reached by only some threads, or a run past the
 * budget as `problem`.
 */
export function checkOnInterpreter(task: Task, code: string, options: InterpreterCheckOptions = {}): CheckResult {
  const result: CheckResult = {engine: "interpreter", passed: false, messages: [], cases: []};
  const shape = shapeProblem(task, code);
  if (isBlank(code)) return {...result, problem: shape!};
  let ast: unknown;
  try {
    ast = WgslParser.Parse(code);
  } catch (e) {
    return {...result, messages: [parseMessage(e)]};
  }
  if (shape) return {...result, problem: shape};
  const timeoutMs = options.timeoutMs ?? INTERPRETER_TIMEOUT_MS;
  const deadline = performance.now() + timeoutMs;
  const sizes = options.sizes ?? task.interpreterSizes;
  const guarded = guardLoops(code, INTERPRETER_LOOP_LIMIT, true, INTERPRETER_LOOP_TOTAL);
  for (let k = 0; k < sizes.length; k++) {
    const input = task.input(sizes[k], (options.seed ?? 1) + k);
    const {bindings, output} = bindingsOf(task, input);
    const flag = new Uint32Array(4);
    if (guarded) bindings[GUARD_GROUP] = {0: flag.buffer};
    let run: ReturnType<typeof dispatchOnCPU>;
    let logged: string[];
    try {
      ({value: run, logged} = collectingErrors(() =>
        dispatchOnCPU(guarded ?? code, task.entryPoint, input.workgroups, bindings, {deadline, maxSteps: options.maxSteps})
      ));
    } catch (e) {
      return {
        ...result,
        problem: `The CPU interpreter stopped at size ${sizes[k]}: ${(e as Error).message ?? e}. (A GPU may clamp an access past an array's end; the interpreter does not.)`,
      };
    }
    if (flag[0] !== 0 || flag[1] !== 0)
      return {...result, problem: loopProblem(flag, sizes[k], INTERPRETER_LOOP_LIMIT, INTERPRETER_LOOP_TOTAL, " on the CPU interpreter")};
    if (run.timedOut) return {...result, problem: `The kernel ran past ${timeoutMs / 1000} s on the CPU interpreter at size ${sizes[k]} — an endless loop?`};
    // a barrier only some threads reach comes first: the race it leaves behind is its symptom,
    // and "add a barrier" would be the wrong advice to a reader whose barrier sits under an `if`
    if (run.errors.length) return {...result, problem: `Barrier divergence at size ${sizes[k]}: ${run.errors[0]}.`};
    if (run.race) {
      // a barrier under an `if` lets the threads that skip it run into the next round: that, not a
      // missing barrier, is this race's cause (a GPU refuses it when the condition depends on the thread)
      const line = barrierUnderIf(ast);
      const cause = line
        ? ` Here the workgroupBarrier() at line ${line} sits inside an \`if\`: threads that skip it run on ahead. A barrier must be reached by every thread of the workgroup, so move it out of the \`if\`.`
        : "";
      return {...result, race: run.race, problem: raceProblem(run.race) + cause};
    }
    if (logged.length) return {...result, problem: `The CPU interpreter could not run the kernel at size ${sizes[k]}: ${logged[0]}`};
    const isFloat = input.buffers[task.output] instanceof Float32Array;
    const got = isFloat ? new Float32Array(output) : new Uint32Array(output);
    result.cases.push(compareCase(task, input, got));
  }
  result.passed = result.cases.length === sizes.length && result.cases.every((c) => c.passed);
  return result;
}

/** Which thread to follow, and where. */
export interface TraceOptions {
  /** Its `local_invocation_index`. */
  thread: number;
  /** The workgroup's flat index (default 0). */
  workgroup?: number;
  /** The input size (default: the task's largest interpreter size, the check's last case, same seed). */
  size?: number;
  /** Wall-clock budget, ms (default INTERPRETER_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Steps of the thread kept (default 2,000). */
  maxSteps?: number;
}

/**
 * Runs `code` for `task` on the CPU interpreter, one workgroup only, and returns what one of its
 * threads did, step by step: each command's line, its reads and writes of storage and workgroup
 * variables (slot and value), the barriers it reached, and the other thread of each race it took
 * part in. On the check's own input for that size (the same seed), under the same loop guard.
 * Never throws: what stops it (a syntax error, a shape problem, an interpreter error, the
 * budget) is the trace's `problem`.
 */
export function traceOnInterpreter(task: Task, code: string, options: TraceOptions): ThreadTrace {
  const workgroup = options.workgroup ?? 0;
  const sizes = task.interpreterSizes;
  const size = options.size ?? Math.max(...sizes);
  const empty: ThreadTrace = {thread: options.thread, workgroup, workgroupSize: 0, size, steps: [], truncated: false, race: null};
  const shape = shapeProblem(task, code);
  if (isBlank(code)) return {...empty, problem: shape!};
  try {
    WgslParser.Parse(code);
  } catch (e) {
    const m = parseMessage(e);
    return {...empty, problem: `Line ${m.line}: ${m.message}`};
  }
  if (shape) return {...empty, problem: shape};
  const k = Math.max(0, sizes.indexOf(size));
  const input = task.input(size, 1 + k);
  const {bindings} = bindingsOf(task, input);
  const guarded = guardLoops(code, INTERPRETER_LOOP_LIMIT, true, INTERPRETER_LOOP_TOTAL);
  if (guarded) bindings[GUARD_GROUP] = {0: new Uint32Array(4).buffer};
  const deadline = performance.now() + (options.timeoutMs ?? INTERPRETER_TIMEOUT_MS);
  try {
    const {value: run} = collectingErrors(() =>
      dispatchOnCPU(guarded ?? code, task.entryPoint, input.workgroups, bindings, {
        deadline,
        trace: {thread: options.thread, workgroup, maxSteps: options.maxSteps},
      })
    );
    const trace = {...run.trace!, size};
    return run.timedOut ? {...trace, problem: `The kernel ran past its time on the CPU interpreter at size ${size}: the trace stops there.`} : trace;
  } catch (e) {
    return {...empty, problem: `The CPU interpreter stopped at size ${size}: ${(e as Error).message ?? e}.`};
  }
}
