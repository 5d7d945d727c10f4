/**
 * The Barnes–Hut error widgets' d3 charts: relative force error against θ (median and 99th
 * percentile, log scale; the sweep's curves and the reader's θ marked), drawn by bh-error (2D)
 * and bh-error-3d; and the drift of total energy and momentum over simulated time at the
 * reader's θ (bh-error).
 */
import * as d3 from "../../../d3.js";

/** One measured point of the θ sweep. */
export interface ErrorPoint {
  theta: number;
  median: number;
  p99: number;
}

/** One sample of the drift run: simulated time, relative energy change, |total momentum|. */
export interface DriftPoint {
  t: number;
  dE: number;
  p: number;
}

const W = 340;
const H = 220;
const M = {top: 12, right: 12, bottom: 34, left: 48};
const ERROR_COLOURS = {median: "#4269d0", p99: "#d0433c", energy: "#4269d0", momentum: "#8a5cc2"};

function frame(label: string, xLabel: string, className: string) {
  const svg = d3
    .create("svg")
    .attr("viewBox", `0 0 ${W} ${H}`)
    .attr("width", W)
    .attr("height", H)
    .attr("class", className)
    .attr("role", "img")
    .attr("aria-label", label);
  const gx = svg.append("g").attr("transform", `translate(0,${H - M.bottom})`);
  const gy = svg.append("g").attr("transform", `translate(${M.left},0)`);
  svg
    .append("text")
    .attr("x", W - M.right)
    .attr("y", H - 4)
    .attr("text-anchor", "end")
    .attr("font-size", 11)
    .attr("fill", "currentColor")
    .text(xLabel);
  return {svg, gx, gy};
}

const fmtPow = (v: number) => {
  const e = Math.round(Math.log10(v));
  return Math.abs(Math.log10(v) - e) < 1e-6 ? `1e${e}` : "";
};

/** Error vs θ. `update(sweep, current)`: `current` is the reader's θ and its measured errors (or null while measuring). */
export function errorChart() {
  const {svg, gx, gy} = frame("relative force error against θ: median and 99th percentile", "θ", "bh-error-chart");
  const x = d3
    .scaleLinear()
    .domain([0, 1.5])
    .range([M.left, W - M.right]);
  const y = d3
    .scaleLog()
    .domain([1e-7, 1])
    .range([H - M.bottom, M.top])
    .clamp(true);
  gx.call(d3.axisBottom(x).ticks(6));
  gy.call(
    d3
      .axisLeft(y)
      .ticks(5)
      .tickFormat((v) => fmtPow(Number(v)))
  );
  const rule = svg
    .append("line")
    .attr("class", "bh-error-rule")
    .attr("stroke", "#999")
    .attr("y1", M.top)
    .attr("y2", H - M.bottom);
  const paths = {median: svg.append("path"), p99: svg.append("path")};
  const marks = {median: svg.append("circle"), p99: svg.append("circle")};
  for (const k of ["median", "p99"] as const) {
    paths[k].attr("fill", "none").attr("stroke", ERROR_COLOURS[k]).attr("stroke-width", 1.5);
    marks[k].attr("r", 5).attr("fill", ERROR_COLOURS[k]).attr("class", `bh-error-current-${k}`);
  }
  const legend = svg
    .append("g")
    .attr("font-size", 11)
    .attr("transform", `translate(${M.left + 8},${M.top + 4})`);
  (["median", "p99"] as const).forEach((k, i) => {
    legend
      .append("text")
      .attr("y", 12 * i + 8)
      .attr("fill", ERROR_COLOURS[k])
      .text(k === "median" ? "median" : "99th percentile");
  });
  return {
    element: svg.node()!,
    update(sweep: ErrorPoint[], theta: number, current: ErrorPoint | null) {
      const pts = [...sweep].sort((a, b) => a.theta - b.theta);
      for (const k of ["median", "p99"] as const) {
        paths[k].attr(
          "d",
          d3
            .line<ErrorPoint>()
            .x((d) => x(d.theta))
            .y((d) => y(Math.max(1e-7, d[k])))(pts) ?? ""
        );
        marks[k]
          .attr("cx", x(theta))
          .attr("cy", current ? y(Math.max(1e-7, current[k])) : -10)
          .attr("visibility", current ? "visible" : "hidden");
      }
      rule.attr("x1", x(theta)).attr("x2", x(theta));
      svg.attr("data-theta", theta.toFixed(2));
    },
  };
}

/** |ΔE / E₀| and |P| against simulated time (log scale). */
export function driftChart() {
  const {svg, gx, gy} = frame("drift of total energy and momentum over time", "time (N-body units)", "bh-drift-chart");
  const x = d3.scaleLinear().range([M.left, W - M.right]);
  const y = d3
    .scaleLog()
    .domain([1e-8, 1e-1])
    .range([H - M.bottom, M.top])
    .clamp(true);
  gy.call(
    d3
      .axisLeft(y)
      .ticks(5)
      .tickFormat((v) => fmtPow(Number(v)))
  );
  const energy = svg.append("path").attr("fill", "none").attr("stroke", ERROR_COLOURS.energy).attr("stroke-width", 1.5);
  const momentum = svg.append("path").attr("fill", "none").attr("stroke", ERROR_COLOURS.momentum).attr("stroke-width", 1.5).attr("stroke-dasharray", "4 2");
  const legend = svg
    .append("g")
    .attr("font-size", 11)
    .attr("transform", `translate(${M.left + 8},${M.top + 4})`);
  legend.append("text").attr("y", 8).attr("fill", ERROR_COLOURS.energy).text("|ΔE / E₀|");
  legend.append("text").attr("y", 20).attr("fill", ERROR_COLOURS.momentum).text("|total momentum|");
  return {
    element: svg.node()!,
    update(points: DriftPoint[]) {
      const tMax = Math.max(0.5, points.at(-1)?.t ?? 0);
      x.domain([0, tMax]);
      gx.call(d3.axisBottom(x).ticks(5));
      const pts = points.slice(1); // the first sample is the reference (ΔE = 0)
      energy.attr(
        "d",
        d3
          .line<DriftPoint>()
          .x((d) => x(d.t))
          .y((d) => y(Math.max(1e-8, Math.abs(d.dE))))(pts) ?? ""
      );
      momentum.attr(
        "d",
        d3
          .line<DriftPoint>()
          .x((d) => x(d.t))
          .y((d) => y(Math.max(1e-8, d.p)))(pts) ?? ""
      );
      svg.attr("data-samples", String(points.length));
    },
  };
}
