/**
 * What the sand widget hands its two engines (gpu.ts, cpu.ts) and what it asks of them:
 * both read the same state, parameters and pointer, and report into the same `.value`.
 */
import {SAND_BOX, SAND_DEFAULTS, type SandParams} from "../../sand/params.js";
import type {WorldView} from "../../sim/renderer.js";
import type {CanvasStage} from "../runtime/canvas.js";
import type {Engine} from "../runtime/engine.js";
import type {PipelineDiagram} from "./draw.js";
import type {SandState, SandValue} from "./options.js";

export interface SandEngine extends Engine {
  frame(dt: number, now: number): void;
  /** Drops a fresh block of `state.count` grains. */
  pour(): void;
  setHashed(hashed: boolean): void;
}

export interface SandSetup {
  state: SandState;
  /** Physics parameters; `syncPointer()` copies the pointer into them. */
  params: SandParams;
  value: SandValue;
  stage: CanvasStage;
  diagram: PipelineDiagram;
  /** The world rectangle the canvas shows now. */
  view(): WorldView;
  /** Moving average per key (kept across engines). */
  smooth(key: string, v: number): number;
  /** The pointer pushes while a button or finger is down on the canvas. */
  syncPointer(): void;
  /** Counts the frame, advances the diagram, refreshes the panel and `.value` (~4×/s). */
  afterFrame(now: number): void;
  /**
   * Called by the GPU engine before its first pour when the adapter is a CPU emulation: the
   * widget may lower `state.count` and `state.substeps` (and says so in the status line).
   */
  onSoftware(renderer: string): void;
  /**
   * Called before each pour with the grains about to be simulated and the grains they stand
   * for (the reader's count where the engine runs fewer): the widget sizes the box to them
   * (`params.box`) and publishes the count.
   */
  beforePour(count: number, standsFor: number): void;
}

/** The CPU twin runs count / CPU_SHARE grains (2,000 at the default 12,000), at least 300. */
export const CPU_SHARE = 6;
export const cpuCount = (count: number) => Math.max(300, Math.round(count / CPU_SHARE));

/**
 * Sizes the closed box for `n` grains standing for `standsFor` (n ≥ standsFor: the full box):
 * side SAND_BOX·f with f = √(n / standsFor), so the fewer grains fill it as the full count
 * fills the full box (the view follows, so each grain is drawn 1/f times bigger). Gravity / f
 * (Froude scaling) keeps the grains' speeds and the load on the pile's floor, so the pile
 * forms as in the full box, in f of the time; the pointer's reach shrinks with the box.
 */
export function fitBox(params: SandParams, n: number, standsFor: number) {
  const f = Math.min(1, Math.sqrt(n / Math.max(1, standsFor)));
  params.box = SAND_BOX * f;
  params.gravity = SAND_DEFAULTS.gravity / f;
  params.pointer.radius = SAND_DEFAULTS.pointer.radius * f;
}
