/**
 * Moving averages of a widget's main-thread cost per frame (ms), exposed on the widget as
 * `.timing` for the benchmark notes and for tests that check a disposed widget stops.
 */
export interface FrameTiming {
  /** Drawing only. */
  drawMs: number;
  /** The whole frame: simulation steps and drawing. */
  frameMs: number;
  /** Frames run so far. */
  frames: number;
}

/** A fresh record (all zero). */
export const frameTiming = (): FrameTiming => ({drawMs: 0, frameMs: 0, frames: 0});

/** Adds one frame that started at `start`, began drawing at `drawStart` and ended at `end` (performance.now() ms). */
export function recordFrame(t: FrameTiming, start: number, drawStart: number, end: number) {
  t.drawMs += 0.1 * (end - drawStart - t.drawMs);
  t.frameMs += 0.1 * (end - start - t.frameMs);
  t.frames++;
}
