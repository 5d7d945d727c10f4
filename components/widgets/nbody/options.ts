/**
 * Options, `.value` and shared state of the §1 O(N²) widget. Bad options never throw: they
 * are replaced (clamped, or the default) and a note goes to the status line.
 */
import type {GPUHandle} from "../../gpu/context.js";
import type {WGSLLoader} from "../../gpu/wgsl.js";
import type {EnginePhase} from "../runtime/phase.js";
import {readOptions, type OptionSchema, type OptionValues} from "../runtime/options.js";

export const NBODY_OPTIONS = {
  count: {
    type: "number",
    label: "body count",
    default: 1000,
    min: 2,
    max: 4096,
    doc: "Bodies of the Plummer sphere at the start (the slider goes up to 4,096).",
  },
  fallbackCount: {
    type: "number",
    label: "fallback count",
    default: 800,
    min: 2,
    max: 4096,
    doc: "Most bodies of the CPU twin (one core sums N(N − 1) pairs per step).",
  },
  seed: {type: "number", label: "seed", default: 1, min: 1, max: 1_000_000, doc: "Seed of the Plummer sphere."},
  maxHeight: {type: "number", label: "maximum height", default: 420, min: 80, max: 4000, doc: "Largest canvas height, CSS px."},
} satisfies OptionSchema;

export interface NBodyOptions {
  count?: number;
  fallbackCount?: number;
  seed?: number;
  maxHeight?: number;
  invalidation?: Promise<unknown>;
  /** Shader loader (tests: components/gpu/node.ts); default: the page's. */
  wgsl?: WGSLLoader;
  /** Device provider (tests); default: the page's shared device. */
  acquire?: () => Promise<GPUHandle | null>;
}

type NBodyOptionValues = OptionValues<typeof NBODY_OPTIONS>;

export interface NBodyValue {
  /** Bodies simulated now (the CPU twin: at most `fallbackCount`). */
  count: number;
  /** Force terms summed per step: N(N − 1) (every body pulled by every other). */
  pairsPerStep: number;
  /** Milliseconds per step: GPU submit-to-done wall time, or the twin's JavaScript time; null before the first measurement. */
  stepMs: number | null;
  /** Total energy K + W (N-body units, G = 1, softened potential), read back about once a second; null before the first read. */
  energy: number | null;
  /** Which engine runs: "gpu", "cpu", or "pending" before the first start: the runtime's phase (`EnginePhase`). */
  engine: "gpu" | "cpu" | "pending";
}

export interface NBodyState {
  /** Bodies asked for. */
  count: number;
  /** Bodies the running engine simulates. */
  simulated: number;
  stepMs: number | null;
  energy: number | null;
  /** Energy right after the last reset (for the drift read-out). */
  energy0: number | null;
}

/** Reads the options (never throws). */
export function readNBodyOptions(options: NBodyOptions) {
  const {values, notes} = readOptions(NBODY_OPTIONS, options as Record<string, unknown>);
  return {o: values as NBodyOptionValues, notes};
}

/** `.value` of `s`, with `engine` the runtime's phase. */
export function nbodyValue(s: NBodyState, engine: EnginePhase): NBodyValue {
  return {count: s.simulated, pairsPerStep: s.simulated * (s.simulated - 1), stepMs: s.stepMs, energy: s.energy, engine};
}
