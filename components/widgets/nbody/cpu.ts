/**
 * The CPU engine of the §1 widget: the twin's exact O(N²) sum (`GravityTwin`, method
 * "direct", leapfrog) at up to `fallbackCount` bodies, drawn on a 2D canvas.
 */
import {GRAVITY_DEFAULTS} from "../../gravity/bodies.js";
import {plummerScene} from "../../gravity/scenes.js";
import {GravityTwin} from "../../gravity/twin.js";
import {drawBodies2D, skyView} from "../shared/gravity/sky.js";
import type {CPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import type {NBodyEngine, NBodySetup} from "./engine.js";
import {ema} from "../shared/gravity/step-time.js";

const ENERGY_EVERY_MS = 1000;

/** Builds the CPU engine. */
export function nbodyCPU(ctx: CPUEngineContext, s: NBodySetup, fallbackCount: number): NBodyEngine {
  const {state, stage} = s;
  let twin!: GravityTwin;
  let lastEnergy = -Infinity;
  const reset = () => {
    state.simulated = Math.min(state.count, fallbackCount);
    twin = new GravityTwin(plummerScene(state.simulated, s.seed), {...GRAVITY_DEFAULTS}, "direct");
    state.stepMs = null;
    state.energy = state.energy0 = twin.invariants().total;
    lastEnergy = performance.now();
    const fewer = state.simulated < state.count ? ` It simulates ${fmtNumber(state.simulated)} bodies instead of ${fmtNumber(state.count)}.` : "";
    ctx.status.warn(`${ctx.reason} The CPU twin sums all ${fmtNumber(state.simulated * (state.simulated - 1))} pair terms per step in JavaScript.${fewer}`);
    s.publish();
  };
  const draw = () => {
    if (stage.hasSize) drawBodies2D(stage, skyView(stage, s.half), twin.bodies, {vMax: 1.2, px: 2, alpha: 0.9});
  };
  reset();
  return {
    reset,
    frame(_dt, now) {
      if (!stage.hasSize) return;
      const t0 = performance.now();
      twin.step();
      state.stepMs = ema(state.stepMs, performance.now() - t0);
      if (now - lastEnergy > ENERGY_EVERY_MS) {
        lastEnergy = now;
        state.energy = twin.invariants().total;
        s.publish();
      }
      draw();
      s.frames.n++;
    },
    draw,
  };
}
