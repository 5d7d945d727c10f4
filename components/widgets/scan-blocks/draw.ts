/**
 * d3 drawing of the three-dispatch exclusive scan for the first blocks: (a) every block's
 * own running total, (b) the block totals scanned into offsets, (c) the running total over
 * all cells once each block has added its offset.
 */
import * as d3 from "../../d3.js";
import {cellColour} from "../../sort/teaching.js";
import {arrowMarker} from "../shared/diagram/svg-arrow.js";
import {BLOCK, SHOWN, type BlockScan} from "./cpu.js";

const W = 384;
const BW = 80; // block width
const BH = 64; // band height
const BAND_A = 34;
const BAND_B = 158;
const BAND_C = 282;
const H = BAND_C + BH + 30;
const bx = (b: number) => 6 + b * 88;
const colour = (b: number) => cellColour(b, SHOWN);

type SVG = d3.Selection<SVGSVGElement, undefined, null, undefined>;

/** The empty SVG, sized as the diagram (so drawing it later does not move the page). */
export function createBlocksSvg(): SVG {
  const svg = d3.create("svg").attr("viewBox", `0 0 ${W} ${H}`).attr("width", W).attr("height", H).attr("role", "img").attr("class", "scan-blocks-svg");
  svg.attr("aria-label", "The three-dispatch scan: block scans, a scan of the block totals, and the add-back of each block's offset.");
  svg.style("font-family", "var(--sans-serif, system-ui, sans-serif)").style("width", "100%").style("height", "auto");
  return svg;
}

/** A step curve of `values` (one block) in the box at (x0, y0), scaled to 0..yMax. */
function curve(values: number[], x0: number, y0: number, yMax: number) {
  const x = d3.scaleLinear([0, BLOCK - 1], [x0 + 2, x0 + BW - 2]);
  const y = d3.scaleLinear([0, yMax], [y0 + BH - 2, y0 + 2]);
  return d3
    .line<number>(
      (_, i) => x(i),
      (v) => y(v)
    )
    .curve(d3.curveStepAfter)(values)!;
}

/** Draws `scan` into `svg` (once). */
export function drawBlocks(svg: SVG, scan: BlockScan) {
  const arrowId = arrowMarker(svg, "#333");
  const arrow = (x1: number, y1: number, x2: number, y2: number) =>
    svg.append("line").attr("x1", x1).attr("y1", y1).attr("x2", x2).attr("y2", y2).attr("stroke", "#333").attr("marker-end", `url(#${arrowId})`);
  const title = (y: number, bold: string, rest: string) => {
    const t = svg.append("text").attr("x", 8).attr("y", y).attr("font-size", 13.5).attr("fill", "#222");
    t.append("tspan").attr("font-weight", 700).text(bold);
    t.append("tspan").text(rest);
  };
  title(BAND_A - 12, "(a) scan_blocks", ": 256 workgroups");
  title(BAND_B - 24, "(b) scan_block_sums", ": 1 workgroup");
  title(BAND_C - 24, "(c) add_block_offsets", ": 256 workgroups");

  // inclusive sum inside each block (dispatch a) and global inclusive sum (after c)
  const local = (b: number) => Array.from(scan.blockInclusive.subarray(b * BLOCK, (b + 1) * BLOCK));
  const global = (b: number) => local(b).map((v) => v + scan.blockOffsets[b]);
  const localMax = d3.max(d3.range(SHOWN), (b) => scan.blockSums[b])!;
  const total = scan.blockOffsets[SHOWN - 1] + scan.blockSums[SHOWN - 1];
  const numberBox = (b: number, y: number, value: number, fill: string, fillOpacity: number, stroke: string) => {
    svg
      .append("rect")
      .attr("x", bx(b) + 12)
      .attr("y", y)
      .attr("width", BW - 24)
      .attr("height", 22)
      .attr("rx", 3)
      .attr("fill", fill)
      .attr("fill-opacity", fillOpacity)
      .attr("stroke", stroke);
    svg
      .append("text")
      .attr("x", bx(b) + BW / 2)
      .attr("y", y + 15)
      .attr("font-size", 13.5)
      .attr("font-weight", 600)
      .attr("text-anchor", "middle")
      .text(value);
  };
  const band = (b: number, y: number, values: number[], yMax: number) => {
    svg
      .append("rect")
      .attr("x", bx(b))
      .attr("y", y)
      .attr("width", BW)
      .attr("height", BH)
      .attr("fill", colour(b))
      .attr("fill-opacity", 0.08)
      .attr("stroke", "#999");
    svg
      .append("path")
      .attr("d", curve(values, bx(b), y, yMax))
      .attr("fill", "none")
      .attr("stroke", colour(b))
      .attr("stroke-width", 2);
  };

  for (let b = 0; b < SHOWN; b++) {
    const tx = bx(b) + BW / 2;
    // (a) local scans, each from 0
    band(b, BAND_A, local(b), localMax);
    svg
      .append("text")
      .attr("x", bx(b) + 4)
      .attr("y", BAND_A + 12)
      .attr("font-size", 11.5)
      .attr("fill", "#555")
      .text(`block ${b}`);
    svg
      .append("text")
      .attr("x", tx)
      .attr("y", BAND_A + BH + 14)
      .attr("font-size", 12.5)
      .attr("text-anchor", "middle")
      .text(`total ${scan.blockSums[b]}`);
    // (b) totals → offsets; exclusive scan of totals: offset[b+1] = offset[b] + total[b]
    arrow(tx, BAND_B - 18, tx, BAND_B - 2);
    numberBox(b, BAND_B, scan.blockSums[b], "white", 1, "#999");
    numberBox(b, BAND_B + 40, scan.blockOffsets[b], colour(b), 0.18, "#555");
    if (b + 1 < SHOWN) arrow(tx + 8, BAND_B + 22, bx(b + 1) + BW / 2 - 6, BAND_B + 40).attr("stroke-opacity", 0.7);
    arrow(tx, BAND_C - 18, tx, BAND_C - 2);
    // (c) global scan, continuous across blocks
    band(b, BAND_C, global(b), total);
    svg
      .append("text")
      .attr("x", tx)
      .attr("y", BAND_C + BH + 14)
      .attr("font-size", 11.5)
      .attr("text-anchor", "middle")
      .attr("fill", "#444")
      .text(`cells ${b * BLOCK}–${(b + 1) * BLOCK - 1}`);
  }
  svg
    .append("text")
    .attr("x", 8)
    .attr("y", BAND_B + 31)
    .attr("font-size", 11)
    .attr("fill", "#666")
    .text("totals");
  svg
    .append("text")
    .attr("x", 8)
    .attr("y", BAND_B + 75)
    .attr("font-size", 11)
    .attr("fill", "#666")
    .text("offsets (exclusive)");
  const more = (y: number) =>
    svg
      .append("text")
      .attr("x", W - 4)
      .attr("y", y)
      .attr("font-size", 16)
      .attr("text-anchor", "end")
      .attr("fill", "#666")
      .text("…");
  more(BAND_A + BH / 2 + 5);
  more(BAND_B + 35);
  more(BAND_C + BH / 2 + 5);
}
