/**
 * The galaxy's CPU engine: the twin (`GravityTwin`, Barnes–Hut, leapfrog) at the runtime's count
 * (`ctx.load.count`: the widget's `fallbackCount`), drawn on a 2D canvas; the perturber is the
 * twin's external mass.
 */
import {GRAVITY_DEFAULTS} from "../../gravity/bodies.js";
import {discScene} from "../../gravity/scenes.js";
import {GravityTwin} from "../../gravity/twin.js";
import {drawBodies2D} from "../shared/gravity/sky.js";
import type {CPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {ema} from "../shared/gravity/step-time.js";
import {galaxyView, SPEED_RANGE} from "./draw.js";
import type {GalaxyEngine, GalaxySetup} from "./engine.js";

const ENERGY_EVERY_MS = 1000;

export function galaxyCPU(ctx: CPUEngineContext, s: GalaxySetup): GalaxyEngine {
  const {state, stage} = s;
  let twin!: GravityTwin;
  let e0 = 0;
  let last = -Infinity;
  const reset = () => {
    state.count = ctx.load.count;
    twin = new GravityTwin(discScene(state.count, s.seed), {...GRAVITY_DEFAULTS, theta: state.theta});
    e0 = twin.invariants().total;
    state.energyDrift = 0;
    state.stepMs = null;
    last = performance.now();
    ctx.status.warn(`${ctx.reason} The CPU twin simulates ${fmtNumber(state.count)} bodies (Barnes–Hut in JavaScript), one step per frame.`);
    s.publish();
  };
  const draw = () => {
    if (!stage.hasSize) return;
    drawBodies2D(stage, galaxyView(stage), twin.bodies, {vMax: SPEED_RANGE[1], px: 2, alpha: 0.8, heavy: 0.01});
    s.shown();
  };
  reset();
  draw();
  return {
    reset,
    setTheta() {
      twin.params = {...twin.params, theta: state.theta};
    },
    frame(_dt, now) {
      if (!stage.hasSize) return;
      twin.external = s.perturber();
      const t0 = performance.now();
      twin.step();
      state.stepMs = ema(state.stepMs, performance.now() - t0);
      if (now - last > ENERGY_EVERY_MS) {
        last = now;
        state.energyDrift = (twin.invariants().total - e0) / Math.abs(e0);
        s.publish();
      }
      draw();
      s.frames.n++;
    },
    draw,
  };
}
