/**
 * d3 drawing of a counting sort in progress: the particles in their grid cells, the arrays
 * as rows of boxes (histogram, each Hillis–Steele round, exclusive starts), the sorted order
 * as a row of slots, and arrows/highlights for what the current phase reads (blue) and
 * writes (yellow). Pure: the picture depends only on its arguments.
 *
 * The drawing is laid out for the width it is shown at (`width`, CSS px) and drawn at scale
 * 1, so every label keeps its font size (at least 11 px) on any screen. From WIDE px the
 * grid sits left of the arrays; below, the arrays go under the grid with each row's name
 * above it. The sorted slots wrap onto as many lines as the width needs, so nothing is cut
 * at the right edge.
 */
import * as d3 from "../../d3.js";
import type {GridParams} from "../../sort/grid.js";
import {cellColour, type PhaseInfo, type TeachingParticle} from "../../sort/teaching.js";
import type {SortSnapshots} from "../../sort/twin.js";
import {arrowMarker} from "../runtime/svg-arrow.js";
import {phaseName} from "./options.js";

export interface SortDiagramState {
  grid: GridParams;
  side: number;
  phases: PhaseInfo[];
  phaseIndex: number;
  particles: TeachingParticle[];
  snaps: SortSnapshots | null;
  /** fade new rows in (ignored under prefers-reduced-motion) */
  animate: boolean;
  /** CSS px the diagram is shown at (default 840) */
  width?: number;
}

/** Width (px) from which the grid and the arrays sit side by side. */
const WIDE = 760;
const MIN_W = 300;
/** The smallest font used anywhere in the drawing (px at scale 1). */
export const MIN_FONT_PX = 11;
/** Narrowest slot of the sorted array: two digits at MIN_FONT_PX with a margin. */
const MIN_SLOT = 22;
const SLOT_H = 22;
/** A line of slots: the slots, the cell brackets under them and the brackets' labels. */
const SLOT_LINE = SLOT_H + 32;
const READ = "#cfe3ff";
const WRITE = "#ffe58a";
/** Ink of the numbers on READ and WRITE (AA on both in either theme). */
const INK_ON_HIGHLIGHT = "#1b1e23";

interface Layout {
  width: number;
  height: number;
  /** grid and arrays side by side (else stacked) */
  wide: boolean;
  gx: number;
  gy: number;
  cellPx: number;
  ax: number;
  boxW: number;
  boxH: number;
  rowY: (r: number) => number;
  /** where row r's name goes: left of the row (wide) or above it (stacked) */
  label: {x: number; dy: number; anchor: "end" | "start"};
  sortedY: number;
  slotW: number;
  /** slots per line of the sorted array */
  perLine: number;
  /** top-left corner of slot k */
  slot: (k: number) => {x: number; y: number};
}

/**
 * Where everything goes at `width` CSS px for `cells` cells, `n` particles and `rows` array
 * rows, of which the first `shownRows` are revealed. Stacked (narrow), the unrevealed rows take
 * no height, so the sorted array sits right under the last revealed row and the card has no
 * empty band under the grid; wide, the rows sit beside the grid and never add height.
 */
function layout(cells: number, n: number, rows: number, width = 840, shownRows = rows): Layout {
  const W = Math.max(MIN_W, Math.round(width));
  const wide = W >= WIDE;
  const side = Math.round(Math.sqrt(cells));
  const gx = 10,
    gy = 30,
    boxH = 24;
  const cellPx = wide ? Math.min(64, 240 / side) : Math.min(48, (W - 20) / side);
  const gridBottom = gy + side * cellPx;
  // wide: the arrays start right of the grid, names left of them; stacked: under the grid, names above
  const ax = wide ? gx + side * cellPx + 110 : gx;
  const boxW = Math.min(30, (W - ax - 10) / (cells + 1));
  const rowGap = wide ? 40 : boxH + 30;
  const rowsTop = wide ? gy : gridBottom + 40;
  const rowY = (r: number) => rowsTop + r * rowGap;
  const label = wide ? {x: ax - 8, dy: boxH / 2 + 4, anchor: "end" as const} : {x: gx, dy: -7, anchor: "start" as const};
  const tallRows = wide ? rows : Math.max(0, Math.min(rows, shownRows));
  const sortedY = Math.max(gridBottom, tallRows > 0 ? rowY(tallRows - 1) + boxH : 0) + 46;
  // the sorted slots: as many lines as it takes to keep every slot at least MIN_SLOT wide
  const fit = Math.max(1, Math.floor((W - 20) / MIN_SLOT));
  const lines = Math.ceil(Math.max(n, 1) / fit);
  const perLine = Math.ceil(Math.max(n, 1) / lines);
  const slotW = Math.min(28, (W - 20) / perLine);
  const slot = (k: number) => ({x: 10 + (k % perLine) * slotW, y: sortedY + Math.floor(k / perLine) * SLOT_LINE});
  return {width: W, height: sortedY + lines * SLOT_LINE + 4, wide, gx, gy, cellPx, ax, boxW, boxH, rowY, label, sortedY, slotW, perLine, slot};
}

/** The SVG size (px, drawn at scale 1) the diagram needs for `cells` cells and `n` particles at `width`. */
export function sortDiagramSize(cells: number, n: number, width = 840) {
  const rounds = Math.ceil(Math.log2(Math.max(cells, 1)));
  const L = layout(cells, n, rounds + 2, width);
  return {width: L.width, height: L.height};
}

const reducedMotion = () => typeof matchMedia !== "undefined" && matchMedia("(prefers-reduced-motion: reduce)").matches;

type SVG = d3.Selection<SVGSVGElement, undefined, null, undefined>;

/** What every part of the drawing needs, derived once per draw. */
interface Frame {
  s: SortDiagramState;
  L: Layout;
  cells: number;
  /** the phase's name (start, histogram, scan-<stride>, starts, scatter) */
  phase: string;
  rounds: number;
  colours: string[];
  keys: Uint32Array | undefined;
  /** rows written (yellow) and read (blue) by the phase: 0 counts, 1..rounds scan rounds, rounds + 1 starts; -1 none */
  writeRow: number;
  readRow: number;
  boxX: (i: number) => number;
  /** x of the centre of box i */
  cx: (i: number) => number;
}

/** Draws (or updates) the diagram into `svg`. */
export function drawSortDiagram(svg: SVG, s: SortDiagramState) {
  const cells = s.grid.numCells;
  const names = s.phases.map(phaseName);
  const phase = names[s.phaseIndex];
  const rounds = names.filter((p) => p.startsWith("scan-")).length;
  // row k (counts, the scan rounds, starts) is revealed from phase k + 1 on
  const L = layout(cells, s.particles.length, rounds + 2, s.width, s.phaseIndex);
  const boxX = (i: number) => L.ax + i * L.boxW;
  const f: Frame = {
    s,
    L,
    cells,
    phase,
    rounds,
    colours: d3.range(cells).map((c) => cellColour(c, cells)),
    keys: s.snaps?.keys,
    writeRow: phase === "histogram" ? 0 : phase.startsWith("scan-") ? s.phaseIndex - 1 : phase === "starts" ? rounds + 1 : -1,
    readRow: phase.startsWith("scan-") ? s.phaseIndex - 2 : phase === "starts" ? rounds : phase === "scatter" ? rounds + 1 : -1,
    boxX,
    cx: (i) => boxX(i) + (L.boxW - 2) / 2,
  };
  svg.attr("viewBox", `0 0 ${L.width} ${L.height}`).attr("width", L.width).attr("height", L.height);
  const arrowId = arrowMarker(svg, "#2b6cb0");
  for (const name of ["grid", "arrows", "rows", "sorted"]) layer(svg, name); // fixes the stacking order
  drawGrid(svg, f);
  drawRows(svg, f);
  drawArrows(svg, f, arrowId);
  drawSorted(svg, f);
}

/** The cells (with their keys) and the particles, coloured by cell once sorted. */
function drawGrid(svg: SVG, f: Frame) {
  const {s, L, phase, colours, keys} = f;
  const gridG = layer(svg, "grid");
  const cellData = d3.range(f.cells).map((c) => ({c, ix: c % s.side, iy: Math.floor(c / s.side)}));
  const cellY = (iy: number) => L.gy + (s.side - 1 - iy) * L.cellPx;
  gridG
    .selectAll("rect.cell")
    .data(cellData)
    .join("rect")
    .attr("class", "cell")
    .attr("x", (d) => L.gx + d.ix * L.cellPx)
    .attr("y", (d) => cellY(d.iy))
    .attr("width", L.cellPx)
    .attr("height", L.cellPx)
    .attr("fill", (d) => d3.color(colours[d.c])!.copy({opacity: 0.12}).formatRgb())
    .attr("stroke", phase === "histogram" || phase === "scatter" ? "#555" : "#aaa")
    .attr("stroke-width", phase === "histogram" ? 1.5 : 1);
  gridG
    .selectAll("circle.particle")
    .data(s.particles, (d: any) => d.id)
    .join("circle")
    .attr("class", "particle")
    .attr("r", Math.max(3, Math.min(6, L.cellPx / 10)))
    .attr("cx", (d) => L.gx + d.x * L.cellPx)
    .attr("cy", (d) => L.gy + (s.side - d.y) * L.cellPx)
    .attr("fill", (_, i) => (keys ? colours[keys[i]] : "#888"))
    .attr("stroke", phase === "histogram" || phase === "scatter" ? "#222" : "white")
    .attr("stroke-width", 0.8);
  // the cell numbers go over the particles, each with a halo in the page's background
  // colour: drawn under them, a particle on "10" left "0" showing, which reads as cell 0
  gridG
    .selectAll("text.cell-label")
    .data(cellData)
    .join("text")
    .attr("class", "cell-label")
    .attr("x", (d) => L.gx + d.ix * L.cellPx + 3)
    .attr("y", (d) => cellY(d.iy) + 12)
    .attr("font-size", MIN_FONT_PX)
    .style("fill", "var(--theme-foreground-muted, #555)")
    .style("stroke", "var(--theme-background, white)")
    .style("stroke-width", "3px")
    .style("stroke-linejoin", "round")
    .style("paint-order", "stroke")
    .text((d) => d.c)
    .raise();
  svg
    .selectAll("text.grid-title")
    .data([0])
    .join("text")
    .attr("class", "grid-title")
    .attr("x", L.gx)
    .attr("y", L.gy - 10)
    .attr("font-size", 12)
    .attr("font-weight", 600)
    .text(`${s.particles.length} particles, ${f.cells} cells`);
}

type Row = {key: string; label: string; values: Uint32Array | null; visible: boolean; len: number};

/** The array rows: counts, each scan round, starts; a row fades in when its phase is reached. */
function drawRows(svg: SVG, f: Frame) {
  const {s, L, cells, rounds, colours} = f;
  const snaps = s.snaps;
  const rows: Row[] = [
    {key: "counts", label: "counts", values: snaps?.counts ?? null, visible: s.phaseIndex >= 1, len: cells},
    ...d3
      .range(rounds)
      .map((r) => ({key: `round-${r}`, label: `stride ${1 << r}`, values: snaps?.scanRounds[r] ?? null, visible: s.phaseIndex >= 2 + r, len: cells})),
    {key: "starts", label: "starts", values: snaps?.starts ?? null, visible: s.phaseIndex >= rounds + 2, len: cells + 1},
  ];
  const rowG = layer(svg, "rows")
    .selectAll<SVGGElement, Row>("g.row")
    .data(rows, (d) => d.key)
    .join((enter) => enter.append("g").attr("class", "row").attr("opacity", 0))
    .attr("data-row", (d) => d.key)
    .attr("transform", (_, r) => `translate(0,${L.rowY(r)})`);
  // a row fades in, but goes at once: stacked, the sorted array moves up into its place
  rowG
    .transition()
    .duration((d) => (d.visible && s.animate && !reducedMotion() ? 350 : 0))
    .attr("opacity", (d) => (d.visible ? 1 : 0));
  rowG
    .selectAll("text.row-label")
    .data((d) => [d])
    .join("text")
    .attr("class", "row-label")
    .attr("x", L.label.x)
    .attr("y", L.label.dy)
    .attr("text-anchor", L.label.anchor)
    .attr("font-size", 12)
    // stacked, the name sits among the arrows from the row above: a halo keeps it legible
    .style("stroke", () => (L.wide ? null : "var(--theme-background, white)"))
    .style("stroke-width", () => (L.wide ? null : "4px"))
    .style("paint-order", "stroke")
    .text((d) => d.label);
  rowG.each(function (row, r) {
    const data = d3.range(row.len).map((i) => ({i, v: row.values ? row.values[i] : 0, last: row.key === "starts" && i === cells}));
    const fill = r === f.writeRow ? WRITE : r === f.readRow ? READ : "white";
    const box = d3
      .select(this)
      .selectAll<SVGGElement, (typeof data)[0]>("g.box")
      .data(data)
      .join((e) => {
        const b = e.append("g").attr("class", "box");
        b.append("rect");
        b.append("text");
        return b;
      });
    box.attr("transform", (d) => `translate(${f.boxX(d.i)},0)`);
    box
      .select("rect")
      .attr("width", L.boxW - 2)
      .attr("height", L.boxH)
      .attr("rx", 3)
      .attr("fill", (d) => (d.last ? "#f2f2f2" : fill))
      .attr("stroke", (d) => (d.last ? "#bbb" : (colours[d.i] ?? "#999")))
      .attr("stroke-width", 1.5);
    box
      .select("text")
      .attr("x", (L.boxW - 2) / 2)
      .attr("y", L.boxH / 2 + 4)
      .attr("text-anchor", "middle")
      .attr("font-size", MIN_FONT_PX)
      .attr("font-variant-numeric", "tabular-nums")
      // the read and write highlights are light in both themes: their numbers keep dark ink
      // (the theme's ink is light in dark mode, and would vanish on them)
      .attr("fill", (d) => (!d.last && fill !== "white" ? INK_ON_HIGHLIGHT : null))
      .text((d) => (row.values ? d.v : ""));
  });
}

type Arrow = {x1: number; y1: number; x2: number; y2: number; kind: string};

/** What the current phase reads: particles → counts (histogram), box → box (scan rounds, shift). */
function drawArrows(svg: SVG, f: Frame, arrowId: string) {
  const {s, L, phase, cells, keys, cx} = f;
  const arrows: Arrow[] = [];
  if (phase.startsWith("scan-") || phase === "starts") {
    const y1 = L.rowY(f.readRow) + L.boxH;
    const y2 = L.rowY(f.writeRow);
    if (phase === "starts") {
      for (let i = 1; i <= cells; i++) arrows.push({x1: cx(i - 1), y1, x2: cx(i), y2, kind: "shift"});
    } else {
      const stride = Number(phase.slice(5));
      for (let i = 0; i < cells; i++) arrows.push({x1: cx(i), y1, x2: cx(i), y2, kind: "keep"});
      for (let i = stride; i < cells; i++) arrows.push({x1: cx(i - stride), y1, x2: cx(i), y2, kind: "add"});
    }
  }
  if (phase === "histogram" && keys) {
    s.particles.forEach((p, i) =>
      arrows.push({x1: L.gx + p.x * L.cellPx, y1: L.gy + (s.side - p.y) * L.cellPx, x2: cx(keys[i]), y2: L.rowY(0) + L.boxH, kind: "count"})
    );
  }
  layer(svg, "arrows")
    .selectAll("line")
    .data(arrows)
    .join("line")
    .attr("x1", (d) => d.x1)
    .attr("y1", (d) => d.y1)
    .attr("x2", (d) => d.x2)
    .attr("y2", (d) => d.y2)
    .attr("stroke", (d) => (d.kind === "count" ? "rgba(90,90,90,0.25)" : d.kind === "keep" ? "#9bb7d6" : "#2b6cb0"))
    .attr("stroke-width", (d) => (d.kind === "count" ? 0.8 : 1.2))
    .attr("marker-end", (d) => (d.kind === "count" ? null : `url(#${arrowId})`));
}

/** The sorted order (slot → particle id) after the scatter, with each cell's range under it. */
function drawSorted(svg: SVG, f: Frame) {
  const {s, L, phase, colours, keys} = f;
  const snaps = phase === "scatter" ? s.snaps : null;
  const n = s.particles.length;
  const sortedG = layer(svg, "sorted");
  sortedG
    .selectAll("text.sorted-title")
    .data([0])
    .join("text")
    .attr("class", "sorted-title")
    .attr("x", 10)
    .attr("y", L.sortedY - 8)
    .attr("font-size", 12)
    .attr("font-weight", 600)
    .text(snaps ? "sorted particles (slot → particle id)" : "sorted particles (after the scatter)");
  const cellOfId = new Map<number, number>();
  if (keys) s.particles.forEach((p, i) => cellOfId.set(p.id, keys[i]));
  const slots = d3.range(n).map((k) => ({k, id: snaps ? snaps.order[k] : -1}));
  const slot = sortedG
    .selectAll<SVGGElement, (typeof slots)[0]>("g.slot")
    .data(slots)
    .join((e) => {
      const g = e.append("g").attr("class", "slot");
      g.append("rect");
      g.append("text");
      return g;
    });
  slot.attr("transform", (d) => `translate(${L.slot(d.k).x},${L.slot(d.k).y})`);
  slot
    .select("rect")
    .attr("width", L.slotW - 1)
    .attr("height", SLOT_H)
    .attr("fill", (d) => (d.id >= 0 ? colours[cellOfId.get(d.id) ?? 0] : "#f4f4f4"))
    .attr("stroke", phase === "scatter" ? "#333" : "#ccc")
    .attr("stroke-width", 0.5);
  slot
    .select("text")
    .attr("x", (L.slotW - 1) / 2)
    .attr("y", 15)
    .attr("text-anchor", "middle")
    .attr("font-size", MIN_FONT_PX)
    .text((d) => (d.id >= 0 ? d.id : ""));
  // each occupied cell's run of slots, cut where the slots wrap onto the next line; the
  // label goes under the first piece
  const ranges = snaps
    ? d3
        .range(f.cells)
        .filter((c) => snaps.starts[c + 1] > snaps.starts[c])
        .flatMap((c) => {
          const pieces = [];
          for (let a = snaps.starts[c]; a < snaps.starts[c + 1]; a = (Math.floor(a / L.perLine) + 1) * L.perLine)
            pieces.push({c, a, b: Math.min(snaps.starts[c + 1], (Math.floor(a / L.perLine) + 1) * L.perLine), first: a === snaps.starts[c]});
          return pieces;
        })
    : [];
  sortedG
    .selectAll("path.range")
    .data(ranges)
    .join("path")
    .attr("class", "range")
    .attr("fill", "none")
    .attr("stroke", (d) => colours[d.c])
    .attr("stroke-width", 2)
    .attr("d", (d) => {
      const p = L.slot(d.a);
      const x1 = p.x + 1,
        x2 = p.x + (d.b - d.a) * L.slotW - 2,
        y = p.y + SLOT_H + 4;
      return `M${x1},${y}v5H${x2}v-5`;
    });
  sortedG
    .selectAll("text.range-label")
    .data(ranges.filter((d) => d.first))
    .join("text")
    .attr("class", "range-label")
    .attr("x", (d) => L.slot(d.a).x + ((d.b - d.a) / 2) * L.slotW)
    .attr("y", (d) => L.slot(d.a).y + SLOT_H + 22)
    .attr("text-anchor", "middle")
    .attr("font-size", MIN_FONT_PX)
    .attr("fill", "#444")
    .text((d) => `c${d.c}`);
  sortedG.attr("opacity", snaps ? 1 : 0.5);
}

function layer(svg: SVG, name: string) {
  return svg.selectAll<SVGGElement, string>(`g.layer-${name}`).data([name]).join("g").attr("class", `layer-${name}`);
}
