/**
 * Figures the prose reads from a benchmark JSON (`npm run bench`, data/bench/pipelines.json):
 * the essay's §4 and §6 cells, and tests/unit/bench-notes.test.ts, which holds the numbers
 * written in data/bench/*.md and bench/README.md to the same functions. Every function
 * accepts runs made before the newer references existed (`copyVec4x4`, `bandwidthCeiling`,
 * `timedPass`) and says which way it got its figure.
 */

interface Summary {
  median: number;
}
interface Copy {
  GBps: number;
  bytesPerThread?: number;
}
/** The parts of a benchmark JSON these functions read. */
export interface BenchFactsInput {
  substepsPerFrame: number;
  references: {
    copy: Copy;
    copyVec4x4?: Copy;
    bandwidthCeiling?: {reference: string; GBps: number};
    emptyDispatch: {us: Summary};
    timedPass?: {us: Summary} | null;
  };
  rows: {pipeline: string; particles: number; dispatchesPerSubstep: number; frameMs: Summary; perPassMs: Record<string, Summary>}[];
}

/** The fastest copy kernel of the run: GB/s and bytes per thread (the 16 B copy in runs that had only it). */
export function bandwidthCeiling(b: BenchFactsInput): {GBps: number; bytesPerThread: number; reference: string} {
  const r = b.references;
  const fast = r.copyVec4x4 && r.copyVec4x4.GBps > r.copy.GBps ? {c: r.copyVec4x4, name: "copyVec4x4"} : {c: r.copy, name: "copy"};
  return {GBps: r.bandwidthCeiling?.GBps ?? fast.c.GBps, bytesPerThread: fast.c.bytesPerThread ?? 16, reference: r.bandwidthCeiling?.reference ?? fast.name};
}

/** µs one empty dispatch costs inside a pass (median). */
export function dispatchUs(b: BenchFactsInput): number {
  return b.references.emptyDispatch.us.median;
}

/** The row of `pipeline` at `particles`; Error when the run has none. */
export function benchRow(b: BenchFactsInput, pipeline: string, particles: number) {
  const row = b.rows.find((r) => r.pipeline === pipeline && r.particles === particles);
  if (!row) throw new Error(`the benchmark has no ${pipeline} row at ${particles} particles`);
  return row;
}

/**
 * What a frame of `pipeline` at `particles` is made of: its dispatches, the µs they cost at
 * the empty-dispatch price, the frame's µs, and µs per substep.
 */
export function frameBudget(b: BenchFactsInput, pipeline: string, particles: number) {
  const row = benchRow(b, pipeline, particles);
  const dispatches = row.dispatchesPerSubstep * b.substepsPerFrame;
  const frameUs = row.frameMs.median * 1000;
  return {dispatches, dispatchCostUs: dispatches * dispatchUs(b), frameUs, substepUs: frameUs / b.substepsPerFrame};
}

/**
 * What timing each pass on its own adds, µs per pass, two ways:
 *  - `splitUs`: over the rows at ≤ 80,000 particles, the median of
 *    (Σ per-pass ms × substeps − one-pass frame ms) / passes per frame — how much longer the
 *    separately timed passes take than the same work in one pass (any run);
 *  - `timedEmptyUs`: a timed pass holding one empty dispatch, between its own timestamps
 *    (references.timedPass; null in runs without it).
 */
export function timedPassOverhead(b: BenchFactsInput): {splitUs: number; timedEmptyUs: number | null} {
  const xs = b.rows
    .filter((r) => r.particles <= 80_000)
    .map((r) => {
      const passes = Object.keys(r.perPassMs).length;
      const split = Object.values(r.perPassMs).reduce((s, v) => s + v.median, 0) * b.substepsPerFrame;
      return ((split - r.frameMs.median) / (passes * b.substepsPerFrame)) * 1000;
    })
    .sort((x, y) => x - y);
  const m = xs.length >> 1;
  const splitUs = !xs.length ? NaN : xs.length % 2 ? xs[m] : (xs[m - 1] + xs[m]) / 2;
  return {splitUs, timedEmptyUs: b.references.timedPass?.us.median ?? null};
}
