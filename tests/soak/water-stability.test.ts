// A long run of the SPH water on the GPU (Dawn): three simulated seconds of a dam break at
// the default substep (WATER_DEFAULTS.dt: 3,000 substeps of 1 ms).
//
// Scaled down for the CPU emulation (SwiftShader) that runs these tests: the full 256 × 256
// grid costs ~0.4 s per substep there in the 65,536-cell scan alone, so 3,000 substeps at
// 80,000 particles would take hours. This test keeps every kernel, h and parameter of the
// demo and shrinks only the tank: 0.25 × 0.25 world units on a 32 × 32 grid of the same
// cells, with 1,000 particles. The 50,000- and 80,000-particle runs of 3,000 substeps were made
// by the former water suite on the H200 (data/bench/water.json: no NaN, none outside the tank,
// mean density within 5 % of ρ₀); longer substeps were studied on the CPU twin at 10,000–80,000
// (bench/water-dt-study.ts, docs/records/water-substep.md).
import {expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import type {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {denseGrid} from "../../components/sort/grid.js";
import {PARTICLE_WORDS} from "../../components/sort/particles.js";
import {WATER_DEFAULTS, H, type WaterParams} from "../../components/water/params.js";
import {damBreak} from "../../components/water/scene.js";
import {WaterGPU} from "../../components/water/pipeline.js";
import {gpuSuite} from "../helpers/gpu.js";

const N = 1000;
/** Simulated seconds of the run, and the substeps between two reads (12 reads). */
const SECONDS = 3;
const SUBSTEPS = Math.round(SECONDS / WATER_DEFAULTS.dt);
const CHUNK = SUBSTEPS / 12;
let gpu: GPUHandle;
let scope: ResourceScope;

gpuSuite(async (handle, resources) => {
  gpu = handle;
  scope = resources;
});

it(`${SUBSTEPS} substeps (${SECONDS} s) of a ${N}-particle dam break stay finite, inside the tank, bounded and near ρ₀`, async () => {
  const params: WaterParams = {...WATER_DEFAULTS, tank: [0, 0, 0.25, 0.25]};
  const grid = denseGrid(32, 32, H);
  const sim = await WaterGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: N, grid});
  sim.setParams(params);
  sim.upload(damBreak(N, params));
  const means: number[] = [];
  let peakSpeed = 0;
  for (let done = 0; done < SUBSTEPS; done += CHUNK) {
    await sim.step(CHUNK);
    const {particles: p, density} = await sim.read();
    let mean = 0;
    for (let i = 0; i < N; i++) {
      const o = i * PARTICLE_WORDS;
      const [x, y, vx, vy] = [p.f32[o], p.f32[o + 1], p.f32[o + 2], p.f32[o + 3]];
      expect(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(vx) && Number.isFinite(vy), `particle ${i} after ${done + CHUNK} substeps`).toBe(true);
      expect(x >= 0 && x <= 0.25 && y >= 0 && y <= 0.25, `particle ${i} at (${x}, ${y}) left the tank`).toBe(true);
      peakSpeed = Math.max(peakSpeed, Math.hypot(vx, vy));
      mean += density[i];
    }
    means.push(mean / N);
  }
  // the block is ~0.11 high (30 × 34 sites): its collapse and the splash stay far below the 3.5 clamp
  expect(peakSpeed).toBeLessThan(0.5 * params.maxSpeed);
  // settled: the last second of simulated time
  for (const m of means.slice(-Math.round(1 / (CHUNK * params.dt)))) expect(Math.abs(m - params.restDensity) / params.restDensity).toBeLessThan(0.2);
  const last = await sim.readStats();
  expect(last.maxSpeed).toBeLessThan(0.5); // sloshing has calmed
  sim.dispose();
}, 180_000);
