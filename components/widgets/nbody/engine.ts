/** The engine contract of the §1 O(N²) widget: what both engines (gpu.ts, cpu.ts) get from it and what it asks of them. */
import type {CanvasStage} from "../runtime/canvas.js";
import type {Engine} from "../runtime/engine.js";
import type {NBodyState} from "./options.js";

/** What both engines get from the widget. */
export interface NBodySetup {
  state: NBodyState;
  stage: CanvasStage;
  seed: number;
  /** World half-width shown. */
  half: number;
  /** New counters: publish `.value`. */
  publish(): void;
  frames: {n: number};
}

export interface NBodyEngine extends Engine {
  /** A new sphere of `state.count` bodies. */
  reset(): void;
}
