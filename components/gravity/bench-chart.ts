/**
 * The gravity page's "How fast on a big GPU" figure, drawn from the committed benchmark
 * file `data/bench/gravity-h200.json` (written on the H200 by `npm run bench -- --only gravity`, bench/gravity.ts).
 *
 * The file's shape (only the fields read here):
 *   {date, adapter: {vendor, description}, params: {theta, softening, leafCapacity}, scene,
 *    runs: [{n, "theta0.5": {passesMs: {pass: ms, …}, stepSpanMs}, directMs}]}
 * `passesMs` are medians of GPU timestamp spans per pass; `stepSpanMs` the span of a whole
 * step; `directMs` the exact O(N²) force kernel alone at the same N.
 *
 * Two panels: (1) one full Barnes–Hut step against the O(N²) kernel, per N, on a log scale
 * (the two differ by up to 150×, which a linear axis cannot show); (2) the step split into
 * its passes, one stacked bar per N on a linear scale of its own.
 * Rows without a θ = 0.5 series are skipped; a file without any gives a RangeError.
 */
import {adapterName} from "../gpu/adapter.js";
import * as d3 from "../d3.js";

/** One walk kernel at one θ (bench/gravity.ts compareWalks): walk pass ms and force error against the O(N²) sum. */
interface WalkResult {
  walkMs: number;
  forceError: {median: number; p99: number; meanInteractionsPerBody: number};
}

interface BenchRun {
  n: number;
  "theta0.5"?: {passesMs: Record<string, number>; stepSpanMs: number};
  directMs?: number | null;
  /** both walks by θ ("0.5", "0.8"), then walk ("thread", "subgroup"); absent in files from before the subgroup walk */
  walks?: Record<string, Partial<Record<"thread" | "subgroup", WalkResult>>>;
}
export interface GravityBench {
  date?: string;
  adapter?: {vendor?: string; description?: string};
  params?: {theta?: number; softening?: number; leafCapacity?: number};
  scene?: string;
  runs: BenchRun[];
}

/** The passes of one step in pipeline order, with the words the page uses for them. */
const PASS_NAMES: [string, string][] = [
  ["integrate", "drift"],
  ["keys", "Morton keys"],
  ["sort", "radix sort"],
  ["permute", "reorder"],
  ["build", "tree build"],
  ["com", "centres of mass"],
  ["walk", "walk"],
  ["kick", "kick"],
];
const PASS_COLOURS = ["#9aa3b2", "#efb118", "#ff725c", "#a463f2", "#4269d0", "#3ca951", "#6cc5b0", "#97bbf5"];

/** Approximate width in px of `text` at the charts' 11 px sans-serif (0.6 em a character): enough to decide where a label fits. */
const textWidth = (text: string) => text.length * 6.6;
/** The drawing width for a container `width` px wide (one SVG unit = one CSS px up to 640, so text keeps its size on a phone). */
const chartWidth = (width: number) => Math.max(280, Math.min(640, Math.floor(width)));
/** Below this width each row's "N bodies" label goes on its own line above the bars, which then take the full width. */
const NARROW = 480;

const fmt = (v: number, digits = 2) => (v >= 100 ? Math.round(v).toLocaleString("en-US") : v.toFixed(v >= 10 ? 1 : digits));

/** The runs that have a θ = 0.5 series, by N. */
function benchRuns(bench: GravityBench) {
  const runs = (bench.runs ?? []).filter((r) => r["theta0.5"] && r["theta0.5"].stepSpanMs > 0).sort((a, b) => a.n - b.n);
  if (runs.length === 0) throw new RangeError("the benchmark file has no θ = 0.5 series (runs[].theta0.5)");
  return runs as (BenchRun & {"theta0.5": NonNullable<BenchRun["theta0.5"]>})[];
}

/** The GPU's name in words: the file is the H200's; its driver string when the file has one. */
export function gpuName(bench: GravityBench): string {
  const vendor = bench.adapter?.vendor === "nvidia" ? "NVIDIA" : (bench.adapter?.vendor ?? "");
  return adapterName({...bench.adapter, name: `${vendor ? `${vendor} ` : ""}H200`});
}

/**
 * Panel 1: Barnes–Hut step vs O(N²) kernel per N (log scale), drawn `containerWidth` CSS px
 * wide (at most 640). Bars carry class `bench-step-bar` and `data-n`.
 */
export function stepChart(bench: GravityBench, containerWidth = 640): SVGSVGElement {
  const runs = benchRuns(bench);
  const w = chartWidth(containerWidth);
  const narrow = w < NARROW;
  const left = narrow ? 0 : 112;
  const top = narrow ? 16 : 0; // room for the "N bodies" line above the bars
  const rowH = 46 + top;
  const h = 16 + rowH * runs.length + 34;
  const maxMs = d3.max(runs, (r) => Math.max(r["theta0.5"].stepSpanMs, r.directMs ?? 0)) ?? 1;
  const minMs = Math.min(...runs.map((r) => r["theta0.5"].stepSpanMs));
  const x = d3
    .scaleLog()
    .domain([Math.min(0.5, minMs / 2), maxMs * 3])
    .range([left, w - 12]);
  const svg = d3
    .create("svg")
    .attr("viewBox", `0 0 ${w} ${h}`)
    .attr("width", w)
    .attr("class", "bench-chart gravity-step-chart")
    .attr("role", "img")
    .attr("aria-label", `Milliseconds per step on the ${gpuName(bench)}: one full Barnes–Hut step against the exact O(N²) force kernel alone`);
  runs.forEach((r, i) => {
    const y = 16 + rowH * i + top;
    const g = svg.append("g").attr("class", "bench-row").attr("data-n", r.n);
    g.append("text")
      .attr("x", 0)
      .attr("y", narrow ? y - 5 : y + 19)
      .text(`${r.n.toLocaleString("en-US")} bodies`);
    const bars: [string, number | null | undefined, string, string][] = [
      [`Barnes–Hut step (θ ${bench.params?.theta ?? 0.5})`, r["theta0.5"].stepSpanMs, "var(--theme-foreground-focus, #4269d0)", "bh"],
      ["O(N²) forces alone", r.directMs, "#d0433c", "direct"],
    ];
    bars.forEach(([label, ms, colour, kind], k) => {
      if (!(ms && ms > 0)) return;
      const by = y + 18 * k;
      g.append("rect")
        .attr("class", `bench-step-bar bench-step-${kind}`)
        .attr("data-n", r.n)
        .attr("x", left)
        .attr("y", by)
        .attr("height", 14)
        .attr("width", Math.max(1, x(ms) - left))
        .attr("fill", colour);
      // a long bar carries its label inside, at its end (outside it would run off the figure)
      const text = `${label}: ${fmt(ms)} ms`;
      const inside = x(ms) + 4 + textWidth(text) > w;
      g.append("text")
        .attr("class", "bench-bar-value")
        .attr("x", inside ? x(ms) - 4 : x(ms) + 4)
        .attr("y", by + 11)
        .attr("text-anchor", inside ? "end" : "start")
        .style("fill", () => (inside ? "#ffffff" : null))
        .text(text);
    });
    const ratio = r.directMs ? r.directMs / r["theta0.5"].stepSpanMs : null;
    if (ratio) g.append("title").text(`${r.n.toLocaleString("en-US")} bodies: the tree step is ${fmt(ratio, 1)}× faster than the exact sum`);
  });
  svg
    .append("g")
    .attr("transform", `translate(0,${h - 34})`)
    .call(d3.axisBottom(x).ticks(6, "~g") as never)
    .call((a) => a.append("text").attr("x", left).attr("y", 26).attr("text-anchor", "start").text("ms per step, log scale"));
  return svg.node()!;
}

/**
 * Panel 2: the passes of one θ = 0.5 step, one stacked bar per N (class `bench-breakdown-row`,
 * `data-n`), drawn `containerWidth` CSS px wide (at most 640).
 */
export function passChart(bench: GravityBench, containerWidth = 640): SVGSVGElement {
  const runs = benchRuns(bench);
  const w = chartWidth(containerWidth);
  const narrow = w < NARROW;
  const left = narrow ? 0 : 112;
  // narrow: "N bodies · total" on a line above each bar, which then runs the full width
  const top = narrow ? 16 : 0;
  const barRight = narrow ? w : w - 130;
  const rowH = 30 + top;
  const cols = Math.max(1, Math.floor((w - left) / 130));
  const legendH = 8 + 16 * Math.ceil(PASS_NAMES.length / cols);
  const h = 10 + rowH * runs.length + legendH;
  const svg = d3
    .create("svg")
    .attr("viewBox", `0 0 ${w} ${h}`)
    .attr("width", w)
    .attr("class", "bench-chart gravity-pass-chart")
    .attr("role", "img")
    .attr("aria-label", `One Barnes–Hut step split into its passes on the ${gpuName(bench)}, at each N`);
  runs.forEach((r, i) => {
    const t = r["theta0.5"];
    const total = PASS_NAMES.reduce((s, [k]) => s + (t.passesMs[k] ?? 0), 0);
    // each bar fills the width: the shares are what this panel shows; the total is written at its end
    const x = d3.scaleLinear().domain([0, total]).range([left, barRight]);
    const y = 10 + rowH * i + top;
    const g = svg.append("g").attr("class", "bench-breakdown-row").attr("data-n", r.n);
    g.append("text")
      .attr("x", 0)
      .attr("y", narrow ? y - 5 : y + 13)
      .text(`${r.n.toLocaleString("en-US")} bodies${narrow ? ` · ${fmt(total)} ms in passes` : ""}`);
    let acc = 0;
    PASS_NAMES.forEach(([k, name], j) => {
      const ms = t.passesMs[k] ?? 0;
      if (!(ms > 0)) return;
      g.append("rect")
        .attr("class", "bench-pass")
        .attr("data-pass", k)
        .attr("x", x(acc))
        .attr("y", y)
        .attr("height", 18)
        .attr("width", Math.max(0.5, x(acc + ms) - x(acc)))
        .attr("fill", PASS_COLOURS[j])
        .append("title")
        .text(`${name}: ${fmt(ms, 3)} ms (${fmt((100 * ms) / total, 1)} %)`);
      if (x(acc + ms) - x(acc) > textWidth(`${name} ${fmt(ms, 2)}`) + 6)
        g.append("text")
          .attr("class", "bench-bar-value")
          .attr("x", x(acc) + 3)
          .attr("y", y + 13)
          .style("fill", j === 3 || j === 4 ? "#ffffff" : "#10131a")
          .text(`${name} ${fmt(ms, 2)}`);
      acc += ms;
    });
    if (!narrow)
      g.append("text")
        .attr("class", "bench-bar-value")
        .attr("x", w - 126)
        .attr("y", y + 13)
        .text(`${fmt(total)} ms in passes`);
  });
  const lg = svg.append("g").attr("transform", `translate(${left},${10 + rowH * runs.length + 8})`);
  PASS_NAMES.forEach(([, name], j) => {
    const col = j % cols;
    const row = Math.floor(j / cols);
    const item = lg.append("g").attr("transform", `translate(${col * 130},${row * 16})`);
    item.append("rect").attr("width", 10).attr("height", 10).attr("fill", PASS_COLOURS[j]);
    item.append("text").attr("x", 14).attr("y", 9).text(name);
  });
  return svg.node()!;
}

// plain number formatting (d3-format would add a module to the page for one sentence)
const sig = (v: number, digits: number) => String(Number(v.toPrecision(digits)));
const pct = (v: number) => `${sig(100 * v, 2)} %`;
const msText = (v: number) => `${sig(v, 3)} ms`;
const count = (v: number) => Math.round(v).toLocaleString("en-US");
/** "1.6× faster" or "1.3× slower": the subgroup walk's time `s` against the per-thread `t`. */
const speed = (t: number, s: number) => (s <= t ? `${Number((t / s).toFixed(2))}× faster` : `${Number((s / t).toFixed(2))}× slower`);

/**
 * One sentence for the page: the subgroup walk's measured trade against the per-thread walk
 * at θ = 0.5 (walk pass ms, median force error against the exact sum, force terms per body),
 * at each N of `bench` that measured both; "not measured yet" when none did (a file written
 * before the subgroup walk existed, or on a device without 'subgroups', or no file).
 */
export function walkTrade(bench: GravityBench | null | undefined): string {
  const rows = (bench?.runs ?? []).flatMap((r) => {
    const w = r.walks?.["0.5"];
    return w?.thread && w.subgroup ? [{n: r.n, t: w.thread, s: w.subgroup}] : [];
  });
  if (!rows.length) return "Its measured trade on a big GPU (time per walk, error) is not measured yet.";
  const parts = rows.map(
    ({n, t, s}) =>
      `at ${count(n)} bodies ${msText(s.walkMs)} per walk against ${msText(t.walkMs)} per-thread ` +
      `(${speed(t.walkMs, s.walkMs)}), median error ${pct(s.forceError.median)} against ${pct(t.forceError.median)}, ` +
      `${count(s.forceError.meanInteractionsPerBody)} force terms per body against ${count(t.forceError.meanInteractionsPerBody)}`
  );
  return `Measured on one ${gpuName(bench!)} at θ = 0.5: ${parts.join("; ")}.`;
}
