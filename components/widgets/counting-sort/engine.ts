/** The shape of the counting-sort widget's engines. */
import type {TeachingParticle} from "../../sort/teaching.js";
import type {SortSnapshots} from "../../sort/twin.js";
import type {Engine} from "../runtime/engine.js";

export interface SortEngine extends Engine {
  readonly kind: "gpu" | "cpu";
  /** Sorts one particle set, keeping every phase's array. */
  sort(particles: TeachingParticle[]): Promise<SortSnapshots>;
  /** Auto-play: advances the phase when its time is up. */
  frame(dt: number): void;
}
