/**
 * The dust disc's CPU engine: the twin of the combined substep (`DustTwin`: Barnes–Hut,
 * contacts, merging and compaction in JavaScript) at the runtime's count (`ctx.load.count`: the
 * widget's `fallbackCount`, or CLOUD_SMALL grains of the cloud), one substep per frame, drawn on
 * a 2D canvas.
 */
import {compareScene, discScene} from "../../dust/scene.js";
import {DustTwin, dustTotals} from "../../dust/twin.js";
import type {DustParams} from "../../dust/params.js";
import type {CPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {drawDust2D, dustView} from "./draw.js";
import {applyControls, type DustDiscEngine, type DustDiscSetup, spectrumOf} from "./engine.js";

export function dustDiscCPU(ctx: CPUEngineContext, s: DustDiscSetup): DustDiscEngine {
  const {state, stage} = s;
  let twin!: DustTwin;
  let base!: DustParams;
  let last = -Infinity;
  const sync = () => {
    const t = dustTotals(twin.bodies);
    state.count = t.count;
    state.merges = state.initialCount - t.count;
    state.totalMass = t.mass;
    state.largestMass = t.largestMass;
    state.steps = twin.steps;
    state.momentumDrift = twin.momentumDrift;
    state.spectrum = spectrumOf(twin.bodies.m);
  };
  const reset = () => {
    const n = ctx.load.count;
    const scene = s.scene === "cloud" ? compareScene(n, s.seed) : discScene(n, s.seed);
    base = scene.params;
    twin = new DustTwin(scene.bodies, applyControls(base, state), state.forces);
    state.initialCount = n;
    state.momentumStart = {...twin.start};
    sync();
    s.started(n, "cpu");
    ctx.status.warn(`${ctx.reason} The CPU twin simulates ${fmtNumber(n)} grains (gravity tree, contacts and merging in JavaScript), one substep per frame.`);
    s.publish();
  };
  const draw = () => {
    if (!stage.hasSize) return;
    drawDust2D(stage, dustView(stage, s.scene), twin.bodies, base.unitRadius, s.scene);
    s.shown();
  };
  reset();
  draw();
  return {
    reset,
    draw,
    setControls() {
      twin.params = {...applyControls(twin.params, state)};
    },
    frame(_dt, now) {
      if (!stage.hasSize) return;
      twin.params.pointer = s.pointer(twin.steps * twin.params.dt);
      twin.step();
      sync();
      if (now - last > 250) {
        last = now;
        s.publish();
      }
      draw();
      s.frames.n++;
    },
  };
}
