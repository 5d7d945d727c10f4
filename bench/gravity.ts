/**
 * Gravity benchmark: one full Barnes–Hut step (integrate, keys, sort, permute, build, com,
 * walk, kick) at θ = 0.5 for the disc galaxy at each count, with the per-pass breakdown,
 * the whole step as one submit (timestamp span of one encoder and wall clock), θ = 0.2 and
 * 0.8 for the trade, and the tiled O(N²) kernel at the same count. First a twin check (the
 * GPU tree and walk against the CPU twin at 2,000 bodies), then at each count the GPU walk's
 * force error against the GPU O(N²) sum (median and 99th percentile over all bodies).
 * Run: npx tsx bench/gravity-main.ts --out data/bench/gravity.json [--counts 100000,1000000]
 */
import {GravityGPU, GRAVITY_PHASES} from "../components/gravity/gpu.js";
import {buildBarnesHut, discScene, forceErrors, plummerScene, walkTwin} from "../components/gravity/twin.js";
import {ResourceScope} from "../components/gpu/scope.js";
import type {GPUHandle} from "../components/gpu/context.js";
import type {WGSLLoader} from "../components/gpu/wgsl.js";
import {FrameStamps, median, round} from "./lib.js";

interface Ctx {
  handle: GPUHandle;
  wgsl: WGSLLoader;
  counts: number[];
  reps: number;
  log: (m: string) => void;
}

async function twinCheck(g: GravityGPU, device: GPUDevice) {
  const b = plummerScene(2000, 11);
  g.setParams({theta: 0.5});
  g.setBodies(b, "barnes-hut");
  const gpu = await g.readBodies();
  const tree = await g.readTree();
  const twin = buildBarnesHut(b, g.leafCapacity);
  const w = walkTwin(twin, {...g.parameters});
  let rms = 0,
    worst = 0;
  for (let i = 0; i < b.n; i++) rms += w.ax[i] ** 2 + w.ay[i] ** 2;
  rms = Math.sqrt(rms / b.n);
  for (let i = 0; i < b.n; i++) worst = Math.max(worst, Math.hypot(gpu.ax[i] - w.ax[i], gpu.ay[i] - w.ay[i]) / rms);
  let same = tree.numNodes === twin.tree.numNodes;
  for (let j = 0; same && j < tree.numNodes; j++)
    same = tree.lo[j] === twin.tree.lo[j] && tree.hi[j] === twin.tree.hi[j] && tree.mass[j] === twin.tree.mass[j] && tree.mx[j] === twin.tree.mx[j];
  await device.queue.onSubmittedWorkDone();
  return {bodies: b.n, treeEqualsTwin: same, nodes: tree.numNodes, walkMaxErrorOfRms: round(worst, 3), ok: same && worst < 1e-5};
}

/** Repeats `encode` for about `ms` of wall time so the clocks are up (the H200 idles down within a second or two). */
async function warm(device: GPUDevice, ms: number, encode: (enc: GPUCommandEncoder) => void) {
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    const enc = device.createCommandEncoder();
    encode(enc);
    device.queue.submit([enc.finish()]);
    await device.queue.onSubmittedWorkDone();
  }
}

async function timeStep(g: GravityGPU, device: GPUDevice, reps: number) {
  const perPass: Record<string, number[]> = {};
  const spans: number[] = [];
  const walls: number[] = [];
  const stamps = new FrameStamps(device, GRAVITY_PHASES.length + 1);
  for (let r = 0; r < reps; r++) {
    stamps.begin();
    const enc = device.createCommandEncoder();
    g.encodeStep(enc, stamps);
    const t = await stamps.read(enc);
    for (const [k, v] of Object.entries(t.byLabel)) (perPass[k] ??= []).push(v);
    spans.push(t.span);
  }
  for (let r = 0; r < reps; r++) {
    await device.queue.onSubmittedWorkDone();
    const t0 = performance.now();
    g.step(1);
    await device.queue.onSubmittedWorkDone();
    walls.push(performance.now() - t0);
  }
  stamps.destroy();
  const passes = Object.fromEntries(Object.entries(perPass).map(([k, v]) => [k, round(median(v), 4)]));
  return {passesMs: passes, stepSpanMs: round(median(spans), 4), stepWallMs: round(median(walls), 4)};
}

async function timeDirect(g: GravityGPU, device: GPUDevice, reps: number) {
  const stamps = new FrameStamps(device, 1);
  const out: number[] = [];
  for (let r = 0; r < reps; r++) {
    stamps.begin();
    const enc = device.createCommandEncoder();
    g.encodeDirect(enc, stamps);
    out.push((await stamps.read(enc)).total);
  }
  stamps.destroy();
  return round(median(out), 4);
}

/** The walk's force error against the GPU O(N²) sum at the current state (θ as set). */
async function gpuForceError(g: GravityGPU) {
  const enc0 = g.device.createCommandEncoder();
  g.encodeDirect(enc0);
  g.device.queue.submit([enc0.finish()]);
  const exact = await g.readBodies();
  const enc = g.device.createCommandEncoder();
  g.encodeForces(enc);
  g.device.queue.submit([enc.finish()]);
  const bh = await g.readBodies();
  const ex = {ax: new Float64Array(bh.n), ay: new Float64Array(bh.n)};
  const pos = new Map<number, number>();
  for (let i = 0; i < exact.n; i++) pos.set(exact.id[i], i);
  for (let k = 0; k < bh.n; k++) {
    const i = pos.get(bh.id[k])!;
    ex.ax[k] = exact.ax[i];
    ex.ay[k] = exact.ay[i];
  }
  const e = forceErrors({ax: Float64Array.from(bh.ax), ay: Float64Array.from(bh.ay)}, ex);
  const work = (await g.readSort()).work;
  let terms = 0;
  for (const w of work) terms += w;
  return {median: round(e.median, 3), p99: round(e.p99, 3), meanInteractionsPerBody: round(terms / bh.n, 4)};
}

export async function runGravityBench(ctx: Ctx) {
  const {device} = ctx.handle;
  const scope = new ResourceScope(device);
  const maxN = Math.max(2000, ...ctx.counts);
  const g = await GravityGPU.create(device, scope, ctx.wgsl, {maxBodies: maxN});
  const result: Record<string, unknown> = {leafCapacity: g.leafCapacity, params: g.parameters, scene: "discScene(n, 1): exponential disc + central mass 0.3"};
  result.twinCheck = await twinCheck(g, device);
  ctx.log(`twin check: ${JSON.stringify(result.twinCheck)}`);
  const runs: Record<string, unknown>[] = [];
  for (const n of ctx.counts) {
    const b = discScene(n, 1);
    const row: Record<string, unknown> = {n};
    for (const theta of [0.5, 0.2, 0.8]) {
      g.setParams({theta});
      g.setBodies(b, "barnes-hut");
      await warm(device, 1500, (enc) => g.encodeStep(enc));
      row[`theta${theta}`] = await timeStep(g, device, ctx.reps);
      ctx.log(`n ${n} θ ${theta}: ${JSON.stringify(row[`theta${theta}`])}`);
    }
    g.setParams({theta: 0.5});
    g.setBodies(b, "barnes-hut");
    row.forceErrorTheta0_5 = await gpuForceError(g);
    await warm(device, 1000, (enc) => g.encodeDirect(enc));
    row.directMs = await timeDirect(g, device, n > 300000 ? 3 : 10);
    ctx.log(`n ${n}: ${JSON.stringify(row.forceErrorTheta0_5)} direct ${row.directMs} ms`);
    runs.push(row);
  }
  result.runs = runs;
  result.validationErrors = ctx.handle.stats.validationErrors;
  scope.dispose();
  return result;
}
