/**
 * The GPU engine of the §5 widget. Two GravityGPU pipelines in the engine's scope: one
 * holds the fixed scene and computes the exact O(N²) accelerations once (tiled kernel) and
 * the Barnes–Hut ones at each θ asked for (read back, compared body by body by id:
 * the walk returns the bodies in Morton order); the other runs the drift simulation at the
 * reader's θ, a few steps per frame, its bodies read back a few times a second (never
 * awaited by a frame) for the energy and momentum. Its count and pace are the runtime's
 * (`ctx.load`: the reader's count; one step per frame on a CPU emulation of a GPU).
 */
import {GRAVITY_DEFAULTS} from "../../gravity/bodies.js";
import {GravityGPU} from "../../gravity/gpu.js";
import {plummerScene} from "../../gravity/scenes.js";
import {forceErrors} from "../../gravity/twin.js";
import type {GPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {adapterName} from "../../gpu/adapter.js";
import {softwareMessage} from "../runtime/status.js";
import {DRIFT_SAMPLE_MS, driftSeries, type BHErrorEngine, type BHErrorSetup} from "./engine.js";

/** Accelerations of `g`'s bodies in input order (by id), float64. */
async function accelerationsById(g: GravityGPU) {
  const b = await g.readBodies();
  const ax = new Float64Array(b.n),
    ay = new Float64Array(b.n);
  for (let k = 0; k < b.n; k++) {
    ax[b.id[k]] = b.ax[k];
    ay[b.id[k]] = b.ay[k];
  }
  return {ax, ay};
}

export async function bhErrorGPU(ctx: GPUEngineContext, s: BHErrorSetup): Promise<BHErrorEngine> {
  const {device, handle} = ctx;
  const n = ctx.load.count;
  const bodies = plummerScene(n, s.seed);
  const probe = await GravityGPU.create(device, ctx.scope, ctx.wgsl, {maxBodies: n});
  const sim = await GravityGPU.create(device, ctx.scope, ctx.wgsl, {maxBodies: n});
  probe.setBodies(bodies, "direct");
  const exact = await accelerationsById(probe);
  // on a CPU emulation (the runtime's load) the drift run takes one step per frame, not 4, and says so
  const renderer = ctx.load.renderer;
  const stepsPerFrame = ctx.load.pace ?? 4;
  const soft = renderer ? ` ${softwareMessage({renderer, subject: "the drift run", load: `${fmtNumber(n)} bodies`, pace: "one step per frame"})}` : "";
  ctx.status.info(
    `GPU (${adapterName(handle.adapterInfo)}): the walk's forces on ${fmtNumber(n)} bodies against the tiled O(N²) kernel's, both computed on the GPU.${soft}`
  );
  const drift = driftSeries(s.onDrift);
  let inFlight = 0;
  let reading = false;
  let last = -Infinity;
  let generation = 0;
  let steps = 0;
  return {
    count: n,
    async measure(theta) {
      probe.setParams({theta});
      probe.setBodies(bodies, "barnes-hut");
      const e = forceErrors(await accelerationsById(probe), exact);
      return {theta, median: e.median, p99: e.p99};
    },
    restartDrift(theta) {
      generation++;
      sim.setParams({theta});
      sim.setBodies(bodies, "barnes-hut");
      steps = 0;
      drift.clear();
      drift.sample(bodies, 0);
      last = performance.now();
    },
    frame(_dt, now) {
      if (inFlight > 0) return;
      sim.step(stepsPerFrame);
      steps += stepsPerFrame;
      s.frames.n++;
      inFlight++;
      device.queue.onSubmittedWorkDone().then(
        () => inFlight--,
        () => {}
      );
      if (reading || now - last < DRIFT_SAMPLE_MS) return;
      last = now;
      reading = true;
      const gen = generation;
      const t = steps * GRAVITY_DEFAULTS.dt;
      sim.readBodies().then(
        (b) => {
          reading = false;
          if (!ctx.scope.disposed && gen === generation) drift.sample(b, t);
        },
        () => {
          reading = false;
        }
      );
    },
  };
}
