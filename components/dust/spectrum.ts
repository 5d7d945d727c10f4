/**
 * The mass spectrum of the dust: a log–log histogram of body masses by octave (bin k holds
 * the bodies with 2^k ≤ m < 2^(k+1) grains), from the counters the GPU's compaction keeps
 * (DustState.spectrum) or the twin's. Empty bins are left out (a log axis has no zero).
 */
import * as d3 from "../d3.js";

/** Draws `spectrum` (bodies per octave) as bars on log–log axes, `width` CSS px wide. */
export function massSpectrum(spectrum: readonly number[], width = 640): SVGSVGElement {
  const w = Math.max(280, Math.min(width, 640));
  const h = 220;
  const m = {top: 12, right: 16, bottom: 40, left: 56};
  let top = 1;
  spectrum.forEach((c, k) => {
    if (c > 0) top = Math.max(top, k);
  });
  const bins = d3.range(0, Math.max(top + 1, 8));
  const x = d3
    .scaleLog()
    .base(2)
    .domain([1, 2 ** bins.length])
    .range([m.left, w - m.right]);
  const most = d3.max(spectrum) ?? 1;
  const y = d3
    .scaleLog()
    .domain([0.8, Math.max(10, most * 1.5)])
    .range([h - m.bottom, m.top]);
  const svg = d3
    .create("svg")
    .attr("class", "dust-spectrum")
    .attr("viewBox", `0 0 ${w} ${h}`)
    .attr("width", w)
    .attr("height", h)
    .attr("role", "img")
    .attr("style", "max-width: 100%; height: auto; overflow: visible;");
  svg.attr(
    "aria-label",
    `Mass spectrum: ${spectrum
      .map((c, k) => (c ? `${c} bodies of ${2 ** k}–${2 ** (k + 1) - 1} grains` : ""))
      .filter(Boolean)
      .join("; ")}`
  );
  svg
    .append("g")
    .attr("fill", "currentColor")
    .attr("fill-opacity", 0.75)
    .attr("class", "dust-spectrum-bars")
    .selectAll("rect")
    .data(bins.filter((k) => spectrum[k] > 0))
    .join("rect")
    .attr("x", (k) => x(2 ** k) + 1)
    .attr("width", (k) => Math.max(1, x(2 ** (k + 1)) - x(2 ** k) - 2))
    .attr("y", (k) => y(spectrum[k]))
    .attr("height", (k) => y(0.8) - y(spectrum[k]));
  svg
    .append("g")
    .attr("transform", `translate(0,${h - m.bottom})`)
    .call(
      d3
        .axisBottom(x)
        .tickValues(bins.filter((k) => k % 2 === 0).map((k) => 2 ** k))
        .tickFormat((v) => Number(v).toLocaleString("en-US"))
    )
    .call((g) =>
      g
        .append("text")
        .attr("x", w - m.right)
        .attr("y", 34)
        .attr("fill", "currentColor")
        .attr("text-anchor", "end")
        .text("body mass, grains (log)")
    );
  svg
    .append("g")
    .attr("transform", `translate(${m.left},0)`)
    .call(
      d3
        .axisLeft(y)
        .tickValues([1, 10, 100, 1000, 10000, 100000].filter((v) => v <= y.domain()[1]))
        .tickFormat((v) => Number(v).toLocaleString("en-US"))
    )
    .call((g) =>
      g
        .append("text")
        .attr("x", -m.left + 4)
        .attr("y", m.top - 2)
        .attr("fill", "currentColor")
        .attr("text-anchor", "start")
        .text("bodies (log)")
    );
  return svg.node()!;
}
