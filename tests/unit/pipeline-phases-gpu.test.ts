// The phase declarations against what the GPU code really records (Dawn): a real frame of
// sand and of water at 5 substeps, encoded by the same calls the widgets make, with
// `dispatchWorkgroups` wrapped on the real compute-pass encoder to count the dispatches;
// each phase's own encoder against its declared count; and the §3 block-scan sort (the
// essay's "before") against BLOCK_SCAN_SORT_PHASES; the count folded into the last pass
// (one dispatch fewer per substep, one count pass when the particles are set from the CPU)
// against `foldCount: false`. The frames are then submitted, so they are valid work, not
// just counted calls.
import {afterAll, afterEach, beforeAll, describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {dispatchesPerSubstep} from "../../components/gpu/phases.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {SAND_DISPATCHES_PER_SUBSTEP, SAND_PHASES, SAND_PHASES_UNFOLDED, SandGPU} from "../../components/sand/gpu-sand.js";
import {SAND_DEFAULTS} from "../../components/sand/params.js";
import {pourSand} from "../../components/sand/pour.js";
import {BLOCK_SCAN_SORT_PHASES, CountingSortGPU, SORT_PHASES} from "../../components/sort/gpu-sort.js";
import {denseGrid} from "../../components/sort/grid.js";
import {PARTICLE_BYTES} from "../../components/sort/particles.js";
import {STORAGE_RW} from "../../components/gpu/usage.js";
import {PassTimer, type PassTimes} from "../../components/sim/timing.js";
import {WATER_DEFAULTS} from "../../components/water/params.js";
import {WATER_DISPATCHES_PER_SUBSTEP, WATER_PHASES, WATER_PHASES_UNFOLDED, WaterGPU} from "../../components/water/pipeline.js";
import {damBreak} from "../../components/water/scene.js";
import {testGPU} from "../helpers/gpu.js";

const SUBSTEPS = 5;
let gpu: GPUHandle;
let scope: ResourceScope;
/** Dispatches recorded on any real compute pass since the last reset. */
let dispatched = 0;
let restore: () => void = () => {};

beforeAll(async () => {
  gpu = await testGPU();
  scope = new ResourceScope(gpu.device);
  // wrap dispatchWorkgroups (and the indirect form) on the real pass encoder's prototype
  const probe = gpu.device.createCommandEncoder();
  const pass = probe.beginComputePass();
  const proto = Object.getPrototypeOf(pass) as GPUComputePassEncoder;
  pass.end();
  probe.finish();
  const direct = proto.dispatchWorkgroups;
  const indirect = proto.dispatchWorkgroupsIndirect;
  proto.dispatchWorkgroups = function (this: GPUComputePassEncoder, ...a: Parameters<GPUComputePassEncoder["dispatchWorkgroups"]>) {
    dispatched++;
    return direct.apply(this, a);
  };
  proto.dispatchWorkgroupsIndirect = function (this: GPUComputePassEncoder, ...a: Parameters<GPUComputePassEncoder["dispatchWorkgroupsIndirect"]>) {
    dispatched++;
    return indirect.apply(this, a);
  };
  restore = () => {
    proto.dispatchWorkgroups = direct;
    proto.dispatchWorkgroupsIndirect = indirect;
  };
});
afterEach(() => {
  dispatched = 0;
});
afterAll(() => {
  restore();
  scope?.dispose();
  expect(gpu.stats.validationErrors, gpu.stats.lastError ?? "").toBe(0);
});

/** Dispatches `encode` records into one real compute pass (then submitted). */
async function countOnRealPass(encode: (pass: GPUComputePassEncoder) => void): Promise<number> {
  const enc = gpu.device.createCommandEncoder();
  const pass = enc.beginComputePass();
  dispatched = 0;
  encode(pass);
  const n = dispatched;
  pass.end();
  gpu.device.queue.submit([enc.finish()]);
  await gpu.device.queue.onSubmittedWorkDone();
  return n;
}

describe("the sand pipeline records what SAND_PHASES declares", () => {
  let sand: SandGPU;
  beforeAll(async () => {
    sand = await SandGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 2000});
    sand.load(pourSand(2000, 3));
    sand.setParams(SAND_DEFAULTS);
    sand.flushRecount(); // the pour's recount out of the way: the frames below count only their substeps
  });

  it(`a real frame of ${SUBSTEPS} substeps (SandGPU.encodeFrame, as the widget calls it) is ${SUBSTEPS} × the declared dispatches`, async () => {
    const enc = gpu.device.createCommandEncoder({label: "counted-sand-frame"});
    dispatched = 0;
    sand.encodeFrame(enc, SUBSTEPS);
    const n = dispatched;
    gpu.device.queue.submit([enc.finish()]);
    await gpu.device.queue.onSubmittedWorkDone();
    expect(dispatchesPerSubstep(SAND_PHASES)).toBe(SAND_DISPATCHES_PER_SUBSTEP);
    expect(n).toBe(SUBSTEPS * SAND_DISPATCHES_PER_SUBSTEP);
    expect(n).toBe(15); // what the page was counted running: 3 per substep (the count folded into the forces)
  });

  it("the timed frame (each phase its own timestamped pass, as the widget runs it with timestamps) records the same dispatches, labelled by phase", async () => {
    expect(gpu.timestamps, "Dawn on this machine offers timestamp-query").toBe(true);
    let times: PassTimes | null = null;
    const timer = PassTimer.create(gpu.device, scope, 8 * SAND_PHASES.length, (t) => {
      times = t;
    });
    expect(timer.beginFrame()).toBe(true);
    const enc = gpu.device.createCommandEncoder({label: "counted-timed-sand-frame"});
    dispatched = 0;
    sand.encodeFrame(enc, SUBSTEPS, timer);
    const n = dispatched;
    timer.resolve(enc);
    gpu.device.queue.submit([enc.finish()]);
    timer.commit();
    await gpu.device.queue.onSubmittedWorkDone();
    expect(n).toBe(SUBSTEPS * SAND_DISPATCHES_PER_SUBSTEP);
    await expect
      .poll(() => times && Object.keys(times.byLabel).sort())
      .toEqual(
        SAND_PHASES.filter((p) => p.dispatches > 0)
          .map((p) => p.key)
          .sort()
      );
  });

  it("each phase's encoder records its declared dispatches, and the bench times the same list", async () => {
    const enc = sand.phaseEncoders();
    for (const p of SAND_PHASES) expect(await countOnRealPass(enc[p.key]), p.key).toBe(p.dispatches);
    expect(sand.benchPasses().map((b) => b.label)).toEqual(SAND_PHASES.filter((p) => p.dispatches > 0).map((p) => p.key));
  });

  it("a pour (load) and a grid switch make one recount due, carried by the next frame's own command buffer (no submit of its own); without the fold none, and a substep is one dispatch more", async () => {
    dispatched = 0;
    sand.load(pourSand(2000, 4));
    sand.setHashed(true);
    sand.setHashed(false);
    await gpu.device.queue.onSubmittedWorkDone();
    expect(dispatched, "nothing submitted by the pour or the switches").toBe(0);
    const first = gpu.device.createCommandEncoder();
    sand.encodeFrame(first, SUBSTEPS);
    expect(dispatched, "the frame after them: one count pass, then its substeps").toBe(1 + SUBSTEPS * SAND_DISPATCHES_PER_SUBSTEP);
    gpu.device.queue.submit([first.finish()]);
    dispatched = 0;
    const second = gpu.device.createCommandEncoder();
    sand.encodeFrame(second, SUBSTEPS);
    expect(dispatched, "the frame after that: its substeps only").toBe(SUBSTEPS * SAND_DISPATCHES_PER_SUBSTEP);
    gpu.device.queue.submit([second.finish()]);
    // a substep recorded into a caller's own pass submits a due recount first (the harness, the tests)
    sand.load(pourSand(2000, 5));
    dispatched = 0;
    sand.flushRecount();
    expect(dispatched).toBe(1);
    sand.flushRecount();
    expect(dispatched, "a recount runs once").toBe(1);
    await gpu.device.queue.onSubmittedWorkDone();
    const plain = await SandGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 2000, foldCount: false});
    dispatched = 0;
    plain.load(pourSand(2000, 4));
    plain.setParams(SAND_DEFAULTS);
    expect(dispatched).toBe(0);
    const enc = gpu.device.createCommandEncoder();
    plain.encodeFrame(enc, SUBSTEPS);
    gpu.device.queue.submit([enc.finish()]);
    await gpu.device.queue.onSubmittedWorkDone();
    expect(dispatched).toBe(SUBSTEPS * dispatchesPerSubstep(SAND_PHASES_UNFOLDED));
    expect(dispatchesPerSubstep(SAND_PHASES_UNFOLDED) - SAND_DISPATCHES_PER_SUBSTEP).toBe(1);
    expect(plain.benchPasses().map((b) => b.label)).toEqual(SAND_PHASES_UNFOLDED.map((p) => p.key));
    plain.dispose();
  });
});

describe("the water pipeline records what WATER_PHASES declares", () => {
  let sim: WaterGPU;
  beforeAll(async () => {
    sim = await WaterGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 2000});
    sim.setParams(WATER_DEFAULTS);
    sim.upload(damBreak(2000, WATER_DEFAULTS, 2));
    sim.flush();
    sim.flushRecount(); // the upload's recount out of the way
  });

  it(`a real frame of ${SUBSTEPS} substeps (WaterGPU.encodeSubsteps, as the widget calls it) is ${SUBSTEPS} × the declared dispatches`, async () => {
    const n = await countOnRealPass((p) => sim.encodeSubsteps(p, SUBSTEPS));
    expect(dispatchesPerSubstep(WATER_PHASES)).toBe(WATER_DISPATCHES_PER_SUBSTEP);
    expect(n).toBe(SUBSTEPS * WATER_DISPATCHES_PER_SUBSTEP);
    expect(n).toBe(20); // what the page was counted running: 4 per substep (the count folded into the pressure pass)
  });

  it("each phase's encoder records its declared dispatches, and the bench times the same list", async () => {
    const enc = sim.phaseEncoders();
    for (const p of WATER_PHASES) expect(await countOnRealPass(enc[p.key]), p.key).toBe(p.dispatches);
    expect(sim.benchPasses().map((b) => b.label)).toEqual(WATER_PHASES.filter((p) => p.dispatches > 0).map((p) => p.key));
  });

  it("an upload makes a recount due: the frame's encoder carries it (encodeRecount), or a substep into a caller's pass submits it first; without the fold none, and a substep is one dispatch more", async () => {
    dispatched = 0;
    sim.upload(damBreak(2000, WATER_DEFAULTS, 3));
    await gpu.device.queue.onSubmittedWorkDone();
    expect(dispatched, "nothing submitted by the upload").toBe(0);
    const enc = gpu.device.createCommandEncoder();
    sim.encodeRecount(enc);
    expect(dispatched).toBe(1);
    sim.encodeRecount(enc);
    expect(dispatched, "a recount is recorded once").toBe(1);
    gpu.device.queue.submit([enc.finish()]);
    sim.upload(damBreak(2000, WATER_DEFAULTS, 4));
    expect(await countOnRealPass((p) => sim.encodeSubsteps(p, 1)), "into a caller's pass: the recount submitted first, then one substep").toBe(
      1 + WATER_DISPATCHES_PER_SUBSTEP
    );
    await gpu.device.queue.onSubmittedWorkDone();
    const plain = await WaterGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 2000, foldCount: false});
    plain.setParams(WATER_DEFAULTS);
    dispatched = 0;
    plain.upload(damBreak(2000, WATER_DEFAULTS, 3));
    expect(dispatched).toBe(0);
    plain.flush();
    expect(await countOnRealPass((p) => plain.encodeSubsteps(p, SUBSTEPS))).toBe(SUBSTEPS * dispatchesPerSubstep(WATER_PHASES_UNFOLDED));
    expect(dispatchesPerSubstep(WATER_PHASES_UNFOLDED) - WATER_DISPATCHES_PER_SUBSTEP).toBe(1);
    expect(plain.benchPasses().map((b) => b.label)).toEqual(WATER_PHASES_UNFOLDED.map((p) => p.key));
    plain.dispose();
  });
});

describe("the sort on its own, fused and as §3 builds it", () => {
  let sorter: CountingSortGPU;
  let a: GPUBuffer;
  let b: GPUBuffer;
  beforeAll(async () => {
    sorter = await CountingSortGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 1000, maxCells: 65_536, scanBlocks: 256});
    a = sorter.scope.buffer({label: "phases-a", size: 1000 * PARTICLE_BYTES, usage: STORAGE_RW});
    b = sorter.scope.buffer({label: "phases-b", size: 1000 * PARTICLE_BYTES, usage: STORAGE_RW});
    sorter.setGrid(denseGrid(256, 256, 2 / 256), 1000);
    await Promise.all([sorter.loadTeachingKernels(), sorter.loadBlockScan()]);
  });

  it("encodeSort records SORT_PHASES' dispatches (3), phase by phase", async () => {
    expect(await countOnRealPass((p) => sorter.encodeSort(p, a, b))).toBe(dispatchesPerSubstep(SORT_PHASES));
    const enc = sorter.phaseEncoders(a, b);
    for (const p of SORT_PHASES) expect(await countOnRealPass(enc[p.key]), p.key).toBe(p.dispatches);
  });

  it("the §3 sort (clear, count, three-dispatch block scan, scatter) records BLOCK_SCAN_SORT_PHASES' dispatches", async () => {
    const byKey = {
      clear: (p: GPUComputePassEncoder) => sorter.encodeClear(p),
      count: (p: GPUComputePassEncoder) => sorter.encodeCount(p, a),
      scan: (p: GPUComputePassEncoder) => sorter.encodeBlockScan(p),
      scatter: (p: GPUComputePassEncoder) => sorter.encodeScatter(p, a, b),
    };
    for (const p of BLOCK_SCAN_SORT_PHASES) expect(await countOnRealPass(byKey[p.key]), p.key).toBe(p.dispatches);
    // the fusion the essay's §4 describes: three dispatches fewer per sort
    expect(dispatchesPerSubstep(BLOCK_SCAN_SORT_PHASES) - dispatchesPerSubstep(SORT_PHASES)).toBe(3);
  });
});
