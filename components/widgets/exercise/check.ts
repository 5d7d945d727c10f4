/**
 * Where an exercise's checks run, chosen once per widget: the reader's GPU, on a device of the
 * exercises' own (never the page's shared simulation device), when WebGPU is there; else the
 * CPU interpreter, at the task's smaller sizes. Either way a check that does not settle within
 * CHECK_TIMEOUT_MS ends in a message, never a widget that waits for ever.
 */
import {adapterInfoOf, adapterName} from "../../gpu/adapter.js";
import type {CheckEngine, CheckResult, Task} from "../../exercises/task.js";
import {checkOnGPU, exerciseDevice} from "../../exercises/check-gpu.js";
import type {WorkerLike} from "../../exercises/interpreter-client.js";

/** The longest a check may take before the widget gives up on it and says so. */
const CHECK_TIMEOUT_MS = 60_000;

/** The line a reader without WebGPU sees, once, beside the Run button. */
const INTERPRETER_LINE = "No WebGPU here: your kernel runs on a CPU interpreter at smaller sizes.";

/** Runs a reader's code for a task and says how it went. */
export interface Checker {
  engine: CheckEngine;
  /** One line saying where the checks run. */
  line: string;
  /** Checks `code` against `task`'s twin; never rejects (a failure of the checker itself is a `problem`). */
  check(task: Task, code: string): Promise<CheckResult>;
}

/** A result that is no answer: `problem` in one sentence. */
const problemResult = (engine: CheckEngine, problem: string): CheckResult => ({engine, passed: false, messages: [], cases: [], problem});

/** `run()`, or a result with a problem when it rejects or does not settle within `ms`. */
export function guarded(engine: CheckEngine, run: () => Promise<CheckResult>, ms = CHECK_TIMEOUT_MS): Promise<CheckResult> {
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(problemResult(engine, `The check did not finish within ${ms / 1000} s: does a loop in your kernel never end?`)), ms);
    run().then(
      (r) => (clearTimeout(t), resolve(r)),
      (e) => (clearTimeout(t), resolve(problemResult(engine, `The check stopped with an error: ${(e as Error)?.message ?? String(e)}`)))
    );
  });
}

function interpreterChecker(): Checker {
  return {
    engine: "interpreter",
    line: INTERPRETER_LINE,
    // in a worker of its own per check (terminated past its time): an endless kernel never freezes the tab
    check: (task, code) =>
      guarded("interpreter", async () => {
        const [{checkInWorker}, {createInterpreterWorker}] = await Promise.all([import("../../exercises/interpreter-client.js"), import("./worker.js")]);
        return checkInWorker(task, code, {createWorker: () => createInterpreterWorker() as unknown as WorkerLike});
      }),
  };
}

/** The checker for `engine` ("auto": the GPU when there is one, else the interpreter). */
export async function createChecker(engine: "auto" | "interpreter"): Promise<Checker> {
  if (engine === "interpreter") return interpreterChecker();
  let device: GPUDevice | null = null;
  try {
    device = await exerciseDevice();
  } catch {
    device = null;
  }
  if (!device) return interpreterChecker();
  return {
    engine: "gpu",
    line: `Checks run on your GPU (${adapterName(adapterInfoOf(device))}), on a device of their own: the page's simulations keep theirs.`,
    // the current device, or a new one after a loss (a watchdog destroys the device of a kernel that runs too long)
    check: (task, code) =>
      guarded("gpu", async () => {
        const d = await exerciseDevice();
        return d
          ? checkOnGPU(task, code, d)
          : problemResult("gpu", "The GPU is gone (its device was lost and no new one came back): reload the page to check again.");
      }),
  };
}
