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
 * Run: npx tsx bench/gravity-main.ts --out data/bench/gravity.json [--counts 100000,1000000] [--check-only]
 */
import {GravityGPU, GRAVITY_PHASES, type WalkKind} from "../components/gravity/gpu.js";
import {
  buildBarnesHut,
  discScene,
  forceErrors,
  plummerScene,
  treeDifferences,
  walkSubgroupTwin,
  walkTwin,
  type QuadTree,
  type TreeDiff,
} from "../components/gravity/twin.js";
import {ResourceScope} from "../components/gpu/scope.js";
import type {GPUHandle} from "../components/gpu/context.js";
import type {WGSLLoader} from "../components/gpu/wgsl.js";
import {readBuffers} from "../components/gpu/readback.js";
import {Usage} from "../components/gpu/usage.js";
import {median, quantile, round} from "./lib.js";

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
}

/** The twin check's result; `ok` false means the benchmark must not report (runGravityBench throws). */
export interface TwinCheck {
  bodies: number;
  nodes: number;
  /** the GPU sort's keys and permutation equal the twin's */
  sortEqualsTwin: boolean;
  /** every node field (ranges and float32 sums) equals the twin's, bit for bit */
  treeEqualsTwin: boolean;
  /** the first difference (node, field, GPU value, twin value) and differing node counts per field */
  firstDifference: TreeDiff["first"];
  differingNodes: Record<string, number>;
  /** diagnosis when the sums differ: do they equal a twin whose m·x is fused into the add (one rounding)? */
  sumsEqualFusedTwin?: boolean;
  walkMaxErrorOfRms: number | null;
  ok: boolean;
}

/**
 * Centre-of-mass sums as a compiler that fuses m·x + s into one FMA would compute them: the
 * float32 product m·x is exact in float64 (24 + 24 bits), so one Math.fround of the float64
 * sum models the fused rounding (a double-rounding case differs, rarely). Diagnosis only.
 */
function fusedSums(t: QuadTree, x: Float32Array, y: Float32Array, m: Float32Array) {
  const f = Math.fround;
  const mx = new Float32Array(t.numNodes),
    my = new Float32Array(t.numNodes);
  for (let L = t.levelStart.length - 2; L >= 0; L--) {
    for (let j = t.levelStart[L]; j < t.levelStart[L + 1]; j++) {
      let sx = 0,
        sy = 0;
      if (t.childCount[j] === 0)
        for (let i = t.lo[j]; i < t.hi[j]; i++) {
          sx = f(sx + m[i] * x[i]);
          sy = f(sy + m[i] * y[i]);
        }
      else
        for (let c = t.firstChild[j]; c < t.firstChild[j] + t.childCount[j]; c++) {
          sx = f(sx + mx[c]);
          sy = f(sy + my[c]);
        }
      mx[j] = sx;
      my[j] = sy;
    }
  }
  return {mx, my};
}

/** The GPU tree, sort and walk against the CPU twin at 2,000 bodies (Plummer sphere): all tree fields must be equal, bit for bit. */
export async function twinCheck(g: GravityGPU, device: GPUDevice): Promise<TwinCheck> {
  const b = plummerScene(2000, 11);
  g.setParams({theta: 0.5});
  g.setBodies(b, "barnes-hut");
  const gpu = await g.readBodies();
  const tree = await g.readTree();
  const sort = await g.readSort();
  const twin = buildBarnesHut(b, g.leafCapacity);
  const w = walkTwin(twin, {...g.parameters});
  let rms = 0,
    worst = 0;
  for (let i = 0; i < b.n; i++) rms += w.ax[i] ** 2 + w.ay[i] ** 2;
  rms = Math.sqrt(rms / b.n);
  for (let i = 0; i < b.n; i++) worst = Math.max(worst, Math.hypot(gpu.ax[i] - w.ax[i], gpu.ay[i] - w.ay[i]) / rms);
  let sortSame = true;
  for (let i = 0; sortSame && i < b.n; i++) sortSame = sort.keys[i] === twin.keys[i] && sort.vals[i] === twin.order[i];
  const diff = treeDifferences(tree, twin.tree);
  const out: TwinCheck = {
    bodies: b.n,
    nodes: tree.numNodes,
    sortEqualsTwin: sortSame,
    treeEqualsTwin: diff.equal,
    firstDifference: diff.first,
    differingNodes: diff.differing,
    walkMaxErrorOfRms: round(worst, 3),
    ok: sortSame && diff.equal && worst < 1e-5,
  };
  if (!diff.equal && diff.differing.mx + diff.differing.my > 0) {
    const fused = fusedSums(twin.tree, twin.x, twin.y, twin.m);
    let same = true;
    for (let j = 0; same && j < tree.numNodes; j++) same = tree.mx[j] === fused.mx[j] && tree.my[j] === fused.my[j];
    out.sumsEqualFusedTwin = same;
  }
  await device.queue.onSubmittedWorkDone();
  return out;
}

/**
 * Timestamps of many frames in one command buffer: `frame(r)` starts frame r; `writes(label)`
 * gives the pass's timestampWrites. `read` returns per frame the ms per label and the span
 * (first pass begin to last pass end).
 */
class SeriesStamps {
  private qs: GPUQuerySet;
  private resolve: GPUBuffer;
  private labels: {frame: number; label: string}[] = [];
  private current = 0;
  constructor(
    readonly device: GPUDevice,
    readonly capacity: number
  ) {
    this.qs = device.createQuerySet({type: "timestamp", count: capacity * 2});
    this.resolve = device.createBuffer({size: capacity * 16, usage: Usage.QUERY_RESOLVE | Usage.COPY_SRC});
  }
  frame(r: number) {
    this.current = r;
  }
  writes(label: string): GPUComputePassTimestampWrites {
    const k = this.labels.length;
    if (k >= this.capacity) throw new RangeError("SeriesStamps capacity exceeded");
    this.labels.push({frame: this.current, label});
    return {querySet: this.qs, beginningOfPassWriteIndex: 2 * k, endOfPassWriteIndex: 2 * k + 1};
  }
  async read(encoder: GPUCommandEncoder) {
    const n = this.labels.length * 2;
    encoder.resolveQuerySet(this.qs, 0, n, this.resolve, 0);
    const [bytes] = await readBuffers(this.device, [{buffer: this.resolve, size: n * 8}], encoder);
    const t = new BigUint64Array(bytes);
    const frames: {byLabel: Record<string, number>; span: number; start: number; end: number}[] = [];
    const first: number[] = [],
      last: number[] = [];
    this.labels.forEach(({frame, label}, k) => {
      const b = Number(t[2 * k]),
        e = Number(t[2 * k + 1]);
      const f = (frames[frame] ??= {byLabel: {}, span: 0, start: 0, end: 0});
      f.byLabel[label] = (f.byLabel[label] ?? 0) + (e > b ? (e - b) / 1e6 : 0);
      first[frame] = Math.min(first[frame] ?? Infinity, b);
      last[frame] = Math.max(last[frame] ?? -Infinity, e);
    });
    const t0 = Math.min(...first);
    frames.forEach((f, r) => {
      f.span = last[r] > first[r] ? (last[r] - first[r]) / 1e6 : 0;
      f.start = (first[r] - t0) / 1e6;
      f.end = (last[r] - t0) / 1e6;
    });
    return frames;
  }
  destroy() {
    this.qs.destroy();
    this.resolve.destroy();
  }
}

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
async function queueWarmUp(device: GPUDevice, ms: number, encodeOne: (enc: GPUCommandEncoder, timer?: SeriesStamps) => void) {
  const probe = new SeriesStamps(device, 4);
  const enc0 = device.createCommandEncoder();
  for (let r = 0; r < 4; r++) {
    probe.frame(r);
    encodeOne(enc0, probe);
  }
  const each = median((await probe.read(enc0)).map((f) => f.span));
  probe.destroy();
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
async function timeStep(g: GravityGPU, device: GPUDevice, reps: number, warmUpMs = 2000) {
  const stamps = new SeriesStamps(device, reps * (GRAVITY_PHASES.length + 1));
  const tEnc = performance.now();
  const enc = device.createCommandEncoder();
  for (let r = 0; r < reps; r++) {
    stamps.frame(r);
    g.encodeStep(enc, stamps);
  }
  const encodeMs = (performance.now() - tEnc) / reps;
  // the series is encoded first; the warm-up is queued right in front of it
  const warmWalks = await queueWarmUp(device, warmUpMs, (e, t) => g.encodeWalk(e, t));
  const frames = await stamps.read(enc);
  stamps.destroy();
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
    gapBetweenStepsMs: round(median(gaps), 4),
    encodeCpuMsPerStep: round(encodeMs, 4),
    wallPerStepMs: round(wallPerStep, 4),
    wallPerStepPartsMs: wallParts,
    singleSubmitWallMs: round(single, 4),
  };
}

async function timeDirect(g: GravityGPU, device: GPUDevice, reps: number, warmUpMs = 2000) {
  const stamps = new SeriesStamps(device, reps);
  const enc = device.createCommandEncoder();
  for (let r = 0; r < reps; r++) {
    stamps.frame(r);
    g.encodeDirect(enc, stamps);
  }
  await queueWarmUp(device, warmUpMs, (e, t) => g.encodeDirect(e, t));
  const frames = await stamps.read(enc);
  stamps.destroy();
  return round(median(frames.map((f) => f.byLabel.direct)), 4);
}

/**
 * The walk pass alone, `reps` times back to back in one command buffer behind a warm-up, on
 * the tree of the current state (build it first): median and 10th/90th percentile ms per pass.
 * The walk only rewrites accelerations and term counts, so the repeats all do the same work.
 */
async function timeWalk(g: GravityGPU, device: GPUDevice, reps: number, warmUpMs: number) {
  const stamps = new SeriesStamps(device, reps);
  const enc = device.createCommandEncoder();
  for (let r = 0; r < reps; r++) {
    stamps.frame(r);
    g.encodeWalk(enc, stamps);
  }
  await queueWarmUp(device, warmUpMs, (e, t) => g.encodeWalk(e, t));
  const ms = (await stamps.read(enc)).map((f) => f.byLabel.walk);
  stamps.destroy();
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
    const g = await GravityGPU.create(device, scope, ctx.wgsl, {maxBodies: maxN});
    const result: Record<string, unknown> = {leafCapacity: g.leafCapacity, params: g.parameters, scene: "discScene(n, 1): exponential disc + central mass 0.3"};
    const check = await twinCheck(g, device);
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
      for (const theta of [0.5, 0.2, 0.8]) {
        g.setParams({theta});
        g.setBodies(b, "barnes-hut");
        row[`theta${theta}`] = await timeStep(g, device, ctx.reps, warm);
        ctx.log(`n ${n} θ ${theta}: ${JSON.stringify(row[`theta${theta}`])}`);
      }
      g.setParams({theta: 0.5});
      g.setBodies(b, "barnes-hut");
      row.forceErrorTheta0_5 = await gpuForceError(g);
      row.directMs = await timeDirect(g, device, n > 300000 ? 3 : 10, warm);
      ctx.log(`n ${n}: ${JSON.stringify(row.forceErrorTheta0_5)} direct ${row.directMs} ms`);
      row.walks = await compareWalks(g, device, ctx.wgsl, b, walkKinds, ctx.reps, warm, (m) => ctx.log(`n ${n} ${m}`));
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
      const t = await timeWalk(g, device, reps, warm);
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
    const d = check.firstDifference;
    const where = d
      ? `node ${d.node} field ${d.field}: GPU ${d.actual}, twin ${d.expected}`
      : check.sortEqualsTwin
        ? `walk error ${check.walkMaxErrorOfRms} of rms ≥ 1e-5`
        : "the sort's keys or permutation";
    super(
      `gravity twin check FAILED at ${check.bodies} bodies, first difference ${where}; differing nodes per field ${JSON.stringify(check.differingNodes)}; sort equal ${check.sortEqualsTwin}`
    );
    this.name = "TwinCheckError";
  }
}
