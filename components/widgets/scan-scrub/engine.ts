/** What the scroll-scrubbed diagram's engines share: the grid and the engine's shape. */
import {teachingGrid, type TeachingParticle} from "../../sort/teaching.js";
import type {SortSnapshots} from "../../sort/twin.js";
import type {Engine} from "../runtime/engine.js";

/** 3 × 2 = 6 unit cells: three Hillis–Steele rounds, small enough to follow every particle. */
export const DIM_X = 3;
export const DIM_Y = 2;
export const GRID = teachingGrid(DIM_X, DIM_Y);

export interface ScrubEngine extends Engine {
  readonly kind: "gpu" | "cpu";
  /** Sorts one particle set, keeping every phase's array. */
  sort(particles: TeachingParticle[]): Promise<SortSnapshots>;
  /** Says in the status line where the arrays come from. */
  report(): void;
}
