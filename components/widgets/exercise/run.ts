/**
 * Runs a kernel that passed its task's check on one given input (the live widget's arrays, not the
 * check's random ones) and returns its output binding: how a page plugs the reader's kernel into
 * a widget. It goes through the same checkers as a check — the task's harness, the exercises'
 * own device or the CPU interpreter (in a worker of its own, worker-main.ts), their guards and
 * time limits — with a task made for this one input whose `accepts` keeps what the kernel wrote.
 */
import {checkOnGPU, exerciseDevice} from "../../exercises/check-gpu.js";
import type {CheckEngine, CheckResult, Task, TaskInput} from "../../exercises/task.js";
import type {RunReply, RunRequest} from "./worker-main.js";

/** The longest a run on the interpreter may take (ms): the widgets' inputs are a few dozen items. */
const RUN_TIMEOUT_MS = 5000;

let nextId = 1;

/** `code`'s output for `input` under `task`'s harness on the interpreter, in a worker stopped when it answers or runs past its time. */
async function runInWorker(task: Task, code: string, input: TaskInput): Promise<Uint32Array | Float32Array> {
  const {createInterpreterWorker} = await import("./worker.js");
  const worker = createInterpreterWorker();
  const request: RunRequest = {kind: "run", id: nextId++, task: task.id, code, input, timeoutMs: RUN_TIMEOUT_MS};
  return new Promise((resolve, reject) => {
    const done = (f: () => void) => {
      clearTimeout(timer);
      worker.terminate();
      f();
    };
    const timer = setTimeout(() => done(() => reject(new Error(`it ran past ${RUN_TIMEOUT_MS / 1000} s on the CPU interpreter`))), RUN_TIMEOUT_MS + 2000);
    worker.onmessage = (e: MessageEvent<RunReply>) => {
      if (e.data?.id !== request.id) return;
      const {output, error} = e.data;
      done(() => (output ? resolve(output) : reject(new Error(error ?? "it gave no output"))));
    };
    worker.onerror = (e) => done(() => reject(new Error(`the CPU interpreter failed: ${e.message ?? "worker error"}`)));
    worker.postMessage(request);
  });
}

/** `code`'s output for `input` under `task`'s harness, on the GPU or the interpreter. Rejects with a sentence when it cannot run. */
export async function runOnInput(task: Task, code: string, input: TaskInput, engine: CheckEngine): Promise<Uint32Array | Float32Array> {
  if (engine !== "gpu") return runInWorker(task, code, input);
  let got: Uint32Array | Float32Array | null = null;
  const out = input.buffers[task.output];
  const once: Task = {
    ...task,
    sizes: [input.size],
    input: () => input,
    twin: () => out.slice(),
    canonical: undefined,
    accepts: (_input, g) => {
      got = g.slice();
      return true;
    },
  };
  const device = await exerciseDevice();
  if (!device) throw new Error("the exercises' GPU device is gone");
  const r: CheckResult = await checkOnGPU(once, code, device, {sizes: [input.size]});
  if (!got) throw new Error(r.problem ?? r.messages.find((m) => m.type === "error")?.message ?? "it gave no output");
  return got;
}
