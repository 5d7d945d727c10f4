/**
 * The engine contract of the 3D galaxy: what both engines (gpu.ts, cpu.ts) get from the widget
 * (`Galaxy3DSetup`) and what it asks of them (`Galaxy3DEngine`); their count, range, pace and
 * frames in flight are the runtime's (`ctx.load`).
 */
import type {CanvasStage} from "../runtime/canvas.js";
import type {Engine} from "../runtime/engine.js";
import type {cameraControl} from "./draw.js";
import type {Galaxy3DState} from "./options.js";

export interface Galaxy3DSetup {
  state: Galaxy3DState;
  stage: CanvasStage;
  seed: number;
  camera: ReturnType<typeof cameraControl>;
  publish(): void;
  frames: {n: number};
}

export interface Galaxy3DEngine extends Engine {
  reset(): void;
  /** state.theta changed */
  setTheta(): void;
  /** The reader's count changed and the runtime decided its load (`ctx.load`): the GPU engine may reallocate. */
  setCount?(): Promise<void> | void;
}
