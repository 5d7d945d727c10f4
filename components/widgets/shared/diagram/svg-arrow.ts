/**
 * An arrowhead <marker> for d3-drawn SVG diagrams, added once per SVG with a page-unique
 * id (several widgets can share a page). Returns the id for `marker-end: url(#id)`.
 */
import type * as d3 from "../../../d3.js";

let nextId = 0;

export function arrowMarker(svg: d3.Selection<SVGSVGElement, any, any, any>, fill: string): string {
  const attr = `data-arrow-${fill.replace(/[^a-z0-9]/gi, "")}`;
  const existing = svg.attr(attr);
  if (existing) return existing;
  const id = `arrow-${++nextId}`;
  svg.attr(attr, id);
  const defs = svg.select<SVGDefsElement>("defs").empty() ? svg.append("defs") : svg.select<SVGDefsElement>("defs");
  defs
    .append("marker")
    .attr("id", id)
    .attr("viewBox", "0 0 10 10")
    .attr("refX", 9)
    .attr("refY", 5)
    .attr("markerWidth", 5)
    .attr("markerHeight", 5)
    .attr("orient", "auto-start-reverse")
    .append("path")
    .attr("d", "M0,0L10,5L0,10z")
    .attr("fill", fill);
  return id;
}
