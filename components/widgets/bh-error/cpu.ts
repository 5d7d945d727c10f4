/**
 * The CPU engine of the §5 widget: the twin's Barnes–Hut accelerations against its exact
 * O(N²) sum (`forceErrors`), and a `GravityTwin` run at the reader's θ for the drift chart, at
 * the runtime's count (`ctx.load.count`: the reader's, at most the widget's `fallbackCount`).
 */
import {GRAVITY_DEFAULTS} from "../../gravity/bodies.js";
import {directAccelerations} from "../../gravity/direct.js";
import {plummerScene} from "../../gravity/scenes.js";
import {barnesHutAccelerations, forceErrors, GravityTwin} from "../../gravity/twin.js";
import type {CPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {DRIFT_SAMPLE_MS, driftSeries, type BHErrorEngine, type BHErrorSetup} from "./engine.js";

export function bhErrorCPU(ctx: CPUEngineContext, s: BHErrorSetup): BHErrorEngine {
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
