/** Options and `.value` of the 3D accuracy widget (`data-widget="bh-error-3d"`). Bad options never throw. */
import type {GPUHandle} from "../../gpu/context.js";
import {readOptions, type OptionSchema, type OptionValues} from "../runtime/options.js";

export const BH_ERROR_3D_OPTIONS = {
  count: {type: "number", label: "body count", default: 4000, min: 10, max: 20_000, doc: "Bodies of the 3D Plummer sphere whose forces are compared."},
  theta: {type: "number", label: "θ", default: 0.5, min: 0.05, max: 1.2, integer: false, doc: "Opening angle θ at the start."},
  fallbackCount: {type: "number", label: "fallback count", default: 1500, min: 10, max: 20_000, doc: "Most bodies of the CPU twin."},
  seed: {type: "number", label: "seed", default: 7, min: 1, max: 1_000_000, doc: "Seed of the Plummer sphere."},
} satisfies OptionSchema;

export interface BHError3DOptions {
  count?: number;
  theta?: number;
  fallbackCount?: number;
  seed?: number;
  invalidation?: Promise<unknown>;
  acquire?: () => Promise<GPUHandle | null>;
}

export interface BHError3DValue {
  theta: number;
  /** bodies compared */
  count: number;
  /** median, 99th percentile and largest |a_tree − a_exact| / |a_exact| over the bodies; null until measured */
  medianError: number | null;
  p99Error: number | null;
  maxError: number | null;
  /** Where the engine stands: the runtime's phase (`EnginePhase`). */
  engine: "gpu" | "cpu" | "pending";
}

/** One measured θ. */
export interface Error3Point {
  theta: number;
  median: number;
  p99: number;
  max: number;
}

/** The θ values measured at the start (the chart's curves). */
export const SWEEP3 = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0, 1.2];

export function readBHError3DOptions(options: BHError3DOptions) {
  const {values, notes} = readOptions(BH_ERROR_3D_OPTIONS, options as Record<string, unknown>);
  return {o: values as OptionValues<typeof BH_ERROR_3D_OPTIONS>, notes};
}
