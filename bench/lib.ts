/**
 * Benchmark plumbing shared by the suites (sand here; the SPH suite plugs in the same way):
 * a suite is `{name, run(ctx)}` returning a JSON-able record. GPU times come from
 * `timestamp-query` (begin/end of each pass) when the adapter has it, else from wall-clock
 * submit → onSubmittedWorkDone. Every figure is a median over repeated frames after warm-up.
 */
import type {GPUHandle} from "../components/gpu/context.js";
import type {WGSLLoader} from "../components/gpu/wgsl.js";
import {readBuffers} from "../components/gpu/readback.js";
import {Usage} from "../components/gpu/usage.js";

export interface BenchContext {
  handle: GPUHandle;
  device: GPUDevice;
  wgsl: WGSLLoader;
  /** Measured frames per configuration (median taken), ≥ 20. */
  reps: number;
  /** Unmeasured frames before measuring. */
  warmup: number;
  /** Extra command-line options (`--name value`), for suites' own knobs. */
  arg(name: string, def: string): string;
  /** Directory for side outputs (snapshots), or null. */
  outDir: string | null;
  log(msg: string): void;
}

export interface BenchSuite {
  name: string;
  run(ctx: BenchContext): Promise<Record<string, unknown>>;
}

export function median(xs: number[]): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function quantile(xs: number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))];
}

/** Summary of repeated measurements (ms): median, p10, p90, n. */
export function summary(xs: number[]) {
  return {median: round(median(xs)), p10: round(quantile(xs, 0.1)), p90: round(quantile(xs, 0.9)), n: xs.length};
}

export const round = (v: number, digits = 5) => (Number.isFinite(v) ? Number(v.toPrecision(digits)) : null);

/**
 * Timestamp recorder for one frame: `writes(label)` gives a pass's timestampWrites;
 * `read(encoder)` resolves, submits the encoder, and returns ms per label (summed) and
 * the total. Blocking (awaits the readback) — fine for benchmarks, never for pages.
 */
export class FrameStamps {
  private qs: GPUQuerySet;
  private resolve: GPUBuffer;
  private labels: string[] = [];
  constructor(
    readonly device: GPUDevice,
    readonly capacity: number
  ) {
    this.qs = device.createQuerySet({type: "timestamp", count: capacity * 2});
    this.resolve = device.createBuffer({size: capacity * 16, usage: Usage.QUERY_RESOLVE | Usage.COPY_SRC});
  }
  begin() {
    this.labels = [];
  }
  writes(label: string): GPUComputePassTimestampWrites {
    const k = this.labels.length;
    if (k >= this.capacity) throw new RangeError("FrameStamps capacity exceeded");
    this.labels.push(label);
    return {querySet: this.qs, beginningOfPassWriteIndex: 2 * k, endOfPassWriteIndex: 2 * k + 1};
  }
  async read(encoder: GPUCommandEncoder): Promise<{byLabel: Record<string, number>; total: number; span: number}> {
    const n = this.labels.length * 2;
    encoder.resolveQuerySet(this.qs, 0, n, this.resolve, 0);
    const [bytes] = await readBuffers(this.device, [{buffer: this.resolve, size: n * 8}], encoder);
    const t = new BigUint64Array(bytes);
    const byLabel: Record<string, number> = {};
    let total = 0,
      first = Infinity,
      last = -Infinity;
    this.labels.forEach((l, k) => {
      const b = Number(t[2 * k]),
        e = Number(t[2 * k + 1]);
      const ms = e > b ? (e - b) / 1e6 : 0;
      byLabel[l] = (byLabel[l] ?? 0) + ms;
      total += ms;
      first = Math.min(first, b);
      last = Math.max(last, e);
    });
    return {byLabel, total, span: last > first ? (last - first) / 1e6 : 0};
  }
  destroy() {
    this.qs.destroy();
    this.resolve.destroy();
  }
}

/** Wall-clock ms of `frame()` encoded, submitted and completed (median over reps after warm-up). */
export async function wallClock(device: GPUDevice, reps: number, warmup: number, encode: (enc: GPUCommandEncoder) => void): Promise<number[]> {
  const out: number[] = [];
  for (let r = 0; r < warmup + reps; r++) {
    await device.queue.onSubmittedWorkDone();
    const t0 = performance.now();
    const enc = device.createCommandEncoder();
    encode(enc);
    device.queue.submit([enc.finish()]);
    await device.queue.onSubmittedWorkDone();
    if (r >= warmup) out.push(performance.now() - t0);
  }
  return out;
}
