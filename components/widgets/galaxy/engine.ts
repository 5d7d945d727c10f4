/**
 * The engine contract of the galaxy: what both engines (gpu.ts, cpu.ts) get from the widget
 * (`GalaxySetup`) and what it asks of them (`GalaxyEngine`); their count, pace and frames in
 * flight are the runtime's (`ctx.load`).
 */
import type {ExternalMass} from "../../gravity/direct.js";
import type {CanvasStage} from "../runtime/canvas.js";
import type {Engine} from "../runtime/engine.js";
import type {GalaxyState} from "./options.js";

export interface GalaxySetup {
  state: GalaxyState;
  stage: CanvasStage;
  seed: number;
  /** The perturber now, or null while the pointer does not hold it. */
  perturber(): ExternalMass | null;
  publish(): void;
  /** The engine's own first picture is on screen (the poster can go). */
  shown(): void;
  frames: {n: number};
}

export interface GalaxyEngine extends Engine {
  reset(): void;
  /** `state.theta` changed. */
  setTheta(): void;
}
