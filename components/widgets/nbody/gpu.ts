/**
 * The GPU engine of the §1 widget: GravityGPU's tiled O(N²) kernel (shaders/gravity/direct.wgsl:
 * each workgroup loads tiles of bodies into workgroup memory and every thread sums the
 * whole tile) inside a leapfrog step, one step and one draw (BodyRenderer, from the GPU
 * buffers) per frame in one submit. Energy: the bodies are read back about once a second
 * (never awaited by a frame) and summed on the CPU (O(N²) at ≤ 4,096 bodies).
 */
import {invariants} from "../../gravity/direct.js";
import {GravityGPU} from "../../gravity/gpu.js";
import {plummerScene} from "../../gravity/scenes.js";
import {BodyRenderer} from "../../sim/body-renderer.js";
import {skyLook, skyView} from "../shared/gravity/sky.js";
import type {GPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {adapterName} from "../../gpu/adapter.js";
import type {NBodyEngine, NBodySetup} from "./engine.js";
import {ema} from "../shared/gravity/step-time.js";

const ENERGY_EVERY_MS = 1000;

/** Builds the GPU engine on `ctx.device` (buffers sized for `maxCount` once). */
export async function nbodyGPU(ctx: GPUEngineContext, s: NBodySetup, maxCount: number): Promise<NBodyEngine> {
  const {device, handle} = ctx;
  const {state, stage} = s;
  const g = await GravityGPU.create(device, ctx.scope, ctx.wgsl, {maxBodies: maxCount});
  const renderer = await BodyRenderer.create(device, ctx.scope, {canvas: stage.canvas, wgsl: ctx.wgsl});
  // the theme's look (night sky or ink on the page); the stage calls back on a theme change
  renderer.setLook(skyLook(stage.canvas));
  stage.onResize(() => renderer.setLook(skyLook(stage.canvas)));
  let inFlight = 0;
  let reading = false;
  let lastEnergy = -Infinity;
  let generation = 0;
  const info = () =>
    ctx.status.info(
      `GPU (${adapterName(handle.adapterInfo)}): the tiled O(N²) kernel sums all ${fmtNumber(state.simulated * (state.simulated - 1))} pair terms of ${fmtNumber(state.simulated)} bodies every step.`
    );
  const reset = () => {
    state.simulated = state.count;
    g.setBodies(plummerScene(state.simulated, s.seed), "direct");
    state.stepMs = null;
    state.energy = state.energy0 = null;
    generation++;
    lastEnergy = -Infinity;
    info();
    s.publish();
  };
  const readEnergy = () => {
    reading = true;
    const gen = generation;
    g.readBodies().then(
      (b) => {
        reading = false;
        if (ctx.scope.disposed || gen !== generation) return;
        state.energy = invariants(b, g.parameters.G, g.parameters.softening).total;
        state.energy0 ??= state.energy;
        s.publish();
      },
      () => {
        reading = false; // the device went away: the runtime rebuilds
      }
    );
  };
  const style = {radiusPx: 2.2, alpha: 0.9, speedRange: [0, 1.2] as [number, number]};
  /** Draws the bodies as they are, no step (a paused widget, a print still). */
  const draw = () => {
    if (!stage.hasSize || !renderer.resize()) return;
    const enc = device.createCommandEncoder({label: "nbody-draw"});
    renderer.encode(enc, g.pm, g.va, g.count, skyView(stage, s.half), style);
    device.queue.submit([enc.finish()]);
  };
  reset();
  draw();
  return {
    reset,
    draw,
    frame(_dt, now) {
      if (!stage.hasSize || inFlight > 0 || !renderer.resize()) return;
      const enc = device.createCommandEncoder({label: "nbody-frame"});
      g.encodeStep(enc, undefined, "direct");
      renderer.encode(enc, g.pm, g.va, g.count, skyView(stage, s.half), style);
      const t0 = performance.now();
      device.queue.submit([enc.finish()]);
      inFlight++;
      device.queue.onSubmittedWorkDone().then(
        () => {
          inFlight--;
          state.stepMs = ema(state.stepMs, performance.now() - t0);
        },
        () => {}
      );
      if (!reading && now - lastEnergy > ENERGY_EVERY_MS) {
        lastEnergy = now;
        readEnergy();
      }
      s.frames.n++;
    },
  };
}
