/**
 * The 3D galaxy's CPU engine: the twin (Gravity3Twin: keys → radix sort → octree → walk,
 * leapfrog) at the runtime's count (`ctx.load.count`: the widget's `fallbackCount`), drawn on a
 * 2D canvas through the same camera.
 */
import {Gravity3Twin} from "../../gravity3d/twin.js";
import {scene3} from "../../gravity3d/scenes.js";
import type {CPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {ema} from "../shared/gravity/step-time.js";
import {drawBodies3D} from "./draw.js";
import type {Galaxy3DEngine, Galaxy3DSetup} from "./engine.js";

const ENERGY_EVERY_MS = 1000;

export function galaxy3DCPU(ctx: CPUEngineContext, s: Galaxy3DSetup): Galaxy3DEngine {
  const {state, stage} = s;
  let twin!: Gravity3Twin;
  let e0 = 0;
  let last = -Infinity;
  const reset = () => {
    state.count = ctx.load.count;
    twin = new Gravity3Twin(scene3(state.scene, state.count, s.seed), {theta: state.theta});
    e0 = twin.energy().total;
    state.energyDrift = 0;
    state.stepMs = null;
    last = performance.now();
    ctx.status.warn(`${ctx.reason} The CPU twin simulates ${fmtNumber(state.count)} bodies (the octree in JavaScript), one step per frame.`);
    s.publish();
  };
  const draw = () => {
    if (!stage.hasSize) return;
    drawBodies3D(stage, s.camera.matrix(), twin.bodies, {byGalaxy: state.colour === "galaxy", px: 2, alpha: 0.8, heavy: 0.01});
  };
  reset();
  draw();
  return {
    reset,
    draw,
    setTheta() {
      twin.params = {...twin.params, theta: state.theta};
    },
    setCount() {
      state.count = ctx.load.count; // the twin keeps its count
      s.publish();
    },
    frame(_dt, now) {
      if (!stage.hasSize) return;
      const t0 = performance.now();
      twin.step();
      state.stepMs = ema(state.stepMs, performance.now() - t0);
      if (now - last > ENERGY_EVERY_MS) {
        last = now;
        state.energyDrift = (twin.energy().total - e0) / Math.abs(e0);
        s.publish();
      }
      draw();
      s.frames.n++;
    },
  };
}
