/**
 * The GPU engine: WaterGPU (counting sort → density → force per substep, shaders/water/)
 * runs all substeps of a frame in one compute pass, the stats pass fills the density
 * histogram a few times a second (read back through a StagingRing, never stalling a frame),
 * and the renderer draws from the particle buffer — one submit per frame: the demo's particles
 * as discs (DiscRenderer), the hero's water as one body, a density field (FieldRenderer,
 * shaders/render/water_field.wgsl) that looks like water at a few thousand particles as at
 * 45,000.
 * The first frame comes before the simulation's kernels exist: as soon as the render pipeline
 * is compiled, the initial particles (the dam break the simulation then starts from) are drawn
 * from a storage buffer; the compute pipelines (createComputePipelineAsync) compile once that
 * frame is done (on a CPU-emulated adapter they compile one after another and take most of the
 * start-up, and a draw queued behind them would wait for all of them).
 * GPU time per frame comes from timestamp queries (PassTimer) when the device has them,
 * else from submit → done wall time.
 * What it runs is the runtime's decision (`ctx.load`, made before this engine is built): the
 * count, and on a CPU emulation one frame in flight; the tank, gravity and reach that go with the
 * count are already in `state.params`. The engine reads them and asks the widget nothing.
 */
import {adapterName} from "../../gpu/adapter.js";
import {STORAGE_RW} from "../../gpu/usage.js";
import {FieldRenderer} from "../../sim/field-renderer.js";
import type {DiscRenderer} from "../../sim/renderer.js";
import {PARTICLE_BYTES} from "../../sort/particles.js";
import {pourScene, restSpacing} from "../../water/scene.js";
import type {GPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import type {WaterEngine, WaterSetup} from "./engine.js";
import {SPEED_RANGE} from "./controls.js";
import {colorRange, rampSpanOf} from "./draw.js";
import type {WaterValue} from "./options.js";

interface WaterGPUSetup extends WaterSetup {
  /** The widget's name, for command labels. */
  name: string;
  /** GPU buffers are sized once for the slider's maximum. */
  maxCount: number;
}

/** The particles' style in one draw: coloured by speed, or by a per-particle scalar (density) in a range. */
type PaintStyle = {colorMode: "speed" | "scalar"; scalar?: GPUBuffer; scalarRange?: [number, number]};

/**
 * Draws `n` particles of `buf` with `renderer`: discs for the demo, the field for the hero (a
 * kernel of two rest spacings, foam from the speed range's top).
 */
function painter(renderer: FieldRenderer | DiscRenderer, s: WaterGPUSetup) {
  return (enc: GPUCommandEncoder, buf: GPUBuffer, n: number, style: PaintStyle) => {
    const p = s.state.params;
    const rampSpan = rampSpanOf(s.stage);
    if (renderer instanceof FieldRenderer) {
      const spacing = restSpacing(p.restDensity) * p.h;
      renderer.encode(enc, buf, n, s.view(), {...style, radius: 2 * spacing, spacing, rampSpan, foamSpeed: SPEED_RANGE[1], tank: p.tank});
    } else renderer.encode(enc, buf, n, s.view(), {...style, radius: 0.55 * p.h, rampSpan});
  };
}

/** Builds the GPU engine on `ctx.device`; everything lives in `ctx.scope`. */
export async function waterGPU(ctx: GPUEngineContext, s: WaterGPUSetup): Promise<WaterEngine> {
  const {device, handle} = ctx;
  const {state, stage} = s;
  // a CPU-emulated GPU is shared with every other widget of the page: one frame in flight there (the runtime's load)
  const maxInFlight = ctx.load.maxInFlight;
  // the render pipelines (small) first, so that they are not queued behind the kernels
  const hero = s.name === "hero";
  // the disc renderer only for the §5 demo: the hero's first module does not carry it (its budget: tests/e2e/load.spec.ts)
  const rendererOptions = {canvas: stage.canvas, wgsl: ctx.wgsl};
  const renderer = hero
    ? await FieldRenderer.create(device, ctx.scope, rendererOptions)
    : await (await import("../../sim/renderer.js")).DiscRenderer.create(device, ctx.scope, rendererOptions);
  const marksFirstFrame = hero;
  const paint = painter(renderer, s);
  const markFirst = () =>
    device.queue.onSubmittedWorkDone().then(
      () => performance.mark("first-gpu-frame"),
      () => {}
    );
  /** The particles a pour starts from: the runtime's count, in the tank `state.params` holds for it. */
  const prepare = () => pourScene(s.scene, ctx.load.count, state.params);
  const initial = prepare();
  // the first frame: the initial particles, drawn by the renderer from a storage buffer
  let firstDrawn = false;
  if (stage.hasSize && renderer.resize() && initial.count <= s.maxCount) {
    const buf = ctx.scope.buffer({label: `${s.name}-initial`, size: Math.max(1, initial.count) * PARTICLE_BYTES, usage: STORAGE_RW});
    if (initial.count) device.queue.writeBuffer(buf, 0, initial.buffer, 0, initial.count * PARTICLE_BYTES);
    const enc = device.createCommandEncoder({label: `${s.name}-first-frame`});
    // every particle is at rest: the ramp's still end (the density colours need the kernels)
    paint(enc, buf, initial.count, {colorMode: "speed"});
    device.queue.submit([enc.finish()]);
    if (marksFirstFrame) markFirst();
    firstDrawn = true;
    // the kernels compile after this frame is on screen: a GPU process that compiles them one
    // after another (SwiftShader) would otherwise run the draw only after the last of them
    await device.queue.onSubmittedWorkDone();
    if (!ctx.scope.disposed) ctx.scope.destroyBuffer(buf);
  }
  // the simulation's code (and its kernels' WGSL, in the page's bundle), its readback ring and
  // its GPU timer load after the first frame
  const [{WaterGPU, decodeStats, STATS_BYTES}, {StagingRing}, {PassTimer}] = await Promise.all([
    import("../../water/pipeline.js"),
    import("../../gpu/readback.js"),
    import("../../sim/timing.js"),
  ]);
  const sim = await WaterGPU.create(device, ctx.scope, ctx.wgsl, {maxParticles: s.maxCount});
  const ring = new StagingRing(ctx.scope, STATS_BYTES, 2);
  const ema = (ms: number) => {
    state.gpuMs = state.gpuMs === null ? ms : 0.8 * state.gpuMs + 0.2 * ms;
  };
  const timer = handle.timestamps ? PassTimer.create(device, ctx.scope, 1, (t) => ema(t.total)) : null;
  state.gpuMs = null;
  const say = s.detail ?? ((text: string) => ctx.status.info(text));
  /**
   * The engine's line, written from a `.value` sample: the one the card's caption shows
   * (`onSample`), so that its count and GPU time are the caption's (one decimal, as there), never
   * a later readback's.
   */
  const info = (v: Pick<WaterValue, "count" | "substeps" | "gpuMsPerFrame">) =>
    say(
      `GPU (${adapterName(handle.adapterInfo)}): ${fmtNumber(v.count)} particles, ${v.substeps} substep${v.substeps > 1 ? "s" : ""} per frame` +
        (v.gpuMsPerFrame === null ? "" : `, ${v.gpuMsPerFrame.toFixed(1)} ms of GPU time per frame${timer ? "" : " (submit to done)"}`)
    );
  const pour = (initial = prepare()) => {
    // the tank and gravity follow the count (a new count's load): the kernels' parameters with it
    sim.setParams(state.params);
    sim.upload(initial);
    state.maxSpeed = 0;
  };
  pour(initial);
  // the engine's line goes elsewhere (the hero's details): clear what the status said while it started
  if (s.detail) ctx.status.info("");
  s.publish();
  // the line follows the caption's sample from now on (said at once: the caption's current one)
  ctx.scope.onDispose(s.onSample(info));

  const onStats = (bytes: ArrayBuffer) => {
    if (ctx.scope.disposed) return;
    const st = decodeStats(bytes);
    state.bins = Array.from(st.bins);
    state.maxSpeed = st.maxSpeed;
    s.onStats();
  };
  const encodeDraw = (enc: GPUCommandEncoder) =>
    paint(enc, sim.particles, sim.count, {
      colorMode: state.colorBy === "density" ? "scalar" : "speed",
      scalar: sim.density,
      scalarRange: colorRange(state),
    });
  /** The particles where they are now, drawn again (a paused widget, a print still): one submit, no step. */
  const draw = () => {
    if (!stage.hasSize || !renderer.resize()) return;
    const enc = device.createCommandEncoder({label: `${s.name}-draw`});
    encodeDraw(enc);
    device.queue.submit([enc.finish()]);
  };
  let inFlight = 0;
  let lastStats = -Infinity;
  const frame = (_dt: number, now: number) => {
    if (!stage.hasSize) return; // the stage says so; wait for a size
    if (inFlight >= maxInFlight) return; // the GPU is behind: never queue more frames
    if (!renderer.resize()) return;
    sim.setPointer(s.stir());
    sim.flush();
    const enc = device.createCommandEncoder({label: `${s.name}-frame`});
    sim.encodeRecount(enc); // after a pour: the folded count's first histogram, in this frame's submit
    const timing = timer?.beginFrame() ?? false;
    const pass = enc.beginComputePass({label: `${s.name}-substeps`, timestampWrites: timing ? timer!.writes("water") : undefined});
    sim.encodeSubsteps(pass, state.substeps);
    const slot = now - lastStats > 1000 / s.statsHz ? ring.acquire() : null;
    if (slot) sim.encodeStats(pass);
    pass.end();
    if (slot) {
      lastStats = now;
      ring.copy(enc, slot, sim.stats, 0, 0, STATS_BYTES);
    }
    encodeDraw(enc);
    timer?.resolve(enc);
    const t0 = performance.now();
    device.queue.submit([enc.finish()]);
    timer?.commit();
    inFlight++;
    // the hero's first frame done on the GPU: the page-load measure (scripts/measure-load.mjs) reads this mark
    const first = s.frames.n === 0 && marksFirstFrame && !firstDrawn;
    device.queue.onSubmittedWorkDone().then(
      () => {
        inFlight--;
        if (first) performance.mark("first-gpu-frame");
        if (!timer) ema(performance.now() - t0);
      },
      () => {}
    );
    if (slot) ring.commit(slot, onStats);
    s.frames.n++;
  };
  return {frame, draw, reset: () => pour(), setParams: () => sim.setParams(state.params)};
}
