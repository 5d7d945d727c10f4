/**
 * TEMPORARY: one task and a plain GPU check, written against components/exercises/task.ts until the
 * task list and the checkers of components/exercises/ land. Removed then.
 */
import type {CheckResult, CompileMessage, Task, TaskInput} from "../../exercises/task.js";

const STARTER = `// Count the particles in each cell: counts[c] = how many keys equal c.
struct Params {
  n: u32,      // keys
  cells: u32,  // counters
}
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> keys: array<u32>;
@group(0) @binding(2) var<storage, read_write> counts: array<atomic<u32>>;

@compute @workgroup_size(256)
fn count(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= params.n) {
    return;
  }
  // TODO: add 1 to the counter of this key's cell, safely when many threads do it at once
  atomicStore(&counts[keys[i]], 1u);
}
`;
const SOLUTION = STARTER.replace(
  "  // TODO: add 1 to the counter of this key's cell, safely when many threads do it at once\n  atomicStore(&counts[keys[i]], 1u);",
  "  atomicAdd(&counts[keys[i]], 1u);"
);

/** The stub's WGSL by path, as the site's loader would give it. */
export const STUB_SOURCES: Record<string, string> = {"exercises/stub-count/starter.wgsl": STARTER, "exercises/stub-count/solution.wgsl": SOLUTION};

function lcg(seed: number) {
  let s = seed >>> 0 || 1;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

export const stubTask: Task = {
  id: "stub-count",
  title: "The histogram",
  anchor: "3-sorting-counting-sort-and-the-prefix-sum",
  goal: "Count the particles of each cell: one thread per particle adds 1 to the counter of its cell.",
  requirements: ["Every key is counted exactly once.", "Works for any number of keys, not only multiples of 256."],
  hints: [
    "Many threads may add to the same counter at the same moment: a plain `+=` loses some of them.",
    "`atomicAdd(&counts[k], 1u)` adds 1 to counter k as one indivisible step.",
    "Replace the `atomicStore` line with `atomicAdd(&counts[keys[i]], 1u);`.",
  ],
  elsewhere:
    "CUDA calls it `atomicAdd` too; CUB's [DeviceHistogram](https://nvidia.github.io/cccl/cub/api/structcub_1_1DeviceHistogram.html) first counts in shared memory per block.",
  entryPoint: "count",
  bindings: [
    {binding: 0, name: "params", kind: "uniform"},
    {binding: 1, name: "keys", kind: "storage-read"},
    {binding: 2, name: "counts", kind: "storage-read-write"},
  ],
  output: 2,
  sizes: [1, 255, 256, 257, 1000, 10000],
  interpreterSizes: [1, 7, 64],
  input(size, seed): TaskInput {
    const cells = 16;
    const r = lcg(seed);
    return {
      size,
      buffers: {0: new Uint32Array([size, cells]), 1: Uint32Array.from({length: size}, () => Math.floor(r() * cells)), 2: new Uint32Array(cells)},
      workgroups: [Math.ceil(size / 256), 1, 1],
    };
  },
  twin(input) {
    const out = new Uint32Array(16);
    for (const k of input.buffers[1] as Uint32Array) out[k]++;
    return out;
  },
  drives: {widget: "counting-sort", kernel: "count"},
};

/** A device of the exercises' own (never the page's shared one), or null without WebGPU. */
export async function stubExerciseDevice(): Promise<GPUDevice | null> {
  const adapter = await navigator.gpu?.requestAdapter();
  return adapter ? adapter.requestDevice() : null;
}

/** Compiles and runs `code` for every size of `task` on `device`, comparing with the twin. */
export async function stubCheckOnGPU(task: Task, code: string, device: GPUDevice): Promise<CheckResult> {
  const module = device.createShaderModule({code});
  const info = await module.getCompilationInfo();
  const messages: CompileMessage[] = info.messages.map((m) => ({type: m.type, message: m.message, line: m.lineNum, column: m.linePos}));
  const result: CheckResult = {engine: "gpu", passed: false, messages, cases: []};
  if (messages.some((m) => m.type === "error")) return result;
  device.pushErrorScope("validation");
  const pipeline = device.createComputePipeline({layout: "auto", compute: {module, entryPoint: task.entryPoint}});
  const err = await device.popErrorScope();
  if (err) return {...result, problem: err.message.split("\n")[0]};
  for (const size of task.sizes) {
    const input = task.input(size, size * 7 + 1);
    const buffers = task.bindings.map((b) => {
      const data = input.buffers[b.binding];
      const usage = b.kind === "uniform" ? GPUBufferUsage.UNIFORM : GPUBufferUsage.STORAGE;
      const buf = device.createBuffer({size: Math.max(16, data.byteLength), usage: usage | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC});
      device.queue.writeBuffer(buf, 0, data as Uint32Array<ArrayBuffer>);
      return buf;
    });
    const out = task.bindings.findIndex((b) => b.binding === task.output);
    const read = device.createBuffer({size: buffers[out].size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST});
    const enc = device.createCommandEncoder();
    const pass = enc.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(
      0,
      device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: task.bindings.map((b, i) => ({binding: b.binding, resource: {buffer: buffers[i]}})),
      })
    );
    pass.dispatchWorkgroups(...input.workgroups);
    pass.end();
    enc.copyBufferToBuffer(buffers[out], 0, read, 0, read.size);
    device.queue.submit([enc.finish()]);
    await read.mapAsync(GPUMapMode.READ);
    const expected = task.twin(input);
    const got = new Uint32Array(read.getMappedRange().slice(0, expected.byteLength));
    read.destroy();
    for (const b of buffers) b.destroy();
    const index = expected.findIndex((v, i) => v !== got[i]);
    if (index < 0) {
      result.cases.push({size, passed: true});
      continue;
    }
    const start = Math.max(0, index - 4);
    result.cases.push({
      size,
      passed: false,
      mismatch: {index, expected: expected[index], got: got[index]},
      window: {start, expected: Array.from(expected.slice(start, start + 10)), got: Array.from(got.slice(start, start + 10))},
    });
    return result;
  }
  return {...result, passed: true};
}
