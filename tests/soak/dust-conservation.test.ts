// The soak tier's dust runs (npm run test:soak): a few thousand combined substeps on the GPU
// (Dawn) with merging on — total mass relative drift ≤ 1e-6 (in fact exact: whole-grain
// masses), momentum drift within the stated bound, the count falling by exactly the merges
// — and with merging off the count never changing. Figures printed for the records.
import {afterAll, beforeAll, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {DustGPU} from "../../components/dust/gpu.js";
import {cloudScene} from "../../components/dust/scene.js";
import {dustTotals} from "../../components/dust/twin.js";
import {testGPU} from "../helpers/gpu.js";

let gpu: GPUHandle;
let scope: ResourceScope;
let dust: DustGPU;

beforeAll(async () => {
  gpu = await testGPU();
  scope = new ResourceScope(gpu.device);
  dust = await DustGPU.create(gpu.device, scope, nodeWGSL, {maxBodies: 4000});
});
afterAll(() => {
  scope?.dispose();
  expect(gpu.stats.validationErrors, gpu.stats.lastError ?? "").toBe(0);
});

/** Momentum drift bound: |Δp| / Σ m|v| (Barnes–Hut forces are not exactly pairwise antisymmetric). */
const DUST_MOMENTUM_BOUND = 1e-3;

it("2,000 substeps with merging on: mass exact, momentum within 1e-3 of Σm|v|, count falls by the merges", {timeout: 900_000}, async () => {
  const {bodies, params} = cloudScene(600, 21, {radius: 0.4, unitRadius: 0.006});
  dust.setParams(params);
  dust.setBodies(bodies);
  const t0 = dustTotals(bodies);
  let scale = 0;
  for (let i = 0; i < bodies.n; i++) scale += bodies.m[i] * Math.hypot(bodies.vx[i], bodies.vy[i]);
  let worstMass = 0;
  let last = bodies.n;
  for (let f = 0; f < 40; f++) {
    dust.step(50);
    const s = await dust.readState();
    worstMass = Math.max(worstMass, Math.abs(s.totalMass - t0.mass) / t0.mass);
    expect(s.count).toBeLessThanOrEqual(last);
    last = s.count;
    dust.setCount(s.count);
  }
  const out = await dust.readBodies();
  const t = dustTotals(out);
  const massDrift = Math.abs(t.mass - t0.mass) / t0.mass;
  const momentumDrift = Math.hypot(t.px - t0.px, t.py - t0.py) / scale;
  console.log(
    `dust soak: ${bodies.n} → ${t.count} bodies in 2000 substeps, largest ${t.largestMass}, mass drift ${massDrift}, momentum drift ${momentumDrift.toExponential(2)}`
  );
  expect(worstMass).toBeLessThanOrEqual(1e-6);
  expect(massDrift).toBeLessThanOrEqual(1e-6);
  expect(momentumDrift).toBeLessThan(DUST_MOMENTUM_BOUND);
  expect(t.count).toBe(last);
  expect(t.count).toBeLessThan(bodies.n / 2);
});

it("1,000 substeps with merging off: the count never changes", {timeout: 900_000}, async () => {
  const {bodies, params} = cloudScene(600, 22, {radius: 0.4, unitRadius: 0.006});
  params.merge = 0;
  dust.setParams(params);
  dust.setBodies(bodies);
  for (let f = 0; f < 10; f++) {
    dust.step(100);
    expect((await dust.readState()).count).toBe(600);
  }
  expect(dustTotals(await dust.readBodies()).count).toBe(600);
});
