/**
 * The one GPU pass timer and the one summary of repeated measurements, shared by the
 * widgets' live GPU-time display, the benchmark harness (components/bench/harness.ts,
 * `npm run bench` and the bench page) and the gravity benchmark.
 *
 * PassTimer: with 'timestamp-query' every timed compute pass gets a begin/end timestamp
 * pair (`writes(label)`); the pairs are resolved into a buffer and read back either
 *  - without blocking (live pages): `beginFrame()`, `resolve(enc)`, submit, `commit()`; a
 *    StagingRing copy is mapped later and `onTimes` gets the frame's times a few frames
 *    on. When every staging slot is still in flight that frame is not timed (never stalls);
 *  - awaited (benchmarks): `beginFrame()`, encode, `read(enc)` submits, waits and returns
 *    the times of every frame recorded (`frame(r)` starts frame r of a series recorded
 *    back to back in one command buffer).
 * Without 'timestamp-query' (`mode` "wall-clock") `writes` gives undefined and the time is
 * the wall clock from `resolve`/`read` to onSubmittedWorkDone, reported under the one
 * label "all". It includes the submit's own cost and, live, any work queued before the
 * frame (one such frame is in flight at a time).
 *
 *   timer.beginFrame();
 *   const pass = enc.beginComputePass({timestampWrites: timer.writes("scan")});
 *   …
 *   timer.resolve(enc);  device.queue.submit([enc.finish()]);  timer.commit();
 *
 * Note: browsers may quantise timestamps (Chrome rounds to 100 µs without developer
 * features; Dawn in Node to 65.5 µs unless `timestamp_quantization` is disabled), so single
 * readings of short passes are coarse: summarise over frames.
 */
import type {ResourceScope} from "../gpu/scope.js";
import {readBuffers, StagingRing} from "../gpu/readback.js";
import {Usage} from "../gpu/usage.js";

export interface PassTimes {
  /** Summed GPU ms of the passes of each label in one frame ("all" in wall-clock mode). */
  byLabel: Record<string, number>;
  /** Sum over all timed passes, ms. */
  total: number;
  /** First begin → last end, ms (includes gaps between passes). */
  span: number;
  /** The frame's first begin and last end, ms after the first timestamp of the read (0 and span in wall-clock mode). */
  start: number;
  end: number;
}

/** How a PassTimer measures: GPU timestamps, or the host's clock around submit → done. */
type TimingMode = "timestamp-query" | "wall-clock";

/**
 * Anything that hands out timestampWrites per labelled pass (a PassTimer): what the GPU
 * pipelines' `encode…(enc, timer?)` methods take, so they need not know the timer's kind.
 */
export interface PassTimestamps {
  writes(label: string): GPUComputePassTimestampWrites | undefined;
}

/** The label of a wall-clock reading (one figure per frame: no pass of it can be told apart). */
export const WALL_CLOCK_LABEL = "all";

export class PassTimer {
  readonly mode: TimingMode;
  private querySet: GPUQuerySet | null = null;
  private resolveBuf: GPUBuffer | null = null;
  private ring: StagingRing | null = null;
  private labels: {frame: number; label: string}[] = [];
  private current = 0;
  private overflow = 0;
  private slot: GPUBuffer | null = null;
  private pending: {frame: number; label: string}[] | null = null;
  private active = false;
  private wallStart = 0;
  private wallPending = false;

  private constructor(
    readonly device: GPUDevice,
    /** This timer's own child scope: query set, resolve buffer and staging ring live in it. */
    readonly scope: ResourceScope,
    readonly capacity: number,
    private onTimes: ((t: PassTimes) => void) | null,
    wallClock: boolean
  ) {
    this.mode = !wallClock && device.features.has("timestamp-query") ? "timestamp-query" : "wall-clock";
    if (this.mode === "wall-clock") return;
    const qs = device.createQuerySet({type: "timestamp", count: capacity * 2});
    this.querySet = qs;
    scope.onDispose(() => qs.destroy());
    this.resolveBuf = scope.buffer({label: "timestamps", size: capacity * 16, usage: Usage.QUERY_RESOLVE | Usage.COPY_SRC});
    if (onTimes) this.ring = new StagingRing(scope, capacity * 16, 3);
  }

  /**
   * A timer for at most `capacity` timed passes per read (or per live frame), its GPU
   * objects in one child scope of `parentScope`. With `onTimes` it reads back without
   * blocking (`commit`); without it, use `read`. On a device without 'timestamp-query' it
   * times by the wall clock (`mode`); `options.wallClock` asks for the wall clock anyway.
   */
  static create(
    device: GPUDevice,
    parentScope: ResourceScope,
    capacity: number,
    onTimes?: ((t: PassTimes) => void) | null,
    options: {wallClock?: boolean} = {}
  ): PassTimer {
    const scope = parentScope.child(device);
    try {
      return new PassTimer(device, scope, capacity, onTimes ?? null, options.wallClock ?? false);
    } catch (e) {
      scope.dispose();
      throw e;
    }
  }

  /** Releases the query set and buffers (disposes its child scope; idempotent). */
  dispose() {
    this.scope.dispose();
  }

  /**
   * Starts a frame (or a series: see `frame`). Live (with `onTimes`): returns false, and
   * times nothing this frame, when no staging slot is free or a wall-clock reading is still
   * in flight. Awaited: always true.
   */
  beginFrame(): boolean {
    this.labels = [];
    this.current = 0;
    this.overflow = 0;
    if (!this.onTimes) return (this.active = true);
    if (this.mode === "wall-clock") return (this.active = !this.wallPending);
    this.slot = this.ring!.acquire();
    this.active = this.slot !== null;
    return this.active;
  }

  /** Passes recorded from now on belong to frame `r` of the series (awaited `read` returns one PassTimes per frame). */
  frame(r: number) {
    this.current = r;
  }

  /** timestampWrites for the next pass, or undefined when not timing, over capacity or in wall-clock mode. */
  writes(label: string): GPUComputePassTimestampWrites | undefined {
    if (!this.active || !this.querySet) return undefined;
    if (this.labels.length >= this.capacity) {
      this.overflow++;
      return undefined;
    }
    const k = this.labels.length;
    this.labels.push({frame: this.current, label});
    return {querySet: this.querySet, beginningOfPassWriteIndex: 2 * k, endOfPassWriteIndex: 2 * k + 1};
  }

  /** Live: records the resolve + copy into this frame's staging slot (call before finish()); wall clock: starts the clock. */
  resolve(encoder: GPUCommandEncoder) {
    if (!this.active) return;
    if (this.mode === "wall-clock") {
      this.wallStart = performance.now();
      return;
    }
    if (!this.slot || this.labels.length === 0) return;
    const n = this.labels.length * 2;
    encoder.resolveQuerySet(this.querySet!, 0, n, this.resolveBuf!, 0);
    this.ring!.copy(encoder, this.slot, this.resolveBuf!, 0, 0, n * 8);
    this.pending = this.labels;
  }

  /** Live, after the submit: maps the slot (or waits for the queue, wall clock); `onTimes` gets the frame's times later. */
  commit() {
    const wasActive = this.active;
    this.active = false;
    if (this.mode === "wall-clock") {
      if (!wasActive || !this.onTimes) return;
      const t0 = this.wallStart;
      const cb = this.onTimes;
      this.wallPending = true;
      this.device.queue.onSubmittedWorkDone().then(
        () => {
          this.wallPending = false;
          if (!this.scope.disposed) cb(wallTimes(performance.now() - t0));
        },
        () => (this.wallPending = false)
      );
      return;
    }
    const slot = this.slot;
    const labels = this.pending;
    this.slot = null;
    this.pending = null;
    if (!slot) return;
    if (!labels) {
      // nothing was timed: hand the slot back through an empty map cycle
      this.ring!.commit(slot, () => {});
      return;
    }
    const cb = this.onTimes!;
    this.ring!.commit(slot, (bytes) => cb(passTimes(new BigUint64Array(bytes, 0, labels.length * 2), labels)[0]));
  }

  /**
   * Awaited: resolves the timestamps, submits `encoder`, waits, and returns the times of
   * each frame recorded since `beginFrame` (one entry per `frame(r)` used, at least one).
   * Wall clock: waits for the queue to drain, submits, and returns the one frame's
   * submit → done time. Errors: RangeError when more passes were timed than `capacity`.
   */
  async read(encoder: GPUCommandEncoder): Promise<PassTimes[]> {
    this.active = false;
    if (this.overflow) throw new RangeError(`${this.labels.length + this.overflow} timed passes, more than this timer's ${this.capacity}`);
    if (this.mode === "wall-clock") {
      await this.device.queue.onSubmittedWorkDone();
      const t0 = performance.now();
      this.device.queue.submit([encoder.finish()]);
      await this.device.queue.onSubmittedWorkDone();
      return [wallTimes(performance.now() - t0)];
    }
    const labels = this.labels;
    const n = 2 * labels.length;
    if (n) encoder.resolveQuerySet(this.querySet!, 0, n, this.resolveBuf!, 0);
    const [bytes] = await readBuffers(this.device, [{buffer: this.resolveBuf!, size: Math.max(8, 8 * n)}], encoder);
    return passTimes(new BigUint64Array(bytes, 0, n), labels);
  }
}

const wallTimes = (ms: number): PassTimes => ({byLabel: {[WALL_CLOCK_LABEL]: ms}, total: ms, span: ms, start: 0, end: ms});

/**
 * Sums begin/end timestamp pairs (ns) per label into milliseconds, per frame. `labels[k]`
 * names pair k (a plain string: frame 0). Pairs with end < begin count as 0. Returns one
 * PassTimes per frame index up to the largest used (frames with no pass: all zero).
 */
export function passTimes(stamps: BigUint64Array, labels: readonly (string | {frame: number; label: string})[]): PassTimes[] {
  const frames: PassTimes[] = [];
  const first: number[] = [];
  const last: number[] = [];
  let t0 = Infinity;
  labels.forEach((l, k) => {
    const {frame, label} = typeof l === "string" ? {frame: 0, label: l} : l;
    const b = Number(stamps[2 * k]),
      e = Number(stamps[2 * k + 1]);
    const ms = e > b ? (e - b) / 1e6 : 0;
    const f = (frames[frame] ??= {byLabel: {}, total: 0, span: 0, start: 0, end: 0});
    f.byLabel[label] = (f.byLabel[label] ?? 0) + ms;
    f.total += ms;
    first[frame] = Math.min(first[frame] ?? Infinity, b);
    last[frame] = Math.max(last[frame] ?? -Infinity, e);
    t0 = Math.min(t0, b);
  });
  if (!frames.length) return [{byLabel: {}, total: 0, span: 0, start: 0, end: 0}];
  for (let r = 0; r < frames.length; r++) {
    const f = (frames[r] ??= {byLabel: {}, total: 0, span: 0, start: 0, end: 0});
    if (first[r] === undefined) continue;
    f.span = last[r] > first[r] ? (last[r] - first[r]) / 1e6 : 0;
    f.start = (first[r] - t0) / 1e6;
    f.end = (last[r] - t0) / 1e6;
  }
  return frames;
}

// ---- the summary ---------------------------------------------------------------------------

/** Median, extremes and spread of repeated measurements (the unit of the input). */
export interface Summary {
  median: number;
  min: number;
  max: number;
  /** max − min. */
  spread: number;
  /** How many values. */
  n: number;
}

/**
 * The q-quantile of `xs` (0 ≤ q ≤ 1) by linear interpolation between the two closest
 * ranks of the sorted values (Hyndman & Fan's definition 7, R's and NumPy's default):
 * position h = q·(n − 1), value s[⌊h⌋] + (h − ⌊h⌋)·(s[⌊h⌋+1] − s[⌊h⌋]). So quantile(xs, 0.5)
 * is the median: the middle value of an odd count, the mean of the two middle values of
 * an even count. Errors: RangeError for an empty list, a non-finite value or q outside [0, 1].
 */
export function quantile(xs: readonly number[], q: number): number {
  return quantileSorted(sortedFinite(xs), q);
}

function sortedFinite(xs: readonly number[]): number[] {
  if (!xs.length) throw new RangeError("cannot summarise an empty list of measurements");
  for (const x of xs) if (!Number.isFinite(x)) throw new RangeError(`cannot summarise a non-finite measurement (${x})`);
  return [...xs].sort((a, b) => a - b);
}

function quantileSorted(s: number[], q: number): number {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile ${q} is outside [0, 1]`);
  const h = q * (s.length - 1);
  const lo = Math.floor(h);
  return lo + 1 < s.length ? s[lo] + (h - lo) * (s[lo + 1] - s[lo]) : s[lo];
}

/**
 * Median (`quantile(xs, 0.5)`: odd count the middle value, even count the mean of the two
 * middle values), min, max, spread = max − min, and n of `xs`. With `digits`, every figure
 * is rounded to that many significant digits (after the summary is taken). Errors:
 * RangeError for an empty list or a non-finite value — a series that measured nothing
 * must not turn into a NaN in a report.
 */
export function summarize(xs: readonly number[], digits?: number): Summary {
  const s = sortedFinite(xs);
  const r = digits ? (v: number) => Number(v.toPrecision(digits)) : (v: number) => v;
  const min = s[0];
  const max = s[s.length - 1];
  return {median: r(quantileSorted(s, 0.5)), min: r(min), max: r(max), spread: r(max - min), n: s.length};
}
