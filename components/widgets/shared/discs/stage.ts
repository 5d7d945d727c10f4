/**
 * The box stage of the §1–§2 disc demos (contacts, grid-query): the canvas options of a box at
 * its aspect with tap-to-wake touch, its hairline frame, the theme background read once per
 * resize, and the world transform of the box that each frame's drawing starts from.
 */
import type {ContactParams} from "../../../contacts/physics.js";
import type {CanvasStage, CanvasStageOptions} from "../../runtime/canvas.js";

/** The world rectangle the canvas shows: the whole box. */
export const boxView = (P: ContactParams) => ({x0: 0, y0: 0, x1: P.width, y1: P.height});

/** The theme background, then the world transform of the box; returns the context. */
export function clearToBox(stage: CanvasStage, P: ContactParams): CanvasRenderingContext2D {
  const ctx = stage.context2d();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = backgrounds.get(stage) ?? "#ffffff";
  ctx.fillRect(0, 0, stage.canvas.width, stage.canvas.height);
  stage.worldTransform(ctx, boxView(P));
  return ctx;
}

/**
 * The page's (or embedding element's) theme background of each stage, read once per
 * resize rather than in every frame, so a dark theme has no white box.
 */
const backgrounds = new WeakMap<CanvasStage, string>();

/** The canvas stage options of the §1–§2 disc demos: the box at its aspect, tap-to-wake touch (dress it with `frameDiscStage`). */
export function discStageOptions(P: ContactParams, o: {label: string; keys: string; maxWidth: number}): Omit<CanvasStageOptions, "status"> {
  return {aspect: P.width / P.height, maxWidth: o.maxWidth, label: o.label, keys: o.keys, view: () => boxView(P), touch: "tap-to-wake", noun: "box"};
}

/** Outlines a disc demo's canvas and follows the theme's background (read by the drawing). */
export function frameDiscStage(stage: CanvasStage): void {
  // a hairline frame as a shadow, so the keyboard focus outline (widgets.css) shows over it
  stage.canvas.style.boxShadow = "0 0 0 1px var(--theme-foreground-faint, #ccc)";
  const readBackground = () => backgrounds.set(stage, getComputedStyle(stage.element).getPropertyValue("--theme-background").trim() || "#ffffff");
  stage.onResize(readBackground);
}
