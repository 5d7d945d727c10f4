/**
 * The gravity widgets' common look (nbody, galaxy, galaxy-3d, dust-disc): the square world
 * view fitted to the canvas, the speed colour ramp of shaders/render/bodies.wgsl, the sky or
 * ink look for the theme, and the CPU engines' 2D-canvas drawing of bodies (the GPU engines
 * draw with components/sim/body-renderer.ts).
 */
import type {Bodies} from "../../../gravity/bodies.js";
import {fitView} from "../../../sim/pointer.js";
import type {WorldView} from "../../../sim/renderer.js";
import type {CanvasStage} from "../../runtime/canvas.js";
import {isDark, parseColor, resolveColor} from "../../runtime/theme.js";

/** The world square [−half, half]² fitted to the stage's canvas (discs stay round). */
export function skyView(stage: CanvasStage, half: number): WorldView {
  return fitView({x0: -half, y0: -half, x1: half, y1: half}, stage.size.width || 1, stage.size.height || 1);
}

const STOPS = [
  [0.25, 0.35, 0.95],
  [0.75, 0.35, 0.85],
  [1.0, 0.55, 0.2],
  [1.0, 0.95, 0.6],
];

/** The ramp of bodies.wgsl for t in [0, 1] as a CSS colour (the CPU engines draw with it). */
export function speedColour(t: number, scale = 1): string {
  const x = Math.min(1, Math.max(0, t)) * 3;
  const i = Math.min(2, Math.floor(x));
  const f = x - i;
  const c = STOPS[i].map((v, k) => Math.round(255 * scale * (v + (STOPS[i + 1][k] - v) * f)));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

/** How the bodies are painted: light added onto the night sky (dark theme, the hero) or ink on the page (light theme). */
interface SkyLook {
  ink: boolean;
  /** Opaque background, sRGB 0..1. */
  clear: [number, number, number, number];
  css: string;
}

const DARK_LOOK: SkyLook = {ink: false, clear: [0.035, 0.04, 0.075, 1], css: "rgb(9,10,19)"};

/**
 * The look for the theme `el` sees now: the night sky on a dark background (the dark theme,
 * the hero's dark stage), else the page's own background with the bodies as ink. Why not
 * the night sky everywhere: a black box in a light page reads as a hole, not a figure.
 */
export function skyLook(el: Element): SkyLook {
  if (!el.isConnected || isDark(el)) return DARK_LOOK;
  const css = resolveColor(el, "var(--theme-background)", "#ffffff");
  const c = parseColor(css) ?? [1, 1, 1];
  return {ink: true, clear: [c[0], c[1], c[2], 1], css};
}

/**
 * Draws `b` on the stage's 2D canvas: each body a small square of `px` CSS px coloured by
 * its speed over [0, vMax], bodies heavier than `heavy` three times larger. Additive
 * ("lighter") like the GPU renderer. Colours are bucketed (16) so a frame sets few styles.
 */
export function drawBodies2D(
  stage: Pick<CanvasStage, "context2d" | "canvas" | "size">,
  view: WorldView,
  b: Bodies,
  o: {vMax: number; px: number; alpha: number; heavy?: number},
  look: SkyLook = skyLook(stage.canvas)
) {
  const ctx = stage.context2d();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = "source-over";
  ctx.globalAlpha = 1;
  ctx.fillStyle = look.css;
  ctx.fillRect(0, 0, stage.canvas.width, stage.canvas.height);
  const sx = stage.canvas.width / (view.x1 - view.x0);
  const sy = stage.canvas.height / (view.y1 - view.y0);
  const dpr = stage.canvas.width / Math.max(1, stage.size.width);
  const s = Math.max(1, o.px * dpr);
  const buckets: number[][] = Array.from({length: 16}, () => []);
  for (let i = 0; i < b.n; i++) {
    const v = Math.hypot(b.vx[i], b.vy[i]);
    buckets[Math.min(15, Math.floor((16 * v) / o.vMax))].push(i);
  }
  ctx.globalCompositeOperation = look.ink ? "source-over" : "lighter";
  ctx.globalAlpha = look.ink ? Math.min(1, o.alpha * 1.4) : o.alpha;
  buckets.forEach((ids, k) => {
    ctx.fillStyle = speedColour((k + 0.5) / 16, look.ink ? 0.62 : 1);
    for (const i of ids) {
      const r = o.heavy !== undefined && b.m[i] > o.heavy ? 3 * s : s;
      ctx.fillRect((b.x[i] - view.x0) * sx - r / 2, (view.y1 - b.y[i]) * sy - r / 2, r, r);
    }
  });
  ctx.globalCompositeOperation = "source-over";
  ctx.globalAlpha = 1;
}
