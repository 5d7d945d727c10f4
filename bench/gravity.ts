/**
 * Gravity benchmark: one full Barnes–Hut step (integrate, keys, sort, permute, build, com,
 * walk, kick) at θ = 0.5 for the disc galaxy at each count, with the per-pass breakdown,
 * θ = 0.2 and 0.8 for the trade, and the tiled O(N²) kernel at the same count. Every series
 * is measured as `reps` steps back to back in one command buffer (timestamps around every
 * pass; medians over the steps), submitted right behind its own warm-up (~2 s of GPU work
 * queued without a pause, see queueWarmUp), so it runs at full clock.
 * First a twin check (the GPU sort, tree and walk against the CPU twin at 2,000 bodies): if
 * it fails, runGravityBench throws TwinCheckError and nothing is measured. Then at each count
 * the GPU walk's force error against the GPU O(N²) sum (median and 99th percentile).
 * Then the two walk kernels side by side (`runs[].walks`): the per-thread walk and, where the
 * device has 'subgroups', the subgroup-cooperative one, each timed as `reps` walk passes back
 * to back (the tree built once) with its force error against the O(N²) sum at θ = 0.5 and 0.8.
 * Before timing the subgroup walk it is checked against its twin (walkSubgroupTwin) at 2,000
 * bodies when the subgroup size is fixed; a failed check leaves its timings out.
 * Run: npm run bench -- --only gravity --out data/bench/gravity.json [--counts 100000,1000000] [--check-only]
 * (the per-pass step times of the harness itself: `npm run bench -- --pipelines gravity`).
 */
import {GravityGPU, GRAVITY_PHASES, type WalkKind} from "../components/gravity/gpu.js";
import {discScene, forceErrors, plummerScene, walkSubgroupTwin, buildBarnesHut} from "../components/gravity/twin.js";
import {ResourceScope} from "../components/gpu/scope.js";
import type {GPUHandle} from "../components/gpu/context.js";
import type {WGSLLoader} from "../components/gpu/wgsl.js";
import {PassTimer, quantile, summarize} from "../components/sim/timing.js";
import {gravityCheckDetail, gravityTwinCheck, type GravityTwinCheck} from "../components/bench/gravity.js";

/** `v` to `digits` significant digits (null when not finite: the JSON says "not measured"). */
const round = (v: number, digits = 5) => (Number.isFinite(v) ? Number(v.toPrecision(digits)) : null);
const median = (xs: number[]) => summarize(xs).median;

interface Ctx {
  handle: GPUHandle;
  wgsl: WGSLLoader;
  counts: number[];
  reps: number;
  /** run only the twin check (a short diagnostic run) */
  checkOnly?: boolean;
  /** ms of GPU work queued before each measured series (default 2,000: the H200's clocks need 1–1.5 s to climb) */
  warmUpMs?: number;
  log: (m: string) => void;
  /** cell capacity of the tree's leaves (default GRAVITY_DEFAULTS.leafCapacity: the pages') */
  leafCapacity?: number;
  /** θ = 0.5 only: the step with each walk and the force error (no θ 0.2 / 0.8, O(N²) timing or walk passes alone) */
  quick?: boolean;
}

/** The twin check's result (components/bench/gravity.ts); `ok` false means the benchmark must not report (runGravityBench throws). */
export type TwinCheck = GravityTwinCheck;

/** A timer of `capacity` passes for a series recorded in one command buffer (disposed by the caller). */
const seriesTimer = (device: GPUDevice, scope: ResourceScope, capacity: number) => {
  const t = PassTimer.create(device, scope, capacity);
  if (t.mode !== "timestamp-query") throw new Error("the gravity benchmark needs 'timestamp-query'");
  t.beginFrame();
  return t;
};

/**
 * Queues about `ms` of GPU work (repeats of `encodeOne`, calibrated by timing 4 of them) and
 * submits it WITHOUT waiting, so that a measured command buffer submitted right after runs
 * on a GPU whose clocks are up. Why not simply run steps for a while: encoding one step costs
 * 7–12 ms of CPU in Dawn-in-Node (about 200 dispatches) against 1–5 ms of GPU work, so the GPU
 * idles most of the time and the H200's driver lowers the SM clock from 1,980 MHz to
 * 400–1,000 MHz (seen with nvidia-smi); every pass then takes up to 2.4 times longer.
 * `encodeOne` must leave the state as it was (the walk and the O(N²) kernel only rewrite
 * the accelerations of the current positions).
 */
async function queueWarmUp(device: GPUDevice, scope: ResourceScope, ms: number, encodeOne: (enc: GPUCommandEncoder, timer?: PassTimer) => void) {
  const probe = seriesTimer(device, scope, 4 * (GRAVITY_PHASES.length + 1));
  const enc0 = device.createCommandEncoder();
  for (let r = 0; r < 4; r++) {
    probe.frame(r);
    encodeOne(enc0, probe);
  }
  const each = median((await probe.read(enc0)).map((f) => f.span));
  probe.dispose();
  const count = Math.max(1, Math.min(5000, Math.ceil(ms / Math.max(each, 1e-3))));
  const enc = device.createCommandEncoder({label: "warm-up"});
  for (let k = 0; k < count; k++) encodeOne(enc);
  device.queue.submit([enc.finish()]);
  return count;
}

/**
 * One measured series: warm-up, then `reps` steps back to back in ONE command buffer with
 * timestamps around every pass (per-pass medians, step span median), then the wall clock of
 * `reps` steps in one submit (divided by reps), and of one step alone (submit → done, which
 * includes Dawn-in-Node's completion latency).
 */
export async function timeStep(g: GravityGPU, device: GPUDevice, scope: ResourceScope, reps: number, warmUpMs = 2000) {
  const stamps = seriesTimer(device, scope, reps * (GRAVITY_PHASES.length + 1));
  const tEnc = performance.now();
  const enc = device.createCommandEncoder();
  for (let r = 0; r < reps; r++) {
    stamps.frame(r);
    g.encodeStep(enc, stamps);
  }
  const encodeMs = (performance.now() - tEnc) / reps;
  // the series is encoded first; the warm-up is queued right in front of it
  const warmWalks = await queueWarmUp(device, scope, warmUpMs, (e, t) => g.encodeWalk(e, t));
  const frames = await stamps.read(enc);
  stamps.dispose();
  const perPass: Record<string, number[]> = {};
  for (const f of frames) for (const [k, v] of Object.entries(f.byLabel)) (perPass[k] ??= []).push(v);
  const spans = frames.map((f) => f.span);
  // GPU time between one step's last pass and the next step's first (copies, barriers, idling)
  const gaps = frames.slice(1).map((f, r) => f.start - frames[r].end);
  await device.queue.onSubmittedWorkDone();
  let t0 = performance.now();
  const enc2 = device.createCommandEncoder();
  for (let r = 0; r < reps; r++) g.encodeStep(enc2);
  const t1 = performance.now();
  const cb = enc2.finish();
  const t2 = performance.now();
  device.queue.submit([cb]);
  const t3 = performance.now();
  await device.queue.onSubmittedWorkDone();
  const t4 = performance.now();
  const wallPerStep = (t4 - t0) / reps;
  // where the wall time of `reps` steps in one submit goes (CPU: encode, finish, submit; then the wait)
  const wallParts = {
    encode: round((t1 - t0) / reps, 3),
    finish: round((t2 - t1) / reps, 3),
    submit: round((t3 - t2) / reps, 3),
    wait: round((t4 - t3) / reps, 3),
  };
  t0 = performance.now();
  g.step(1);
  await device.queue.onSubmittedWorkDone();
  const single = performance.now() - t0;
  const passes = Object.fromEntries(Object.entries(perPass).map(([k, v]) => [k, round(median(v), 4)]));
  return {
    warmUpWalks: warmWalks,
    passesMs: passes,
    stepSpanMs: round(median(spans), 4),
    stepSpanP10P90Ms: [round(quantile(spans, 0.1), 4), round(quantile(spans, 0.9), 4)],
    gapBetweenStepsMs: gaps.length ? round(median(gaps), 4) : null,
    encodeCpuMsPerStep: round(encodeMs, 4),
    wallPerStepMs: round(wallPerStep, 4),
    wallPerStepPartsMs: wallParts,
    singleSubmitWallMs: round(single, 4),
  };
}

export async function timeDirect(g: GravityGPU, device: GPUDevice, scope: ResourceScope, reps: number, warmUpMs = 2000) {
  const stamps = seriesTimer(device, scope, reps);
  const enc = device.createCommandEncoder();
  for (let r = 0; r < reps; r++) {
    stamps.frame(r);
    g.encodeDirect(enc, stamps);
  }
  await queueWarmUp(device, scope, warmUpMs, (e, t) => g.encodeDirect(e, t));
  const frames = await stamps.read(enc);
  stamps.dispose();
  return round(median(frames.map((f) => f.byLabel.direct)), 4);
}

/**
 * The walk pass alone, `reps` times back to back in one command buffer behind a warm-up, on
 * the tree of the current state (build it first): median and 10th/90th percentile ms per pass.
 * The walk only rewrites accelerations and term counts, so the repeats all do the same work.
 */
async function timeWalk(g: GravityGPU, device: GPUDevice, scope: ResourceScope, reps: number, warmUpMs: number) {
  const stamps = seriesTimer(device, scope, reps);
  const enc = device.createCommandEncoder();
  for (let r = 0; r < reps; r++) {
    stamps.frame(r);
    g.encodeWalk(enc, stamps);
  }
  await queueWarmUp(device, scope, warmUpMs, (e, t) => g.encodeWalk(e, t));
  const ms = (await stamps.read(enc)).map((f) => f.byLabel.walk);
  stamps.dispose();
  return {walkMs: round(median(ms), 4), walkP10P90Ms: [round(quantile(ms, 0.1), 4), round(quantile(ms, 0.9), 4)]};
}

/** What the subgroup walk's twin check found (null fields: not checked, the lane grouping is unknown). */
export interface SubgroupWalkCheck {
  bodies: number;
  /** the adapter's subgroup sizes */
  subgroupSizes: {min: number; max: number};
  /** lanes per group in the twin: min(subgroup size, the kernel's workgroup size 64); null when min ≠ max */
  groupSize: number | null;
  /** max over bodies of |a_GPU − a_twin| / RMS |a_twin| */
  maxErrorOfRms: number | null;
  /** every body's term count equals the twin's */
  termsEqualTwin: boolean | null;
  ok: boolean;
}

/**
 * The GPU subgroup walk against walkSubgroupTwin at 2,000 bodies (Plummer, θ = 0.5), when the
 * adapter's subgroup size is fixed (min = max) so the lane grouping is known; else unchecked
 * (ok true, fields null: the Dawn unit test checks the bound that holds for any grouping).
 */
async function subgroupWalkCheck(g: GravityGPU, sizes: {min: number; max: number}): Promise<SubgroupWalkCheck> {
  const base = {bodies: 2000, subgroupSizes: sizes};
  if (sizes.min !== sizes.max) return {...base, groupSize: null, maxErrorOfRms: null, termsEqualTwin: null, ok: true};
  const S = Math.min(sizes.min, 64);
  const b = plummerScene(2000, 11);
  g.setParams({theta: 0.5});
  g.setBodies(b, "barnes-hut");
  const gpu = await g.readBodies();
  const {work} = await g.readSort();
  const w = walkSubgroupTwin(buildBarnesHut(b, g.leafCapacity), {...g.parameters}, S);
  let rms = 0,
    worst = 0,
    same = true;
  for (let i = 0; i < b.n; i++) rms += w.ax[i] ** 2 + w.ay[i] ** 2;
  rms = Math.sqrt(rms / b.n);
  for (let i = 0; i < b.n; i++) {
    worst = Math.max(worst, Math.hypot(gpu.ax[i] - w.ax[i], gpu.ay[i] - w.ay[i]) / rms);
    same &&= work[i] === w.interactions[i];
  }
  return {...base, groupSize: S, maxErrorOfRms: round(worst, 3), termsEqualTwin: same, ok: worst < 1e-5 && same};
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
  try {
    const maxN = Math.max(2000, ...ctx.counts);
    const g = await GravityGPU.create(device, scope, ctx.wgsl, {maxBodies: maxN, leafCapacity: ctx.leafCapacity});
    const result: Record<string, unknown> = {leafCapacity: g.leafCapacity, params: g.parameters, scene: "discScene(n, 1): exponential disc + central mass 0.3"};
    const check = await gravityTwinCheck(g);
    result.twinCheck = check;
    ctx.log(`twin check: ${JSON.stringify(check)}`);
    // timings of a pipeline that does not compute the twin's tree are not worth reporting
    if (!check.ok) throw new TwinCheckError(check);
    // the subgroup walk: checked against its twin before anything of it is timed
    const sizes = ctx.handle.subgroups;
    const walkKinds: WalkKind[] = ["thread"];
    result.subgroupWalk = {available: false, reason: "the device has no 'subgroups' feature"};
    if (sizes && (await g.setWalk("subgroup", ctx.wgsl)) === "subgroup") {
      const sc = await subgroupWalkCheck(g, sizes);
      ctx.log(`subgroup walk check: ${JSON.stringify(sc)}`);
      result.subgroupWalk = {available: true, check: sc};
      if (sc.ok) walkKinds.push("subgroup");
      else ctx.log("subgroup walk ≠ its twin: its timings are left out");
    }
    await g.setWalk("thread", ctx.wgsl);
    if (ctx.checkOnly) return result;
    const warm = ctx.warmUpMs ?? 2000;
    const runs: Record<string, unknown>[] = [];
    for (const n of ctx.counts) {
      const b = discScene(n, 1);
      const row: Record<string, unknown> = {n};
      for (const theta of ctx.quick ? [0.5] : [0.5, 0.2, 0.8]) {
        g.setParams({theta});
        g.setBodies(b, "barnes-hut");
        row[`theta${theta}`] = await timeStep(g, device, scope, ctx.reps, warm);
        ctx.log(`n ${n} θ ${theta}: ${JSON.stringify(row[`theta${theta}`])}`);
      }
      if (walkKinds.includes("subgroup")) {
        // the θ = 0.5 step again with the subgroup walk (the galaxy's): every pass as above
        await g.setWalk("subgroup", ctx.wgsl);
        g.setParams({theta: 0.5});
        g.setBodies(b, "barnes-hut");
        row["theta0.5Subgroup"] = await timeStep(g, device, scope, ctx.reps, warm);
        ctx.log(`n ${n} θ 0.5, subgroup walk: ${JSON.stringify(row["theta0.5Subgroup"])}`);
        await g.setWalk("thread", ctx.wgsl);
      }
      g.setParams({theta: 0.5});
      g.setBodies(b, "barnes-hut");
      row.forceErrorTheta0_5 = await gpuForceError(g);
      if (ctx.quick) {
        ctx.log(`n ${n}: ${JSON.stringify(row.forceErrorTheta0_5)}`);
        runs.push(row);
        continue;
      }
      row.directMs = await timeDirect(g, device, scope, n > 300000 ? 3 : 10, warm);
      ctx.log(`n ${n}: ${JSON.stringify(row.forceErrorTheta0_5)} direct ${row.directMs} ms`);
      row.walks = await compareWalks(g, device, scope, ctx.wgsl, b, walkKinds, ctx.reps, warm, (m) => ctx.log(`n ${n} ${m}`));
      runs.push(row);
    }
    result.runs = runs;
    result.validationErrors = ctx.handle.stats.validationErrors;
    return result;
  } finally {
    scope.dispose();
  }
}

/**
 * Both walks on one tree per θ: walk pass time and force error against the O(N²) sum, keyed
 * by θ then walk ("0.5": {thread: …, subgroup: …}). Leaves the per-thread walk selected.
 */
async function compareWalks(
  g: GravityGPU,
  device: GPUDevice,
  scope: ResourceScope,
  wgsl: WGSLLoader,
  b: ReturnType<typeof discScene>,
  kinds: WalkKind[],
  reps: number,
  warm: number,
  log: (m: string) => void
) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const theta of [0.5, 0.8]) {
    const row: Record<string, unknown> = {};
    for (const kind of kinds) {
      await g.setWalk(kind, wgsl);
      g.setParams({theta});
      g.setBodies(b, "barnes-hut");
      const err = await gpuForceError(g);
      const t = await timeWalk(g, device, scope, reps, warm);
      row[kind] = {...t, forceError: err};
      log(`θ ${theta} ${kind} walk: ${JSON.stringify(row[kind])}`);
    }
    out[String(theta)] = row;
  }
  await g.setWalk("thread", wgsl);
  return out;
}

/** Thrown when the GPU tree is not the twin's: the message names the first differing node and field. */
export class TwinCheckError extends Error {
  constructor(readonly check: TwinCheck) {
    super(
      `gravity twin check FAILED at ${check.bodies} bodies, first difference ${gravityCheckDetail(check) || "none"}; differing nodes per field ${JSON.stringify(check.differingNodes)}; sort equal ${check.sortEqualsTwin}`
    );
    this.name = "TwinCheckError";
  }
}
