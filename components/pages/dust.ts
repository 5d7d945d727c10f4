/**
 * The Worlds from Dust page's one module (src/_bundle/dust.js, bundled by
 * scripts/bundle-page.mjs): its widget, the counters, the mass spectrum, the WGSL listings
 * and the facts the prose reads from code (the substep's phases, the software grain count).
 */
export {html} from "htl";
export {shownWGSL as browserWGSL} from "../gpu/wgsl-browser.js";
export {cardCounters, cardNode, counterList, fmt} from "../widgets/runtime/counters.js";
import {cardNode, fmt} from "../widgets/runtime/counters.js";
import type {WidgetElement} from "../widgets/runtime/view.js";
export {createDustDisc} from "../widgets/dust-disc/index.js";
export {createDustStory} from "../widgets/dust-story/index.js";
export {createWGSLCode} from "../essay/wgsl-code.js";
export {massSpectrum} from "../dust/spectrum.js";
export {MAX_TOTAL_MASS} from "../dust/twin.js";
export {DUST_PHASES} from "../dust/gpu.js";
export {DUST_DEFAULT_GRAINS, DUST_MAX_GRAINS, DUST_MIN_GRAINS, DUST_SOFTWARE_GRAINS, DUST_TWIN_GRAINS} from "../dust/params.js";
export {discScene, DISC_INNER, DISC_OUTER} from "../dust/scene.js";
export {dispatchesPerSubstep} from "../gpu/phases.js";
export {adapterLabel} from "../bench/charts.js";
import {type ChartReport, type ChartRow, passSplitChart} from "../bench/charts.js";

/**
 * A figure in the prose about a running disc, read from the sample its caption shows
 * (`cardNode`): a dash (—) while it is not known, never a 0 or a default: with `running`,
 * until an engine runs; else while `pick` gives 0 (the disc's size before it is chosen).
 */
export function liveFigure<V extends {engine: string}>(widget: WidgetElement<V>, pick: (v: V) => number, o: {running?: boolean} = {}): HTMLElement {
  return cardNode(
    widget,
    (v) => {
      const x = pick(v);
      return (o.running ? v.engine !== "pending" : x > 0) ? fmt(x) : "—";
    },
    {inline: true}
  );
}

/** One measured row of the dust pipeline: grains, ms per frame and per substep (medians of the benchmark JSON). */
export interface DustBenchRow {
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
export {dustMatches} from "../bench/vs-original.js";
