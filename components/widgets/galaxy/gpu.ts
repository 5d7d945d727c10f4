/**
 * The galaxy's GPU engine: GravityGPU (keys → radix sort → tree → centre of mass → walk →
 * leapfrog, shaders/gravity/) runs `stepsPerFrame` steps and BodyRenderer draws the bodies
 * straight from the pipeline's buffers, one submit per frame; the data never leaves the GPU
 * except a readback every two seconds for the energy (only up to ENERGY_MAX bodies, never
 * awaited by a frame). The perturber is the pipeline's external mass.
 */
import {invariants} from "../../gravity/direct.js";
import {GravityGPU} from "../../gravity/gpu.js";
import {discScene} from "../../gravity/scenes.js";
import {BodyRenderer} from "../../sim/body-renderer.js";
import {skyLook} from "../shared/gravity/sky.js";
import type {GPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {softwareMessage} from "../runtime/status.js";
import {adapterName} from "../../gpu/adapter.js";
import {ema} from "../shared/gravity/step-time.js";
import type {GalaxyEngine, GalaxySetup} from "./engine.js";
import {galaxyView, SPEED_RANGE} from "./draw.js";
import {ENERGY_MAX} from "./options.js";

const ENERGY_EVERY_MS = 2000;

/**
 * Builds the GPU engine on `ctx.device`. Its count, pace and frames in flight are the runtime's
 * (`ctx.load`, decided from the widget's rule before this engine was built: the asked count, or
 * one sized to the device, or 1,500 bodies at one step per frame on a CPU emulation).
 */
export async function galaxyGPU(ctx: GPUEngineContext, s: GalaxySetup): Promise<GalaxyEngine> {
  const {device, handle} = ctx;
  const {state, stage} = s;
  // the CPU emulation's name for the message (null on a hardware GPU)
  const renderer0 = ctx.load.renderer;
  const count = ctx.load.count;
  // The subgroup walk where the device has subgroups: on the H200 it was 8–15 % faster than the
  // per-thread walk at θ 0.5 and no less accurate in the median (data/bench/gravity-h200.md).
  const g = await GravityGPU.create(device, ctx.scope, ctx.wgsl, {maxBodies: count, walk: "subgroup"});
  const renderer = await BodyRenderer.create(device, ctx.scope, {canvas: stage.canvas, wgsl: ctx.wgsl});
  // the theme's look (night sky or ink on the page); the stage calls back on a theme change
  renderer.setLook(skyLook(stage.canvas));
  stage.onResize(() => renderer.setLook(skyLook(stage.canvas)));
  const maxInFlight = ctx.load.maxInFlight;
  const steps = ctx.load.pace ?? state.stepsPerFrame;
  let inFlight = 0;
  let reading = false;
  let last = -Infinity;
  let e0: number | null = null;
  let generation = 0;
  // on a software adapter without a requested count, the shared software line says what is reduced
  const load = {renderer: renderer0 ?? "", subject: "the galaxy", load: `${fmtNumber(count)} bodies`, pace: "one step per frame"};
  const info = () =>
    renderer0 && state.requested === null
      ? // a hero's compact line says the short form (status.ts): the whole sentence and the switch under it would not fit its row
        ctx.status.info(`${softwareMessage(load)} The tree is rebuilt every step.`, softwareMessage({...load, short: true}))
      : ctx.status.info(
          `GPU (${adapterName(handle.adapterInfo)}): ${fmtNumber(count)} bodies${state.requested === null ? " (sized to this GPU)" : ""}, the tree rebuilt every step, ${steps} step${steps > 1 ? "s" : ""} per frame.`
        );
  const reset = () => {
    state.count = count;
    g.setParams({theta: state.theta});
    g.setBodies(discScene(count, s.seed), "barnes-hut");
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
    g.readBodies().then(
      (b) => {
        reading = false;
        if (ctx.scope.disposed || gen !== generation) return;
        const e = invariants(b, g.parameters.G, g.parameters.softening).total;
        e0 ??= e;
        state.energyDrift = (e - e0) / Math.abs(e0);
        s.publish();
      },
      () => {
        reading = false;
      }
    );
  };
  const style = {radiusPx: count > 50_000 ? 1.3 : 2, alpha: count > 50_000 ? 0.35 : 0.7, speedRange: SPEED_RANGE, heavyMass: 0.01};
  /** Draws the bodies as they are, no step (the first picture, a paused widget, a print still). */
  const draw = () => {
    if (!stage.hasSize || !renderer.resize()) return;
    const enc = device.createCommandEncoder({label: "galaxy-draw"});
    renderer.encode(enc, g.pm, g.va, g.count, galaxyView(stage), style);
    device.queue.submit([enc.finish()]);
    device.queue.onSubmittedWorkDone().then(
      () => s.shown(),
      () => {}
    );
  };
  reset();
  // the initial disc at once: the first step (tree build and walk) can take a while on a slow adapter
  draw();
  return {
    reset,
    draw,
    setTheta: () => g.setParams({theta: state.theta}),
    frame(_dt, now) {
      if (!stage.hasSize || inFlight >= maxInFlight || !renderer.resize()) return;
      g.setExternal(s.perturber());
      const enc = device.createCommandEncoder({label: "galaxy-frame"});
      for (let k = 0; k < steps; k++) g.encodeStep(enc);
      renderer.encode(enc, g.pm, g.va, g.count, galaxyView(stage), style);
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
      if (count <= ENERGY_MAX && !reading && now - last > ENERGY_EVERY_MS) {
        last = now;
        readEnergy();
      }
      if (now - last > 500 && count > ENERGY_MAX) {
        last = now;
        s.publish(); // stepMs changes: publish a few times a second
      }
      s.frames.n++;
    },
  };
}
