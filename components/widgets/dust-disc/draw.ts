/**
 * The dust disc's drawing: the world view (the disc reaches radius 2.5), the style of the GPU
 * renderer (components/sim/body-renderer.ts, radius ∝ √mass), and the CPU twin's 2D drawing
 * (each body a disc of its own radius, at least one pixel, coloured by the same speed ramp).
 */
import type {Bodies} from "../../gravity/bodies.js";
import type {BodyStyle} from "../../sim/body-renderer.js";
import type {WorldView} from "../../sim/renderer.js";
import {skyLook, skyView, speedColour} from "../shared/gravity/sky.js";
import type {CanvasStage} from "../runtime/canvas.js";

const DUST_HALF = 2.8;
/** Speeds at the colour ramp's ends (circular speed 0.63–1 on the disc; the cloud's are slower). */
const DUST_SPEED: [number, number] = [0.55, 1.05];
const CLOUD_SPEED: [number, number] = [0, 0.6];
export const speedRange = (scene: "disc" | "cloud") => (scene === "cloud" ? CLOUD_SPEED : DUST_SPEED);

/** World half-width of the cloud scene (the cloud starts within radius 1). */
const CLOUD_HALF = 1.3;

export const dustView = (stage: CanvasStage, scene: "disc" | "cloud" = "disc") => skyView(stage, scene === "cloud" ? CLOUD_HALF : DUST_HALF);

/** Device pixels of a mass-1 grain of `unitRadius` in `view` (at least 1, so every grain shows). */
function grainPixels(stage: Pick<CanvasStage, "canvas">, view: WorldView, unitRadius: number): number {
  return Math.max(1, (unitRadius * stage.canvas.width) / (view.x1 - view.x0));
}

export function dustStyle(stage: CanvasStage, view: WorldView, unitRadius: number, count: number, scene: "disc" | "cloud" = "disc"): BodyStyle {
  return {radiusPx: grainPixels(stage, view, unitRadius), alpha: count > 50_000 ? 0.5 : 0.8, speedRange: speedRange(scene), sizeByMass: true};
}

/** The CPU twin's picture: every live body a disc of its own radius. */
export function drawDust2D(stage: Pick<CanvasStage, "canvas" | "context2d">, view: WorldView, b: Bodies, unitRadius: number, scene: "disc" | "cloud" = "disc") {
  const ctx = stage.context2d();
  const look = skyLook(stage.canvas);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.fillStyle = look.css;
  ctx.fillRect(0, 0, stage.canvas.width, stage.canvas.height);
  const sx = stage.canvas.width / (view.x1 - view.x0);
  const sy = stage.canvas.height / (view.y1 - view.y0);
  const r0 = grainPixels(stage, view, unitRadius);
  const [lo, hi] = speedRange(scene);
  const span = hi - lo;
  ctx.globalAlpha = 0.85;
  for (let i = 0; i < b.n; i++) {
    if (!(b.m[i] > 0)) continue;
    const t = (Math.hypot(b.vx[i], b.vy[i]) - lo) / span;
    ctx.fillStyle = speedColour(t, look.ink ? 0.62 : 1);
    const r = r0 * Math.sqrt(b.m[i]);
    const x = (b.x[i] - view.x0) * sx,
      y = (view.y1 - b.y[i]) * sy;
    if (r < 1.5) ctx.fillRect(x - r, y - r, 2 * r, 2 * r);
    else {
      ctx.beginPath();
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
  ctx.globalAlpha = 1;
}
