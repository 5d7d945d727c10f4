/**
 * Drawing of the scroll-scrubbed counting-sort diagram with d3. `update` sets every
 * attribute from the Scene it is given — no transitions, no timers — so the picture is a
 * pure function of the scene (and so of scroll progress).
 *
 * Layout (SVG user units, viewBox 388 wide): the cells of space on top, then the rows of
 * boxes — counts, one row per scan round, the exclusive starts — and the slots of the
 * sorted array at the bottom.
 *
 * The SVG scales with the width it is shown at; `fitText()` raises every font size so that
 * no label is drawn smaller than MIN_FONT_PX on screen (on a phone the drawing is shown at
 * about 0.85 of its size, which took the smallest labels under 9 px).
 */
import * as d3 from "../../d3.js";
import {cellColour, type PlainSnapshots, type TeachingParticle} from "../../sort/teaching.js";
import {arrowMarker} from "../runtime/svg-arrow.js";
import type {Scene} from "./model.js";

const VIEW_W = 388;
const X0 = 60; // left edge of the box columns (labels live left of it)
const BW = 46; // box width
const BH = 26; // box height
const CELL = 52; // drawn size of one grid cell
const SPACE_Y = 8;
const ROW_Y0 = 140; // top of the counts row
const ROW_DY = 46;
const SLOT_W = (VIEW_W - X0 - 6) / 18;
const ARROW = "#333";
/** The smallest font size a label may have on screen (CSS px). */
export const MIN_FONT_PX = 11;

/**
 * Sets every `font-size` attribute in `svg` to at least MIN_FONT_PX / `scale` user units, where
 * `scale` is screen px per user unit. Each element's own size is kept in `data-base-font`,
 * so a wider screen gets the original sizes back.
 */
function applyMinFont(svg: SVGSVGElement, scale: number) {
  for (const el of svg.querySelectorAll<SVGElement>("[font-size]")) {
    el.dataset.baseFont ??= el.getAttribute("font-size") ?? "";
    const base = Number(el.dataset.baseFont);
    if (!Number.isFinite(base)) continue;
    const size = String(Math.max(base, Math.ceil((MIN_FONT_PX / scale) * 10) / 10));
    if (el.getAttribute("font-size") !== size) el.setAttribute("font-size", size);
  }
}

export interface DiagramGeometry {
  dimX: number;
  dimY: number;
  numCells: number;
  numParticles: number;
  numRounds: number;
}

/** y of the top of row r: 0 counts, 1..R scan rounds, R+1 starts, R+2 slots. */
const rowTop = (r: number) => ROW_Y0 + r * ROW_DY;
const boxX = (i: number) => X0 + i * BW;
const slotW = (n: number) => Math.min((SLOT_W * 18) / Math.max(n, 1), 24);
const slotX = (k: number, n: number) => X0 + k * slotW(n) + slotW(n) / 2;
const lerp = (a: number, b: number, f: number) => a + (b - a) * f;
const ease = d3.easeCubicInOut;

/** The total height the diagram needs for `numRounds` rounds. */
function viewHeight(g: DiagramGeometry) {
  return rowTop(g.numRounds + 2) + BH + 26;
}

type SVG = d3.Selection<SVGSVGElement, undefined, null, undefined>;
type G = d3.Selection<SVGGElement, undefined, null, undefined>;

/** The parts `update` redraws, built once. */
interface Skeleton {
  g: DiagramGeometry;
  svg: SVG;
  colour: (c: number) => string;
  arrowId: string;
  sx: (x: number) => number;
  sy: (y: number) => number;
  arrowLayer: G;
  rowsLayer: G;
  slotLayer: G;
  rangeLayer: G;
  particleLayer: G;
  flightLayer: G;
  noteCounted: d3.Selection<SVGTextElement, undefined, null, undefined>;
  noteSorted: d3.Selection<SVGTextElement, undefined, null, undefined>;
}

/** The cells of space with their keys, the notes, the row labels and the layers, back to front. */
function buildSkeleton(g: DiagramGeometry): Skeleton {
  const H = viewHeight(g);
  const svg = d3
    .create("svg")
    .attr("viewBox", `0 0 ${VIEW_W} ${H}`)
    .attr("width", VIEW_W)
    .attr("height", H)
    .attr("role", "img")
    // named from the start (axe: svg-img-alt); update() replaces it with the phase shown
    .attr("aria-label", `Counting sort in ${g.numCells} cells, before its first phase is drawn`)
    .attr("class", "scrub-svg")
    .style("font-family", "var(--sans-serif, system-ui, sans-serif)");
  const arrowId = arrowMarker(svg, ARROW);
  const colour = (c: number) => cellColour(c, g.numCells);
  const sx = (x: number) => X0 + x * CELL;
  const sy = (y: number) => SPACE_Y + (g.dimY - y) * CELL;
  const cells = d3.range(g.numCells).map((key) => ({key, cx: key % g.dimX, cy: Math.floor(key / g.dimX)}));

  const space = svg.append("g").attr("class", "space");
  for (const c of cells)
    space
      .append("rect")
      .attr("x", sx(c.cx))
      .attr("y", sy(c.cy + 1))
      .attr("width", CELL)
      .attr("height", CELL)
      .attr("fill", colour(c.key))
      .attr("fill-opacity", 0.1)
      .attr("stroke", "#999");
  const note = svg.append("g").attr("font-size", 11.5).attr("fill", "#555");
  const noteX = X0 + g.dimX * CELL + 12;
  note
    .append("text")
    .attr("x", noteX)
    .attr("y", SPACE_Y + 14)
    .text(`${g.numParticles} particles, ${g.numCells} cells`);
  note
    .append("text")
    .attr("x", noteX)
    .attr("y", SPACE_Y + 31)
    .text(`key = column + ${g.dimX} · row`);
  const noteCounted = note
    .append("text")
    .attr("x", noteX)
    .attr("y", SPACE_Y + 52)
    .attr("class", "note-live");
  const noteSorted = note
    .append("text")
    .attr("x", noteX)
    .attr("y", SPACE_Y + 68)
    .attr("class", "note-live2");

  // column headers and row labels
  const labels = svg.append("g").attr("font-size", 12).attr("fill", "#444");
  const rowNames = ["counts", ...d3.range(g.numRounds).map((r) => `stride ${1 << r}`), "starts", "slots"];
  rowNames.forEach((name, r) =>
    labels
      .append("text")
      .attr("x", 4)
      .attr("y", rowTop(r) + BH / 2 + 4)
      .attr("class", `row-label row-label-${r}`)
      .text(name)
  );
  for (let c = 0; c < g.numCells; c++)
    labels
      .append("text")
      .attr("x", boxX(c) + BW / 2)
      .attr("y", ROW_Y0 - 6)
      .attr("text-anchor", "middle")
      .attr("font-size", 11)
      .attr("fill", "#777")
      .text(`cell ${c}`);

  const arrowLayer = svg.append("g").attr("class", "arrows").attr("stroke", ARROW).attr("fill", "none"); // below the boxes
  const rowsLayer = svg.append("g").attr("class", "rows");
  const slotLayer = svg.append("g").attr("class", "slots");
  const rangeLayer = svg.append("g").attr("class", "ranges");
  const particleLayer = svg.append("g").attr("class", "particles"); // particles on top
  const flightLayer = svg.append("g").attr("class", "flights");
  // cell keys in the corners, above the particles, with a white halo
  for (const c of cells)
    svg
      .append("text")
      .attr("x", sx(c.cx) + 3)
      .attr("y", sy(c.cy + 1) + 11)
      .attr("font-size", 10.5)
      .attr("fill", "#555")
      .attr("stroke", "white")
      .attr("stroke-width", 3)
      .attr("paint-order", "stroke")
      .text(c.key);
  return {g, svg, colour, arrowId, sx, sy, arrowLayer, rowsLayer, slotLayer, rangeLayer, particleLayer, flightLayer, noteCounted, noteSorted};
}

interface RowStyle {
  fill?: (i: number) => string;
  valueOpacity: number;
  emphasis: boolean;
  dashedLast?: boolean;
}

/** Row r of boxes with `values` (null: an empty box). */
function boxRow(k: Skeleton, r: number, values: (number | null)[], opts: RowStyle) {
  const sel = k.rowsLayer
    .selectAll<SVGGElement, number>(`g.row-${r}`)
    .data([r])
    .join((e) => e.append("g").attr("class", `row row-${r}`));
  const boxes = sel
    .selectAll<SVGGElement, number | null>("g.box")
    .data(values)
    .join((e) => {
      const b = e.append("g").attr("class", "box");
      b.append("rect")
        .attr("width", BW - 4)
        .attr("height", BH)
        .attr("rx", 3);
      b.append("text")
        .attr("x", (BW - 4) / 2)
        .attr("y", BH / 2 + 5)
        .attr("text-anchor", "middle")
        .attr("font-size", 15)
        .attr("font-weight", 600);
      return b;
    })
    .attr("transform", (_, i) => `translate(${boxX(i) + 2},${rowTop(r)})`);
  boxes
    .select("rect")
    .attr("fill", (_, i) => opts.fill?.(i) ?? "white")
    .attr("stroke", opts.emphasis ? "#222" : "#aaa")
    .attr("stroke-width", opts.emphasis ? 1.5 : 1)
    .attr("stroke-dasharray", (_, i) => (opts.dashedLast && i === values.length - 1 ? "3 2" : null));
  boxes
    .select("text")
    .attr("fill", "#111")
    .attr("opacity", (v) => (v === null ? 0 : opts.valueOpacity))
    .text((v) => (v === null ? "" : String(v)));
}

type Arrow = {x1: number; y1: number; x2: number; y2: number; strong: boolean};

/** The arrows of one row transition, grown to `amount` (0: none). */
function arrows(k: Skeleton, key: string, list: Arrow[], amount: number) {
  k.arrowLayer
    .selectAll<SVGLineElement, Arrow>(`line.${key}`)
    .data(amount > 0 ? list : [])
    .join("line")
    .attr("class", key)
    .attr("x1", (d) => d.x1)
    .attr("y1", (d) => d.y1)
    .attr("x2", (d) => lerp(d.x1, d.x2, amount))
    .attr("y2", (d) => lerp(d.y1, d.y2, amount))
    .attr("stroke-width", (d) => (d.strong ? 1.6 : 1))
    .attr("stroke-opacity", (d) => (d.strong ? 0.9 : 0.35))
    .attr("marker-end", `url(#${k.arrowId})`);
}

/** Counts (partial during the histogram), the scan rounds and the starts, with the arrows of the current phase. */
function drawRows(k: Skeleton, scene: Scene, data: PlainSnapshots) {
  const {numCells, numRounds: R} = k.g;
  const current = scene.phaseIndex;
  boxRow(
    k,
    0,
    scene.countsShown.map((v) => (current === 0 && scene.counted === 0 && v === 0 ? null : v)),
    {
      fill: (c) => d3.color(k.colour(c))!.copy({opacity: 0.22}).formatRgb(),
      valueOpacity: 1,
      emphasis: current === 0,
    }
  );
  for (let r = 0; r < R; r++) {
    const rp = scene.rounds[r];
    boxRow(
      k,
      1 + r,
      data.scanRounds[r].map((v) => (rp.values > 0 ? v : null)),
      {valueOpacity: rp.values, emphasis: current === r + 1}
    );
    const stride = 1 << r;
    const yTop = rowTop(r) + BH;
    const yBot = rowTop(r + 1);
    const list = d3.range(numCells).flatMap((i) => {
      const own = {x1: boxX(i) + BW / 2, y1: yTop, x2: boxX(i) + BW / 2, y2: yBot, strong: false};
      return i >= stride ? [own, {x1: boxX(i - stride) + BW / 2 + 6, y1: yTop, x2: boxX(i) + BW / 2 - 4, y2: yBot, strong: true}] : [own];
    });
    arrows(k, `round-${r}`, list, current === r + 1 ? ease(rp.arrows) : 0);
  }
  // starts row (numCells + 1 boxes, the last one the total)
  const sp = scene.shift;
  boxRow(
    k,
    R + 1,
    data.starts.map((v) => (sp.values > 0 ? v : null)),
    {valueOpacity: sp.values, emphasis: current === R + 1, dashedLast: true}
  );
  const shiftList = d3.range(numCells).map((i) => ({x1: boxX(i) + BW / 2, y1: rowTop(R) + BH, x2: boxX(i + 1) + BW / 2 - 4, y2: rowTop(R + 1), strong: true}));
  arrows(k, "shift", shiftList, current === R + 1 ? ease(sp.arrows) : 0);
}

/** The slots of the sorted array and, once the shift has produced the starts, each cell's range under them. */
function drawSlots(k: Skeleton, scene: Scene, data: PlainSnapshots, n: number) {
  const slotY = rowTop(k.g.numRounds + 2);
  const sw = slotW(n);
  k.slotLayer
    .selectAll("rect")
    .data(d3.range(n))
    .join("rect")
    .attr("x", (s) => X0 + s * sw + 1)
    .attr("y", slotY)
    .attr("width", sw - 2)
    .attr("height", BH)
    .attr("rx", 2)
    .attr("fill", "white")
    .attr("stroke", scene.phase.id === "scatter" ? "#222" : "#bbb");
  const showRanges = scene.shift.values >= 1 ? d3.range(k.g.numCells).filter((c) => data.starts[c + 1] > data.starts[c]) : [];
  const ranges = k.rangeLayer
    .selectAll<SVGGElement, number>("g")
    .data(showRanges)
    .join((e) => {
      const gg = e.append("g");
      gg.append("path").attr("fill", "none").attr("stroke-width", 2);
      gg.append("text").attr("font-size", 11).attr("text-anchor", "middle");
      return gg;
    });
  ranges
    .select("path")
    .attr("stroke", (c) => k.colour(c))
    .attr("d", (c) => {
      const a = X0 + data.starts[c] * sw + 2;
      const b = X0 + data.starts[c + 1] * sw - 2;
      const y = slotY + BH + 4;
      return `M${a},${y}V${y + 4}H${b}V${y}`;
    });
  ranges
    .select("text")
    .attr("x", (c) => X0 + ((data.starts[c] + data.starts[c + 1]) / 2) * sw)
    .attr("y", slotY + BH + 19)
    .attr("fill", (c) => d3.color(k.colour(c))!.darker(0.8).formatRgb())
    .text((c) => c);
}

/** Particles in space (grey until counted, faded once in a slot) and the tokens flying to a count box or a slot. */
function drawParticles(k: Skeleton, scene: Scene, particles: TeachingParticle[]) {
  const n = particles.length;
  const current = scene.phaseIndex;
  const slotY = rowTop(k.g.numRounds + 2);
  const sw = slotW(n);
  const isCounted = (i: number) => current > 0 || i < scene.counted;
  k.particleLayer
    .selectAll<SVGCircleElement, TeachingParticle>("circle")
    .data(particles, (d) => String(d.id))
    .join((e) =>
      e
        .append("circle")
        .attr("r", 6)
        .call((c) => c.append("title"))
    )
    .attr("cx", (d) => k.sx(d.x))
    .attr("cy", (d) => k.sy(d.y))
    .attr("fill", (d, i) => (isCounted(i) ? k.colour(d.cell) : "#ddd"))
    .attr("stroke", (_, i) => (isCounted(i) ? "white" : "#888"))
    .attr("stroke-width", 1)
    .attr("opacity", (_, i) => (i < scene.placed ? 0.3 : 1))
    .select("title")
    .text((d) => `particle ${d.id} in cell ${d.cell}`);

  type Token = {key: string; x: number; y: number; cell: number; r: number};
  const tokens: Token[] = [];
  const rSlot = Math.min(6, sw / 2 - 1.5);
  if (scene.countFlight) {
    const p = particles[scene.countFlight.index];
    const f = ease(scene.countFlight.f);
    tokens.push({key: `c${p.id}`, x: lerp(k.sx(p.x), boxX(p.cell) + BW / 2, f), y: lerp(k.sy(p.y), ROW_Y0 + BH / 2, f), cell: p.cell, r: lerp(6, 4, f)});
  }
  for (let i = 0; i < scene.placed; i++) {
    const p = particles[i];
    tokens.push({key: `s${p.id}`, x: slotX(scene.slotOf[i], n), y: slotY + BH / 2, cell: p.cell, r: rSlot});
  }
  if (scene.placeFlight) {
    const i = scene.placeFlight.index;
    const p = particles[i];
    const f = ease(scene.placeFlight.f);
    tokens.push({key: `s${p.id}`, x: lerp(k.sx(p.x), slotX(scene.slotOf[i], n), f), y: lerp(k.sy(p.y), slotY + BH / 2, f), cell: p.cell, r: rSlot});
  }
  k.flightLayer
    .selectAll<SVGCircleElement, Token>("circle")
    .data(tokens, (d) => d.key)
    .join("circle")
    .attr("cx", (d) => d.x)
    .attr("cy", (d) => d.y)
    .attr("r", (d) => d.r)
    .attr("fill", (d) => k.colour(d.cell))
    .attr("stroke", "white");
}

/**
 * Builds the SVG skeleton; returns it with an `update(scene, data, particles)` that redraws
 * everything and a `fitText()` to call when the SVG's shown size may have changed.
 */
export function createDiagram(g: DiagramGeometry) {
  const k = buildSkeleton(g);
  let scale = 1; // screen px per SVG unit, measured by fitText
  const fitText = () => {
    const w = k.svg.node()!.getBoundingClientRect().width;
    if (w > 0) scale = w / VIEW_W;
    applyMinFont(k.svg.node()!, scale);
  };
  function update(scene: Scene, data: PlainSnapshots, particles: TeachingParticle[]) {
    const n = particles.length;
    drawRows(k, scene, data);
    drawSlots(k, scene, data, n);
    drawParticles(k, scene, particles);
    k.noteCounted.text(scene.phaseIndex === 0 ? `counted: ${scene.counted} / ${n}` : `counted: ${n} / ${n}`);
    k.noteSorted.text(scene.phase.id === "scatter" ? `in slots: ${scene.placed} / ${n}` : "");
    k.svg.attr("aria-label", `Counting sort of ${n} particles in ${g.numCells} cells — ${scene.phase.title}`);
    applyMinFont(k.svg.node()!, scale); // labels drawn just now (the cell ranges) included
  }
  return {svg: k.svg.node()!, update, fitText};
}
