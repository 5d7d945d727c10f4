/**
 * The engine contract of the water widget: what both engines (gpu.ts, cpu.ts) get from the widget
 * (`WaterSetup`) and what it asks of them (`WaterEngine`). What they run (the count, and on a CPU
 * emulation one frame in flight) is the runtime's decision, `ctx.load`; the tank, gravity and
 * reach that go with it are in `state.params` (the widget's `applyLoad`).
 */
import type {WorldView} from "../../sim/renderer.js";
import type {PointerState} from "../../water/params.js";
import type {WaterScene} from "../../water/scene.js";
import type {CanvasStage} from "../runtime/canvas.js";
import type {Engine} from "../runtime/engine.js";
import type {WaterState, WaterValue} from "./options.js";

/** What both engines get from the widget. */
export interface WaterSetup {
  state: WaterState;
  stage: CanvasStage;
  /** The world rectangle drawn on the canvas. */
  view: () => WorldView;
  /** The pointer as the kernels see it, for this frame. */
  stir: () => PointerState | null;
  /** Stats readbacks per second. */
  statsHz: number;
  /** Frames run (the widget's `__frames()`): only frames that simulated something count. */
  frames: {n: number};
  /** New stats are in `state`: draw the chart and publish `.value`. */
  onStats(): void;
  /** Publish `.value` now. */
  publish(): void;
  /** What is poured: the §5 dam break, or the hero's pool across the whole tank. */
  scene: WaterScene;
  /** Where the engine's one line about itself goes (the hero's details); default: the status line. */
  detail?(text: string): void;
  /**
   * Calls `cb` with the `.value` the card's caption shows now and with every one it is written
   * from (`onCaptionSample`); returns the unsubscribe function. The engine's line with figures
   * the caption also says (count, GPU time) is written from it: one number, one source.
   */
  onSample(cb: (v: WaterValue) => void): () => void;
}

export interface WaterEngine extends Engine {
  /** Pours again with the runtime's count (`ctx.load.count`: the CPU engine's is reduced). */
  reset(): void;
  /** `state.params` changed. */
  setParams(): void;
}
