/**
 * Options, `.value` and state of the §5 accuracy widget. Bad options never throw: they are
 * replaced and a note goes to the status line.
 */
import type {GPUHandle} from "../../gpu/context.js";
import {readOptions, type OptionSchema, type OptionValues} from "../runtime/options.js";

export const BH_ERROR_OPTIONS = {
  count: {type: "number", label: "body count", default: 2000, min: 10, max: 20_000, doc: "Bodies of the Plummer sphere whose forces are compared."},
  theta: {type: "number", label: "θ", default: 0.5, min: 0.05, max: 1.5, integer: false, doc: "Opening angle θ at the start."},
  fallbackCount: {type: "number", label: "fallback count", default: 1000, min: 10, max: 20_000, doc: "Most bodies of the CPU twin."},
  seed: {type: "number", label: "seed", default: 7, min: 1, max: 1_000_000, doc: "Seed of the Plummer sphere."},
} satisfies OptionSchema;

export interface BHErrorOptions {
  count?: number;
  theta?: number;
  fallbackCount?: number;
  seed?: number;
  invalidation?: Promise<unknown>;
  acquire?: () => Promise<GPUHandle | null>;
}

type BHErrorOptionValues = OptionValues<typeof BH_ERROR_OPTIONS>;

export interface BHErrorValue {
  /** The θ the error figures belong to. */
  theta: number;
  /** Bodies compared (the CPU twin: at most `fallbackCount`). */
  count: number;
  /** Median over bodies of |a_BH − a_exact| / |a_exact|; null until measured. */
  medianError: number | null;
  /** 99th percentile of the same; null until measured. */
  p99Error: number | null;
}

/** A point of the θ sweep and a sample of the drift run: the charts' (components/widgets/shared/gravity/error-charts.ts). */
export type {DriftPoint, ErrorPoint} from "../shared/gravity/error-charts.js";

/** The θ values measured at the start (the chart's curves). */
export const SWEEP = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.2, 1.5];

export function readBHErrorOptions(options: BHErrorOptions) {
  const {values, notes} = readOptions(BH_ERROR_OPTIONS, options as Record<string, unknown>);
  return {o: values as BHErrorOptionValues, notes};
}
