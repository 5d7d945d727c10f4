/**
 * Drawing of the sand demo: the world rectangle the canvas shows, the grains on a 2D
 * canvas (CPU engine; the GPU engine draws with the shared DiscRenderer in the same
 * colours), the SVG overlay with the walls and the pointer's reach, the live panel, and
 * the per-substep pipeline diagram.
 */
import * as d3 from "../../d3.js";
import {SAND_PHASES, type SandPhase} from "../../sand/gpu-sand.js";
import {fitView} from "../../sim/pointer.js";
import type {WorldView} from "../../sim/renderer.js";
import {PARTICLE_WORDS, type PackedParticles} from "../../sort/particles.js";
import type {CanvasStage, WorldPointer} from "../runtime/canvas.js";
import {fmtMs, fmtNumber} from "../runtime/options.js";
import {observeResize} from "../runtime/resize.js";
import {luminance, parseColor} from "../runtime/theme.js";
import type {SandState, SandValue} from "./options.js";

/** Canvas width / height. */
export const ASPECT = 1.5;

/** Grain colours (sRGB 0..1), picked by a grain's id. */
export const SAND_PALETTE: [number, number, number][] = [
  [0.83, 0.66, 0.42],
  [0.76, 0.58, 0.35],
  [0.9, 0.76, 0.52],
  [0.69, 0.52, 0.31],
  [0.86, 0.71, 0.47],
  [0.62, 0.46, 0.28],
];
/**
 * Grain colours on a light stage: the same sand, darker, so that every grain keeps 3:1
 * contrast with the pale background (WCAG 1.4.11, checked in tests/unit/palette-contrast.test.ts);
 * the light sand above is kept for dark stages.
 */
export const SAND_PALETTE_LIGHT: [number, number, number][] = [
  [0.6, 0.43, 0.22],
  [0.52, 0.36, 0.17],
  [0.64, 0.47, 0.25],
  [0.47, 0.32, 0.15],
  [0.57, 0.4, 0.2],
  [0.42, 0.28, 0.13],
];
const cssOf = (pal: [number, number, number][]) => pal.map(([r, g, b]) => `rgb(${r * 255},${g * 255},${b * 255})`);
const palettes = new WeakMap<CanvasStage, [number, number, number][]>();
const watched = new WeakSet<CanvasStage>();

/** The grain palette for the stage's background (read once, and again when the theme changes). */
export function sandPalette(stage: CanvasStage): [number, number, number][] {
  let pal = palettes.get(stage);
  if (!pal) {
    const bg = parseColor(getComputedStyle(stage.canvas).backgroundColor);
    pal = bg && luminance(bg) < 0.2 ? SAND_PALETTE : SAND_PALETTE_LIGHT;
    if (!watched.has(stage)) {
      watched.add(stage);
      stage.onResize(() => palettes.delete(stage));
    }
    palettes.set(stage, pal);
  }
  return pal;
}

/**
 * The world the canvas shows: the box with a small margin, or with open walls a wider
 * world (the sand spills out); `box` is the closed box's side (SandParams.box: a smaller box
 * for a reduced count is shown as large). The canvas always has the ratio ASPECT, so this needs no size.
 */
export function sandView(openWalls: boolean, box = 2): WorldView {
  const k = box / 2;
  if (openWalls) return {x0: -1.5 * k, x1: 3.5 * k, y0: -0.03 * k, y1: (-0.03 + 5 / ASPECT) * k};
  return fitView({x0: -0.03 * k, y0: -0.03 * k, x1: 2.03 * k, y1: 2.03 * k}, ASPECT, 1);
}

/** The grains as discs of `radius` (world units, at least 0.8 device px) on the stage's 2D canvas. */
export function drawGrains(stage: CanvasStage, p: PackedParticles, v: WorldView, radius: number) {
  const c = stage.canvas;
  const ctx = stage.context2d();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  // the 2D context is opaque: paint the canvas's own CSS background
  ctx.fillStyle = getComputedStyle(c).backgroundColor || "#fff";
  ctx.fillRect(0, 0, c.width, c.height);
  stage.worldTransform(ctx, v);
  const r = Math.max(0.8 / (c.width / (v.x1 - v.x0)), radius);
  const CSS_PALETTE = cssOf(sandPalette(stage));
  for (let ci = 0; ci < CSS_PALETTE.length; ci++) {
    ctx.fillStyle = CSS_PALETTE[ci];
    ctx.beginPath();
    for (let i = 0; i < p.count; i++) {
      const o = i * PARTICLE_WORDS;
      if (p.u32[o + 4] % CSS_PALETTE.length !== ci) continue;
      ctx.moveTo(p.f32[o] + r, p.f32[o + 1]);
      ctx.arc(p.f32[o], p.f32[o + 1], r, 0, 2 * Math.PI);
    }
    ctx.fill();
  }
}

/**
 * The overlay over the canvas (CSS px): the walls (dashed where open) and, while the
 * pointer pushes, its reach. It lets pointer events through to the canvas.
 */
export function createOverlay(stage: CanvasStage) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "sim-overlay");
  // decoration over the canvas (walls, the pointer's reach): the canvas carries the name
  svg.setAttribute("aria-hidden", "true");
  svg.style.cssText = "position: absolute; pointer-events: none;";
  stage.element.append(svg);
  const draw = (openWalls: boolean, pointer: WorldPointer, reach: number, box = 2) => {
    const c = stage.canvas;
    const {width, height} = stage.size;
    svg.style.left = `${c.offsetLeft}px`;
    svg.style.top = `${c.offsetTop}px`;
    svg.style.width = `${width}px`;
    svg.style.height = `${height}px`;
    const v = sandView(openWalls, box);
    const sx = (x: number) => ((x - v.x0) / (v.x1 - v.x0)) * width;
    const sy = (y: number) => ((v.y1 - y) / (v.y1 - v.y0)) * height;
    const walls = openWalls
      ? `<line x1="0" x2="${width}" y1="${sy(0)}" y2="${sy(0)}" class="wall"/><path d="M${sx(0)},${sy(0)} V${sy(box)} H${sx(box)} V${sy(0)}" class="wall open"/>`
      : `<rect x="${sx(0)}" y="${sy(box)}" width="${sx(box) - sx(0)}" height="${sy(0) - sy(box)}" class="wall"/>`;
    const p = pointer;
    const ring = p.down && Number.isFinite(p.x) ? `<circle cx="${sx(p.x)}" cy="${sy(p.y)}" r="${sx(p.x + reach) - sx(p.x)}" class="pointer"/>` : "";
    svg.innerHTML = walls + ring;
  };
  return {element: svg, draw};
}

/** The live panel: grains, substeps and time per frame; the pass table; the grid or hash counters. */
export function createPanel() {
  const element = document.createElement("div");
  element.className = "sim-panel counter";
  const main = document.createElement("div");
  const passTable = document.createElement("table");
  passTable.className = "pass-table";
  const hashLine = document.createElement("div");
  element.append(main, passTable, hashLine);
  const render = (value: SandValue, state: SandState, shownCount: number) => {
    const timeText =
      value.gpuMsPerFrame !== null
        ? `GPU time ${fmtMs(value.gpuMsPerFrame)} ms per frame`
        : value.frameMs !== null
          ? value.engine === "cpu"
            ? `CPU twin ${fmtMs(value.frameMs)} ms per frame`
            : `${fmtMs(value.frameMs)} ms per frame from submit to done (no GPU timestamps here)`
          : "";
    main.textContent = `${fmtNumber(shownCount)} grains · ${state.substeps} substep${state.substeps === 1 ? "" : "s"} per frame · ${timeText}`;
    const ms = (k: SandPhase) => value.passMs[k] ?? 0;
    const total = SAND_PHASES.reduce((sum, p) => sum + ms(p.key), 0);
    const row = (head: string, cell: (k: SandPhase) => string) => `<tr><th>${head}</th>${SAND_PHASES.map((p) => `<td>${cell(p.key)}</td>`).join("")}</tr>`;
    const na = value.engine === "cpu" ? "the CPU twin runs here: no GPU passes to time" : "needs the timestamp-query feature, which this GPU does not offer";
    passTable.innerHTML =
      row("pass", (k) => k) +
      (value.passMs.forces !== null
        ? row("ms / frame", (k) => fmtMs(ms(k))) + row("share", (k) => `${total > 0 ? ((ms(k) / total) * 100).toFixed(1) : "–"} %`)
        : `<tr><th>ms / frame</th><td colspan="${SAND_PHASES.length}" class="na">${na}</td></tr>`);
    const share = value.candidates ? ((value.collisionCandidates / value.candidates) * 100).toFixed(2) : "0";
    hashLine.textContent = state.hashed
      ? `Hash collisions: ${fmtNumber(value.collisionCandidates)} of ${fmtNumber(value.candidates)} candidates per substep came from another cell sharing the bucket (${share} %); the distance test drops them.`
      : `Dense grid: ${fmtNumber(value.candidates)} candidates per substep, ${fmtNumber(value.contactPairs)} touching pairs.`;
  };
  return {element, render};
}

// ---- the pipeline diagram

interface PipelineDiagramBox {
  key: string;
  label: string;
  /** Small text under the label, e.g. "3 dispatches". */
  note?: string;
}

/** The boxes of one substep: one per phase of `SAND_PHASES` (key, label and note from the declaration). */
export const SAND_PIPELINE: PipelineDiagramBox[] = SAND_PHASES.map(({key, label, note}) => ({key, label, note}));

export interface PipelineDiagram {
  element: SVGSVGElement;
  /** Shares of GPU time per phase key (any positive numbers; normalised), or null for "unknown". */
  setShares(shares: Record<string, number> | null): void;
  setSubsteps(n: number): void;
  /** Advances the highlight; `now` in ms (requestAnimationFrame time). */
  tick(now: number): void;
  /** The phase lit now (for tests and captions). */
  readonly lit: string | null;
  /** Stops following the diagram's width. */
  dispose(): void;
}

/** Widest layout (px); from WIDE_FROM px down, the boxes stand in a column instead of a row. */
const W = 640;
const WIDE_FROM = 520;
const GAP = 22,
  BOX_H = 58,
  TOP = 14;

/** Where everything goes at one width: laid out at scale 1, so the CSS font sizes (≥ 11 px) hold on any screen. */
interface PipelineLayout {
  width: number;
  height: number;
  box: (i: number) => {x: number; y: number; w: number; h: number};
  label: {x: number; y: number; anchor: string};
  note: {x: number; y: number; anchor: string};
  /** the share bar's track, relative to the box */
  track: {x: number; y: number; w: number};
  pct: {x: number; y: number; anchor: string};
  arrows: {x1: number; y1: number; x2: number; y2: number}[];
  loop: string;
  loopLabel: {x: number; y: number; anchor: string; lines: 1 | 2};
}

/** A row of boxes (wide) or a column of boxes with their share bars beside them (narrow). */
function pipelineLayout(n: number, width: number): PipelineLayout {
  if (width >= WIDE_FROM) {
    const Wd = Math.min(W, width);
    const bw = (Wd - 20 - GAP * (n - 1)) / n;
    const box = (i: number) => ({x: 10 + i * (bw + GAP), y: TOP, w: bw, h: BOX_H});
    const mid = (i: number) => box(i).x + bw / 2;
    const loopY = TOP + BOX_H + 40;
    return {
      width: Wd,
      height: 150,
      box,
      label: {x: bw / 2, y: 26, anchor: "middle"},
      note: {x: bw / 2, y: 44, anchor: "middle"},
      track: {x: 0, y: BOX_H + 6, w: bw},
      pct: {x: bw / 2, y: BOX_H + 26, anchor: "middle"},
      arrows: Array.from({length: n - 1}, (_, i) => ({x1: box(i).x + bw + 2, x2: box(i + 1).x - 2, y1: TOP + BOX_H / 2, y2: TOP + BOX_H / 2})),
      loop: `M${mid(n - 1)},${TOP + BOX_H + 30} L${mid(n - 1)},${loopY} L${mid(0)},${loopY} L${mid(0)},${TOP + BOX_H + 32}`,
      loopLabel: {x: Wd / 2, y: loopY + 14, anchor: "middle", lines: 1},
    };
  }
  // narrow: a column; the loop arrow runs up the left side, the share bars to the right
  const x0 = 26,
    h = 36,
    gap = 16,
    top = 6;
  const bw = Math.round(Math.min(200, (width - x0) * 0.55));
  const box = (i: number) => ({x: x0, y: top + i * (h + gap), w: bw, h});
  const last = box(n - 1);
  const trackW = Math.max(30, width - x0 - bw - 12 - 46);
  return {
    width,
    height: last.y + h + 44,
    box,
    label: {x: 10, y: h / 2 + 5, anchor: "start"},
    note: {x: bw - 8, y: h / 2 + 4, anchor: "end"},
    track: {x: bw + 12, y: h / 2 - 3, w: trackW},
    pct: {x: width - x0 - 2, y: h / 2 + 4, anchor: "end"},
    arrows: Array.from({length: n - 1}, (_, i) => ({x1: x0 + bw / 2, x2: x0 + bw / 2, y1: box(i).y + h + 1, y2: box(i + 1).y - 2})),
    loop: `M${x0 - 2},${last.y + h / 2} L${8},${last.y + h / 2} L${8},${top + h / 2} L${x0 - 3},${top + h / 2}`,
    loopLabel: {x: 4, y: last.y + h + 18, anchor: "start", lines: 2},
  };
}

/** The diagram's SVG elements (placed by `place`): boxes with labels and share bars, arrows, the loop back. */
function pipelineSVG(phases: PipelineDiagramBox[]) {
  const svg = d3
    .create("svg")
    .attr("class", "pipeline-diagram")
    .attr("role", "img")
    .attr("aria-label", `Pipeline of one substep: ${phases.map((p) => p.label).join(", then ")}, repeated every substep`);
  svg
    .append("defs")
    .append("marker")
    .attr("id", "pd-arrow")
    .attr("viewBox", "0 0 10 10")
    .attr("refX", 9)
    .attr("refY", 5)
    .attr("markerWidth", 7)
    .attr("markerHeight", 7)
    .attr("orient", "auto-start-reverse")
    .append("path")
    .attr("d", "M0,0 L10,5 L0,10 z")
    .attr("fill", "currentColor");
  const n = phases.length;
  const g = svg
    .selectAll("g.phase")
    .data(phases)
    .join("g")
    .attr("class", "phase")
    .attr("data-phase", (d) => d.key);
  const boxes = g.append("rect").attr("class", "box").attr("rx", 6);
  const labels = g
    .append("text")
    .attr("class", "label")
    .text((d) => d.label);
  const notes = g
    .append("text")
    .attr("class", "note")
    .text((d) => d.note ?? "");
  const tracks = g.append("rect").attr("class", "share-track").attr("height", 6).attr("rx", 3);
  const bars = g.append("rect").attr("class", "share-bar").attr("height", 6).attr("rx", 3).attr("width", 0);
  const pct = g.append("text").attr("class", "share-text");
  const arrows = svg
    .selectAll("line.arrow")
    .data(d3.range(n - 1))
    .join("line")
    .attr("class", "arrow")
    .attr("marker-end", "url(#pd-arrow)");
  const loop = svg.append("path").attr("class", "arrow").attr("fill", "none").attr("marker-end", "url(#pd-arrow)");
  const loopLabel = svg.append("text").attr("class", "loop-label");
  let L = pipelineLayout(n, W);
  /** Lays everything out for `width` px (the width it is shown at). */
  const place = (width: number) => {
    L = pipelineLayout(n, width);
    svg.attr("viewBox", `0 0 ${L.width} ${L.height}`).attr("data-layout", width >= WIDE_FROM ? "row" : "column");
    g.attr("transform", (_, i) => `translate(${L.box(i).x},${L.box(i).y})`);
    boxes.attr("width", (_, i) => L.box(i).w).attr("height", (_, i) => L.box(i).h);
    labels.attr("x", L.label.x).attr("y", L.label.y).attr("text-anchor", L.label.anchor);
    notes.attr("x", L.note.x).attr("y", L.note.y).attr("text-anchor", L.note.anchor);
    tracks.attr("x", L.track.x).attr("y", L.track.y).attr("width", L.track.w);
    bars.attr("x", L.track.x).attr("y", L.track.y);
    pct.attr("x", L.pct.x).attr("y", L.pct.y).attr("text-anchor", L.pct.anchor);
    arrows
      .attr("x1", (i) => L.arrows[i].x1)
      .attr("x2", (i) => L.arrows[i].x2)
      .attr("y1", (i) => L.arrows[i].y1)
      .attr("y2", (i) => L.arrows[i].y2);
    loop.attr("d", L.loop);
    loopLabel.attr("x", L.loopLabel.x).attr("y", L.loopLabel.y).attr("text-anchor", L.loopLabel.anchor);
  };
  place(W);
  return {svg, g, bars, pct, loopLabel, place, trackWidth: () => L.track.w, twoLines: () => L.loopLabel.lines === 2, layoutX: () => L.loopLabel.x};
}

/**
 * The per-substep pipeline, one box per phase it is given (the sand: `SAND_PIPELINE`, from
 * `SAND_PHASES`: count (folded into the previous substep's forces pass: no share of its own) → scan → scatter → forces), with a loop arrow "× substeps". The boxes light up in order, each for its share of the frame's
 * GPU time when real pass timings are given (`setShares`), or for equal times when they are
 * not (the caption says which). The highlight runs on a fixed, slow cycle (`cycleMs`,
 * default 2,400 ms) so the eye can follow it; a bar under (or beside) each box shows its share.
 * Driven by the owner's frame loop: call `tick(now)` each frame (no timer of its own).
 * It lays itself out for the width it is shown at: a row of boxes from 520 px, a column below.
 */
export function createPipelineDiagram(phases: PipelineDiagramBox[], options: {cycleMs?: number} = {}): PipelineDiagram {
  const cycle = options.cycleMs ?? 2400;
  const n = phases.length;
  const {svg, g, bars, pct, loopLabel, place, trackWidth, twoLines, layoutX} = pipelineSVG(phases);
  let shares: number[] = phases.map(() => 1 / n);
  let known = false;
  let lit: string | null = null;
  let substeps = 1;

  const render = () => {
    bars.attr("width", (_, i) => (known ? Math.max(1, shares[i] * trackWidth()) : 0));
    pct.text((_, i) => (known ? `${(shares[i] * 100).toFixed(shares[i] < 0.1 ? 1 : 0)} %` : "–"));
    const repeat = `repeat × ${substeps} substep${substeps === 1 ? "" : "s"} per frame`;
    const note = known ? "" : "(no GPU timestamps here: order only)";
    // narrow: the note goes on a second line rather than past the right edge
    const lines = twoLines() && note ? [repeat, note] : [note ? `${repeat} ${note}` : repeat];
    loopLabel
      .selectAll("tspan")
      .data(lines)
      .join("tspan")
      .attr("x", layoutX())
      .attr("dy", (_, i) => (i ? "1.3em" : null))
      .text((t) => t);
  };
  let shownWidth = W;
  const relayout = () => {
    // rounded down: laid out no wider than shown, so the drawing is never scaled below 1
    // (a layout for 358 px shown at 357.6 px would draw 11 px labels at 10.99 px)
    const w = Math.floor(svg.node()!.getBoundingClientRect().width);
    if (!(w > 0) || w === shownWidth) return;
    shownWidth = w;
    place(w);
    render();
  };
  const stopResize = observeResize([svg.node()!], relayout); // a frame later: place() changes the drawing's height
  render();

  return {
    element: svg.node()!,
    setShares(s) {
      const raw = s ? phases.map((p) => Math.max(0, s[p.key] ?? 0)) : [];
      const total = raw.reduce((a, b) => a + b, 0);
      known = total > 0;
      shares = known ? raw.map((v) => v / total) : phases.map(() => 1 / n);
      render();
    },
    setSubsteps(k) {
      substeps = k;
      render();
    },
    tick(now) {
      // each box stays lit for its share of the cycle (a floor keeps tiny passes visible)
      const dwell = shares.map((s) => Math.max(s, 0.04));
      const total = dwell.reduce((a, b) => a + b, 0);
      let t = ((now % cycle) / cycle) * total;
      let i = 0;
      while (i < n - 1 && t > dwell[i]) t -= dwell[i++];
      const key = phases[i].key;
      if (key === lit) return;
      lit = key;
      g.classed("lit", (d) => d.key === key);
    },
    get lit() {
      return lit;
    },
    dispose() {
      stopResize();
    },
  };
}
