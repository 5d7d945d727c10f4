// The benchmark harness (components/bench/harness.ts) on Dawn: it reports a correct
// pipeline, refuses one whose kernel is deliberately wrong (no times reported), and skips
// a count that exceeds the memory budget with a stated reason.
import {beforeAll, describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import type {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {computePipeline} from "../../components/gpu/wgsl.js";
import {STORAGE_RW} from "../../components/gpu/usage.js";
import {readBuffers} from "../../components/gpu/readback.js";
import {CountingSortGPU} from "../../components/sort/gpu-sort.js";
import {PARTICLE_BYTES, wrapParticles} from "../../components/sort/particles.js";
import {runBench, simulatedTime, TwinMismatchError, type BenchOptions, type BenchRow} from "../../components/bench/harness.js";
import {SORT_GRID, sortSpec, waterSpec, type PipelineSpec, type TwinCheck} from "../../components/bench/pipelines.js";
import {WATER_DEFAULTS} from "../../components/water/params.js";
import {GRAVITY_CHECK_BODIES, gravitySpec} from "../../components/bench/gravity.js";
import {GRAVITY_PHASES, GravityGPU, forceDispatches} from "../../components/gravity/gpu.js";
import {gpuSuite} from "../helpers/gpu.js";

let gpu: GPUHandle;
let scope: ResourceScope;

gpuSuite(async (handle, resources) => {
  gpu = handle;
  scope = resources;
});

const options = (pipelines: PipelineSpec<any>[], extra: Partial<BenchOptions> = {}): BenchOptions => ({
  device: gpu.device,
  timestamps: gpu.timestamps,
  wgsl: nodeWGSL,
  scope,
  pipelines,
  counts: [500],
  substeps: 1,
  reps: 1,
  warmMs: 0,
  copyBytes: 1 << 18, // long enough on SwiftShader that a quantised timestamp never reads 0 (GB/s would be NaN)
  ...extra,
});

/**
 * A sort whose last kernel is wrong: instead of scattering each particle to its cell's
 * slot it copies the input unchanged (the copy reference kernel), so the output is not in
 * cell order.
 */
const wrongSort: PipelineSpec = {
  ...sortSpec,
  async create(ctx, input) {
    const n = input.count;
    const sorter = await CountingSortGPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxParticles: n, maxCells: SORT_GRID.numCells});
    const a = sorter.scope.buffer({size: n * PARTICLE_BYTES, usage: STORAGE_RW});
    const b = sorter.scope.buffer({size: n * PARTICLE_BYTES, usage: STORAGE_RW});
    ctx.device.queue.writeBuffer(a, 0, input.buffer, 0, n * PARTICLE_BYTES);
    sorter.setGrid(SORT_GRID, n);
    await sorter.loadTeachingKernels(); // the clear
    const copy = await computePipeline(ctx.device, ctx.wgsl, ["bench/copy.wgsl"], "copy");
    const bind = ctx.device.createBindGroup({layout: copy.getBindGroupLayout(0), entries: [a, b].map((buffer, binding) => ({binding, resource: {buffer}}))});
    const wrongScatter = (p: GPUComputePassEncoder) => {
      p.setPipeline(copy);
      p.setBindGroup(0, bind);
      p.dispatchWorkgroups(Math.ceil((n * PARTICLE_BYTES) / 16 / 256));
    };
    const passes = [
      {label: "clear", encode: (p: GPUComputePassEncoder) => sorter.encodeClear(p)},
      {label: "count", encode: (p: GPUComputePassEncoder) => sorter.encodeCount(p, a)},
      {label: "scan", encode: (p: GPUComputePassEncoder) => sorter.encodeScan(p)},
      {label: "scatter", encode: wrongScatter},
    ];
    return {
      particles: n,
      scene: "wrong on purpose",
      passes,
      encodeSubstep: (p) => passes.forEach((x) => x.encode(p)),
      read: async () => wrapParticles((await readBuffers(ctx.device, [{buffer: b, size: n * PARTICLE_BYTES}]))[0], n),
      dispose: () => sorter.dispose(),
    };
  },
};

/** Dispatches of one gravity step counted by hand: every beginComputePass's dispatches on a recording stand-in. */
let countGravityStep: () => {dispatches: number};

describe("benchmark harness", () => {
  beforeAll(async () => {
    const g = await GravityGPU.create(gpu.device, scope, nodeWGSL, {maxBodies: GRAVITY_CHECK_BODIES});
    g.setBodies(gravitySpec.scene(GRAVITY_CHECK_BODIES, GRAVITY_CHECK_BODIES), "none");
    let dispatches = 0;
    const pass = {setPipeline() {}, setBindGroup() {}, end() {}, dispatchWorkgroups: () => dispatches++, dispatchWorkgroupsIndirect: () => dispatches++};
    g.encodeStep({beginComputePass: () => pass, copyBufferToBuffer() {}, clearBuffer() {}} as unknown as GPUCommandEncoder);
    g.dispose();
    countGravityStep = () => ({dispatches});
  });

  it("records every timed frame of a series as its own sample (frames back to back in one command buffer)", async () => {
    const report = await runBench(options([sortSpec], {reps: 3}));
    const row = report.rows[0];
    expect(row.frameMs.n).toBe(3);
    for (const p of Object.values(row.perPassMs)) expect(p.n).toBe(3);
  });

  it("reports a pipeline that agrees with its twin: per frame, per pass, references", async () => {
    const rows: BenchRow[] = [];
    const report = await runBench(options([sortSpec], {onRow: (r) => rows.push(r)}));
    expect(report.rows).toHaveLength(1);
    const row = report.rows[0];
    expect(row.check.ok).toBe(true);
    expect(row.check.worst).toBe(0);
    expect(row.pipeline).toBe("sort");
    // the scan zeroes the histogram as it reads it, so the sort has no clear pass of its own
    expect(Object.keys(row.perPassMs)).toEqual(["count", "scan", "scatter"]);
    expect(row.dispatchesPerSubstep).toBe(3);
    expect(row.frameMs.median).toBeGreaterThan(0);
    expect(row.frameMs.min).toBeLessThanOrEqual(row.frameMs.max);
    expect(report.references.copy.GBps).toBeGreaterThan(0);
    expect(report.references.emptyDispatch.us.n).toBe(1);
    // the faster of the two copies is the ceiling every row's fraction divides by
    const {copy, copyVec4x4, bandwidthCeiling} = report.references;
    expect(copy.bytesPerThread).toBe(16);
    expect(copyVec4x4?.bytesPerThread).toBe(64);
    expect(copyVec4x4?.bytes).toBe(copy.bytes);
    expect(bandwidthCeiling?.GBps).toBe(Math.max(copy.GBps, copyVec4x4!.GBps));
    expect(bandwidthCeiling?.reference).toBe(copyVec4x4!.GBps > copy.GBps ? "copyVec4x4" : "copy");
    expect(row.fractionOfCopy).toBeCloseTo(row.effectiveGBps / bandwidthCeiling!.GBps, 2);
    // a timed pass holding one empty dispatch, when the device has timestamps: one value per pass and rep
    // (Dawn here quantises timestamps, so the value itself may read 0; the benchmark turns that off)
    const tp = report.references.timedPass;
    if (report.timing === "timestamp-query") {
      expect(tp?.passes).toBeGreaterThan(0);
      expect(tp?.us.n).toBe(tp!.passes * report.reps);
      expect(tp?.us.median).toBeGreaterThanOrEqual(0);
    } else expect(tp).toBeNull();
    expect(rows).toEqual(report.rows);
    // the sort advances no simulated time: no per-simulated-second figure
    expect(row.msPerSimulatedSecond).toBeUndefined();
  });

  it("gives the water's ms per simulated second: frame median / (substeps × dt)", () => {
    expect(waterSpec.substepSeconds?.(10_000)).toBe(WATER_DEFAULTS.dt);
    expect(simulatedTime(waterSpec, 10_000, 3, 0.15)).toEqual({
      substepSeconds: Number(WATER_DEFAULTS.dt.toPrecision(6)),
      msPerSimulatedSecond: Number((0.15 / (3 * WATER_DEFAULTS.dt)).toPrecision(5)),
    });
    expect(simulatedTime({substepSeconds: () => 0.001}, 10_000, 5, 0.218)).toEqual({substepSeconds: 0.001, msPerSimulatedSecond: 43.6});
    expect(simulatedTime({substepSeconds: () => 0.0016}, 10_000, 5, 0.207)).toEqual({substepSeconds: 0.0016, msPerSimulatedSecond: 25.875});
    expect(simulatedTime(sortSpec, 10_000, 5, 0.07)).toEqual({});
  });

  it("refuses to report a pipeline whose kernel is wrong", async () => {
    const rows: BenchRow[] = [];
    const checks: TwinCheck[] = [];
    const run = runBench(options([wrongSort], {onRow: (r) => rows.push(r), onCheck: (_p, _n, c) => checks.push(c)}));
    await expect(run).rejects.toBeInstanceOf(TwinMismatchError);
    await expect(run).rejects.toThrow(/sort at 500 particles disagrees with its CPU twin.*Not reporting/);
    expect(checks).toHaveLength(1);
    expect(checks[0].ok).toBe(false);
    expect(checks[0].worst).toBeGreaterThan(0);
    expect(rows).toEqual([]);
  });

  it("times gravity like the others: its tree twin check first, then frames and every pass of a step", async () => {
    const report = await runBench(options([gravitySpec], {counts: [GRAVITY_CHECK_BODIES], copyBytes: 1 << 16}));
    expect(report.rows).toHaveLength(1);
    const row = report.rows[0];
    expect(row.pipeline).toBe("gravity");
    expect(row.check).toMatchObject({ok: true, particles: GRAVITY_CHECK_BODIES, capped: false, tolerance: 1e-5});
    expect(row.check.worst).toBeLessThan(1e-5);
    expect(row.frameMs.n).toBe(1);
    expect(row.frameMs.median).toBeGreaterThan(0);
    // every pass of GRAVITY_PHASES timed by its label with timestamps; without them only the frame
    if (report.timing === "timestamp-query") expect(Object.keys(row.perPassMs)).toEqual([...GRAVITY_PHASES]);
    else expect(row.perPassMs).toEqual({});
    // counted from the production encoding on a stand-in command encoder
    const {dispatches} = countGravityStep();
    expect(row.dispatchesPerSubstep).toBe(dispatches);
    // integrate and kick around the forces, whose count pages quote (forceDispatches)
    expect(dispatches).toBe(forceDispatches() + 2);
  });

  it("skips a count beyond the memory budget and says why", async () => {
    const report = await runBench(options([sortSpec], {counts: [100_000], maxTotalBytes: 1_000_000}));
    expect(report.rows).toEqual([]);
    expect(report.skipped).toEqual([{pipeline: "sort", particles: 100_000, reason: expect.stringMatching(/exceed this run's memory budget/)}]);
  });
});

describe("the copy references copy every byte (a kernel that skipped data would inflate the ceiling)", () => {
  for (const [file, entry, bytesPerThread] of [
    ["bench/copy.wgsl", "copy", 16],
    ["bench/copy_vec4x4.wgsl", "copy4", 64],
  ] as const)
    it(`${file}: ${bytesPerThread} B per thread`, async () => {
      const bytes = 64 * 1000; // 1,000 threads of the four-vec4 copy: not a multiple of a workgroup
      const pipe = await computePipeline(gpu.device, nodeWGSL, [file], entry);
      const s = scope.child();
      const src = s.buffer({label: "copy-test-src", size: bytes, usage: STORAGE_RW});
      const dst = s.buffer({label: "copy-test-dst", size: bytes, usage: STORAGE_RW});
      const data = new Uint32Array(bytes / 4).map((_, i) => (i * 2654435761) >>> 0);
      gpu.device.queue.writeBuffer(src, 0, data);
      const enc = gpu.device.createCommandEncoder();
      const pass = enc.beginComputePass();
      pass.setPipeline(pipe);
      pass.setBindGroup(
        0,
        gpu.device.createBindGroup({layout: pipe.getBindGroupLayout(0), entries: [src, dst].map((buffer, binding) => ({binding, resource: {buffer}}))})
      );
      pass.dispatchWorkgroups(Math.ceil(bytes / bytesPerThread / 256));
      pass.end();
      const [out] = await readBuffers(gpu.device, [{buffer: dst, size: bytes}], enc);
      expect(new Uint32Array(out)).toEqual(data);
      s.dispose();
    });
});
