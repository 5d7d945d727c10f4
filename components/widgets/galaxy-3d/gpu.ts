/**
 * The 3D galaxy's GPU engine: Gravity3GPU (keys → radix sort → octree level by level →
 * centres of mass → walk → leapfrog, shaders/gravity3d/) runs `stepsPerFrame` steps and
 * PointRenderer draws the bodies from the pipeline's buffers in the same submit; nothing is
 * read back to draw. The energy comes from the GPU's partial sums (8 bytes per 256 bodies)
 * every two seconds, never awaited by a frame. The walk is the subgroup-cooperative one on a
 * GPU (H200, θ 0.5, 1,000,000 bodies: 10.3 ms a step against 25.8 with one stack per body,
 * data/bench/gravity3d-h200.json) and the per-thread one on a CPU emulation, whose subgroups of
 * four lanes are emulated and whose shared stacks would only add force terms.
 * The count, the slider's range, the pace and the frames in flight are the runtime's (`ctx.load`,
 * decided from the widget's rule before this engine was built, and again for a new count).
 */
import {GRAVITY3_GPU_WALK, Gravity3GPU, type Walk3Kind} from "../../gravity3d/gpu.js";
import {scene3} from "../../gravity3d/scenes.js";
import {adapterName} from "../../gpu/adapter.js";
import {skyLook} from "../shared/gravity/sky.js";
import {ema} from "../shared/gravity/step-time.js";
import type {GPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {softwareMessage} from "../runtime/status.js";
import type {Galaxy3DEngine, Galaxy3DSetup} from "./engine.js";
import {SPEED_RANGE3} from "./draw.js";
import {PointRenderer} from "../../sim/point-renderer.js";

const ENERGY_EVERY_MS = 2000;

/** Builds the GPU engine on `ctx.device` with the runtime's load (`ctx.load`). */
export async function galaxy3DGPU(ctx: GPUEngineContext, s: Galaxy3DSetup): Promise<Galaxy3DEngine> {
  const {device, handle} = ctx;
  const {state, stage} = s;
  // the CPU emulation's name for the message (null on a hardware GPU); the slider's ends on this GPU
  const renderer0 = ctx.load.renderer;
  const range = ctx.load.range!;
  let count = ctx.load.count;
  const walk: Walk3Kind = ctx.load.target === "software" ? "thread" : "subgroup";
  // the cooperative walk's tree as GRAVITY3_GPU_WALK says (its kernel and workgroup are Gravity3GPU's defaults)
  const walkOptions = walk === "subgroup" ? {walk, leafCapacity: GRAVITY3_GPU_WALK.leafCapacity} : {walk};
  let g = await Gravity3GPU.create(device, ctx.scope, ctx.wgsl, {maxBodies: count, ...walkOptions});
  const renderer = await PointRenderer.create(device, ctx.scope, {canvas: stage.canvas, wgsl: ctx.wgsl});
  renderer.setLook(skyLook(stage.canvas));
  stage.onResize(() => renderer.setLook(skyLook(stage.canvas)));
  const maxInFlight = ctx.load.maxInFlight;
  const steps = ctx.load.pace ?? state.stepsPerFrame;
  let inFlight = 0;
  let reading = false;
  let last = -Infinity;
  let published = -Infinity;
  let e0: number | null = null;
  let generation = 0;
  const info = () =>
    ctx.status.info(
      renderer0
        ? `${softwareMessage({renderer: renderer0, subject: "the 3D galaxy", load: `${fmtNumber(count)} bodies (slider ${fmtNumber(range[0])}–${fmtNumber(range[1])})`, pace: "one step per frame"})}`
        : `GPU (${adapterName(handle.adapterInfo)}): ${fmtNumber(count)} bodies, the octree rebuilt every step, ${steps} step${steps > 1 ? "s" : ""} per frame.`
    );
  const reset = () => {
    state.count = count;
    g.setParams({theta: state.theta});
    g.setBodies(scene3(state.scene, count, s.seed));
    state.stepMs = null;
    state.energyDrift = null;
    e0 = null;
    generation++;
    last = -Infinity;
    info();
    s.publish();
  };
  const readEnergy = () => {
    reading = true;
    const gen = generation;
    g.energy().then(
      (e) => {
        reading = false;
        if (ctx.scope.disposed || gen !== generation) return;
        e0 ??= e.total;
        state.energyDrift = (e.total - e0) / Math.abs(e0);
        s.publish();
      },
      () => {
        reading = false;
      }
    );
  };
  const style = () => ({
    radiusPx: count > 200_000 ? 1 : count > 50_000 ? 1.3 : 2,
    alpha: count > 200_000 ? 0.2 : count > 50_000 ? 0.3 : 0.45,
    speedRange: SPEED_RANGE3,
    byGalaxy: state.colour === "galaxy",
    heavyMass: 0.01,
  });
  const draw = () => {
    if (!stage.hasSize || !renderer.resize()) return;
    const enc = device.createCommandEncoder({label: "galaxy3d-draw"});
    renderer.encode(enc, g.pos, g.vel, g.count, s.camera.matrix(), style());
    device.queue.submit([enc.finish()]);
  };
  reset();
  draw();
  return {
    reset,
    draw,
    setTheta: () => g.setParams({theta: state.theta}),
    async setCount() {
      // the runtime's count for the reader's new one (clamped into the range)
      const next = ctx.load.count;
      if (next === count) return;
      await device.queue.onSubmittedWorkDone();
      if (next > g.maxBodies) {
        g.dispose();
        g = await Gravity3GPU.create(device, ctx.scope, ctx.wgsl, {maxBodies: next, ...walkOptions});
      }
      count = next;
      reset();
      draw();
    },
    frame(_dt, now) {
      if (!stage.hasSize || inFlight >= maxInFlight || !renderer.resize()) return;
      const enc = device.createCommandEncoder({label: "galaxy3d-frame"});
      for (let k = 0; k < steps; k++) g.encodeStep(enc);
      renderer.encode(enc, g.pos, g.vel, g.count, s.camera.matrix(), style());
      const t0 = performance.now();
      device.queue.submit([enc.finish()]);
      inFlight++;
      device.queue.onSubmittedWorkDone().then(
        () => {
          inFlight--;
          state.stepMs = ema(state.stepMs, (performance.now() - t0) / steps);
        },
        () => {}
      );
      if (!reading && now - last > ENERGY_EVERY_MS) {
        last = now;
        readEnergy();
      }
      if (now - published > 500) {
        published = now;
        s.publish();
      }
      s.frames.n++;
    },
  };
}
