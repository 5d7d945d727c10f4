/**
 * The GPU engine of the sand demo: SandGPU re-sorts every grain by cell every substep
 * (the phases of `SAND_PHASES`: count, folded into the forces pass → scan → scatter → forces); all substeps of a frame, the stats copy
 * and the disc rendering go to the GPU in one submit. With timestamp-query each phase is
 * timed (PassTimer) and the diagram lights its boxes by the real shares; without it the
 * submit-to-done time stands in. Everything lives in the engine's scope. It pours the runtime's
 * count (`ctx.load.count`: on a CPU emulation without a count from the page, the widget's reduced
 * one) into the box the widget's state holds for it.
 */
import {adapterName} from "../../gpu/adapter.js";
import {StagingRing} from "../../gpu/readback.js";
import {SandGPU, SAND_PHASES} from "../../sand/gpu-sand.js";
import {SAND_MAX_GRAINS} from "../../sand/params.js";
import {pourSand} from "../../sand/pour.js";
import {DiscRenderer} from "../../sim/renderer.js";
import {PassTimer, type PassTimes} from "../../sim/timing.js";
import type {GPUEngineContext} from "../runtime/engine.js";
import {sandPalette} from "./draw.js";
import type {SandEngine, SandSetup} from "./engine.js";

/** Bytes of the stats counters read back each frame (candidates, collisions, contacts, unused). */
const STATS_BYTES = 16;

/** Builds the GPU engine on `ctx.device`. */
export async function sandGPU(ctx: GPUEngineContext, s: SandSetup): Promise<SandEngine> {
  const {device, handle} = ctx;
  const {state, params, value, diagram} = s;
  const sand = await SandGPU.create(device, ctx.scope, ctx.wgsl, {maxParticles: SAND_MAX_GRAINS});
  const renderer = await DiscRenderer.create(device, ctx.scope, {canvas: s.stage.canvas, wgsl: ctx.wgsl});
  // a few slots, so a frame never waits for the readback of an earlier one
  const statsRing = new StagingRing(ctx.scope, STATS_BYTES, 3);
  const onTimes = (t: PassTimes) => {
    value.gpuMsPerFrame = s.smooth("total", t.total);
    for (const {key} of SAND_PHASES) value.passMs[key] = s.smooth(key, t.byLabel[key] ?? 0);
    value.passMs.clear = 0; // no clear pass: the scan zeroes the counters
    diagram.setShares(value.passMs as Record<string, number>);
  };
  const timer = handle.timestamps ? PassTimer.create(device, ctx.scope, 8 * SAND_PHASES.length, onTimes) : null;
  if (!timer) diagram.setShares(null);

  const pour = () => {
    sand.setParams(params);
    sand.load(pourSand(ctx.load.count, Math.floor(Math.random() * 1e9), undefined, params.box));
    value.frames = 0;
  };
  sand.setHashed(state.hashed);
  pour();
  ctx.status.info(`Running on the GPU (${adapterName(handle.adapterInfo)}), every grain re-sorted by cell every substep.`);

  const readStats = (slot: GPUBuffer) => {
    const subs = state.substeps;
    statsRing.commit(slot, (bytes) => {
      const c = new Uint32Array(bytes);
      value.candidates = Math.round(c[0] / subs);
      value.collisionCandidates = Math.round(c[1] / subs);
      value.contactPairs = Math.round(c[2] / 2 / subs);
    });
  };
  const encodeDraw = (enc: GPUCommandEncoder) => {
    if (renderer.resize()) renderer.encode(enc, sand.a, sand.count, s.view(), {radius: params.radius * 1.05, colorMode: "id", palette: sandPalette(s.stage)});
  };
  /** The grains where they are now, drawn again (a paused widget, a print still): one submit, no step. */
  const draw = () => {
    if (!s.stage.hasSize) return;
    const enc = device.createCommandEncoder({label: "sand-draw"});
    encodeDraw(enc);
    device.queue.submit([enc.finish()]);
  };
  let inFlight = false;
  const frame = (_dt: number, now: number) => {
    if (!s.stage.hasSize) return;
    s.syncPointer();
    sand.setParams(params);
    const enc = device.createCommandEncoder({label: "sand-frame"});
    const timed = timer ? timer.beginFrame() : false;
    sand.encodeFrame(enc, state.substeps, timed ? timer : null);
    const slot = statsRing.acquire();
    if (slot) statsRing.copy(enc, slot, sand.stats, 0, 0, STATS_BYTES);
    encodeDraw(enc);
    if (timed) timer!.resolve(enc);
    const t0 = performance.now();
    device.queue.submit([enc.finish()]);
    timer?.commit();
    if (slot) readStats(slot);
    if (!timer && !inFlight) {
      // one probe at a time: the time from submit to done of this frame's work
      inFlight = true;
      void device.queue.onSubmittedWorkDone().then(() => {
        inFlight = false;
        value.frameMs = s.smooth("frame", performance.now() - t0);
      });
    }
    s.afterFrame(now);
  };
  return {frame, draw, pour, setHashed: (h) => sand.setHashed(h)};
}
