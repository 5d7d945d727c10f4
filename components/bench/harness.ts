/**
 * The benchmark harness shared by `npm run bench` (Node + Dawn) and the bench page:
 * for each pipeline and particle count it
 *  1. checks the GPU against the CPU twin — one substep through the production path (all
 *     passes in one compute pass) and one through the timed pass list — and refuses to go
 *     on when they disagree (`TwinMismatchError`);
 *  2. warms the GPU with the same work for `warmMs` of continuous submissions (a big GPU
 *     lowers its clocks within a second or two of idling; a cold figure can read 3× slow);
 *  3. times `reps` frames of `substeps` substeps in one compute pass (timestamps around it)
 *     → ms per frame: median, min, max;
 *  4. warms again, then times `reps` frames with every pass in its own timestamped compute
 *     pass → ms per pass per substep (summed over the frame's substeps / substeps).
 * With timestamps, each series of 3 and 4 is recorded back to back in one command buffer and
 * submitted behind a warm-up still running (`Run.series`): between frames the GPU never idles
 * while the host reads back, so the clocks stay up (a series of frames submitted and awaited one
 * by one ran the H200's SM clock down from 1,980 to ≈ 400 MHz at the dust's small counts, where
 * encoding a frame takes the host longer than the GPU takes to run it).
 * Before the pipelines it measures references on the same device: two streaming copy
 * kernels' bandwidth (bytes read + written per second: 16 B per thread, and four vec4<f32>
 * = 64 B per thread), the cost of one empty dispatch inside a pass, and what one timed pass
 * holding one empty dispatch reads on its own timestamps (the overhead every pass of the
 * per-pass split carries). Each row's effective bandwidth (compulsory bytes / time) is
 * given as a fraction of the faster copy's (`bandwidthCeiling`).
 *
 * Without `timestamp-query` (some browsers) times are wall-clock submit → onSubmittedWorkDone,
 * which include the submit's own cost; `timing` in the report says which. Both come from the
 * one PassTimer, and every figure from the one `summarize` (components/sim/timing.ts).
 *
 * A pipeline that records its own passes (`encodeStep`: gravity, whose passes sit between
 * buffer copies) is timed with every pass timestamped in both series: a frame is the span
 * from its first pass's begin to its last pass's end.
 */
import type {ResourceScope} from "../gpu/scope.js";
import type {WGSLLoader} from "../gpu/wgsl.js";
import {computePipeline} from "../gpu/wgsl.js";
import {STORAGE_RW} from "../gpu/usage.js";
import {PassTimer, summarize, WALL_CLOCK_LABEL, type PassTimes, type Summary} from "../sim/timing.js";
import {countPipelineDispatches, type BenchPass, type BenchPipeline, type PipelineName, type PipelineSpec, type TwinCheck} from "./pipelines.js";

/** Empty dispatches in each pass of the timed-pass reference (as many as each pass of the pipelines holds). */
export const TIMED_PASS_DISPATCHES = 1;

export type {Summary};

/** Every summary of a report: median, min, max, spread and n, rounded to 5 significant digits. */
const summary = (xs: number[]) => summarize(xs, 5);

const round = (v: number, digits = 5) => (Number.isFinite(v) ? Number(v.toPrecision(digits)) : NaN);

/** The harness refuses to report a pipeline whose GPU result disagrees with its CPU twin. */
export class TwinMismatchError extends Error {
  constructor(
    readonly pipeline: PipelineName,
    readonly particles: number,
    readonly check: TwinCheck
  ) {
    super(
      `${pipeline} at ${particles.toLocaleString("en-US")} particles disagrees with its CPU twin (checked at ${check.particles.toLocaleString("en-US")}): ` +
        `worst ${check.worst} > tolerance ${check.tolerance}; ${check.detail}. Not reporting its times.`
    );
    this.name = "TwinMismatchError";
  }
}

/** Thrown when the run's AbortSignal fires (between timed batches). */
export class BenchCancelled extends Error {
  constructor() {
    super("benchmark cancelled");
    this.name = "BenchCancelled";
  }
}

/** One measured (pipeline, count). */
export interface BenchRow {
  pipeline: PipelineName;
  particles: number;
  scene: string;
  check: TwinCheck;
  substepsPerFrame: number;
  dispatchesPerSubstep: number;
  /** One frame (all substeps) in one compute pass. */
  frameMs: Summary;
  /** Each pass in its own compute pass: ms per substep, by label, in pass order. */
  perPassMs: Record<string, Summary>;
  compulsoryBytesPerFrame: number;
  compulsoryBytesFormula: string;
  /** compulsoryBytesPerFrame / median frame time, GB/s (10⁹ B/s). */
  effectiveGBps: number;
  /** effectiveGBps / the bandwidth ceiling's GB/s (the fastest copy kernel of the run; runs before 2026-12 used the 16 B copy). */
  fractionOfCopy: number;
  /** The CPU twin's substep at the check's count, ms (only with `twinReps`). */
  cpuTwin?: {particles: number; msPerSubstep: Summary};
  /**
   * Simulations with a substep length (`PipelineSpec.substepSeconds`: the water): simulated
   * seconds per substep, and the median frame per simulated second, ms (frameMs.median /
   * (substepsPerFrame × substepSeconds)) — the figure that compares runs of different dt.
   * Absent for the sort and in runs before 2026-12-02.
   */
  substepSeconds?: number;
  msPerSimulatedSecond?: number;
}

interface SkippedRow {
  pipeline: PipelineName;
  particles: number;
  reason: string;
}

/** A copy kernel's bandwidth: GB/s = 2 × bytes / median ms (read + written). */
interface CopyReference {
  bytes: number;
  /** Bytes each thread copies (older runs lack it: 16). */
  bytesPerThread?: number;
  ms: Summary;
  GBps: number;
  note: string;
}

export interface References {
  /** 16 B (one vec4<u32>) per thread, shaders/bench/copy.wgsl. */
  copy: CopyReference;
  /** 64 B (four vec4<f32>) per thread, shaders/bench/copy_vec4x4.wgsl (absent in older runs). */
  copyVec4x4?: CopyReference;
  /** The fastest copy of the run: the yardstick of every row's `fractionOfCopy` (absent in older runs: the 16 B copy was). */
  bandwidthCeiling?: {reference: "copy" | "copyVec4x4"; GBps: number; note: string};
  emptyDispatch: {dispatches: number; us: Summary; note: string};
  /** One empty dispatch in its own timed compute pass, µs between its timestamps (absent in older runs and without timestamps). */
  timedPass?: {passes: number; us: Summary; note: string} | null;
}

export interface BenchReport {
  timing: "timestamp-query" | "wall-clock";
  substepsPerFrame: number;
  reps: number;
  warmMs: number;
  references: References;
  rows: BenchRow[];
  skipped: SkippedRow[];
}

export interface BenchOptions {
  device: GPUDevice;
  /** false: time by the wall clock even when the device has 'timestamp-query' (the timer reads device.features otherwise). */
  timestamps?: boolean;
  wgsl: WGSLLoader;
  /** Parent scope: everything the run allocates lives in children of it, released as it goes. */
  scope: ResourceScope;
  pipelines: PipelineSpec<any>[];
  counts: number[];
  substeps?: number;
  /** Timed frames per series (median taken), ≥ 1. */
  reps: number;
  /** Continuous work before each timed series, ms. */
  warmMs: number;
  /** Bytes of the copy reference's source buffer. */
  copyBytes: number;
  /** Times the CPU twin's substep this many times at the check's count (`row.cpuTwin`; 0 or absent: not timed). */
  twinReps?: number;
  /** Largest count any twin check runs at (below each pipeline's own cap; the page keeps checks short). */
  checkCap?: number;
  /** Skip a count whose buffers exceed this many bytes together (default: no limit beyond the device's). */
  maxTotalBytes?: number;
  signal?: AbortSignal;
  /** Progress: `done` of `total` steps, and what runs now. */
  onProgress?(done: number, total: number, what: string): void;
  /** Each twin check as soon as it is known (the page shows it). */
  onCheck?(pipeline: PipelineName, particles: number, check: TwinCheck): void;
  /** Each row as soon as it is measured. */
  onRow?(row: BenchRow): void;
  log?(msg: string): void;
  /** Called between timed batches (the page yields to the browser there). */
  pause?(): Promise<void>;
}

type Writes = (label: string) => GPUComputePassTimestampWrites | undefined;

/** What the steps of one run share: the device, the timer and the progress counter. */
interface Run {
  o: BenchOptions;
  device: GPUDevice;
  /** The run's timer, and the same timer as `stamps` when it reads GPU timestamps (null: wall clock). */
  timer: PassTimer;
  stamps: PassTimer | null;
  substeps: number;
  reps: number;
  log(msg: string): void;
  /** Reports progress (or, with `skip`, counts that many steps as done silently), yields, and throws BenchCancelled once the signal fired. */
  step(what: string, skip?: number): Promise<void>;
  /** Yields (between timed batches) and throws BenchCancelled once the signal fired. */
  pause(): Promise<void>;
  /** ms per label of one frame whose passes `encode` records (timestamps, else wall clock as "all"). */
  timeOne(encode: (enc: GPUCommandEncoder, writes: Writes) => void): Promise<Record<string, number>>;
  /** The same, with the frame's span. */
  timeFrame(encode: (enc: GPUCommandEncoder, writes: Writes) => void): Promise<PassTimes>;
  /**
   * Continuous submissions of `encode`'d frames for at least `ms` of wall time. With
   * `keepQueued`, two more batches are submitted at the end and not waited for, so that work
   * submitted next starts on a GPU that never went idle.
   */
  warm(encode: (enc: GPUCommandEncoder) => void, ms: number, keepQueued?: boolean): Promise<void>;
  /**
   * `frames` frames recorded back to back in one command buffer (chunks of at most
   * SERIES_PASSES timed passes) with `passesPerFrame` timestamped passes each, every chunk
   * submitted right behind a warm-up of `warmEncode` that is still queued: the GPU runs the
   * series without idling, so its clocks stay up (timestamps only). One PassTimes per frame.
   */
  series(
    encode: (enc: GPUCommandEncoder, writes: Writes) => void,
    frames: number,
    passesPerFrame: number,
    warmEncode: (enc: GPUCommandEncoder) => void
  ): Promise<PassTimes[]>;
}

/** Timestamped passes one command buffer of a series may hold (a query set holds at most 4,096 timestamps). */
const SERIES_PASSES = 2048;

function makeRun(o: BenchOptions, timer: PassTimer, total: number): Run {
  const stamps = timer.mode === "timestamp-query" ? timer : null;
  const {device} = o;
  let done = 0;
  const cancelled = () => {
    if (o.signal?.aborted) throw new BenchCancelled();
  };
  return {
    o,
    device,
    timer,
    stamps,
    substeps: o.substeps ?? 5,
    reps: Math.max(1, Math.floor(o.reps)),
    log: o.log ?? (() => {}),
    async step(what, skip = 0) {
      cancelled();
      done += skip;
      if (!skip) o.onProgress?.(done++, total, what);
      await o.pause?.();
      cancelled();
    },
    async pause() {
      cancelled();
      await o.pause?.();
      cancelled();
    },
    async timeOne(encode) {
      return (await this.timeFrame(encode)).byLabel;
    },
    async timeFrame(encode) {
      const enc = device.createCommandEncoder();
      timer.beginFrame();
      encode(enc, (l) => timer.writes(l));
      return (await timer.read(enc))[0];
    },
    async series(encode, frames, passesPerFrame, warmEncode) {
      // room for twice the passes a frame should record (a pipeline may time a phase in two passes)
      const per = 2 * Math.max(1, passesPerFrame);
      const chunk = Math.max(1, Math.floor(SERIES_PASSES / per));
      const t = PassTimer.create(device, o.scope, Math.min(SERIES_PASSES, chunk * per));
      const out: PassTimes[] = [];
      try {
        for (let f0 = 0; f0 < frames; f0 += chunk) {
          const n = Math.min(chunk, frames - f0);
          // the series is encoded first (encoding many dispatches takes the host a while), then
          // submitted behind a warm-up that is still running on the GPU
          const enc = device.createCommandEncoder();
          t.beginFrame();
          for (let r = 0; r < n; r++) {
            t.frame(r);
            encode(enc, (l) => t.writes(l));
          }
          await this.warm(warmEncode, f0 === 0 ? o.warmMs : Math.min(o.warmMs, 300), true);
          out.push(...(await t.read(enc)).slice(0, n));
          cancelled();
        }
      } finally {
        t.dispose();
      }
      return out;
    },
    async warm(encode, ms, keepQueued = false) {
      const t0 = performance.now();
      let batch = 1;
      do {
        // two batches in flight: the queue never runs dry while the host waits
        for (let b = 0; b < 2; b++) {
          const enc = device.createCommandEncoder();
          for (let k = 0; k < batch; k++) encode(enc);
          device.queue.submit([enc.finish()]);
        }
        const b0 = performance.now();
        await device.queue.onSubmittedWorkDone();
        if (performance.now() - b0 < 20 && batch < 256) batch *= 2;
        cancelled();
      } while (performance.now() - t0 < ms);
      if (keepQueued)
        for (let b = 0; b < 2; b++) {
          const enc = device.createCommandEncoder();
          for (let k = 0; k < batch; k++) encode(enc);
          device.queue.submit([enc.finish()]);
        }
    },
  };
}

const first = (t: Record<string, number>) => Object.values(t)[0];

/** One copy kernel's bandwidth: `bytesPerThread` per thread over `bytes` (a multiple of it), warmed first. */
async function measureCopy(
  run: Run,
  scope: ResourceScope,
  file: string,
  entry: string,
  bytesPerThread: number,
  bytes: number,
  note: string
): Promise<CopyReference> {
  const {device, o, reps} = run;
  const pipe = await computePipeline(device, o.wgsl, [file], entry);
  const src = scope.buffer({label: `bench-${entry}-src`, size: bytes, usage: STORAGE_RW});
  const dst = scope.buffer({label: `bench-${entry}-dst`, size: bytes, usage: STORAGE_RW});
  const bind = device.createBindGroup({layout: pipe.getBindGroupLayout(0), entries: [src, dst].map((buffer, binding) => ({binding, resource: {buffer}}))});
  const groups = Math.ceil(bytes / bytesPerThread / 256);
  const gx = Math.min(groups, 65_535);
  const frame = (enc: GPUCommandEncoder, w?: GPUComputePassTimestampWrites) => {
    const p = enc.beginComputePass(w ? {timestampWrites: w} : {});
    p.setPipeline(pipe);
    p.setBindGroup(0, bind);
    p.dispatchWorkgroups(gx, Math.ceil(groups / gx));
    p.end();
  };
  await run.warm((e) => frame(e), o.warmMs);
  const ms: number[] = [];
  for (let r = 0; r < reps; r++) ms.push(first(await run.timeOne((e, w) => frame(e, w(entry)))));
  const sum = summary(ms);
  return {bytes, bytesPerThread, ms: sum, GBps: round((2 * bytes) / (sum.median * 1e6)), note};
}

/** The copy kernels' bandwidth, one empty dispatch's cost and a timed pass's overhead, on the run's device. */
async function measureReferences(run: Run, parent: ResourceScope): Promise<References> {
  const {device, o, reps} = run;
  await run.step("copy kernels");
  const scope = parent.child();
  try {
    // a multiple of 64 B, so both copies cover the same buffer exactly
    const copyBytes = Math.max(4096, Math.floor(Math.min(o.copyBytes, device.limits.maxStorageBufferBindingSize) / 64) * 64);
    const copy = await measureCopy(
      run,
      scope,
      "bench/copy.wgsl",
      "copy",
      16,
      copyBytes,
      "one dispatch copying a buffer of `bytes` into another, 16 B (one vec4<u32>) per thread; GB/s = 2 × bytes / median time"
    );
    const copyVec4x4 = await measureCopy(
      run,
      scope,
      "bench/copy_vec4x4.wgsl",
      "copy4",
      64,
      copyBytes,
      "the same copy with four vec4<f32> (64 B) per thread, each load coalesced across threads; GB/s = 2 × bytes / median time"
    );
    const fast = copyVec4x4.GBps > copy.GBps ? "copyVec4x4" : "copy";
    const bandwidthCeiling = {
      reference: fast,
      GBps: Math.max(copy.GBps, copyVec4x4.GBps),
      note: "the faster of the two copies: every row's fractionOfCopy is its effectiveGBps over this",
    } as const;

    await run.step("empty dispatch");
    const emptyPipe = await computePipeline(device, o.wgsl, ["bench/empty.wgsl"], "empty");
    const sink = scope.buffer({label: "bench-sink", size: 16, usage: STORAGE_RW});
    const emptyBind = device.createBindGroup({layout: emptyPipe.getBindGroupLayout(0), entries: [{binding: 0, resource: {buffer: sink}}]});
    const EMPTY = 1000;
    const emptyInPass = (p: GPUComputePassEncoder, k: number) => {
      p.setPipeline(emptyPipe);
      p.setBindGroup(0, emptyBind);
      for (let i = 0; i < k; i++) p.dispatchWorkgroups(1);
    };
    const emptyFrame = (enc: GPUCommandEncoder, k: number, w?: GPUComputePassTimestampWrites) => {
      const p = enc.beginComputePass(w ? {timestampWrites: w} : {});
      emptyInPass(p, k);
      p.end();
    };
    await run.warm((e) => emptyFrame(e, EMPTY), o.warmMs);
    const emptyUs: number[] = [];
    for (let r = 0; r < reps; r++) {
      const many = first(await run.timeOne((e, w) => emptyFrame(e, EMPTY, w("many"))));
      const none = first(await run.timeOne((e, w) => emptyFrame(e, 0, w("none"))));
      emptyUs.push(((many - none) / EMPTY) * 1000);
    }
    // the per-pass split times every pass on its own: what does one such pass read when it holds nothing but one empty dispatch?
    let timedPass: References["timedPass"] = null;
    if (run.stamps) {
      const PASSES = Math.min(32, run.stamps.capacity);
      const passes = (enc: GPUCommandEncoder, w?: Writes) => {
        for (let k = 0; k < PASSES; k++) {
          const t = w?.(`p${k}`);
          const p = enc.beginComputePass(t ? {timestampWrites: t} : {});
          emptyInPass(p, TIMED_PASS_DISPATCHES);
          p.end();
        }
      };
      await run.warm((e) => passes(e), o.warmMs);
      const us: number[] = [];
      for (let r = 0; r < reps; r++) us.push(...Object.values(await run.timeOne((e, w) => passes(e, w))).map((ms) => ms * 1000));
      timedPass = {
        passes: PASSES,
        us: summary(us),
        note: `µs between the timestamps of a compute pass holding one empty dispatch, ${PASSES} such passes in a row per frame (as the per-pass split times each pass); minus emptyDispatch it is what timing a pass on its own adds`,
      };
    }
    return {
      copy,
      copyVec4x4,
      bandwidthCeiling,
      emptyDispatch: {
        dispatches: EMPTY,
        us: summary(emptyUs),
        note: `(time of one pass with ${EMPTY} dependent empty dispatches − time of an empty pass) / ${EMPTY}, µs`,
      },
      timedPass,
    };
  } finally {
    scope.dispose();
  }
}

/** Why `spec` at `n` particles cannot run on this device (or within the budget), or "". */
function memoryReason(o: BenchOptions, spec: PipelineSpec<any>, n: number): string {
  const mem = spec.memory(n);
  const limit = Math.min(o.device.limits.maxStorageBufferBindingSize, o.device.limits.maxBufferSize);
  const f = (b: number) => b.toLocaleString("en-US");
  if (mem.largestBuffer > limit) return `a ${f(mem.largestBuffer)}-byte particle buffer exceeds this device's ${f(limit)}-byte binding limit`;
  if (o.maxTotalBytes && mem.total > o.maxTotalBytes) return `its ${f(mem.total)} bytes of buffers exceed this run's memory budget of ${f(o.maxTotalBytes)}`;
  return "";
}

/** Builds the pipeline and runs one substep inside error scopes: the pipeline, or why the GPU refused it. */
async function buildChecked(run: Run, spec: PipelineSpec<any>, n: number, scope: ResourceScope): Promise<{pipe: BenchPipeline<any> | null; reason: string}> {
  const {device} = run;
  device.pushErrorScope("out-of-memory");
  device.pushErrorScope("validation");
  let pipe: BenchPipeline<any> | null = null;
  let thrown: unknown = null;
  try {
    pipe = await spec.create({device, scope, wgsl: run.o.wgsl}, spec.scene(n, n), n);
    const enc = device.createCommandEncoder();
    encodeOneSubstep(pipe, enc);
    device.queue.submit([enc.finish()]);
    await device.queue.onSubmittedWorkDone();
  } catch (e) {
    thrown = e;
  }
  // the scopes are popped whatever happened, so later work is not reported into them
  const validation = await device.popErrorScope();
  const memory = await device.popErrorScope();
  const err = validation ?? memory;
  if (err) return {pipe, reason: `the GPU refused it: ${err.message.split("\n")[0]}`};
  if (thrown) throw thrown;
  return {pipe, reason: ""};
}

/** One substep of `p` into `enc`: in one compute pass, or through the pipeline's own `encodeStep`. */
function encodeOneSubstep(p: BenchPipeline<any>, enc: GPUCommandEncoder) {
  if (p.encodeStep) return p.encodeStep(enc);
  const pass = enc.beginComputePass();
  p.encodeSubstep!(pass);
  pass.end();
}

/**
 * Frames in one pass (median/min/max ms) and every pass on its own (ms per substep), each
 * after a warm-up. A command-encoder pipeline (`encodeStep`) runs its passes timed in
 * both series: a frame is the span from its first pass's begin to its last pass's end
 * (the wall clock without timestamps, and then no per-pass split).
 */
async function timePipeline(run: Run, label: string, p: BenchPipeline<any>, substeps = run.substeps, reps = run.reps) {
  const {o} = run;
  const step = p.encodeStep?.bind(p);
  const frame = (enc: GPUCommandEncoder, w?: Writes) => {
    if (step) {
      for (let s = 0; s < substeps; s++) step(enc, w ? {writes: w} : undefined);
      return;
    }
    const t = w?.("frame");
    const pass = enc.beginComputePass(t ? {timestampWrites: t} : {});
    for (let s = 0; s < substeps; s++) p.encodeSubstep!(pass);
    pass.end();
  };
  const onePass = (ps: BenchPass, enc: GPUCommandEncoder, w?: GPUComputePassTimestampWrites) => {
    const pass = enc.beginComputePass(w ? {timestampWrites: w} : {});
    ps.encode(pass);
    pass.end();
  };
  await run.step(`${label}: frames`);
  if (run.stamps) {
    // timestamps: every frame of each series back to back behind a queued warm-up (run.series)
    const passesPerFrame = step ? substeps * p.passes.length : 1;
    const frames = (
      await run.series(
        (e, w) => frame(e, w),
        reps,
        passesPerFrame,
        (e) => frame(e)
      )
    ).map((t) => (step ? t.span : first(t.byLabel)));
    await run.step(`${label}: passes`);
    const series = await run.series(
      (enc, w) => {
        if (step) frame(enc, w);
        else for (let s = 0; s < substeps; s++) for (const ps of p.passes) onePass(ps, enc, w(ps.label));
      },
      reps,
      substeps * p.passes.length,
      (e) => frame(e)
    );
    const per: Record<string, number[]> = Object.fromEntries(p.passes.map((x) => [x.label, []]));
    for (const t of series) for (const l of Object.keys(per)) per[l].push((t.byLabel[l] ?? 0) / substeps);
    return {frameMs: summary(frames), perPassMs: Object.fromEntries(Object.entries(per).map(([l, xs]) => [l, summary(xs)]))};
  }
  // wall clock (no timestamps): each frame its own submit, then each pass its own submit in
  // substep order (the state stays consistent); a pipeline that records its own passes has no split
  await run.warm((e) => frame(e), o.warmMs);
  const frames: number[] = [];
  for (let r = 0; r < reps; r++) {
    frames.push(first((await run.timeFrame((e, w) => frame(e, w))).byLabel));
    if (r % 8 === 7) await run.pause();
  }
  await run.step(`${label}: passes`);
  await run.warm((e) => frame(e), o.warmMs);
  const per: Record<string, number[]> = step ? {} : Object.fromEntries(p.passes.map((x) => [x.label, []]));
  for (let r = 0; r < reps && !step; r++) {
    const sums: Record<string, number> = {};
    for (let s = 0; s < substeps; s++)
      for (const ps of p.passes) sums[ps.label] = (sums[ps.label] ?? 0) + (await run.timeOne((enc) => onePass(ps, enc)))[WALL_CLOCK_LABEL];
    for (const l of Object.keys(per)) per[l].push((sums[l] ?? 0) / substeps);
    await run.pause();
  }
  return {frameMs: summary(frames), perPassMs: Object.fromEntries(Object.entries(per).map(([l, xs]) => [l, summary(xs)]))};
}

/** ms per substep of the CPU twin at `n` particles (the check's count), `reps` times, or null when not asked. */
async function timeTwin(run: Run, spec: PipelineSpec<any>, n: number, benchCount: number): Promise<BenchRow["cpuTwin"]> {
  const reps = Math.floor(run.o.twinReps ?? 0);
  if (!spec.twinStep || reps < 1) return undefined;
  const input = spec.scene(n, benchCount);
  const ms: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    spec.twinStep(input, benchCount);
    ms.push(performance.now() - t0);
    await run.pause();
  }
  return {particles: n, msPerSubstep: summary(ms)};
}

/** Runs the whole benchmark (see the module comment). Rejects with TwinMismatchError or BenchCancelled. */
export async function runBench(o: BenchOptions): Promise<BenchReport> {
  const substeps = o.substeps ?? 5;
  const root = o.scope.child(o.device);
  const timer = PassTimer.create(o.device, root, substeps * 16, null, {wallClock: o.timestamps === false});
  const total = 2 + o.pipelines.length * o.counts.length * 4; // references: copies, empty dispatch (with the timed pass)
  const run = makeRun(o, timer, total);
  try {
    const references = await measureReferences(run, root);
    const copyGBps = references.bandwidthCeiling?.GBps ?? references.copy.GBps;
    run.log(
      `copy ${references.copy.GBps} GB/s (16 B/thread), ${references.copyVec4x4?.GBps} GB/s (64 B/thread) over ${references.copy.bytes} B; ` +
        `empty dispatch ${references.emptyDispatch.us.median} µs; timed pass ${references.timedPass?.us.median ?? "–"} µs`
    );
    const rows: BenchRow[] = [];
    const skipped: SkippedRow[] = [];
    const skip = async (spec: PipelineSpec<any>, n: number, reason: string, steps: number) => {
      skipped.push({pipeline: spec.name, particles: n, reason});
      run.log(`skip ${spec.name} ${n}: ${reason}`);
      await run.step("", steps);
    };
    for (const spec of o.pipelines)
      for (const n of o.counts) {
        const label = `${spec.name} ${n.toLocaleString("en-US")}`;
        const tooBig = memoryReason(o, spec, n);
        if (tooBig) {
          await skip(spec, n, tooBig, 4);
          continue;
        }
        // 1. the twin check (capped for huge counts), through both encodings: refuse on a mismatch
        await run.step(`${label}: twin check`);
        const checkN = Math.min(n, spec.checkCap, o.checkCap ?? Infinity);
        const check = await checkAgainstTwin(o, spec, checkN, n, root);
        o.onCheck?.(spec.name, n, check);
        if (!check.ok) throw new TwinMismatchError(spec.name, n, check);
        const cpuTwin = await timeTwin(run, spec, checkN, n);
        const scope = root.child();
        try {
          const {pipe, reason} = await buildChecked(run, spec, n, scope);
          if (!pipe || reason) {
            await skip(spec, n, reason || "no pipeline", 3);
            continue;
          }
          const {substeps, reps} = frameCounts(run, spec, n);
          const {frameMs, perPassMs} = await timePipeline(run, label, pipe, substeps, reps);
          const bytes = spec.compulsoryBytes(n);
          const effectiveGBps = round((bytes.bytes * substeps) / (frameMs.median * 1e6));
          const row: BenchRow = {
            pipeline: spec.name,
            particles: n,
            scene: pipe.scene,
            check,
            substepsPerFrame: substeps,
            dispatchesPerSubstep: countPipelineDispatches(pipe),
            frameMs,
            perPassMs,
            compulsoryBytesPerFrame: bytes.bytes * substeps,
            compulsoryBytesFormula: `${substeps} substeps × ${bytes.formula}`,
            effectiveGBps,
            fractionOfCopy: round(effectiveGBps / copyGBps, 3),
            ...(cpuTwin ? {cpuTwin} : {}),
            ...simulatedTime(spec, n, substeps, frameMs.median),
          };
          rows.push(row);
          o.onRow?.(row);
          run.log(`${label}: ${frameMs.median} ms/frame [${frameMs.min}, ${frameMs.max}], ${row.fractionOfCopy} of copy`);
          await run.step(`${label}: done`);
        } finally {
          scope.dispose();
        }
      }
    o.onProgress?.(total, total, "done");
    return {timing: timer.mode, substepsPerFrame: substeps, reps: run.reps, warmMs: o.warmMs, references, rows, skipped};
  } finally {
    root.dispose();
  }
}

/** Substeps per frame and frames per series of `spec` at `n`: the run's, or fewer where the spec limits them. */
export function frameCounts(run: Pick<Run, "substeps" | "reps">, spec: Pick<PipelineSpec<any>, "frameLimits">, n: number): {substeps: number; reps: number} {
  const lim = spec.frameLimits?.(n) ?? {};
  const cap = (v: number, limit?: number) => (limit !== undefined && limit >= 1 ? Math.min(v, Math.floor(limit)) : v);
  return {substeps: cap(run.substeps, lim.substeps), reps: cap(run.reps, lim.reps)};
}

/** A simulation's substep length and ms per simulated second for a row (nothing for a pipeline without `substepSeconds`). */
export function simulatedTime(spec: Pick<PipelineSpec<any>, "substepSeconds">, benchCount: number, substeps: number, frameMedianMs: number) {
  const dt = spec.substepSeconds?.(benchCount);
  if (!(dt && dt > 0)) return {};
  return {substepSeconds: round(dt, 6), msPerSimulatedSecond: round(frameMedianMs / (substeps * dt))};
}

/**
 * One substep on the GPU from the scene at `checkN` particles (the kind of scene of a
 * `benchCount` benchmark), through the production encoding and again through the timed
 * pass list; each result is compared with the twin. The worse of the two is returned.
 */
async function checkAgainstTwin(
  o: Pick<BenchOptions, "device" | "wgsl">,
  spec: PipelineSpec<any>,
  checkN: number,
  benchCount: number,
  parent: ResourceScope
): Promise<TwinCheck> {
  if (spec.check) {
    const scope = parent.child();
    try {
      return {...(await spec.check({device: o.device, scope, wgsl: o.wgsl}, checkN, benchCount)), particles: checkN, capped: checkN < benchCount};
    } finally {
      scope.dispose();
    }
  }
  if (!spec.compare) throw new TypeError(`pipeline ${spec.name} has neither a compare nor a check`);
  const input = spec.scene(checkN, benchCount);
  let worst: TwinCheck | null = null;
  for (const path of ["one pass", "pass list"] as const) {
    const scope = parent.child();
    try {
      const pipe = await spec.create({device: o.device, scope, wgsl: o.wgsl}, input, benchCount);
      if (!pipe.read || !pipe.encodeSubstep) throw new TypeError(`pipeline ${spec.name} compares one substep but cannot encode or read one`);
      const enc = o.device.createCommandEncoder();
      if (path === "one pass") encodeOneSubstep(pipe, enc);
      else
        for (const ps of pipe.passes) {
          const pass = enc.beginComputePass();
          ps.encode(pass);
          pass.end();
        }
      o.device.queue.submit([enc.finish()]);
      const gpu = await pipe.read();
      const c = spec.compare(input, gpu, benchCount);
      const check: TwinCheck = {...c, particles: checkN, capped: checkN < benchCount, what: `${c.what} (${path})`};
      if (!worst || !check.ok || (worst.ok && !(check.worst <= worst.worst))) worst = check;
      pipe.dispose();
      if (!check.ok) break;
    } finally {
      scope.dispose();
    }
  }
  if (worst!.ok) worst!.what = worst!.what.replace(/ \((one pass|pass list)\)$/, " (one pass and pass list)");
  return worst!;
}
