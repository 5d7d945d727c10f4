/**
 * The water demo's d3 density histogram against ρ₀ (fed by the GPU stats readback a few times
 * a second, or by the twin). Loaded on demand by the demo's stats panel (widgets/water/draw.ts),
 * so that d3 is not part of the hero's first load.
 */
import * as d3 from "../d3.js";
import {DENSITY_BINS} from "./twin.js";

export interface HistogramChart {
  element: SVGSVGElement;
  /** Redraws with 64 bin counts over [0, 2ρ₀). */
  update(bins: ArrayLike<number>, restDensity: number): void;
}

/** A 64-bin histogram of particle density with a rule at ρ₀. Width in px. */
export function densityHistogram(width = 320, height = 110): HistogramChart {
  // the bottom margin holds the tick labels and, on a line of its own under them, the axis
  // title: at the right end of the tick line it ran into the last tick label
  const margin = {top: 8, right: 8, bottom: 36, left: 8};
  const svg = d3
    .create("svg")
    .attr("viewBox", `0 0 ${width} ${height}`)
    .attr("width", width)
    .attr("height", height)
    .attr("class", "water-histogram")
    .attr("role", "img")
    .attr("aria-label", "histogram of particle density");
  const x = d3.scaleLinear().range([margin.left, width - margin.right]);
  const y = d3.scaleLinear().range([height - margin.bottom, margin.top]);
  const bars = svg.append("g").attr("fill", "#4269d0");
  const axis = svg.append("g").attr("transform", `translate(0,${height - margin.bottom})`);
  const rule = svg
    .append("line")
    .attr("stroke", "#d0433c")
    .attr("stroke-width", 1.5)
    .attr("y1", margin.top)
    .attr("y2", height - margin.bottom);
  const label = svg
    .append("text")
    .attr("fill", "#d0433c")
    .attr("font-size", 11)
    .attr("y", margin.top + 9)
    .attr("x", 0);
  svg
    .append("text")
    .attr("x", width - margin.right)
    .attr("y", height - 3)
    .attr("text-anchor", "end")
    .attr("font-size", 11)
    .attr("fill", "currentColor")
    .text("density ρ");
  return {
    element: svg.node()!,
    update(bins, restDensity) {
      const top = 2 * restDensity;
      x.domain([0, top]);
      const counts = Array.from(bins).slice(0, DENSITY_BINS);
      y.domain([0, Math.max(1, d3.max(counts) ?? 1)]);
      const w = (x(top) - x(0)) / DENSITY_BINS;
      bars
        .selectAll("rect")
        .data(counts)
        .join("rect")
        .attr("x", (_, i) => x((i * top) / DENSITY_BINS) + 0.5)
        .attr("width", Math.max(0.5, w - 1))
        .attr("y", (d) => y(d))
        .attr("height", (d) => y(0) - y(d));
      axis.call(d3.axisBottom(x).ticks(5).tickSizeOuter(0));
      rule.attr("x1", x(restDensity)).attr("x2", x(restDensity));
      label.attr("x", x(restDensity) + 4).text(`ρ₀ = ${restDensity.toFixed(2)}`);
    },
  };
}
