/**
 * Drawing of the water widgets besides the GPU disc renderer: the tank's view, the CPU
 * engine's particles on a 2D canvas (coloured with the discs' ramp), the stats panel (the
 * d3 density histogram of components/water/chart.ts and the max speed), and the tank's look.
 */
import {PARTICLE_WORDS, type PackedParticles} from "../../sort/particles.js";
import {fitView} from "../../sim/pointer.js";
import type {WorldView} from "../../sim/renderer.js";
import type {HistogramChart} from "../../water/histogram.js";
import {type Legend, RAMP_SPAN_DARK, RAMP_SPAN_LIGHT, rampColor} from "../../water/chart.js";
import type {WaterParams} from "../../water/params.js";
import type {CanvasStage} from "../runtime/canvas.js";
import {whenNear} from "../runtime/lazy.js";
import {luminance, parseColor, resolveColor} from "../runtime/theme.js";
import {SPEED_RANGE} from "./controls.js";
import type {WaterState} from "./options.js";

/** The tank plus a thin margin (½ % of its width), fitted to a canvas of `aspect` (width / height) so discs stay round. */
export function tankView(p: WaterParams, aspect: number): WorldView {
  const [x0, y0, x1, y1] = p.tank;
  const m = 0.005 * (x1 - x0);
  return fitView({x0: x0 - m, y0: y0 - m, x1: x1 + m, y1: y1 + m}, aspect, 1);
}

/** The tank's colours (top and bottom of its gradient), from the theme (widgets.css). */
const tankColors = new WeakMap<CanvasStage, {top: string; bottom: string; span: [number, number]}>();

/**
 * Reads the tank's colours and the part of the disc ramp that stands out on them, now and
 * whenever the theme changes (the stage calls its resize callbacks then); updates `legend`.
 */
export function watchTankColors(stage: CanvasStage, legend?: Legend) {
  const read = () => {
    const top = resolveColor(stage.canvas, "var(--tank-top, #fbfcfe)");
    const bottom = resolveColor(stage.canvas, "var(--tank-bottom, #eef2f7)");
    const rgb = parseColor(bottom);
    const span = rgb && luminance(rgb) < 0.2 ? RAMP_SPAN_DARK : RAMP_SPAN_LIGHT;
    tankColors.set(stage, {top, bottom, span});
    legend?.setSpan(span);
  };
  read();
  stage.onResize(read);
}

/** The part of the disc ramp used on this stage's tank (see RAMP_SPAN_LIGHT / RAMP_SPAN_DARK). */
export const rampSpanOf = (stage: CanvasStage): [number, number] => tankColors.get(stage)?.span ?? RAMP_SPAN_LIGHT;

/** The ramp's value range for the current colouring. */
export const colorRange = (s: WaterState): [number, number] =>
  s.colorBy === "density" ? [0.5 * s.params.restDensity, 1.5 * s.params.restDensity] : SPEED_RANGE;

const BUCKETS = 16;

/** Draws the CPU engine's particles as small squares, one fill colour per 1/16 of the ramp. */
export function drawTwin(stage: CanvasStage, view: WorldView, particles: PackedParticles, density: Float32Array, s: WaterState) {
  const ctx = stage.context2d();
  const {width: w, height: h} = stage.canvas;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  // the 2D canvas is opaque: paint the tank's background gradient (the GPU canvas shows the CSS one)
  const fill = ctx.createLinearGradient(0, 0, 0, h);
  const tank = tankColors.get(stage);
  fill.addColorStop(0, tank?.top ?? "#fbfcfe");
  fill.addColorStop(1, tank?.bottom ?? "#eef2f7");
  ctx.fillStyle = fill;
  ctx.fillRect(0, 0, w, h);
  const sx = w / (view.x1 - view.x0),
    sy = h / (view.y1 - view.y0);
  const size = Math.max(1.5, 1.1 * s.params.h * sx);
  const [lo, hi] = colorRange(s);
  const f = particles.f32;
  const buckets: number[][] = Array.from({length: BUCKETS}, () => []);
  for (let i = 0; i < particles.count; i++) {
    const o = i * PARTICLE_WORDS;
    const v = s.colorBy === "density" ? density[i] : Math.hypot(f[o + 2], f[o + 3]);
    buckets[Math.min(BUCKETS - 1, Math.max(0, Math.floor(((v - lo) / (hi - lo)) * BUCKETS)))].push(i);
  }
  buckets.forEach((list, b) => {
    const [a, z] = rampSpanOf(stage);
    ctx.fillStyle = rampColor(a + ((z - a) * (b + 0.5)) / BUCKETS);
    for (const i of list) {
      const o = i * PARTICLE_WORDS;
      ctx.fillRect((f[o] - view.x0) * sx - size / 2, (view.y1 - f[o + 1]) * sy - size / 2, size, size);
    }
  });
}

/**
 * The water demo's live panel: the density histogram and the max speed. The histogram's code
 * (d3, components/water/histogram.ts) loads when the panel first comes near the viewport, so
 * the page's first view (the hero has no panel) loads no d3; until then the panel keeps the
 * latest state and draws it when the chart is there.
 */
export function statsPanel() {
  const element = document.createElement("div");
  element.className = "sim-panel counter";
  const stats = document.createElement("div");
  stats.className = "water-stats";
  stats.style.cssText = "display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-end";
  const speed = document.createElement("div");
  speed.className = "water-speed counter";
  // the chart's box, reserved while its code loads (its size is the chart's: 320 × 120)
  const slot = document.createElement("div");
  slot.style.cssText = "width:320px;height:120px";
  stats.append(slot, speed);
  element.append(stats);
  let chart: HistogramChart | null = null;
  let latest: {bins: ArrayLike<number>; restDensity: number} | null = null;
  const show = (bins: ArrayLike<number>, restDensity: number) => {
    latest = {bins, restDensity};
    chart?.update(bins, restDensity);
  };
  // loaded when the panel first comes within a screen of the viewport, or when `load()` is
  // called (the widget calls it as its engine starts), whichever is first
  let loadNow!: () => void;
  const asked = new Promise<void>((go) => {
    loadNow = go;
  });
  const cancelNear = whenNear(element, loadNow);
  const ready = asked
    .then(() => {
      cancelNear();
      return import("../../water/histogram.js");
    })
    .then(({densityHistogram}) => {
      chart = densityHistogram(320, 120);
      slot.replaceWith(chart.element);
      if (latest) chart.update(latest.bins, latest.restDensity);
    });
  return {
    element,
    /** Resolves when the histogram is drawn (its code loaded). */
    ready,
    /** Loads the histogram's code now (idempotent). */
    load: () => loadNow(),
    /** Shows the density histogram of `bins` against ρ₀ = `restDensity`. */
    chart: {update: show},
    update(s: WaterState) {
      show(s.bins, s.params.restDensity);
      speed.textContent = `max speed ${s.maxSpeed.toFixed(2)} units/s`;
    },
  };
}
