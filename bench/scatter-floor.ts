/**
 * The floor under the sort's scatter: how long the GPU takes just to move N records to the
 * slots a permutation names (shaders/bench/scatter.wgsl: dst[perm[i]] = src[i], nothing else),
 * for records of 8 B (a key and an index), 16 B (one vec4) and 24 B (the particle the sort
 * moves), with the permutation in three orders: the identity (a plain copy), "cell order"
 * (each record moves within its block of 256 slots: the sorted simulations' input, where
 * a particle stays near its slot), and random (what a one-pass counting sort gives random
 * input). Each series: warm-up, then `reps` timestamped passes (PassTimer, summarize:
 * components/sim/timing.ts), the median reported; each result is checked on the CPU
 * (every slot of dst holds the record its permutation sends there) before it is kept.
 *
 *   npx tsx bench/scatter-floor.ts [--counts 1000000,16000000] [--reps 30] [--warm-ms 1000] [--out data/bench/scatter-floor.json]
 *
 * On the H200: `bash ../shared/gpu/prepare-device.sh bench/scatter-floor.ts`, then on the device
 * `bash .device/run scatter-floor.mjs --out $OUT/scatter-floor.json`.
 * Writes {schema, date, adapter, rows: [{count, bytes, order, ms: Summary, gbPerS}]}: gbPerS counts
 * the record read, the record written and the 4 B index read.
 */
import {mkdirSync, writeFileSync} from "node:fs";
import {dirname} from "node:path";
import {acquireGPU} from "../components/gpu/context.js";
import {nodeWGSL} from "../components/gpu/node.js";
import {ResourceScope} from "../components/gpu/scope.js";
import {readBuffers} from "../components/gpu/readback.js";
import {computePipeline} from "../components/gpu/wgsl.js";
import {PassTimer, summarize} from "../components/sim/timing.js";
import {Usage} from "../components/gpu/usage.js";

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
}

/** A deterministic xorshift32 stream in [0, 1). */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

/** The permutation of `n` slots in `order` (Fisher–Yates over the whole range, or within blocks of 256). */
function permutation(n: number, order: "identity" | "cell order" | "random"): Uint32Array {
  const p = new Uint32Array(n);
  for (let i = 0; i < n; i++) p[i] = i;
  if (order === "identity") return p;
  const r = rng(n ^ 0x9e3779b9);
  const shuffle = (lo: number, hi: number) => {
    for (let i = hi - 1; i > lo; i--) {
      const j = lo + Math.floor(r() * (i - lo + 1));
      const t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
  };
  if (order === "random") shuffle(0, n);
  else for (let b = 0; b < n; b += 256) shuffle(b, Math.min(n, b + 256));
  return p;
}

async function main() {
  const counts = arg("counts", "1000000,16000000").split(",").map(Number);
  const reps = Number(arg("reps", "30"));
  const warmMs = Number(arg("warm-ms", "1000"));
  const out = arg("out", "data/bench/scatter-floor.json");
  const webgpu: any = await import("webgpu");
  Object.assign(globalThis, webgpu.globals);
  const gpuObj = webgpu.create(["disable-dawn-features=timestamp_quantization"]) as GPU;
  (globalThis as any).__benchDawn = gpuObj;
  const handle = await acquireGPU({gpu: gpuObj});
  if (!handle) throw new Error("no WebGPU adapter through Dawn");
  const device = handle.device;
  console.log(`[scatter-floor] adapter ${JSON.stringify(handle.adapterInfo)}; timestamps ${handle.timestamps}`);
  const scope = new ResourceScope(device);
  const timer = PassTimer.create(device, scope, reps);
  const rows: unknown[] = [];
  const sizes = [
    {bytes: 8, entry: "scatter8", bindings: [1, 2]},
    {bytes: 16, entry: "scatter16", bindings: [3, 4]},
    {bytes: 24, entry: "scatter24", bindings: [5, 6]},
  ] as const;
  for (const n of counts) {
    for (const order of ["identity", "cell order", "random"] as const) {
      const perm = permutation(n, order);
      const permBuf = scope.buffer({label: "perm", size: n * 4, usage: Usage.STORAGE | Usage.COPY_DST});
      device.queue.writeBuffer(permBuf, 0, perm.buffer as ArrayBuffer);
      for (const {bytes, entry, bindings} of sizes) {
        const words = bytes / 4;
        const data = new Uint32Array(n * words);
        for (let i = 0; i < data.length; i++) data[i] = i;
        const src = scope.buffer({label: "src", size: data.byteLength, usage: Usage.STORAGE | Usage.COPY_DST});
        const dst = scope.buffer({label: "dst", size: data.byteLength, usage: Usage.STORAGE | Usage.COPY_SRC});
        device.queue.writeBuffer(src, 0, data.buffer as ArrayBuffer);
        const pipe = await computePipeline(device, nodeWGSL, ["bench/scatter.wgsl"], entry);
        const bg = device.createBindGroup({
          layout: pipe.getBindGroupLayout(0),
          entries: [
            {binding: 0, resource: {buffer: permBuf}},
            {binding: bindings[0], resource: {buffer: src}},
            {binding: bindings[1], resource: {buffer: dst}},
          ],
        });
        const groups = Math.ceil(n / 256);
        const gx = Math.min(groups, 4096);
        const gy = Math.ceil(groups / gx);
        const encodePass = (enc: GPUCommandEncoder, writes?: GPUComputePassTimestampWrites) => {
          const pass = enc.beginComputePass(writes ? {timestampWrites: writes} : {});
          pass.setPipeline(pipe);
          pass.setBindGroup(0, bg);
          pass.dispatchWorkgroups(gx, gy);
          pass.end();
        };
        // check: every destination slot holds the record its permutation sends there
        const enc0 = device.createCommandEncoder();
        encodePass(enc0);
        const [got] = await readBuffers(device, [{buffer: dst, size: data.byteLength}], enc0);
        const g = new Uint32Array(got);
        for (let i = 0; i < n; i += Math.max(1, Math.floor(n / 100_003))) {
          for (let w = 0; w < words; w++)
            if (g[perm[i] * words + w] !== data[i * words + w]) throw new Error(`${entry} ${order} n=${n}: slot ${perm[i]} word ${w} is wrong`);
        }
        // warm the clocks, then the timed series
        const t0 = performance.now();
        while (performance.now() - t0 < warmMs) {
          const enc = device.createCommandEncoder();
          for (let k = 0; k < 20; k++) encodePass(enc);
          device.queue.submit([enc.finish()]);
          await device.queue.onSubmittedWorkDone();
        }
        timer.beginFrame();
        const enc = device.createCommandEncoder();
        for (let r = 0; r < reps; r++) {
          timer.frame(r);
          encodePass(enc, timer.writes(entry));
        }
        const times = await timer.read(enc);
        const ms = summarize(
          times.map((t) => t.total),
          4
        );
        const gbPerS = Number(((n * (2 * bytes + 4)) / (ms.median * 1e-3) / 1e9).toFixed(1));
        console.log(`[scatter-floor] n=${n} ${bytes} B ${order}: ${ms.median} ms (${gbPerS} GB/s)`);
        rows.push({count: n, bytes, order, ms, gbPerS});
        src.destroy();
        dst.destroy();
      }
      permBuf.destroy();
    }
  }
  mkdirSync(dirname(out), {recursive: true});
  writeFileSync(
    out,
    `${JSON.stringify({schema: "scatter-floor/1", date: new Date().toISOString(), adapter: handle.adapterInfo, timing: timer.mode, reps, warmMs, rows}, null, 1)}\n`
  );
  console.log(`[scatter-floor] wrote ${out}`);
  scope.dispose();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  }
);
