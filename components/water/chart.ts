/**
 * The water widget's small d3 diagrams: the density histogram against ρ₀ (fed by the GPU
 * stats readback a few times a second, or by the twin) and the colour legend of the discs.
 */
import * as d3 from "../d3.js";
import {DENSITY_BINS} from "./twin.js";

/** The viridis stops of shaders/render/discs.wgsl (`ramp`), so the legend matches the discs. */
export const RAMP_STOPS: [number, number, number][] = [
  [0.267, 0.005, 0.329],
  [0.23, 0.322, 0.546],
  [0.128, 0.567, 0.551],
  [0.369, 0.789, 0.383],
  [0.993, 0.906, 0.144],
];
/**
 * The part of the ramp drawn on each kind of background. Discs are graphics, so each colour
 * needs 3:1 contrast with the tank behind it (WCAG 1.4.11): on the pale tank of the light
 * theme viridis' bright half (green to yellow) is too faint, on the dark tank its dark end
 * (purple to blue) is. tests/unit/palette-contrast.test.ts checks both against the tank colours.
 */
export const RAMP_SPAN_LIGHT: [number, number] = [0, 0.5];
export const RAMP_SPAN_DARK: [number, number] = [0.4, 1];

const css = ([r, g, b]: number[]) => `rgb(${Math.round(r * 255)},${Math.round(g * 255)},${Math.round(b * 255)})`;

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

export interface Legend {
  element: HTMLElement;
  update(title: string, lo: number, hi: number): void;
  /** Shows only the part [lo, hi] of the ramp (the part the discs use on this background). */
  setSpan(span: [number, number]): void;
}

/** A horizontal colour bar with the ramp of the discs and its two end values. */
export function rampLegend(width = 180): Legend {
  const el = document.createElement("div");
  el.className = "water-legend";
  el.style.cssText = "display:inline-flex;align-items:center;gap:.4rem;font-size:12px";
  const title = document.createElement("span");
  const lo = document.createElement("span");
  const bar = document.createElement("span");
  bar.style.cssText = `display:inline-block;width:${width}px;height:10px;border-radius:2px`;
  const setSpan = ([a, b]: [number, number]) => {
    bar.style.background = `linear-gradient(to right, ${d3
      .range(9)
      .map((i) => rampColor(a + ((b - a) * i) / 8))
      .join(", ")})`;
  };
  setSpan([0, 1]);
  const hi = document.createElement("span");
  el.append(title, lo, bar, hi);
  return {
    element: el,
    update(t, a, b) {
      title.textContent = t;
      lo.textContent = a.toFixed(2);
      hi.textContent = b.toFixed(2);
    },
    setSpan,
  };
}

/** sRGB colour string of the ramp at t ∈ [0, 1] (for the CPU fallback's 2-D drawing). */
export function rampColor(t: number): string {
  return css(rampRGB(t));
}

/** sRGB components 0..1 of the ramp at t ∈ [0, 1] (linear between RAMP_STOPS, as the shader). */
export function rampRGB(t: number): [number, number, number] {
  const x = Math.min(1, Math.max(0, t)) * 4;
  const i = Math.min(3, Math.floor(x));
  const f = x - i;
  const a = RAMP_STOPS[i],
    b = RAMP_STOPS[i + 1];
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}
