/**
 * Runs a kernel that passed its task's check on one given input (the live widget's arrays, not the
 * check's random ones) and returns its output binding: how a page plugs the reader's kernel into
 * a widget. It goes through the same checkers as a check — the task's harness, the exercises'
 * own device or the CPU interpreter, their guards and time limits — with a task made for this one
 * input whose `accepts` keeps what the kernel wrote.
 */
import {checkOnGPU, exerciseDevice} from "../../exercises/check-gpu.js";
import type {CheckEngine, CheckResult, Task, TaskInput} from "../../exercises/task.js";

/** The longest a run on the interpreter may take (ms): the widgets' inputs are a few dozen items. */
export const RUN_TIMEOUT_MS = 5000;

/** Why a run gave no output, in one sentence. */
const why = (r: CheckResult) => r.problem ?? r.messages.find((m) => m.type === "error")?.message ?? "it gave no output";

/** `code`'s output for `input` under `task`'s harness, on the GPU or the interpreter. Rejects with a sentence when it cannot run. */
export async function runOnInput(task: Task, code: string, input: TaskInput, engine: CheckEngine): Promise<Uint32Array | Float32Array> {
  let got: Uint32Array | Float32Array | null = null;
  const out = input.buffers[task.output];
  const once: Task = {
    ...task,
    sizes: [input.size],
    interpreterSizes: [input.size],
    input: () => input,
    twin: () => out.slice(),
    canonical: undefined,
    accepts: (_input, g) => {
      got = g.slice();
      return true;
    },
  };
  let r: CheckResult;
  if (engine === "gpu") {
    const device = await exerciseDevice();
    if (!device) throw new Error("the exercises' GPU device is gone");
    r = await checkOnGPU(once, code, device, {sizes: [input.size]});
  } else {
    const {checkOnInterpreter} = await import("../../exercises/check-interpreter.js");
    r = checkOnInterpreter(once, code, {sizes: [input.size], timeoutMs: RUN_TIMEOUT_MS});
  }
  if (!got) throw new Error(why(r));
  return got;
}
