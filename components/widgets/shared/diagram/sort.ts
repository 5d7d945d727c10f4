/**
 * The counting-sort teaching diagram of §3, drawn with d3 for both widgets that teach it:
 * the stepped one (components/widgets/counting-sort/, one phase per press) and the
 * scroll-scrubbed one (components/widgets/scan-scrub/, a phase and how far it has run per
 * scroll position). Each widget keeps only its driver; what is drawn is a pure function of
 * a `DiagramScene` (which phase, how much of it is done), the sort's arrays and the particles.
 *
 * What it draws: the cells with their keys and the particles (grey until counted, then in
 * their cell's colour); the array rows — counts, one row per Hillis–Steele round, the
 * exclusive starts — with the rows the current phase reads (blue) and writes (yellow) and its
 * arrows; the slots of the sorted array with each cell's run bracketed under them.
 *
 * Two layouts of the same picture, because the widgets live in different boxes:
 * - `"flow"` (the stepped widget): laid out for the width it is shown at and drawn at scale 1,
 *   so every label keeps its size; grid beside the rows from WIDE px, rows under it below; a
 *   row appears (fading in) when its phase is reached, and stacked it takes no height before;
 *   the slots wrap onto as many lines as the width needs and show the particle ids.
 * - `"stage"` (the scroll diagram): a fixed 388-unit-wide drawing scaled to the sticky stage,
 *   every row framed from the start (the stage never changes height while the reader scrolls),
 *   larger boxes, "cell k" column heads, notes beside the grid, and particles that fly into the
 *   slots as dots; `fitText()` raises font sizes so that none is under MIN_FONT_PX on screen.
 */
import * as d3 from "../../../d3.js";
import {cellColour, type PhaseInfo, type PlainSnapshots, type TeachingParticle} from "../../../sort/teaching.js";
import {arrowMarker} from "./svg-arrow.js";

/** The smallest font size a label may have on screen (CSS px). */
const MIN_FONT_PX = 11;

/** Sizes of one diagram: a dimX × dimY grid of numCells cells, numParticles particles, numRounds scan rounds. */
interface DiagramGeometry {
  dimX: number;
  dimY: number;
  numCells: number;
  numParticles: number;
  numRounds: number;
}

/** A row of boxes being computed from the row above: arrows drawn (0..1), values shown (0..1). */
export interface RowProgress {
  arrows: number;
  values: number;
}

/** What the diagram shows: the phase and how far each of its parts has run. */
export interface DiagramScene {
  phase: PhaseInfo;
  /** histogram: particles (in input order) already added to their cell's count */
  counted: number;
  /** the particle (input index) flying to its count box, with its flight fraction 0..1 */
  countFlight: {index: number; f: number} | null;
  /** per-cell counts as drawn (partial during the histogram) */
  countsShown: number[];
  /** per scan round: arrows and sums (0 before its phase, 1 after) */
  rounds: RowProgress[];
  /** the shift to exclusive starts */
  shift: RowProgress;
  /** scatter: particles (input order) already in their slot */
  placed: number;
  /** the particle (input index) flying to its slot */
  placeFlight: {index: number; f: number} | null;
  /** slot of each particle (input index), from `order`; -1 before the data */
  slotOf: number[];
}

/**
 * The scene of phase `phaseIndex` of `phases` fully drawn (what a step lands on): everything
 * of the earlier phases and of this one done, nothing of the later ones. `data` null (not
 * sorted yet): nothing counted. `n` is the number of particles, `numCells` the cells.
 */
export function settledScene(phases: readonly PhaseInfo[], phaseIndex: number, data: PlainSnapshots | null, n: number, numCells: number): DiagramScene {
  const at = (id: string) => phases.findIndex((p) => p.id === id);
  const reached = (k: number) => data !== null && k >= 0 && phaseIndex >= k;
  const done: RowProgress = {arrows: 1, values: 1};
  const none: RowProgress = {arrows: 0, values: 0};
  const counted = reached(at("histogram")) ? n : 0;
  const numRounds = Math.ceil(Math.log2(Math.max(numCells, 1)));
  const slotOf = new Array(n).fill(-1);
  data?.order.forEach((id, slot) => (slotOf[id] = slot));
  return {
    phase: phases[phaseIndex],
    counted,
    countFlight: null,
    countsShown: counted ? data!.counts.slice() : new Array(numCells).fill(0),
    rounds: Array.from({length: numRounds}, (_, r) => (reached(phases.findIndex((p) => p.round === r)) ? done : none)),
    shift: reached(at("shift")) ? done : none,
    placed: reached(at("scatter")) ? n : 0,
    placeFlight: null,
    slotOf,
  };
}

type DiagramLook = "flow" | "stage";

const READ = "#cfe3ff";
const WRITE = "#ffe58a";
/** Ink of the numbers on READ and WRITE (AA on both in either theme). */
const INK_ON_HIGHLIGHT = "#1b1e23";
const ARROW = "#2b6cb0";
const ARROW_KEEP = "#9bb7d6";
/** Flow: width (px) from which the grid and the arrays sit side by side. */
const WIDE = 760;
/** Flow: narrowest slot of the sorted array (two digits at MIN_FONT_PX with a margin). */
const MIN_SLOT = 22;

/** Where everything goes (SVG user units). Row r: 0 counts, 1..R scan rounds, R + 1 starts. */
interface Layout {
  look: DiagramLook;
  width: number;
  height: number;
  gx: number;
  gy: number;
  cellPx: number;
  particleR: number;
  boxX: (i: number) => number;
  boxW: number;
  boxH: number;
  boxFont: number;
  boxWeight: number | null;
  rowY: (r: number) => number;
  /** where row r's name goes: left of the row or above it */
  label: {x: number; dy: number; anchor: "end" | "start"; halo: boolean};
  /** top-left corner of slot k, slot size, slots per line */
  slot: (k: number) => {x: number; y: number};
  slotW: number;
  slotH: number;
  perLine: number;
  /** flow: the title over the grid and the one over the slots; stage: the notes beside the grid */
  gridTitle: {x: number; y: number} | null;
  sortedTitle: {x: number; y: number} | null;
  notes: {x: number; y: number} | null;
  /** stage: "cell k" over the counts and a "slots" row name */
  columnHeads: boolean;
}

/** Flow layout at `width` CSS px with the first `shownRows` rows revealed (stacked, the others take no height). */
function flowLayout(g: DiagramGeometry, width: number, shownRows: number): Layout {
  const rows = g.numRounds + 2;
  const W = Math.max(300, Math.round(width));
  const wide = W >= WIDE;
  const gx = 10,
    gy = 30,
    boxH = 24;
  const cellPx = wide ? Math.min(64, 240 / Math.max(g.dimX, g.dimY)) : Math.min(48, (W - 20) / g.dimX);
  const gridBottom = gy + g.dimY * cellPx;
  // wide: the arrays start right of the grid, names left of them; stacked: under the grid, names above
  const ax = wide ? gx + g.dimX * cellPx + 110 : gx;
  const pitch = Math.min(30, (W - ax - 10) / (g.numCells + 1));
  const rowGap = wide ? 40 : boxH + 30;
  const rowsTop = wide ? gy : gridBottom + 40;
  const rowY = (r: number) => rowsTop + r * rowGap;
  const tallRows = wide ? rows : Math.max(0, Math.min(rows, shownRows));
  const sortedY = Math.max(gridBottom, tallRows > 0 ? rowY(tallRows - 1) + boxH : 0) + 46;
  // the sorted slots: as many lines as it takes to keep every slot at least MIN_SLOT wide
  const n = Math.max(g.numParticles, 1);
  const lines = Math.ceil(n / Math.max(1, Math.floor((W - 20) / MIN_SLOT)));
  const perLine = Math.ceil(n / lines);
  const slotW = Math.min(28, (W - 20) / perLine);
  const slotH = 22;
  const slotLine = slotH + 32; // the slots, the cell brackets under them and their labels
  return {
    look: "flow",
    width: W,
    height: sortedY + lines * slotLine + 4,
    gx,
    gy,
    cellPx,
    particleR: Math.max(3, Math.min(6, cellPx / 10)),
    boxX: (i) => ax + i * pitch,
    boxW: pitch - 2,
    boxH,
    boxFont: MIN_FONT_PX,
    boxWeight: null,
    rowY,
    label: wide ? {x: ax - 8, dy: boxH / 2 + 4, anchor: "end", halo: false} : {x: gx, dy: -7, anchor: "start", halo: true},
    slot: (k) => ({x: 10 + (k % perLine) * slotW, y: sortedY + Math.floor(k / perLine) * slotLine}),
    slotW,
    slotH,
    perLine,
    gridTitle: {x: gx, y: gy - 10},
    sortedTitle: {x: 10, y: sortedY - 8},
    notes: null,
    columnHeads: false,
  };
}

/** Stage layout: 388 units wide, cells 52 units, boxes 46 units, rows 46 units apart, the slots in one line under them. */
function stageLayout(g: DiagramGeometry): Layout {
  const X0 = 60; // left edge of the box columns (the row names live left of it)
  const BW = 46,
    BH = 26,
    CELL = 52,
    ROW_Y0 = 140,
    ROW_DY = 46;
  const rowY = (r: number) => ROW_Y0 + r * ROW_DY;
  const n = Math.max(g.numParticles, 1);
  const slotW = Math.min((388 - X0 - 6) / n, 24);
  const slotY = rowY(g.numRounds + 2);
  return {
    look: "stage",
    width: 388,
    height: slotY + BH + 26,
    gx: X0,
    gy: 8,
    cellPx: CELL,
    particleR: 6,
    boxX: (i) => X0 + i * BW + 2,
    boxW: BW - 4,
    boxH: BH,
    boxFont: 15,
    boxWeight: 600,
    rowY,
    label: {x: 4, dy: BH / 2 + 4, anchor: "start", halo: false},
    slot: (k) => ({x: X0 + k * slotW, y: slotY}),
    slotW,
    slotH: BH,
    perLine: n,
    gridTitle: null,
    sortedTitle: null,
    notes: {x: X0 + g.dimX * CELL + 8, y: 8 + 14},
    columnHeads: true,
  };
}

type SVG = d3.Selection<SVGSVGElement, undefined, null, undefined>;
type G = d3.Selection<SVGGElement, undefined, null, undefined>;
const LAYERS = ["cells", "arrows", "rows", "labels", "slots", "particles", "keys", "flights", "titles"] as const;
const reducedMotion = () => typeof matchMedia !== "undefined" && matchMedia("(prefers-reduced-motion: reduce)").matches;
const lerp = (a: number, b: number, f: number) => a + (b - a) * f;
const ease = d3.easeCubicInOut;

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

/** What every part of one draw needs. */
interface Frame {
  g: DiagramGeometry;
  L: Layout;
  scene: DiagramScene;
  data: PlainSnapshots | null;
  particles: TeachingParticle[];
  colour: (c: number) => string;
  /** the cell of particle i (-1 before the sort) */
  cellOf: (i: number) => number;
  /** rows written (yellow) and read (blue) by the phase; -1 none */
  writeRow: number;
  readRow: number;
  /** row r is shown (flow hides a row until its phase) */
  shown: boolean[];
  animate: boolean;
  arrowId: string;
  layer: (name: (typeof LAYERS)[number]) => G;
  cx: (i: number) => number;
}

/** The cells of space, the particles (grey until counted; faded once flown to a slot as a dot) and the cell keys over them. */
function drawGrid(f: Frame) {
  const {g, L, scene, colour} = f;
  const cellData = d3.range(g.numCells).map((c) => ({c, ix: c % g.dimX, iy: Math.floor(c / g.dimX)}));
  const cellY = (iy: number) => L.gy + (g.dimY - 1 - iy) * L.cellPx;
  const readsGrid = scene.phase.id === "histogram" || scene.phase.id === "scatter";
  f.layer("cells")
    .selectAll("rect.cell")
    .data(cellData)
    .join("rect")
    .attr("class", "cell")
    .attr("x", (d) => L.gx + d.ix * L.cellPx)
    .attr("y", (d) => cellY(d.iy))
    .attr("width", L.cellPx)
    .attr("height", L.cellPx)
    .attr("fill", (d) => d3.color(colour(d.c))!.copy({opacity: 0.12}).formatRgb())
    .attr("stroke", readsGrid ? "#555" : "#aaa")
    .attr("stroke-width", scene.phase.id === "histogram" ? 1.5 : 1);
  const counted = (i: number) => f.cellOf(i) >= 0 && i < scene.counted;
  const moved = (i: number) => L.look === "stage" && i < scene.placed;
  f.layer("particles")
    .selectAll<SVGCircleElement, TeachingParticle>("circle.particle")
    .data(f.particles, (d) => String(d.id))
    .join((e) =>
      e
        .append("circle")
        .attr("class", "particle")
        .call((c) => c.append("title"))
    )
    .attr("r", L.particleR)
    .attr("cx", (d) => L.gx + d.x * L.cellPx)
    .attr("cy", (d) => L.gy + (g.dimY - d.y) * L.cellPx)
    .attr("fill", (_, i) => (counted(i) ? colour(f.cellOf(i)) : "#888"))
    .attr("stroke", "white")
    .attr("stroke-width", 0.8)
    .attr("opacity", (_, i) => (moved(i) ? 0.3 : 1))
    .select("title")
    .text((d, i) => (f.cellOf(i) >= 0 ? `particle ${d.id} in cell ${f.cellOf(i)}` : `particle ${d.id}`));
  // the cell numbers go over the particles, each with a halo in the page's background
  // colour: drawn under them, a particle on "10" left "0" showing, which reads as cell 0
  f.layer("keys")
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
    .text((d) => d.c);
}

type Row = {key: string; label: string; values: (number | null)[]; opacity: number};

/** The array rows: counts (partial during the histogram), each scan round, the starts (numCells + 1 boxes, the last the total). */
function drawRows(f: Frame) {
  const {g, L, scene, data, colour} = f;
  const R = g.numRounds;
  const empty = (len: number) => new Array<number | null>(len).fill(null);
  const rows: Row[] = [
    {key: "counts", label: "counts", values: scene.counted > 0 ? scene.countsShown : empty(g.numCells), opacity: 1},
    ...d3.range(R).map((r) => ({
      key: `round-${r}`,
      label: `stride ${1 << r}`,
      values: data && scene.rounds[r].values > 0 ? data.scanRounds[r] : empty(g.numCells),
      opacity: scene.rounds[r].values,
    })),
    {key: "starts", label: "starts", values: data && scene.shift.values > 0 ? data.starts : empty(g.numCells + 1), opacity: scene.shift.values},
  ];
  const fade = (_: unknown, r: number) => (f.shown[r] && f.animate && !reducedMotion() ? 350 : 0);
  const rowG = f
    .layer("rows")
    .selectAll<SVGGElement, Row>("g.row")
    .data(rows, (d) => d.key)
    .join((e) => e.append("g").attr("opacity", L.look === "flow" ? 0 : 1))
    .attr("class", (_, r) => `row row-${r}`)
    .attr("data-row", (d) => d.key)
    .attr("transform", (_, r) => `translate(0,${L.rowY(r)})`);
  // flow: a row fades in when its phase is reached, but goes at once (stacked, the slots move up into its place)
  if (L.look === "flow")
    rowG
      .transition()
      .duration(fade)
      .attr("opacity", (_, r) => (f.shown[r] ? 1 : 0));
  rowG.each(function (row, r) {
    const fill = r === f.writeRow ? WRITE : r === f.readRow ? READ : "white";
    const total = row.key === "starts" ? g.numCells : -1;
    const box = d3
      .select(this)
      .selectAll<SVGGElement, number | null>("g.box")
      .data(row.values)
      .join((e) => {
        const b = e.append("g").attr("class", "box");
        b.append("rect");
        b.append("text");
        return b;
      })
      .attr("transform", (_, i) => `translate(${L.boxX(i)},0)`);
    box
      .select("rect")
      .attr("width", L.boxW)
      .attr("height", L.boxH)
      .attr("rx", 3)
      .attr("fill", (_, i) => (i === total ? "#f2f2f2" : fill))
      .attr("stroke", (_, i) => (i === total ? "#bbb" : colour(i)))
      .attr("stroke-width", 1.5);
    box
      .select("text")
      .attr("x", L.boxW / 2)
      .attr("y", L.boxH / 2 + Math.round(L.boxFont / 3))
      .attr("text-anchor", "middle")
      .attr("font-size", L.boxFont)
      .attr("font-weight", L.boxWeight)
      .attr("font-variant-numeric", "tabular-nums")
      // the read and write highlights are light in both themes: their numbers keep dark ink
      // (the theme's ink is light in dark mode, and would vanish on them)
      .attr("fill", (_, i) => (i !== total && fill !== "white" ? INK_ON_HIGHLIGHT : null))
      .attr("opacity", (v) => (v === null ? 0 : r === 0 ? 1 : row.opacity))
      .text((v) => (v === null ? "" : String(v)));
  });
  const names = [...rows.map((d) => d.label), ...(L.columnHeads ? ["slots"] : [])];
  const labels = f
    .layer("labels")
    .selectAll<SVGTextElement, string>("text.row-label")
    .data(names)
    .join("text")
    .attr("class", (_, r) => `row-label row-label-${r}`)
    .attr("x", L.label.x)
    .attr("y", (_, r) => L.rowY(r) + L.label.dy)
    .attr("text-anchor", L.label.anchor)
    .attr("font-size", 12)
    // stacked, the name sits among the arrows from the row above: a halo keeps it legible
    .style("stroke", () => (L.label.halo ? "var(--theme-background, white)" : null))
    .style("stroke-width", () => (L.label.halo ? "4px" : null))
    .style("paint-order", "stroke")
    .text((d) => d);
  if (L.look === "flow")
    labels
      .transition()
      .duration(fade)
      .attr("opacity", (_, r) => (f.shown[r] ? 1 : 0));
  f.layer("labels")
    .selectAll("text.column-head")
    .data(L.columnHeads ? d3.range(g.numCells) : [])
    .join("text")
    .attr("class", "column-head")
    .attr("x", (c) => f.cx(c))
    .attr("y", L.rowY(0) - 6)
    .attr("text-anchor", "middle")
    .attr("font-size", 11)
    .attr("fill", "#777")
    .text((c) => `cell ${c}`);
}

type Arrow = {x1: number; y1: number; x2: number; y2: number; kind: "count" | "keep" | "add"};

/**
 * What the current phase reads: a faint line from each counted particle to its count box
 * (histogram); box → box arrows for the scan round (straight: the box's own value, slanted:
 * the one `stride` to its left) and for the shift, grown to the phase's `arrows` amount.
 */
function drawArrows(f: Frame) {
  const {g, L, scene, cx} = f;
  const R = g.numRounds;
  const arrows: Arrow[] = [];
  const ph = scene.phase;
  const between = (r: number) => ({y1: L.rowY(r) + L.boxH, y2: L.rowY(r + 1)});
  let amount = 1;
  if (ph.round !== undefined && ph.stride !== undefined) {
    const {y1, y2} = between(ph.round);
    amount = ease(scene.rounds[ph.round].arrows);
    for (let i = 0; i < g.numCells; i++) arrows.push({x1: cx(i), y1, x2: cx(i), y2, kind: "keep"});
    for (let i = ph.stride; i < g.numCells; i++) arrows.push({x1: cx(i - ph.stride), y1, x2: cx(i), y2, kind: "add"});
  } else if (ph.id === "shift") {
    const {y1, y2} = between(R);
    amount = ease(scene.shift.arrows);
    for (let i = 1; i <= g.numCells; i++) arrows.push({x1: cx(i - 1), y1, x2: cx(i), y2, kind: "add"});
  } else if (ph.id === "histogram") {
    f.particles.forEach((p, i) => {
      if (i < scene.counted && f.cellOf(i) >= 0)
        arrows.push({x1: L.gx + p.x * L.cellPx, y1: L.gy + (g.dimY - p.y) * L.cellPx, x2: cx(f.cellOf(i)), y2: L.rowY(0) + L.boxH, kind: "count"});
    });
  }
  f.layer("arrows")
    .selectAll("line")
    .data(amount > 0 ? arrows : [])
    .join("line")
    .attr("class", (d) => d.kind)
    .attr("x1", (d) => d.x1)
    .attr("y1", (d) => d.y1)
    .attr("x2", (d) => lerp(d.x1, d.x2, amount))
    .attr("y2", (d) => lerp(d.y1, d.y2, amount))
    .attr("stroke", (d) => (d.kind === "count" ? "rgba(90,90,90,0.25)" : d.kind === "keep" ? ARROW_KEEP : ARROW))
    .attr("stroke-width", (d) => (d.kind === "count" ? 0.8 : 1.2))
    .attr("marker-end", (d) => (d.kind === "count" ? null : `url(#${f.arrowId})`));
}

/**
 * The slots of the sorted array and, once the starts are known (from the shift on), each
 * occupied cell's run of slots bracketed under them (cut where the slots wrap onto the next
 * line; the label under the first piece). A placed slot shows its particle's id on the cell's
 * colour (flow) or a dot of the cell's colour, which flew there from the grid (stage).
 */
function drawSlots(f: Frame) {
  const {g, L, scene, data, colour} = f;
  const n = f.particles.length;
  const g0 = f.layer("slots");
  const idInSlot = new Array<number>(n).fill(-1);
  for (let i = 0; i < Math.min(scene.placed, n); i++) if (scene.slotOf[i] >= 0) idInSlot[scene.slotOf[i]] = i;
  const showIds = L.look === "flow";
  const slot = g0
    .selectAll<SVGGElement, number>("g.slot")
    .data(d3.range(n))
    .join((e) => {
      const s = e.append("g").attr("class", "slot");
      s.append("rect");
      s.append("text");
      return s;
    })
    .attr("transform", (k) => `translate(${L.slot(k).x},${L.slot(k).y})`);
  slot
    .select("rect")
    .attr("x", 0.5)
    .attr("width", L.slotW - 1)
    .attr("height", L.slotH)
    .attr("rx", 2)
    .attr("fill", (k) => (showIds && idInSlot[k] >= 0 ? colour(f.cellOf(idInSlot[k])) : "white"))
    .attr("stroke", scene.phase.id === "scatter" ? "#333" : "#ccc")
    .attr("stroke-width", 0.5);
  slot
    .select("text")
    .attr("x", L.slotW / 2)
    .attr("y", L.slotH / 2 + 4)
    .attr("text-anchor", "middle")
    .attr("font-size", MIN_FONT_PX)
    .text((k) => (showIds && idInSlot[k] >= 0 ? f.particles[idInSlot[k]].id : ""));
  const starts = data && scene.shift.values >= 1 ? data.starts : null;
  const ranges = starts
    ? d3
        .range(g.numCells)
        .filter((c) => starts[c + 1] > starts[c])
        .flatMap((c) => {
          const pieces = [];
          for (let a = starts[c]; a < starts[c + 1]; a = (Math.floor(a / L.perLine) + 1) * L.perLine)
            pieces.push({c, a, b: Math.min(starts[c + 1], (Math.floor(a / L.perLine) + 1) * L.perLine), first: a === starts[c]});
          return pieces;
        })
    : [];
  g0.selectAll("path.range")
    .data(ranges)
    .join("path")
    .attr("class", "range")
    .attr("fill", "none")
    .attr("stroke", (d) => colour(d.c))
    .attr("stroke-width", 2)
    .attr("d", (d) => {
      const p = L.slot(d.a);
      const y = p.y + L.slotH + 4;
      return `M${p.x + 1},${y}v5H${p.x + (d.b - d.a) * L.slotW - 2}v-5`;
    });
  g0.selectAll("text.range-label")
    .data(ranges.filter((d) => d.first))
    .join("text")
    .attr("class", "range-label")
    .attr("x", (d) => L.slot(d.a).x + ((d.b - d.a) / 2) * L.slotW)
    .attr("y", (d) => L.slot(d.a).y + L.slotH + 21)
    .attr("text-anchor", "middle")
    .attr("font-size", MIN_FONT_PX)
    .attr("fill", "#555")
    .text((d) => `c${d.c}`);
}

/** Stage: the dot flying to its count box, the dots in their slots and the one flying to its slot. */
function drawFlights(f: Frame) {
  const {g, L, scene, particles} = f;
  type Token = {key: string; x: number; y: number; cell: number; r: number};
  const tokens: Token[] = [];
  const px = (i: number) => L.gx + particles[i].x * L.cellPx;
  const py = (i: number) => L.gy + (g.dimY - particles[i].y) * L.cellPx;
  const slotCentre = (i: number) => {
    const s = L.slot(scene.slotOf[i]);
    return {x: s.x + L.slotW / 2, y: s.y + L.slotH / 2};
  };
  const rSlot = Math.min(6, L.slotW / 2 - 1.5);
  if (scene.countFlight) {
    const i = scene.countFlight.index;
    const t = ease(scene.countFlight.f);
    const c = f.cellOf(i);
    tokens.push({key: `c${particles[i].id}`, x: lerp(px(i), f.cx(c), t), y: lerp(py(i), L.rowY(0) + L.boxH / 2, t), cell: c, r: lerp(L.particleR, 4, t)});
  }
  if (L.look === "stage") {
    for (let i = 0; i < scene.placed; i++) tokens.push({key: `s${particles[i].id}`, ...slotCentre(i), cell: f.cellOf(i), r: rSlot});
    if (scene.placeFlight) {
      const i = scene.placeFlight.index;
      const t = ease(scene.placeFlight.f);
      const to = slotCentre(i);
      tokens.push({key: `s${particles[i].id}`, x: lerp(px(i), to.x, t), y: lerp(py(i), to.y, t), cell: f.cellOf(i), r: rSlot});
    }
  }
  f.layer("flights")
    .selectAll<SVGCircleElement, Token>("circle")
    .data(tokens, (d) => d.key)
    .join("circle")
    .attr("cx", (d) => d.x)
    .attr("cy", (d) => d.y)
    .attr("r", (d) => d.r)
    .attr("fill", (d) => f.colour(d.cell))
    .attr("stroke", "white");
}

/** Flow: the titles over the grid and the slots; stage: the notes beside the grid, with the live counts. */
function drawTitles(f: Frame) {
  const {g, L, scene} = f;
  const n = f.particles.length;
  const sorted = scene.phase.id === "scatter" && scene.placed > 0;
  const lines: {cls: string; x: number; y: number; text: string; bold: boolean}[] = [];
  if (L.gridTitle) lines.push({cls: "grid-title", ...L.gridTitle, text: `${n} particles, ${g.numCells} cells`, bold: true});
  if (L.sortedTitle)
    lines.push({
      cls: "sorted-title",
      ...L.sortedTitle,
      text: sorted ? "sorted particles (slot → particle id)" : "sorted particles (after the scatter)",
      bold: true,
    });
  if (L.notes) {
    const {x, y} = L.notes;
    lines.push(
      {cls: "note", x, y, text: `${n} particles, ${g.numCells} cells`, bold: false},
      {cls: "note", x, y: y + 17, text: `key = column + ${g.dimX}·row`, bold: false},
      {cls: "note note-live", x, y: y + 38, text: `counted: ${scene.counted} / ${n}`, bold: false},
      {cls: "note note-live2", x, y: y + 54, text: scene.phase.id === "scatter" ? `in slots: ${scene.placed} / ${n}` : "", bold: false}
    );
  }
  f.layer("titles")
    .selectAll("text")
    .data(lines)
    .join("text")
    .attr("class", (d) => d.cls)
    .attr("x", (d) => d.x)
    .attr("y", (d) => d.y)
    .attr("font-size", (d) => (d.bold ? 12 : 11.5))
    .attr("font-weight", (d) => (d.bold ? 600 : null))
    .attr("fill", (d) => (d.bold ? null : "#555"))
    .text((d) => d.text);
}

/** The rows the phase writes and reads (0 counts, 1..R rounds, R + 1 starts; -1 none). */
function readWrite(phase: PhaseInfo, R: number): {writeRow: number; readRow: number} {
  if (phase.id === "histogram") return {writeRow: 0, readRow: -1};
  if (phase.round !== undefined) return {writeRow: phase.round + 1, readRow: phase.round};
  if (phase.id === "shift") return {writeRow: R + 1, readRow: R};
  if (phase.id === "scatter") return {writeRow: -1, readRow: R + 1};
  return {writeRow: -1, readRow: -1};
}

/** What `update` takes besides the scene. */
interface DiagramUpdate {
  /** the sort's arrays (null before the first sort: nothing counted, empty rows) */
  data: PlainSnapshots | null;
  /** the particles in input order; their cells are read from `data.keys` */
  particles: TeachingParticle[];
  /** flow: CSS px to lay out for (default 840) */
  width?: number;
  /** flow: fade newly shown rows in (never under prefers-reduced-motion) */
  animate?: boolean;
}

/**
 * Builds the diagram's SVG for geometry `g` in layout `look` and returns it with
 * `update(scene, {data, particles, width?, animate?})`, which redraws everything from its
 * arguments, and `fitText()` (stage: call when the SVG's shown size may have changed, so that
 * no label is under MIN_FONT_PX on screen; flow is drawn at scale 1 and needs none).
 * `update` sets the SVG's aria-label to the phase shown.
 */
export function createTeachingDiagram(g: DiagramGeometry, look: DiagramLook) {
  const svg: SVG = d3
    .create("svg")
    .attr("role", "img")
    .attr("class", look === "stage" ? "sort-diagram scrub-svg" : "sort-diagram")
    .attr("aria-label", `Counting sort in ${g.numCells} cells, before its first phase is drawn`)
    .style("font-family", "var(--sans-serif, system-ui, sans-serif)");
  const arrowId = arrowMarker(svg, ARROW);
  const layers = new Map<string, G>();
  for (const name of LAYERS) layers.set(name, svg.append("g").attr("class", `layer-${name}`));
  const size = (L: Layout) => svg.attr("viewBox", `0 0 ${L.width} ${L.height}`).attr("width", L.width).attr("height", L.height);
  size(look === "stage" ? stageLayout(g) : flowLayout(g, 840, g.numRounds + 2));
  let scale = 1; // screen px per SVG unit (stage), measured by fitText
  const fitText = () => {
    if (look !== "stage") return;
    const w = svg.node()!.getBoundingClientRect().width;
    if (w > 0) scale = w / 388;
    applyMinFont(svg.node()!, scale);
  };
  function update(scene: DiagramScene, u: DiagramUpdate) {
    const R = g.numRounds;
    const shown = [scene.counted > 0 || scene.phase.id === "histogram", ...scene.rounds.map((r) => r.values > 0), scene.shift.values > 0];
    const shownRows = shown.filter(Boolean).length;
    const L = look === "stage" ? stageLayout(g) : flowLayout(g, u.width ?? 840, shownRows);
    size(L);
    const f: Frame = {
      g,
      L,
      scene,
      data: u.data,
      particles: u.particles,
      colour: (c) => cellColour(c, g.numCells),
      cellOf: (i) => (u.data ? u.data.keys[i] : -1),
      ...readWrite(scene.phase, R),
      shown: look === "stage" ? shown.map(() => true) : shown,
      animate: !!u.animate,
      arrowId,
      layer: (name) => layers.get(name)!,
      cx: (i) => L.boxX(i) + L.boxW / 2,
    };
    drawGrid(f);
    drawRows(f);
    drawArrows(f);
    drawSlots(f);
    drawFlights(f);
    drawTitles(f);
    svg.attr("aria-label", `Counting sort of ${u.particles.length} particles in ${g.numCells} cells — ${scene.phase.heading}`);
    if (look === "stage") applyMinFont(svg.node()!, scale); // labels drawn just now (the cell ranges) included
  }
  return {svg: svg.node()!, update, fitText};
}

export type TeachingDiagram = ReturnType<typeof createTeachingDiagram>;
