/**
 * What the sand widget hands its two engines (gpu.ts, cpu.ts) and what it asks of them:
 * both read the same state, parameters and pointer, and report into the same `.value`.
 */
import type {SandParams} from "../../sand/params.js";
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
  onSoftware(): void;
}

/** The CPU twin runs count / CPU_SHARE grains (2,000 at the default 12,000), at least 300. */
export const CPU_SHARE = 6;
export const cpuCount = (count: number) => Math.max(300, Math.round(count / CPU_SHARE));
