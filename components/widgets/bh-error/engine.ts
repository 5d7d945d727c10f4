/**
 * The engine contract of the §5 error widget: what both engines (gpu.ts, cpu.ts) get
 * (`BHErrorSetup`), what the widget asks of them (`BHErrorEngine`), and the drift series both keep.
 * Their count and pace are the runtime's (`ctx.load`).
 */
import {type Bodies, GRAVITY_DEFAULTS} from "../../gravity/bodies.js";
import {invariants} from "../../gravity/direct.js";
import type {Engine} from "../runtime/engine.js";
import type {DriftPoint, ErrorPoint} from "./options.js";

export interface BHErrorEngine extends Engine {
  /** Bodies compared. */
  readonly count: number;
  /** Median and 99th-percentile relative force error at θ against the exact sum. */
  measure(theta: number): Promise<ErrorPoint>;
  /** Starts the drift run again at θ (the chart's series restarts). */
  restartDrift(theta: number): void;
}

export interface BHErrorSetup {
  count: number;
  seed: number;
  /** A new drift sample (the series so far). */
  onDrift(points: DriftPoint[]): void;
  frames: {n: number};
}

/** How often the drift run is sampled (its invariants are O(N²) on the CPU). */
export const DRIFT_SAMPLE_MS = 400;
/** Longest drift series kept (samples). */
const DRIFT_MAX = 300;

/** A drift series: sample(b, t) appends {t, ΔE/E₀, |P|}; the first sample sets E₀. */
export function driftSeries(onDrift: (p: DriftPoint[]) => void) {
  let points: DriftPoint[] = [];
  let e0 = 0;
  return {
    clear() {
      points = [];
      onDrift(points);
    },
    sample(b: Bodies, t: number) {
      const inv = invariants(b, GRAVITY_DEFAULTS.G, GRAVITY_DEFAULTS.softening);
      if (points.length === 0) e0 = inv.total;
      if (points.length >= DRIFT_MAX) return;
      points = [...points, {t, dE: (inv.total - e0) / Math.abs(e0), p: Math.hypot(inv.px, inv.py)}];
      onDrift(points);
    },
  };
}
