/**
 * The dust disc's GPU engine: DustGPU (the combined substep, shaders/dust/ with
 * shaders/gravity/ and shaders/sort/) runs `substeps` substeps and BodyRenderer draws the
 * bodies straight from the particle buffer (radius ∝ √mass), one submit per frame. The only
 * readback is the counters (`state`: count, largest and total mass, the mass spectrum, the
 * momentum ledger of dust/momentum.wgsl) through
 * a staging ring, never awaited by a frame; the count it reports shrinks the passes
 * (`DustGPU.setCount`).
 * The first frame comes before the simulation's kernels exist, as the water's does
 * (components/widgets/water/gpu.ts): the render pipeline compiles first and draws the initial
 * bodies (the same scene the simulation then starts from) from two buffers of their own; the
 * ~26 compute pipelines compile after that frame is done (on a CPU-emulated adapter they
 * compile one after another, for seconds). Until they exist the engine is not running
 * (`.value.engine` "pending") but `.value` already says the disc's size.
 * The count, the pace and the frames in flight are the runtime's (`ctx.load`, decided from the
 * widget's rule before this engine was built, and again for the reader's new count).
 */
import {adapterName} from "../../gpu/adapter.js";
import {StagingRing} from "../../gpu/readback.js";
import type {ResourceScope} from "../../gpu/scope.js";
import {Usage} from "../../gpu/usage.js";
import {decodeDustState, DUST_STATE_WORDS, DustGPU} from "../../dust/gpu.js";
import type {DustParams} from "../../dust/params.js";
import {compareScene, discScene} from "../../dust/scene.js";
import {momentumDrift, momentumSums} from "../../dust/twin.js";
import {type Bodies, packBodies} from "../../gravity/bodies.js";
import {BodyRenderer} from "../../sim/body-renderer.js";
import {skyLook} from "../shared/gravity/sky.js";
import type {GPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {softwareMessage} from "../runtime/status.js";
import {applyControls, type DustDiscEngine, type DustDiscSetup} from "./engine.js";
import {dustStyle, dustView} from "./draw.js";

/**
 * Draws `bodies` once with `renderer` from two buffers of their own (in `scope`), before the
 * simulation exists; resolves when the GPU has drawn them. `redraw` draws them again (a resize
 * clears the canvas) until `release` frees the buffers. The hero marks "first-gpu-frame".
 */
async function firstFrame(device: GPUDevice, scope: ResourceScope, renderer: BodyRenderer, s: DustDiscSetup, bodies: Bodies, unitRadius: number) {
  const {stage} = s;
  const {pm: pmData, va: vaData} = packBodies(bodies);
  const buffer = (label: string, data: Float32Array<ArrayBuffer>) => {
    const b = scope.buffer({label, size: Math.max(16, data.byteLength), usage: Usage.STORAGE | Usage.COPY_DST});
    if (data.byteLength) device.queue.writeBuffer(b, 0, data);
    return b;
  };
  let pm: GPUBuffer | null = buffer("dust-initial-pm", pmData);
  let va: GPUBuffer | null = buffer("dust-initial-va", vaData);
  const redraw = () => {
    if (!pm || !va || scope.disposed || !stage.hasSize || !renderer.resize()) return false;
    const enc = device.createCommandEncoder({label: "dust-first-frame"});
    const view = dustView(stage, s.scene);
    renderer.encode(enc, pm, va, bodies.n, view, dustStyle(stage, view, unitRadius, bodies.n, s.scene));
    device.queue.submit([enc.finish()]);
    return true;
  };
  if (redraw()) {
    await device.queue.onSubmittedWorkDone();
    if (s.hero) performance.mark("first-gpu-frame");
  }
  return {
    redraw,
    release() {
      if (!scope.disposed) for (const b of [pm, va]) if (b) scope.destroyBuffer(b);
      pm = va = null;
    },
  };
}

/** `state` at the start of a disc of `bodies` (every one a grain). */
function startState(state: DustDiscSetup["state"], bodies: Bodies, params: DustParams) {
  const n = bodies.n;
  const m0 = momentumSums(bodies, params);
  Object.assign(state, {
    count: n,
    initialCount: n,
    merges: 0,
    totalMass: n,
    largestMass: 1,
    steps: 0,
    momentumDrift: 0,
    momentumStart: {px: m0.px, py: m0.py, speedSum: m0.speedSum},
    spectrum: [n, ...new Array(23).fill(0)],
  });
}

export async function dustDiscGPU(ctx: GPUEngineContext, s: DustDiscSetup): Promise<DustDiscEngine> {
  const {device, handle} = ctx;
  const {state, stage} = s;
  // the CPU emulation's name for the message (null on a hardware GPU)
  const renderer0 = ctx.load.renderer;
  const cloud = s.scene === "cloud";
  const grains = () => ctx.load.count;
  const substeps = ctx.load.pace ?? s.substeps;
  const info = (n: number) => {
    const load = {renderer: renderer0 ?? "", subject: cloud ? "the cloud" : "the disc", load: `${fmtNumber(n)} grains`};
    if (renderer0 && (state.requested === null || cloud))
      // a hero's compact line says the short form (status.ts): the switch under it must fit its row
      ctx.status.info(softwareMessage(load), softwareMessage({...load, short: true}));
    else
      ctx.status.info(
        `GPU (${adapterName(handle.adapterInfo)}): ${fmtNumber(n)} grains, the tree and the grid rebuilt every substep, ${substeps} substep${substeps > 1 ? "s" : ""} per frame.`
      );
  };
  /** A disc of n grains starts: `.value`, the controls and the status line say so (before the kernels exist, too). */
  const begin = (n: number, scene: {bodies: Bodies; params: DustParams}) => {
    startState(s.state, scene.bodies, scene.params);
    info(n);
    s.started(n, "gpu");
    s.publish();
  };
  const sceneOf = (n: number) => (cloud ? compareScene(n, s.seed) : discScene(n, s.seed));
  // the render pipeline (one, small) first, and the initial disc drawn with it
  const renderer = await BodyRenderer.create(device, ctx.scope, {canvas: stage.canvas, wgsl: ctx.wgsl});
  renderer.setLook(skyLook(stage.canvas));
  const n0 = grains();
  const scene0 = sceneOf(n0);
  begin(n0, scene0);
  const initial = await firstFrame(device, ctx.scope, renderer, s, scene0.bodies, scene0.params.unitRadius);
  s.shown();
  let compiling = true;
  stage.onResize(() => {
    renderer.setLook(skyLook(stage.canvas));
    if (compiling) initial.redraw();
  });
  // then the simulation's kernels
  let capacity = Math.max(n0, 1);
  let dust = await DustGPU.create(device, ctx.scope, ctx.wgsl, {maxBodies: capacity});
  dust.setForces(state.forces);
  compiling = false;
  initial.release();
  const ring = new StagingRing(ctx.scope, DUST_STATE_WORDS * 4, 3);
  const maxInFlight = ctx.load.maxInFlight;
  let inFlight = 0;
  let base!: DustParams;
  let generation = 0;
  let last = -Infinity;
  let rebuilding = false;
  const reset = (given?: {bodies: Bodies; params: DustParams}) => {
    const n = given?.bodies.n ?? grains();
    if (n > capacity) {
      // a larger disc than the buffers hold: a new pipeline (the old one's scope goes with it)
      rebuilding = true;
      dust.dispose();
      capacity = n;
      DustGPU.create(device, ctx.scope, ctx.wgsl, {maxBodies: capacity}).then(
        (d) => {
          dust = d;
          dust.setForces(state.forces);
          rebuilding = false;
          reset();
        },
        (e) => ctx.status.warn(`The disc could not be rebuilt: ${e instanceof Error ? e.message : String(e)}`)
      );
      return;
    }
    const scene = given ?? sceneOf(n);
    base = scene.params;
    dust.setParams(applyControls(base, state));
    dust.setBodies(scene.bodies);
    generation++;
    begin(n, scene);
  };
  const draw = () => {
    if (rebuilding || !stage.hasSize || !renderer.resize()) return;
    const enc = device.createCommandEncoder({label: "dust-draw"});
    const view = dustView(stage, s.scene);
    renderer.encode(enc, dust.gravity.pm, dust.gravity.va, dust.count, view, dustStyle(stage, view, base.unitRadius, dust.count, s.scene));
    device.queue.submit([enc.finish()]);
  };
  reset(scene0);
  draw();
  return {
    reset: () => reset(),
    draw,
    setControls: () => dust.setParams({...applyControls(base, state), pointer: s.pointer(state.steps * base.dt)}),
    frame(_dt, now) {
      if (rebuilding || !stage.hasSize || inFlight >= maxInFlight || !renderer.resize()) return;
      dust.setParams({...applyControls(base, state), pointer: s.pointer(state.steps * base.dt)});
      const enc = device.createCommandEncoder({label: "dust-frame"});
      for (let k = 0; k < substeps; k++) dust.encodeSubstep(enc);
      const view = dustView(stage, s.scene);
      renderer.encode(enc, dust.gravity.pm, dust.gravity.va, dust.count, view, dustStyle(stage, view, base.unitRadius, dust.count, s.scene));
      const slot = ring.acquire();
      if (slot) ring.copy(enc, slot, dust.state, 0, 0, DUST_STATE_WORDS * 4);
      device.queue.submit([enc.finish()]);
      state.steps += substeps;
      inFlight++;
      device.queue.onSubmittedWorkDone().then(
        () => inFlight--,
        () => {}
      );
      if (slot) {
        const gen = generation;
        const d = dust;
        ring.commit(slot, (bytes) => {
          if (gen !== generation || d !== dust) return;
          const c = decodeDustState(bytes);
          d.setCount(c.count);
          state.count = c.count;
          state.merges = state.initialCount - c.count;
          state.totalMass = c.totalMass;
          state.largestMass = c.largestMass;
          state.spectrum = c.spectrum;
          state.momentumDrift = momentumDrift(c.momentum, state.momentumStart, c.momentum, state.momentumStart.speedSum);
          if (now - last > 250) {
            last = now;
            s.publish();
          }
        });
      }
      s.frames.n++;
    },
  };
}
