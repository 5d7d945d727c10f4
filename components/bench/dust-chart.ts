/**
 * The Worlds from Dust page's benchmark table and chart: the dust rows of a benchmark report
 * (`npm run bench -- --pipelines dust`; the committed H200 run is data/bench/dust-h200.json),
 * and the essay's pass-split chart with the grain counts as its rows.
 */
import {type ChartReport, type ChartRow, passSplitChart} from "./charts.js";

/** One measured row of the dust pipeline: grains, ms per frame and per substep (medians of the benchmark JSON). */
interface DustBenchRow {
  grains: number;
  substepsPerFrame: number;
  frameMs: number;
  substepMs: number;
  /** the slowest pass (separately timed) and its ms per substep */
  slowest: [string, number];
  /** dispatches per substep in that run */
  dispatches: number;
  /** workgroups (blocks) of the compaction's scan in that run: from the row's scene, 1 for runs made before it said (the scan then ran in one) */
  compactionBlocks: number;
}

/**
 * The dust rows of a benchmark report (`npm run bench -- --pipelines dust`, schema in
 * bench/README.md), smallest count first. Errors: none; a report without dust rows gives [].
 */
export function dustBenchRows(
  report: ChartReport & {rows: (ChartRow & {substepsPerFrame: number; dispatchesPerSubstep?: number; scene?: string})[]}
): DustBenchRow[] {
  return report.rows
    .filter((r) => r.pipeline === "dust")
    .sort((a, b) => a.particles - b.particles)
    .map((r) => {
      const passes = Object.entries(r.perPassMs).map(([k, v]) => [k, v.median] as [string, number]);
      return {
        grains: r.particles,
        substepsPerFrame: r.substepsPerFrame,
        frameMs: r.frameMs.median,
        substepMs: r.frameMs.median / r.substepsPerFrame,
        slowest: passes.reduce((a, b) => (b[1] > a[1] ? b : a), ["", 0]),
        dispatches: (r as {dispatchesPerSubstep?: number}).dispatchesPerSubstep ?? Number.NaN,
        compactionBlocks: Number(/compaction's scan in (\d+) blocks/.exec((r as {scene?: string}).scene ?? "")?.[1] ?? 1),
      };
    });
}

/**
 * ms per substep split by pass, one bar per grain count (the essay's pass-split chart with
 * the counts as its rows). `width`: the container's CSS width.
 */
export function dustPassChart(report: ChartReport, width = 640): SVGSVGElement {
  const fmtCount = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`);
  const rows = report.rows.filter((r) => r.pipeline === "dust").map((r) => ({...r, pipeline: fmtCount(r.particles), particles: 0}));
  const svg = passSplitChart({...report, rows}, 0, width);
  svg.querySelector("title")!.textContent =
    `Milliseconds per substep of the combined substep, by pass, at each grain count, on ${report.adapter?.name ?? "the benchmark GPU"}`;
  return svg;
}
