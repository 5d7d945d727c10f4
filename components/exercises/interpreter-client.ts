/**
 * The page's side of the CPU interpreter: each check runs in a fresh Web Worker
 * (interpreter-worker.ts), which is terminated when it answers or when its time is up, so an
 * endless kernel costs the reader a few seconds and never the tab.
 */
import type {InterpreterCheckOptions} from "./check-interpreter.js";
import type {InterpreterReply, InterpreterRequest} from "./interpreter-worker.js";
import type {CheckResult, Task} from "./task.js";

/** The part of a Worker this module uses (a fake in tests). */
export interface WorkerLike {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((event: {data: any}) => void) | null;
  onerror: ((event: any) => void) | null;
}

/** Time the worker gets beyond the interpreter's own deadline before it is terminated (ms). */
const WORKER_GRACE_MS = 2000;

interface WorkerCheckOptions extends InterpreterCheckOptions {
  /**
   * Makes the worker. Default: a module worker of interpreter-worker.js next to this module
   * (a page's bundle must ship that file; pass the factory of its own bundled worker instead).
   */
  createWorker?: () => WorkerLike;
}

let nextId = 1;

function defaultWorker(): WorkerLike {
  return new Worker(new URL("./interpreter-worker.js", import.meta.url), {type: "module"}) as unknown as WorkerLike;
}

/**
 * Checks `code` for `task` on the CPU interpreter in a worker. Resolves (never rejects) with
 * the worker's CheckResult; with a `problem` when the worker fails or does not answer within
 * `timeoutMs` + WORKER_GRACE_MS (then it is terminated).
 */
export function checkInWorker(task: Task, code: string, options: WorkerCheckOptions = {}): Promise<CheckResult> {
  const {createWorker = defaultWorker, ...check} = options;
  const timeoutMs = check.timeoutMs ?? 15_000;
  const fail = (problem: string): CheckResult => ({engine: "interpreter", passed: false, messages: [], cases: [], problem});
  return new Promise((resolve) => {
    let worker: WorkerLike;
    try {
      worker = createWorker();
    } catch (e) {
      resolve(fail(`The CPU interpreter could not start: ${(e as Error).message ?? e}`));
      return;
    }
    const id = nextId++;
    const finish = (result: CheckResult) => {
      clearTimeout(timer);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish(fail(`The kernel ran past ${Math.round((timeoutMs + WORKER_GRACE_MS) / 1000)} s on the CPU interpreter — an endless loop? It was stopped.`)),
      timeoutMs + WORKER_GRACE_MS
    );
    worker.onmessage = (e) => {
      const reply = e.data as InterpreterReply;
      if (reply?.id === id) finish(reply.result);
    };
    worker.onerror = (e) => finish(fail(`The CPU interpreter failed: ${e?.message ?? "worker error"}`));
    const request: InterpreterRequest = {id, task: task.id, code, options: {...check, timeoutMs}};
    worker.postMessage(request);
  });
}
