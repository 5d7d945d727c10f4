/**
 * Drawing of the sand demo: the world rectangle the canvas shows, the grains on a 2D
 * canvas (CPU engine; the GPU engine draws with the shared DiscRenderer in the same
 * colours), the SVG overlay with the walls and the pointer's reach, the live panel, and
 * the per-substep pipeline diagram.
 */
import * as d3 from "../../d3.js";
import {SAND_PHASES} from "../../sand/gpu-sand.js";
import {fitView} from "../../sim/pointer.js";
import type {WorldView} from "../../sim/renderer.js";
import {PARTICLE_WORDS, type PackedParticles} from "../../sort/particles.js";
import type {CanvasStage, Pointer} from "../runtime/canvas.js";
import {fmtNumber} from "../runtime/options.js";
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
 * world (the sand spills out). The canvas always has the ratio ASPECT, so this needs no size.
 */
export function sandView(openWalls: boolean): WorldView {
  if (openWalls) return {x0: -1.5, x1: 3.5, y0: -0.03, y1: -0.03 + 5 / ASPECT};
  return fitView({x0: -0.03, y0: -0.03, x1: 2.03, y1: 2.03}, ASPECT, 1);
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
  svg.style.cssText = "position: absolute; pointer-events: none;";
  stage.element.append(svg);
  const draw = (openWalls: boolean, pointer: Pointer, reach: number) => {
    const c = stage.canvas;
    const {width, height} = stage.size;
    svg.style.left = `${c.offsetLeft}px`;
    svg.style.top = `${c.offsetTop}px`;
    svg.style.width = `${width}px`;
    svg.style.height = `${height}px`;
    const v = sandView(openWalls);
    const sx = (x: number) => ((x - v.x0) / (v.x1 - v.x0)) * width;
    const sy = (y: number) => ((v.y1 - y) / (v.y1 - v.y0)) * height;
    const walls = openWalls
      ? `<line x1="0" x2="${width}" y1="${sy(0)}" y2="${sy(0)}" class="wall"/><path d="M${sx(0)},${sy(0)} V${sy(2)} H${sx(2)} V${sy(0)}" class="wall open"/>`
      : `<rect x="${sx(0)}" y="${sy(2)}" width="${sx(2) - sx(0)}" height="${sy(0) - sy(2)}" class="wall"/>`;
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
        ? `GPU time ${value.gpuMsPerFrame.toFixed(3)} ms per frame`
        : value.frameMs !== null
          ? value.engine === "cpu"
            ? `CPU twin ${value.frameMs.toFixed(1)} ms per frame`
            : `${value.frameMs.toFixed(2)} ms per frame from submit to done (no GPU timestamps here)`
          : "";
    main.textContent = `${fmtNumber(shownCount)} grains · ${state.substeps} substep${state.substeps === 1 ? "" : "s"} per frame · ${timeText}`;
    const ms = (k: (typeof SAND_PHASES)[number]) => value.passMs[k] ?? 0;
    const total = SAND_PHASES.reduce((sum, k) => sum + ms(k), 0);
    const row = (head: string, cell: (k: (typeof SAND_PHASES)[number]) => string) =>
      `<tr><th>${head}</th>${SAND_PHASES.map((k) => `<td>${cell(k)}</td>`).join("")}</tr>`;
    const na = value.engine === "cpu" ? "the CPU twin runs here: no GPU passes to time" : "needs the timestamp-query feature, which this GPU does not offer";
    passTable.innerHTML =
      row("pass", (k) => k) +
      (value.passMs.forces !== null
        ? row("ms / frame", (k) => ms(k).toFixed(3)) + row("share", (k) => `${total > 0 ? ((ms(k) / total) * 100).toFixed(1) : "–"} %`)
        : `<tr><th>ms / frame</th><td colspan="5" class="na">${na}</td></tr>`);
    const share = value.candidates ? ((value.collisionCandidates / value.candidates) * 100).toFixed(2) : "0";
    hashLine.textContent = state.hashed
      ? `Hash collisions: ${fmtNumber(value.collisionCandidates)} of ${fmtNumber(value.candidates)} candidates per substep came from another cell sharing the bucket (${share} %); the distance test drops them.`
      : `Dense grid: ${fmtNumber(value.candidates)} candidates per substep, ${fmtNumber(value.contactPairs)} touching pairs.`;
  };
  return {element, render};
}

// ---- the pipeline diagram

export interface PipelinePhase {
  key: string;
  label: string;
  /** Small text under the label, e.g. "3 dispatches". */
  note?: string;
}

/** The five boxes of one substep. */
export const SAND_PIPELINE: PipelinePhase[] = [
  {key: "clear", label: "clear", note: "counts = 0"},
  {key: "count", label: "count", note: "atomicAdd"},
  {key: "scan", label: "scan", note: "3 dispatches"},
  {key: "scatter", label: "scatter", note: "A → B"},
  {key: "forces", label: "forces", note: "3×3, B → A"},
];

export interface PipelineDiagram {
  element: SVGSVGElement;
  /** Shares of GPU time per phase key (any positive numbers; normalised), or null for "unknown". */
  setShares(shares: Record<string, number> | null): void;
  setSubsteps(n: number): void;
  /** Advances the highlight; `now` in ms (requestAnimationFrame time). */
  tick(now: number): void;
  /** The phase lit now (for tests and captions). */
  readonly lit: string | null;
}

const W = 640,
  H = 150;
const GAP = 22,
  BOX_H = 58,
  TOP = 14;

/** The diagram's static SVG: boxes with labels and share bars, arrows, the loop back. */
function pipelineSVG(phases: PipelinePhase[]) {
  const svg = d3
    .create("svg")
    .attr("viewBox", `0 0 ${W} ${H}`)
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
  const bw = (W - 20 - GAP * (n - 1)) / n;
  const x = (i: number) => 10 + i * (bw + GAP);
  const g = svg
    .selectAll("g.phase")
    .data(phases)
    .join("g")
    .attr("class", "phase")
    .attr("data-phase", (d) => d.key)
    .attr("transform", (_, i) => `translate(${x(i)},${TOP})`);
  g.append("rect").attr("class", "box").attr("width", bw).attr("height", BOX_H).attr("rx", 6);
  g.append("text")
    .attr("class", "label")
    .attr("x", bw / 2)
    .attr("y", 26)
    .attr("text-anchor", "middle")
    .text((d) => d.label);
  g.append("text")
    .attr("class", "note")
    .attr("x", bw / 2)
    .attr("y", 44)
    .attr("text-anchor", "middle")
    .text((d) => d.note ?? "");
  g.append("rect")
    .attr("class", "share-track")
    .attr("y", BOX_H + 6)
    .attr("width", bw)
    .attr("height", 6)
    .attr("rx", 3);
  const bars = g
    .append("rect")
    .attr("class", "share-bar")
    .attr("y", BOX_H + 6)
    .attr("height", 6)
    .attr("rx", 3)
    .attr("width", 0);
  const pct = g
    .append("text")
    .attr("class", "share-text")
    .attr("x", bw / 2)
    .attr("y", BOX_H + 26)
    .attr("text-anchor", "middle");
  for (let i = 0; i < n - 1; i++) {
    const y = TOP + BOX_H / 2;
    svg
      .append("line")
      .attr("class", "arrow")
      .attr("x1", x(i) + bw + 2)
      .attr("x2", x(i + 1) - 2)
      .attr("y1", y)
      .attr("y2", y)
      .attr("marker-end", "url(#pd-arrow)");
  }
  const loopY = TOP + BOX_H + 40;
  svg
    .append("path")
    .attr("class", "arrow")
    .attr("d", `M${x(n - 1) + bw / 2},${TOP + BOX_H + 30} L${x(n - 1) + bw / 2},${loopY} L${x(0) + bw / 2},${loopY} L${x(0) + bw / 2},${TOP + BOX_H + 32}`)
    .attr("fill", "none")
    .attr("marker-end", "url(#pd-arrow)");
  const loopLabel = svg
    .append("text")
    .attr("class", "loop-label")
    .attr("x", W / 2)
    .attr("y", loopY + 14)
    .attr("text-anchor", "middle");
  return {svg, g, bars, pct, loopLabel, bw};
}

/**
 * The per-substep pipeline: clear → count → scan (3 dispatches) → scatter → forces, with a
 * loop arrow "× substeps". The boxes light up in order, each for its share of the frame's
 * GPU time when real pass timings are given (`setShares`), or for equal times when they are
 * not (the caption says which). The highlight runs on a fixed, slow cycle (`cycleMs`,
 * default 2,400 ms) so the eye can follow it; a bar under each box shows its share.
 * Driven by the owner's frame loop: call `tick(now)` each frame (no timer of its own).
 */
export function createPipelineDiagram(phases: PipelinePhase[], options: {cycleMs?: number} = {}): PipelineDiagram {
  const cycle = options.cycleMs ?? 2400;
  const n = phases.length;
  const {svg, g, bars, pct, loopLabel, bw} = pipelineSVG(phases);
  let shares: number[] = phases.map(() => 1 / n);
  let known = false;
  let lit: string | null = null;
  let substeps = 1;

  const render = () => {
    bars.attr("width", (_, i) => (known ? Math.max(1, shares[i] * bw) : 0));
    pct.text((_, i) => (known ? `${(shares[i] * 100).toFixed(shares[i] < 0.1 ? 1 : 0)} %` : "–"));
    loopLabel.text(`repeat × ${substeps} substep${substeps === 1 ? "" : "s"} per frame${known ? "" : " (no GPU timestamps here: order only)"}`);
  };
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
  };
}
