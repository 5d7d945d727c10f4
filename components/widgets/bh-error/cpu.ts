/**
 * The CPU engine of the §5 widget: the twin's Barnes–Hut accelerations against its exact
 * O(N²) sum (`forceErrors`), and a `GravityTwin` run at the reader's θ for the drift chart, at
 * the runtime's count (`ctx.load.count`: the reader's, at most the widget's `fallbackCount`).
 */
import {type Bodies, GRAVITY_DEFAULTS} from "../../gravity/bodies.js";
import {directAccelerations, invariants} from "../../gravity/direct.js";
import {plummerScene} from "../../gravity/scenes.js";
import {barnesHutAccelerations, forceErrors, GravityTwin} from "../../gravity/twin.js";
import type {CPUEngineContext, Engine} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import type {DriftPoint, ErrorPoint} from "./options.js";

export interface ErrorEngine extends Engine {
  /** Bodies compared. */
  readonly count: number;
  /** Median and 99th-percentile relative force error at θ against the exact sum. */
  measure(theta: number): Promise<ErrorPoint>;
  /** Starts the drift run again at θ (the chart's series restarts). */
  restartDrift(theta: number): void;
}

export interface ErrorSetup {
  count: number;
  seed: number;
  /** A new drift sample (the series so far). */
  onDrift(points: DriftPoint[]): void;
  frames: {n: number};
}

/** How often the drift run is sampled (its invariants are O(N²) on the CPU). */
export const DRIFT_SAMPLE_MS = 400;
/** Longest drift series kept (samples). */
export const DRIFT_MAX = 300;

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

export function errorCPU(ctx: CPUEngineContext, s: ErrorSetup): ErrorEngine {
  const n = ctx.load.count;
  const bodies = plummerScene(n, s.seed);
  const exact = directAccelerations(bodies, GRAVITY_DEFAULTS.G, GRAVITY_DEFAULTS.softening);
  const fewer = n < s.count ? ` It compares ${fmtNumber(n)} bodies instead of ${fmtNumber(s.count)}.` : "";
  ctx.status.warn(`${ctx.reason} The CPU twin computes both the Barnes–Hut and the exact forces.${fewer}`);
  const drift = driftSeries(s.onDrift);
  let twin: GravityTwin | null = null;
  let last = -Infinity;
  return {
    count: n,
    async measure(theta) {
      const e = forceErrors(barnesHutAccelerations(bodies, {...GRAVITY_DEFAULTS, theta}), exact);
      return {theta, median: e.median, p99: e.p99};
    },
    restartDrift(theta) {
      twin = new GravityTwin(bodies, {...GRAVITY_DEFAULTS, theta});
      drift.clear();
      drift.sample(twin.bodies, 0);
      last = performance.now();
    },
    frame(_dt, now) {
      if (!twin) return;
      twin.step();
      s.frames.n++;
      if (now - last > DRIFT_SAMPLE_MS) {
        last = now;
        drift.sample(twin.bodies, twin.time);
      }
    },
  };
}
