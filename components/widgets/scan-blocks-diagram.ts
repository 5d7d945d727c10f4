/**
 * A static d3 diagram of the three-dispatch exclusive scan of shaders/sort/scan.wgsl
 * (brief §3: 65,536 cells = 256 blocks × 256 cells): (a) every workgroup scans its block
 * in workgroup memory, (b) one workgroup scans the 256 block totals into offsets, (c)
 * every cell adds its block's offset. The numbers drawn come from `blockScanTwin` (the CPU
 * twin of scan.wgsl) run on seeded random counts, so the picture is a real scan; only the
 * first four blocks are drawn.
 *
 * `createScanBlocksDiagram({seed}) → HTMLElement` (a <figure>, data-widget="scan-blocks",
 * `.value = {numCells, blockSize, blockSums, blockOffsets}` for the blocks drawn).
 */
import * as d3 from "d3";
import {blockScanTwin} from "../sort/twin.js";

const BLOCK = 256;
const NUM_CELLS = 65_536;
const SHOWN = 4;
const W = 384;

export interface ScanBlocksOptions {
  /** Seed of the random counts (d3.randomLcg); default 3. */
  seed?: number;
}

/** The three-dispatch scan, drawn for the first four of 256 blocks (see the module comment). */
export function createScanBlocksDiagram(options: ScanBlocksOptions = {}): HTMLElement & {value: unknown} {
  const random = d3.randomLcg(options.seed ?? 3);
  const counts = new Uint32Array(NUM_CELLS);
  for (let i = 0; i < NUM_CELLS; i++) counts[i] = Math.floor(random() * 4);
  const scan = blockScanTwin(counts, BLOCK);
  // inclusive sum inside each block (dispatch a) and global inclusive sum (after c)
  const local = (b: number) => Array.from(scan.blockInclusive.subarray(b * BLOCK, (b + 1) * BLOCK));
  const global = (b: number) => local(b).map((v) => v + scan.blockOffsets[b]);

  const bx = (b: number) => 6 + b * 88;
  const bw = 80;
  const bandA = 34;
  const bandB = 158;
  const bandC = 282;
  const bh = 64;
  const H = bandC + bh + 30;

  const svg = d3.create("svg").attr("viewBox", `0 0 ${W} ${H}`).attr("width", W).attr("height", H).attr("role", "img").attr("class", "scan-blocks-svg");
  svg.attr("aria-label", "The three-dispatch scan: block scans, a scan of the block totals, and the add-back of each block's offset.");
  svg.style("font-family", "var(--sans-serif, system-ui, sans-serif)");
  svg
    .append("defs")
    .append("marker")
    .attr("id", "blocks-arrow")
    .attr("viewBox", "0 0 10 10")
    .attr("refX", 9)
    .attr("refY", 5)
    .attr("markerWidth", 5)
    .attr("markerHeight", 5)
    .attr("orient", "auto")
    .append("path")
    .attr("d", "M0,0L10,5L0,10z")
    .attr("fill", "#333");
  const colour = (b: number) => d3.schemeTableau10[b];

  const title = (y: number, bold: string, rest: string) => {
    const t = svg.append("text").attr("x", 8).attr("y", y).attr("font-size", 13.5).attr("fill", "#222");
    t.append("tspan").attr("font-weight", 700).text(bold);
    t.append("tspan").text(rest);
  };
  title(bandA - 12, "(a) scan_blocks", ": 256 workgroups");
  title(bandB - 24, "(b) scan_block_sums", ": 1 workgroup");
  title(bandC - 24, "(c) add_block_offsets", ": 256 workgroups");

  const curve = (values: number[], x0: number, y0: number, yMax: number) => {
    const x = d3.scaleLinear([0, BLOCK - 1], [x0 + 2, x0 + bw - 2]);
    const y = d3.scaleLinear([0, yMax], [y0 + bh - 2, y0 + 2]);
    return d3.line<number>((_, i) => x(i), (v) => y(v)).curve(d3.curveStepAfter)(values)!;
  };
  const localMax = d3.max(d3.range(SHOWN), (b) => scan.blockSums[b])!;
  const total = scan.blockOffsets[SHOWN - 1] + scan.blockSums[SHOWN - 1];

  for (let b = 0; b < SHOWN; b++) {
    // (a) local scans, each from 0
    svg.append("rect").attr("x", bx(b)).attr("y", bandA).attr("width", bw).attr("height", bh).attr("fill", colour(b)).attr("fill-opacity", 0.08).attr("stroke", "#999");
    svg.append("path").attr("d", curve(local(b), bx(b), bandA, localMax)).attr("fill", "none").attr("stroke", colour(b)).attr("stroke-width", 2);
    svg.append("text").attr("x", bx(b) + 4).attr("y", bandA + 12).attr("font-size", 11.5).attr("fill", "#555").text(`block ${b}`);
    svg.append("text").attr("x", bx(b) + bw / 2).attr("y", bandA + bh + 14).attr("font-size", 12.5).attr("text-anchor", "middle").text(`total ${scan.blockSums[b]}`);
    // (b) totals → offsets
    const tx = bx(b) + bw / 2;
    svg.append("line").attr("x1", tx).attr("y1", bandB - 18).attr("x2", tx).attr("y2", bandB - 2).attr("stroke", "#333").attr("marker-end", "url(#blocks-arrow)");
    svg.append("rect").attr("x", bx(b) + 12).attr("y", bandB).attr("width", bw - 24).attr("height", 22).attr("rx", 3).attr("fill", "white").attr("stroke", "#999");
    svg.append("text").attr("x", tx).attr("y", bandB + 15).attr("font-size", 13.5).attr("font-weight", 600).attr("text-anchor", "middle").text(scan.blockSums[b]);
    svg.append("rect").attr("x", bx(b) + 12).attr("y", bandB + 40).attr("width", bw - 24).attr("height", 22).attr("rx", 3).attr("fill", colour(b)).attr("fill-opacity", 0.18).attr("stroke", "#555");
    svg.append("text").attr("x", tx).attr("y", bandB + 55).attr("font-size", 13.5).attr("font-weight", 600).attr("text-anchor", "middle").text(scan.blockOffsets[b]);
    if (b + 1 < SHOWN) {
      // exclusive scan of totals: offset[b+1] = offset[b] + total[b]
      svg.append("line").attr("x1", tx + 8).attr("y1", bandB + 22).attr("x2", bx(b + 1) + bw / 2 - 6).attr("y2", bandB + 40).attr("stroke", "#333").attr("stroke-opacity", 0.7).attr("marker-end", "url(#blocks-arrow)");
    }
    svg.append("line").attr("x1", tx).attr("y1", bandC - 18).attr("x2", tx).attr("y2", bandC - 2).attr("stroke", "#333").attr("marker-end", "url(#blocks-arrow)");
    // (c) global scan, continuous across blocks
    svg.append("rect").attr("x", bx(b)).attr("y", bandC).attr("width", bw).attr("height", bh).attr("fill", colour(b)).attr("fill-opacity", 0.08).attr("stroke", "#999");
    svg.append("path").attr("d", curve(global(b), bx(b), bandC, total)).attr("fill", "none").attr("stroke", colour(b)).attr("stroke-width", 2);
    svg.append("text").attr("x", bx(b) + bw / 2).attr("y", bandC + bh + 14).attr("font-size", 11.5).attr("text-anchor", "middle").attr("fill", "#444").text(`cells ${b * BLOCK}–${(b + 1) * BLOCK - 1}`);
  }
  svg.append("text").attr("x", 8).attr("y", bandB + 31).attr("font-size", 11).attr("fill", "#666").text("totals");
  svg.append("text").attr("x", 8).attr("y", bandB + 75).attr("font-size", 11).attr("fill", "#666").text("offsets (exclusive)");
  const more = (y: number, text: string) => svg.append("text").attr("x", W - 4).attr("y", y).attr("font-size", 16).attr("text-anchor", "end").attr("fill", "#666").text(text);
  more(bandA + bh / 2 + 5, "…");
  more(bandB + 35, "…");
  more(bandC + bh / 2 + 5, "…");

  const fig = document.createElement("figure") as unknown as HTMLElement & {value: unknown};
  fig.className = "scan-blocks";
  fig.dataset.widget = "scan-blocks";
  fig.style.margin = "1.5rem 0";
  fig.style.maxWidth = "640px";
  const node = svg.node()!;
  node.style.width = "100%";
  node.style.height = "auto";
  fig.appendChild(node);
  const cap = document.createElement("figcaption");
  cap.textContent = `The first 4 of 256 blocks of 256 cells, with random counts (0–3 per cell). (a) Each workgroup scans its own block, so every block's running total starts again from 0. (b) The block totals are scanned into offsets. (c) Adding its block's offset joins every curve into one running total over all ${NUM_CELLS.toLocaleString("en-US")} cells.`;
  fig.appendChild(cap);
  fig.value = {numCells: NUM_CELLS, blockSize: BLOCK, blockSums: Array.from(scan.blockSums.subarray(0, SHOWN)), blockOffsets: Array.from(scan.blockOffsets.subarray(0, SHOWN))};
  return fig;
}
