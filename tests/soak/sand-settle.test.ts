// Soak tier: long sand runs that must settle inside the closed box — 1,500 GPU substeps
// (Dawn) and 2,500 twin substeps. Moved out of tests/unit/sand-gpu.test.ts (about a minute
// on SwiftShader); the one-substep GPU = twin checks stay there.
import {describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import type {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {readBuffers} from "../../components/gpu/readback.js";
import {SandGPU} from "../../components/sand/gpu-sand.js";
import {SAND_DEFAULTS, sandGrid, type SandParams} from "../../components/sand/params.js";
import {pourSand} from "../../components/sand/pour.js";
import {kineticEnergyPerGrain, sandSubstepTwin} from "../../components/sand/twin.js";
import {PARTICLE_BYTES, PARTICLE_WORDS, wrapParticles, type PackedParticles} from "../../components/sort/particles.js";
import {gpuSuite} from "../helpers/gpu.js";

let gpu: GPUHandle;
let scope: ResourceScope;
let sand: SandGPU;

gpuSuite(async (handle, resources) => {
  gpu = handle;
  scope = resources;
  sand = await SandGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 30000});
});

describe("a long run settles inside the closed box", () => {
  // The issue asks for 2,000 substeps at 30,000 grains. On SwiftShader (a CPU emulation)
  // the 65,536-cell scan alone costs about half a second per substep, so that run would
  // take over 15 minutes. Affordable here: 2,000 grains dropped from low height, 1,500
  // substeps, on the spatial hash with a 2,048-bucket table (a 32× cheaper scan; the same
  // kernels, and the hash must keep the closed box exactly as well). The full 30,000 × 2,000
  // run is done by `npm run bench` (bench/run.ts, "stability") on real GPUs, with the same checks.
  it("2,000 grains, 1,500 substeps (hashed, 2,048 buckets): no NaN, none outside, the pile settles", async () => {
    const n = 2000;
    const params: SandParams = structuredClone(SAND_DEFAULTS);
    sand.setHashed(true, 2048);
    sand.load(pourSand(n, 3, 0.45));
    sand.setParams(params);
    const frames = 300,
      substeps = 5;
    for (let f = 0; f < frames; f++) {
      const enc = gpu.device.createCommandEncoder();
      sand.encodeFrame(enc, substeps);
      gpu.device.queue.submit([enc.finish()]);
      if (f % 20 === 19) await gpu.device.queue.onSubmittedWorkDone();
    }
    const [a] = await readBuffers(gpu.device, [{buffer: sand.a, size: n * PARTICLE_BYTES}]);
    const check = settleCheck(wrapParticles(a, n));
    console.log(`GPU after ${frames * substeps} substeps: KE/grain ${check.ke.toExponential(2)}, top of pile ${check.maxY.toFixed(3)}`);
    expect(check.nan).toBe(0);
    expect(check.outside).toBe(0);
    expect(check.ids).toBe(n);
    expect(check.ke).toBeLessThan(1e-3);
    expect(check.maxY).toBeLessThan(0.3);
  }, 240_000);

  // The twin at the page's default count, poured from the top of the box (a 1.2-unit drop,
  // landing at ≈ 1.5 units/s): about 30 s here (≈ 12 ms per substep). 30,000 grains would
  // take over a minute; the twin measured there 2·10⁻⁴ per grain after 2,000 substeps
  // (components/sand/params.ts), and bench/run.ts checks it on real GPUs.
  it("the twin: 12,000 grains poured from the top, 2,500 substeps, settle", () => {
    const n = 12000;
    const params: SandParams = structuredClone(SAND_DEFAULTS);
    const g = sandGrid(false);
    let p = pourSand(n, 4);
    let keMid = 0;
    for (let s = 0; s < 2500; s++) {
      p = sandSubstepTwin(params, g, p).next;
      if (s === 899) keMid = kineticEnergyPerGrain(p);
    }
    const check = settleCheck(p);
    console.log(
      `twin, 12,000 grains: KE/grain ${keMid.toExponential(2)} while falling, ${check.ke.toExponential(2)} after 2,500 substeps; top ${check.maxY.toFixed(3)}`
    );
    expect(keMid).toBeGreaterThan(0.5); // the block really falls (no syrup: ≈ ½·1.5² while in the air)
    expect(check.nan).toBe(0);
    expect(check.outside).toBe(0);
    expect(check.ids).toBe(n);
    expect(check.ke).toBeLessThan(1e-3);
    expect(check.maxY).toBeLessThan(0.45); // a pile over the whole floor, not a standing block
  }, 120_000);
});

/** NaN count, grains outside the open interval of the box, distinct ids, KE per grain, top. */
function settleCheck(p: PackedParticles) {
  let outside = 0,
    nan = 0,
    maxY = 0;
  const ids = new Set<number>();
  for (let i = 0; i < p.count; i++) {
    const o = i * PARTICLE_WORDS;
    const x = p.f32[o],
      y = p.f32[o + 1];
    if (![x, y, p.f32[o + 2], p.f32[o + 3]].every(Number.isFinite)) nan++;
    if (!(x > 0 && x < 2 && y > 0 && y < 2)) outside++;
    maxY = Math.max(maxY, y);
    ids.add(p.u32[o + 4]);
  }
  return {nan, outside, ids: ids.size, ke: kineticEnergyPerGrain(p), maxY};
}
