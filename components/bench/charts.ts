/**
 * Charts of benchmark reports (the JSON of `npm run bench`, schema in bench/README.md):
 *  - `frameTimeChart`: ms per frame against particle count, log–log, one line per pipeline,
 *    one point per measured row (whiskers from min to max);
 *  - `passSplitChart`: ms per substep split by pass, one stacked bar per pipeline at one count;
 *  - `passBars`: per-pass bars of two runs side by side (the bench page: the reader's GPU
 *    and the committed reference).
 * Each returns an SVG element; nothing here touches the GPU.
 */
import {adapterName} from "../gpu/adapter.js";
import * as d3 from "../d3.js";

/** The fields of a report row these charts read. */
export interface ChartRow {
  pipeline: string;
  particles: number;
  substepsPerFrame: number;
  frameMs: {median: number; min: number; max: number};
  perPassMs: Record<string, {median: number}>;
}

export interface ChartReport {
  /** `name` is the GPU model as the driver tool reports it ("NVIDIA H200"), when the run could read it */
  adapter?: {vendor?: string; architecture?: string; description?: string; name?: string};
  rows: ChartRow[];
}

const COLOURS: Record<string, string> = {sort: "#4269d0", sand: "#efb118", water: "#3ca951"};
const colour = (p: string) => COLOURS[p] ?? "#888";
// Observable's ten categorical colours: the dust substep has ten passes
const PASS_COLOURS = ["#4269d0", "#efb118", "#ff725c", "#6cc5b0", "#3ca951", "#a463f2", "#97bbf5", "#9c6b4e", "#ff8ab7", "#9498a0"];
const fmtCount = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : `${n}`);
const fmtMs = (v: number) => (v >= 10 ? v.toFixed(0) : v >= 1 ? v.toFixed(1) : v >= 0.01 ? v.toFixed(2) : v.toPrecision(1));

/**
 * The adapter in words, for captions. With a model name the same form as the gravity page's
 * gpuName: "NVIDIA H200 (driver 580.159.04)" (driver = the first dotted version in the
 * description). Without one (WebGPU does not report the model) the adapter fields joined.
 */
export function adapterLabel(r: ChartReport): string {
  return r.adapter ? adapterName(r.adapter) : "unknown GPU";
}

/** Charts narrower than this get the phone layout: fewer ticks, labels moved so they need no shrinking. */
export const NARROW = 480;
/** The drawing width for a container `width` px wide: its own width up to 640 (wider figures only spread thin). */
export const chartWidth = (width: number) => Math.max(280, Math.min(640, Math.floor(width)));

/**
 * ms per frame (median; whiskers min–max) against particles, both axes logarithmic.
 * Points carry class `bench-point` and data-pipeline / data-particles (tests count them).
 */
export function frameTimeChart(report: ChartReport, containerWidth = 640, height = 340): SVGSVGElement {
  const rows = report.rows.filter((r) => r.frameMs.median > 0);
  // drawn at the container's width (one SVG unit = one CSS px), so text keeps its size on a phone
  const width = chartWidth(containerWidth);
  const narrow = width < NARROW;
  const m = narrow ? {top: 16, right: 44, bottom: 40, left: 46} : {top: 16, right: 90, bottom: 40, left: 56};
  const x = d3
    .scaleLog()
    .domain([Math.min(...rows.map((r) => r.particles)) / 1.3, Math.max(...rows.map((r) => r.particles)) * 1.3])
    .range([m.left, width - m.right]);
  const y = d3
    .scaleLog()
    .domain([Math.min(...rows.map((r) => r.frameMs.min)) / 1.5, Math.max(...rows.map((r) => r.frameMs.max)) * 1.5])
    .range([height - m.bottom, m.top]);
  const svg = d3
    .create("svg")
    .attr("viewBox", `0 0 ${width} ${height}`)
    .attr("width", width)
    .attr("class", "bench-chart bench-frame-chart")
    .attr("role", "img");
  svg.append("title").text(`Milliseconds per frame against particle count, log–log, on ${adapterLabel(report)}`);
  svg
    .append("g")
    .attr("transform", `translate(0,${height - m.bottom})`)
    .call(d3.axisBottom(x).ticks(narrow ? 4 : 6, (v: number) => fmtCount(v)));
  svg
    .append("g")
    .attr("transform", `translate(${m.left},0)`)
    .call(d3.axisLeft(y).ticks(narrow ? 4 : 6, (v: number) => fmtMs(v)));
  svg
    .append("text")
    .attr("x", (m.left + width - m.right) / 2)
    .attr("y", height - 6)
    .attr("text-anchor", "middle")
    .attr("class", "bench-axis-label")
    .text("particles");
  svg
    .append("text")
    .attr("transform", `translate(14,${(m.top + height - m.bottom) / 2}) rotate(-90)`)
    .attr("text-anchor", "middle")
    .attr("class", "bench-axis-label")
    .text("ms per frame");
  const byPipe = new Map<string, ChartRow[]>();
  for (const r of rows) byPipe.set(r.pipeline, [...(byPipe.get(r.pipeline) ?? []), r]);
  for (const [pipe, list] of byPipe) {
    list.sort((a, b) => a.particles - b.particles);
    const g = svg.append("g").attr("data-pipeline", pipe).attr("fill", colour(pipe)).attr("stroke", colour(pipe));
    g.append("path")
      .attr("fill", "none")
      .attr("stroke-width", 1.5)
      .attr(
        "d",
        d3.line<ChartRow>(
          (r) => x(r.particles),
          (r) => y(r.frameMs.median)
        )(list) ?? ""
      );
    for (const r of list) {
      g.append("line").attr("x1", x(r.particles)).attr("x2", x(r.particles)).attr("y1", y(r.frameMs.min)).attr("y2", y(r.frameMs.max)).attr("stroke-width", 1);
      g.append("circle")
        .attr("class", "bench-point")
        .attr("data-pipeline", pipe)
        .attr("data-particles", r.particles)
        .attr("cx", x(r.particles))
        .attr("cy", y(r.frameMs.median))
        .attr("r", 3.5)
        .append("title")
        .text(
          `${pipe}, ${r.particles.toLocaleString("en-US")} particles: ${r.frameMs.median} ms per frame of ${r.substepsPerFrame} substeps (min ${r.frameMs.min}, max ${r.frameMs.max})`
        );
    }
    const last = list[list.length - 1];
    g.append("text")
      .attr("x", x(last.particles) + 8)
      .attr("y", y(last.frameMs.median))
      .attr("dy", "0.35em")
      .attr("stroke", "none")
      .attr("class", "bench-series-label")
      .text(pipe);
  }
  return svg.node()!;
}

/** Rows of `report` at exactly `particles` (one per pipeline). */
function rowsAt(report: ChartReport, particles: number): ChartRow[] {
  return report.rows.filter((r) => r.particles === particles);
}

/**
 * One horizontal bar per pipeline at `particles`: ms per substep, split into its passes
 * (each pass timed in its own compute pass). Segments carry class `bench-segment`.
 */
export function passSplitChart(report: ChartReport, particles: number, containerWidth = 640): SVGSVGElement {
  const rows = rowsAt(report, particles);
  const labels = [...new Set(rows.flatMap((r) => Object.keys(r.perPassMs)))];
  const pass = d3.scaleBand<string>().domain(labels).range([0, labels.length]);
  const width = chartWidth(containerWidth);
  const m = {top: 10, right: 20, bottom: 40, left: 60};
  // the legend wraps into as many rows as the width needs (82 px per swatch and name)
  const perRow = Math.max(1, Math.floor((width - m.left) / 82));
  const legendRows = Math.ceil(labels.length / perRow);
  const height = m.top + m.bottom + rows.length * 34 + 16 + 16 * legendRows;
  const total = (r: ChartRow) => Object.values(r.perPassMs).reduce((s, v) => s + v.median, 0);
  const x = d3
    .scaleLinear()
    .domain([0, d3.max(rows, total) ?? 1])
    .nice()
    .range([m.left, width - m.right]);
  const y = d3
    .scaleBand<string>()
    .domain(rows.map((r) => r.pipeline))
    .range([m.top, m.top + rows.length * 34])
    .padding(0.25);
  const svg = d3
    .create("svg")
    .attr("viewBox", `0 0 ${width} ${height}`)
    .attr("width", width)
    .attr("class", "bench-chart bench-split-chart")
    .attr("role", "img");
  svg.append("title").text(`Milliseconds per substep by pass at ${particles.toLocaleString("en-US")} particles on ${adapterLabel(report)}`);
  svg
    .append("g")
    .attr("transform", `translate(0,${m.top + rows.length * 34})`)
    .call(d3.axisBottom(x).ticks(width < NARROW ? 4 : 6));
  svg
    .append("text")
    .attr("x", (m.left + width - m.right) / 2)
    .attr("y", m.top + rows.length * 34 + 32)
    .attr("text-anchor", "middle")
    .attr("class", "bench-axis-label")
    .text("ms per substep");
  for (const r of rows) {
    let x0 = 0;
    const g = svg.append("g").attr("data-pipeline", r.pipeline);
    g.append("text")
      .attr("x", m.left - 6)
      .attr("y", (y(r.pipeline) ?? 0) + y.bandwidth() / 2)
      .attr("dy", "0.35em")
      .attr("text-anchor", "end")
      .text(r.pipeline);
    for (const [label, v] of Object.entries(r.perPassMs)) {
      g.append("rect")
        .attr("class", "bench-segment")
        .attr("data-pass", label)
        .attr("x", x(x0))
        .attr("y", y(r.pipeline) ?? 0)
        .attr("width", Math.max(0, x(x0 + v.median) - x(x0)))
        .attr("height", y.bandwidth())
        .attr("fill", PASS_COLOURS[Math.floor(pass(label) ?? 0) % PASS_COLOURS.length])
        .append("title")
        .text(`${r.pipeline} · ${label}: ${v.median} ms per substep`);
      x0 += v.median;
    }
  }
  // legend: one swatch per pass
  const legend = svg.append("g").attr("transform", `translate(${m.left},${m.top + rows.length * 34 + 56})`);
  labels.forEach((label, i) => {
    const lg = legend.append("g").attr("transform", `translate(${(i % perRow) * 82},${Math.floor(i / perRow) * 16})`);
    lg.append("rect")
      .attr("width", 10)
      .attr("height", 10)
      .attr("y", -9)
      .attr("fill", PASS_COLOURS[i % PASS_COLOURS.length]);
    lg.append("text").attr("x", 14).text(label);
  });
  return svg.node()!;
}

interface PassBar {
  label: string;
  /** ms per substep on the reader's GPU */
  mine: number;
  /** ms per substep in the reference run, or null when it has no row at this count */
  reference: number | null;
}

/** Per-pass bars (log scale: the two GPUs can differ a thousandfold): this GPU and the reference. */
export function passBars(title: string, bars: PassBar[], names: [string, string], width = 560): SVGSVGElement {
  const m = {top: 22, right: 70, bottom: 28, left: 70};
  const rowH = 26;
  const height = m.top + m.bottom + bars.length * rowH;
  const values = bars.flatMap((b) => [b.mine, b.reference ?? NaN]).filter((v) => v > 0);
  const x = d3
    .scaleLog()
    .domain([Math.min(...values) / 2, Math.max(...values) * 1.5])
    .range([m.left, width - m.right]);
  const y = d3
    .scaleBand<string>()
    .domain(bars.map((b) => b.label))
    .range([m.top, height - m.bottom])
    .padding(0.15);
  const svg = d3.create("svg").attr("viewBox", `0 0 ${width} ${height}`).attr("class", "bench-chart bench-pass-bars").attr("role", "img");
  svg.append("title").text(title);
  svg.append("text").attr("x", m.left).attr("y", 14).attr("class", "bench-chart-title").text(title);
  svg
    .append("g")
    .attr("transform", `translate(0,${height - m.bottom})`)
    .call(d3.axisBottom(x).ticks(5, (v: number) => fmtMs(v)));
  const half = y.bandwidth() / 2;
  for (const b of bars) {
    const y0 = y(b.label) ?? 0;
    svg
      .append("text")
      .attr("x", m.left - 6)
      .attr("y", y0 + half)
      .attr("dy", "0.35em")
      .attr("text-anchor", "end")
      .text(b.label);
    const bar = (v: number, dy: number, cls: string, fill: string, who: string) => {
      svg
        .append("rect")
        .attr("class", cls)
        .attr("data-pass", b.label)
        .attr("x", m.left)
        .attr("y", y0 + dy)
        .attr("width", Math.max(1, x(v) - m.left))
        .attr("height", half - 1)
        .attr("fill", fill)
        .append("title")
        .text(`${b.label}, ${who}: ${v} ms per substep`);
      svg
        .append("text")
        .attr("x", x(v) + 4)
        .attr("y", y0 + dy + half / 2)
        .attr("dy", "0.35em")
        .attr("class", "bench-bar-value")
        .text(fmtMs(v));
    };
    if (b.mine > 0) bar(b.mine, 0, "bench-bar-mine", "#4269d0", names[0]);
    if (b.reference && b.reference > 0) bar(b.reference, half, "bench-bar-reference", "#bbb", names[1]);
  }
  return svg.node()!;
}
