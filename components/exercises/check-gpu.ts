/**
 * Checks a reader's kernel on their GPU: compiles it (messages at the reader's line and
 * column), checks its shape (entry point, bindings), runs it at every size of the task on a
 * seeded input and compares the output binding with the CPU twin.
 *
 * Safe from the reader's code: it runs on a device of the exercises' own (`exerciseDevice`),
 * never the simulations' shared one; every loop is bounded (loop-guard.ts), and a run that
 * still does not finish within `timeoutMs` (a watchdog on `onSubmittedWorkDone`) destroys the
 * device, which `exerciseDevice` then replaces. Out-of-bounds accesses are clamped by WebGPU
 * and read as a wrong answer. Validation errors are caught in error scopes, never thrown.
 */
import {compareCase, isBlank} from "./compare.js";
import {GUARD_GROUP, guardLoops, LOOP_LIMIT, loopProblem} from "./loop-guard.js";
import {shapeProblem} from "./shape.js";
import type {CaseResult, CheckResult, CompileMessage, Task, TaskInput} from "./task.js";

/** How long one case may run before the watchdog calls it an endless loop (ms). */
const GPU_TIMEOUT_MS = 3000;

const lostDevices = new WeakSet<GPUDevice>();
let current: Promise<GPUDevice | null> | null = null;

/**
 * The exercises' own device: a fresh adapter and device on first use, and again after a loss
 * (a watchdog's `destroy()` included). `gpu`: navigator.gpu in pages, `nodeGPU()` in Node.
 * Resolves to null (never rejects) when there is no WebGPU or no adapter.
 */
export function exerciseDevice(gpu: GPU | undefined = (globalThis as any).navigator?.gpu): Promise<GPUDevice | null> {
  if (current) return current;
  const p: Promise<GPUDevice | null> = (async () => {
    if (!gpu) return null;
    const adapter = await gpu.requestAdapter();
    if (!adapter) return null;
    const device = await adapter.requestDevice({label: "exercises"});
    device.lost.then(() => {
      lostDevices.add(device);
      if (current === p) current = null;
    });
    return device;
  })().catch(() => null);
  current = p;
  p.then((d) => d === null && current === p && (current = null));
  return p;
}

interface GPUCheckOptions {
  /** Sizes to run (default: the task's `sizes`). */
  sizes?: number[];
  /** Watchdog per case, ms (default GPU_TIMEOUT_MS). */
  timeoutMs?: number;
  /** First seed; case k uses seed + k (default 1, as the interpreter's check). */
  seed?: number;
}

/** The compiler's messages at the reader's lines (no harness is prepended: the offsets are the reader's). */
function readerMessages(info: GPUCompilationInfo): CompileMessage[] {
  return Array.from(info.messages, (m) => ({type: m.type, message: m.message, line: Math.max(1, m.lineNum), column: Math.max(1, m.linePos)}));
}

const ENTRY_KIND: Record<Task["bindings"][number]["kind"], GPUBufferBindingType> = {
  uniform: "uniform",
  "storage-read": "read-only-storage",
  "storage-read-write": "storage",
};

/** The explicit layout of the task's bindings (group 0), plus the loop guard's flag (group 1) when guarded. */
function taskLayout(device: GPUDevice, task: Task, guarded: boolean): GPUPipelineLayout {
  const entries = task.bindings.map((b) => ({binding: b.binding, visibility: GPUShaderStage.COMPUTE, buffer: {type: ENTRY_KIND[b.kind]}}));
  const groups = [device.createBindGroupLayout({entries})];
  if (guarded) groups.push(device.createBindGroupLayout({entries: [{binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: {type: "storage"}}]}));
  return device.createPipelineLayout({bindGroupLayouts: groups});
}

/** A pipeline of the reader's kernel: guarded when the guarded code compiles, else as written. */
async function readerPipeline(device: GPUDevice, task: Task, code: string): Promise<{pipeline: GPUComputePipeline; guarded: boolean}> {
  const guardedCode = guardLoops(code);
  if (guardedCode) {
    device.pushErrorScope("validation");
    const module = device.createShaderModule({label: `exercise ${task.id} (guarded)`, code: guardedCode});
    const pipeline = await device
      .createComputePipelineAsync({layout: taskLayout(device, task, true), compute: {module, entryPoint: task.entryPoint}})
      .catch(() => null);
    const error = await device.popErrorScope();
    if (pipeline && !error) return {pipeline, guarded: true};
  }
  const module = device.createShaderModule({label: `exercise ${task.id}`, code});
  const pipeline = await device.createComputePipelineAsync({layout: taskLayout(device, task, false), compute: {module, entryPoint: task.entryPoint}});
  return {pipeline, guarded: false};
}

type CaseOutcome = {got: Uint32Array | Float32Array; guard: Uint32Array} | {timedOut: true} | {error: string};

/** Runs one case: buffers from the input, one dispatch, the output and the guard flag read back. */
async function runCase(
  device: GPUDevice,
  task: Task,
  pipeline: GPUComputePipeline,
  guarded: boolean,
  input: TaskInput,
  timeoutMs: number
): Promise<CaseOutcome> {
  const buffers: GPUBuffer[] = [];
  const make = (size: number, usage: number) => {
    const b = device.createBuffer({size: Math.max(16, Math.ceil(size / 4) * 4), usage});
    buffers.push(b);
    return b;
  };
  device.pushErrorScope("validation");
  try {
    const entries = task.bindings.map((b) => {
      const data = input.buffers[b.binding];
      const usage = b.kind === "uniform" ? GPUBufferUsage.UNIFORM : GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC;
      const buffer = make(data.byteLength, usage | GPUBufferUsage.COPY_DST);
      device.queue.writeBuffer(buffer, 0, data.buffer, data.byteOffset, data.byteLength);
      // storage bound at the data's own length, so arrayLength() is the input's
      return {binding: b.binding, resource: b.kind === "uniform" ? {buffer} : {buffer, size: Math.max(4, data.byteLength)}};
    });
    const out = entries.find((e) => e.binding === task.output)!.resource.buffer;
    const outBytes = input.buffers[task.output].byteLength;
    const flag = make(8, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST);
    const read = make(outBytes + 8, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST);
    const enc = device.createCommandEncoder();
    const pass = enc.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, device.createBindGroup({layout: pipeline.getBindGroupLayout(0), entries}));
    if (guarded)
      pass.setBindGroup(
        GUARD_GROUP,
        device.createBindGroup({layout: pipeline.getBindGroupLayout(GUARD_GROUP), entries: [{binding: 0, resource: {buffer: flag}}]})
      );
    pass.dispatchWorkgroups(...input.workgroups);
    pass.end();
    if (outBytes > 0) enc.copyBufferToBuffer(out, 0, read, 0, outBytes);
    enc.copyBufferToBuffer(flag, 0, read, Math.ceil(outBytes / 4) * 4, 8);
    device.queue.submit([enc.finish()]);
    const error = await device.popErrorScope();
    if (error) return {error: error.message};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watchdog = new Promise<"timeout">((res) => (timer = setTimeout(() => res("timeout"), timeoutMs)));
    const done = await Promise.race([device.queue.onSubmittedWorkDone().then(() => "done" as const), watchdog]);
    clearTimeout(timer);
    if (done === "timeout") return {timedOut: true};
    await read.mapAsync(GPUMapMode.READ);
    const words = new Uint32Array(read.getMappedRange().slice(0));
    read.unmap();
    const n = outBytes / 4;
    const isFloat = input.buffers[task.output] instanceof Float32Array;
    const got = isFloat ? new Float32Array(words.buffer, 0, n) : words.subarray(0, n);
    const at = Math.ceil(outBytes / 4);
    return {got, guard: words.slice(at, at + 2)};
  } finally {
    for (const b of buffers) b.destroy();
  }
}

/**
 * Checks `code` (the reader's whole WGSL module) for `task` on `device` (from
 * `exerciseDevice`, never the simulations' device). Never throws for anything the reader
 * wrote: compilation errors come back as `messages`, everything else that is not a wrong
 * answer as `problem`. A run past `timeoutMs` destroys `device` (get a new one from
 * `exerciseDevice`).
 */
export async function checkOnGPU(task: Task, code: string, device: GPUDevice, options: GPUCheckOptions = {}): Promise<CheckResult> {
  const result: CheckResult = {engine: "gpu", passed: false, messages: [], cases: []};
  if (lostDevices.has(device)) return {...result, problem: "The exercises' GPU device was lost; run the check again for a new one."};
  // awaited: in the one-file bundle the page asks the interpreter's worker (shape.ts)
  const shape = await shapeProblem(task, code);
  if (isBlank(code)) return {...result, problem: shape!};
  device.pushErrorScope("validation");
  const module = device.createShaderModule({label: `exercise ${task.id}`, code});
  const info = await module.getCompilationInfo();
  await device.popErrorScope();
  result.messages = readerMessages(info);
  if (result.messages.some((m) => m.type === "error")) return result;
  if (shape) return {...result, problem: shape};
  let compiled: {pipeline: GPUComputePipeline; guarded: boolean};
  try {
    compiled = await readerPipeline(device, task, code);
  } catch (e) {
    return {...result, problem: `The kernel does not fit the task's bindings: ${(e as Error).message}`};
  }
  const timeoutMs = options.timeoutMs ?? GPU_TIMEOUT_MS;
  const sizes = options.sizes ?? task.sizes;
  for (let k = 0; k < sizes.length; k++) {
    const input = task.input(sizes[k], (options.seed ?? 1) + k);
    let outcome: CaseOutcome;
    try {
      outcome = await runCase(device, task, compiled.pipeline, compiled.guarded, input, timeoutMs);
    } catch (e) {
      return {...result, problem: `The GPU device was lost while the kernel ran (${(e as Error).message}); check again for a new one.`};
    }
    if ("timedOut" in outcome) {
      device.destroy();
      return {
        ...result,
        problem: `The kernel ran past ${timeoutMs / 1000} s at size ${sizes[k]} — an endless loop? The GPU was reset; check again when it is fixed.`,
      };
    }
    if ("error" in outcome) return {...result, problem: `The GPU refused to run the kernel at size ${sizes[k]}: ${outcome.error}`};
    if (outcome.guard[0] !== 0 || outcome.guard[1] !== 0) return {...result, problem: loopProblem(outcome.guard, sizes[k], LOOP_LIMIT, LOOP_LIMIT, "")};
    const c: CaseResult = compareCase(task, input, outcome.got);
    result.cases.push(c);
  }
  result.passed = result.cases.length === sizes.length && result.cases.every((c) => c.passed);
  return result;
}
