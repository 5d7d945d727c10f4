/**
 * What a dependent indirect dispatch costs against a direct one, in one compute pass
 * (Dawn validates indirect arguments by inserting work of its own before each indirect
 * dispatch). Three series of `--dispatches` dependent dispatches of a kernel that does no work
 * (shaders/bench/indirect_args.wgsl, one workgroup each): direct; indirect with constant
 * arguments; indirect with arguments written by the dispatch before (two alternating buffers,
 * as the gravity tree build's levels). Each series: one pass, timestamps at its ends, medians
 * of `--reps` after a warm-up; µs per dispatch = (pass − empty pass) / dispatches.
 *   npx tsx bench/indirect.ts [--dispatches 100] [--reps 30] [--out FILE]
 */
import {writeFileSync} from "node:fs";
import {nodeWGSL} from "../components/gpu/node.js";
import {summarize} from "../components/sim/timing.js";
import {benchGPU} from "./dawn.js";

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
};

async function main() {
  const D = Number(arg("dispatches", "100"));
  const reps = Number(arg("reps", "30"));
  const {device, adapterInfo} = await benchGPU();
  const module = device.createShaderModule({code: await nodeWGSL("bench/indirect_args.wgsl")});
  const pipe = device.createComputePipeline({layout: "auto", compute: {module, entryPoint: "write_args"}});
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.INDIRECT | GPUBufferUsage.COPY_DST;
  const sink = device.createBuffer({size: 16, usage});
  const args = [0, 1].map(() => device.createBuffer({size: 16, usage}));
  for (const a of args) device.queue.writeBuffer(a, 0, new Uint32Array([1, 1, 1, 0]));
  const constArgs = device.createBuffer({size: 16, usage});
  device.queue.writeBuffer(constArgs, 0, new Uint32Array([1, 1, 1, 0]));
  // group k writes args[k]; a dispatch reading args[k] must use group 1 − k
  const groups = [0, 1].map((k) =>
    device.createBindGroup({
      layout: pipe.getBindGroupLayout(0),
      entries: [
        {binding: 0, resource: {buffer: sink}},
        {binding: 1, resource: {buffer: args[k]}},
      ],
    })
  );
  const spare = device.createBuffer({size: 16, usage});
  const constGroup = device.createBindGroup({
    layout: pipe.getBindGroupLayout(0),
    entries: [
      {binding: 0, resource: {buffer: sink}},
      {binding: 1, resource: {buffer: spare}},
    ],
  });
  const qs = device.createQuerySet({type: "timestamp", count: 2 * reps});
  const resolve = device.createBuffer({size: 16 * reps, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC});
  const read = device.createBuffer({size: 16 * reps, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST});
  type Kind = "empty" | "direct" | "indirect-const" | "indirect-chained";
  const encodeSeries = (enc: GPUCommandEncoder, kind: Kind, r?: number) => {
    const pass = enc.beginComputePass(
      r === undefined ? {} : {timestampWrites: {querySet: qs, beginningOfPassWriteIndex: 2 * r, endOfPassWriteIndex: 2 * r + 1}}
    );
    pass.setPipeline(pipe);
    if (kind !== "empty")
      for (let d = 0; d < D; d++) {
        if (kind === "direct") {
          pass.setBindGroup(0, groups[d % 2]);
          pass.dispatchWorkgroups(1);
        } else if (kind === "indirect-const") {
          pass.setBindGroup(0, constGroup);
          pass.dispatchWorkgroupsIndirect(constArgs, 0);
        } else {
          pass.setBindGroup(0, groups[d % 2]);
          pass.dispatchWorkgroupsIndirect(args[1 - (d % 2)], 0);
        }
      }
    pass.end();
  };
  const time = async (kind: Kind) => {
    const warm = device.createCommandEncoder();
    for (let k = 0; k < 20; k++) encodeSeries(warm, kind === "empty" ? "direct" : kind);
    device.queue.submit([warm.finish()]);
    const enc = device.createCommandEncoder();
    for (let r = 0; r < reps; r++) encodeSeries(enc, kind, r);
    enc.resolveQuerySet(qs, 0, 2 * reps, resolve, 0);
    enc.copyBufferToBuffer(resolve, 0, read, 0, 16 * reps);
    device.queue.submit([enc.finish()]);
    await read.mapAsync(GPUMapMode.READ);
    const t = new BigUint64Array(read.getMappedRange().slice(0));
    read.unmap();
    return summarize(Array.from({length: reps}, (_, r) => Number(t[2 * r + 1] - t[2 * r]) / 1000));
  };
  const empty = await time("empty");
  const rows: Record<string, unknown> = {};
  for (const kind of ["direct", "indirect-const", "indirect-chained"] as Kind[]) {
    const s = await time(kind);
    rows[kind] = {passUs: s, usPerDispatch: Number(((s.median - empty.median) / D).toPrecision(4))};
    console.log(kind, JSON.stringify(rows[kind]));
  }
  const json = {
    what: "µs per dependent dispatch of an empty kernel, direct or indirect, in one compute pass",
    date: new Date().toISOString(),
    adapter: adapterInfo,
    dispatches: D,
    reps,
    emptyPassUs: empty,
    rows,
  };
  const out = arg("out", "");
  if (out) writeFileSync(out, `${JSON.stringify(json, null, 1)}\n`);
  process.exit(0);
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
