// The 3D benchmark's extra runs (components/bench/gravity3d.ts): the exact O(N²) step with its
// sampled twin check and its fewer frames (frameLimits, which the harness honours), and the walk
// variants, each checked against its twin before it may be timed; the sort and build options
// (GRAVITY3_BUILD_VARIANTS) twin-checked and counted: 10 sort and 20 build dispatches fewer.
import {describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import type {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {frameCounts, runBench, type BenchOptions} from "../../components/bench/harness.js";
import type {PipelineSpec} from "../../components/bench/pipelines.js";
import {
  buildScene,
  directDeviation3,
  GRAVITY3_BUILD_VARIANTS,
  GRAVITY3_WALK_VARIANTS,
  gravity3dSpec,
  gravity3VariantSpecs,
  GRAVITY3_DIRECT_FRAMES,
  GRAVITY3_DIRECT_HEAVY,
  GRAVITY3_DIRECT_SAMPLE,
  GRAVITY3_DIRECT_TOLERANCE,
  gravity3dDirectSpec,
  sampleIndices,
} from "../../components/bench/gravity3d.js";
import {direct3, GRAVITY3_DEFAULTS, plummer3Scene} from "../../components/gravity3d/twin.js";
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
  counts: [600],
  substeps: 3,
  reps: 2,
  warmMs: 0,
  copyBytes: 1 << 16,
  ...extra,
});

describe("the O(N²) step's twin check (CPU)", () => {
  it("samples evenly spaced, distinct bodies, all of them when there are few", () => {
    expect(Array.from(sampleIndices(5, 256))).toEqual([0, 1, 2, 3, 4]);
    const s = sampleIndices(1_000_000, GRAVITY3_DIRECT_SAMPLE);
    expect(s.length).toBe(GRAVITY3_DIRECT_SAMPLE);
    expect(new Set(s).size).toBe(s.length);
    for (let k = 1; k < s.length; k++) expect(s[k]).toBeGreaterThan(s[k - 1]);
    expect(s[s.length - 1]).toBeLessThan(1_000_000);
    expect(s[s.length - 1]).toBeGreaterThan(990_000);
  });

  it("finds a body whose acceleration is off by 1 % of the RMS", () => {
    const b = plummer3Scene(700, 5);
    const sample = sampleIndices(b.n, 64);
    const exact = direct3(b, 1, GRAVITY3_DEFAULTS.softening);
    expect(directDeviation3(b, exact, sample, 1, GRAVITY3_DEFAULTS.softening).worst).toBeLessThan(1e-12);
    let rms = 0;
    for (const i of sample) rms += exact.ax[i] ** 2 + exact.ay[i] ** 2 + exact.az[i] ** 2;
    rms = Math.sqrt(rms / sample.length);
    const wrong = {...exact, ax: exact.ax.slice()};
    wrong.ax[sample[10]] += 0.01 * rms;
    const d = directDeviation3(b, wrong, sample, 1, GRAVITY3_DEFAULTS.softening);
    expect(d.worst).toBeCloseTo(0.01, 6);
    expect(d.worst).toBeGreaterThan(GRAVITY3_DIRECT_TOLERANCE);
    expect(d.detail).toContain(`body ${sample[10]}:`);
  });

  it("a heavy count takes fewer frames; a light one the run's", () => {
    const spec = gravity3dDirectSpec();
    expect(frameCounts({substeps: 5, reps: 30}, spec, 100_000)).toEqual({substeps: 5, reps: 30});
    expect(frameCounts({substeps: 5, reps: 30}, spec, GRAVITY3_DIRECT_HEAVY)).toEqual({...GRAVITY3_DIRECT_FRAMES});
    expect(frameCounts({substeps: 1, reps: 2}, spec, 1_000_000)).toEqual({substeps: 1, reps: 2});
  });
});

describe("the O(N²) step on Dawn", () => {
  it("equals direct3 on the sample at the benchmark's own count", async () => {
    const c = await gravity3dDirectSpec().check!({device: gpu.device, scope, wgsl: nodeWGSL}, 1500, 1500);
    expect(c.ok, c.detail).toBe(true);
    expect(c.worst).toBeLessThan(1e-4);
    expect(c.what).toContain(`${GRAVITY3_DIRECT_SAMPLE} of 1,500 bodies`);
  });

  it("is timed through the harness: integrate, direct, kick; the spec's frame limits hold", async () => {
    const spec = {...gravity3dDirectSpec(), frameLimits: () => ({reps: 1, substeps: 1})};
    const report = await runBench(options([spec]));
    expect(report.rows).toHaveLength(1);
    const row = report.rows[0];
    expect(row).toMatchObject({pipeline: "gravity3d-direct", particles: 600, substepsPerFrame: 1, dispatchesPerSubstep: 3});
    expect(row.check).toMatchObject({ok: true, particles: 600, capped: false});
    expect(row.frameMs.n).toBe(1);
    if (report.timing === "timestamp-query") expect(Object.keys(row.perPassMs)).toEqual(["integrate", "direct", "kick"]);
    // the run's own figures stay in the report's head
    expect(report).toMatchObject({substepsPerFrame: 3, reps: 2});
  });
});

describe("the sort and build options in the variant runs", () => {
  it("every walk variant, then the three builds other than the default (whose row the walk variants already have)", () => {
    const specs = gravity3VariantSpecs();
    expect(specs).toHaveLength(GRAVITY3_WALK_VARIANTS.length + 3);
    expect(new Set(specs.map((s) => s.name))).toEqual(new Set(["gravity3d-variants"]));
    expect(GRAVITY3_BUILD_VARIANTS.map(buildScene)).toEqual([
      "",
      ", 5-bit sort, 5-dispatch build",
      ", 4-bit sort, 3-dispatch build",
      ", 5-bit sort, 3-dispatch build",
    ]);
  });

  it("each build passes the twin check; the step records 10 (sort) and 20 (build) dispatches fewer", async () => {
    const specs = GRAVITY3_BUILD_VARIANTS.map((v) =>
      gravity3dSpec(0.5, "thread", null, "gravity3d-variants", {sortDigitBits: v.sortDigitBits, buildLevelDispatches: v.buildLevelDispatches})
    );
    const report = await runBench(options(specs, {reps: 1, substeps: 1}));
    expect(report.rows).toHaveLength(4);
    for (const row of report.rows) expect(row.check, row.scene).toMatchObject({ok: true});
    const d = report.rows.map((r) => r.dispatchesPerSubstep);
    expect([d[0] - d[1], d[0] - d[2], d[0] - d[3]]).toEqual([10, 20, 30]);
    expect(report.rows.map((r) => r.scene.endsWith("thread walk" + buildScene(GRAVITY3_BUILD_VARIANTS[report.rows.indexOf(r)])))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});
