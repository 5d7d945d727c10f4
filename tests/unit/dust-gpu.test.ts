// The dust kernels on the GPU (Dawn) against their CPU twins (components/dust/twin.ts):
// the near field (contacts and merge proposals) equals the brute-force pair list with bodies
// of several sizes, some far larger than a grid cell; the merge's marking and compaction
// equal the twin exactly (order, masses) and to float32 rounding (centres of mass), in one scan
// block and in several (the flags' block totals); the momentum ledger equals the twin's; one
// whole substep equals the twin's; a short run conserves mass exactly and, with merging off,
// never changes the count. The long run is tests/soak/dust-conservation.test.ts.
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {DUST_PHASES, DustGPU} from "../../components/dust/gpu.js";
import {countPipelineDispatches} from "../../components/bench/pipelines.js";
import {dispatchesPerSubstep} from "../../components/gpu/phases.js";
import {cloudScene, discScene} from "../../components/dust/scene.js";
import {compactTwin, contactPairsBruteForce, DustTwin, dustTotals, momentumDrift, momentumSums, NO_PARTNER, nearTwin} from "../../components/dust/twin.js";
import type {Bodies} from "../../components/gravity/bodies.js";

let gpu: GPUHandle;
let scope: ResourceScope;
let dust: DustGPU;

beforeAll(async () => {
  const {testGPU} = await import("../helpers/gpu.js");
  gpu = await testGPU();
  scope = new ResourceScope(gpu.device);
  dust = await DustGPU.create(gpu.device, scope, nodeWGSL, {maxBodies: 4096});
});
afterAll(() => {
  scope?.dispose();
  expect(gpu.stats.validationErrors, gpu.stats.lastError ?? "").toBe(0);
});

/** A crowded cloud with masses 1 … 400 (radii 1 … 20 unit radii: the large ones span many cells of 4). */
function mixedCloud(n: number, seed: number) {
  return cloudScene(n, seed, {radius: 0.5, unitRadius: 0.004, masses: [1, 1, 1, 1, 2, 3, 9, 40, 150, 400]});
}

function pairsFromGPU(partnerLists: {touching: Uint32Array}) {
  return Array.from(partnerLists.touching);
}

describe("near field", () => {
  it("finds exactly the brute-force contacts when bodies of many sizes are present (cells of 4 unit radii)", async () => {
    const {bodies, params} = mixedCloud(1000, 3);
    const pairs = contactPairsBruteForce(bodies, params.unitRadius);
    const touching = new Uint32Array(bodies.n);
    for (const {i, j} of pairs) {
      touching[i]++;
      touching[j]++;
    }
    // large bodies touch many small ones: the test means something only if they do
    const large = Array.from(bodies.m).flatMap((m, i) => (m >= 150 ? [i] : []));
    expect(large.length).toBeGreaterThan(10);
    expect(large.some((i) => touching[i] > 5)).toBe(true);
    dust.setParams(params);
    dust.runPhaseForTest("near", bodies, {ax: new Float64Array(bodies.n), ay: new Float64Array(bodies.n)});
    const out = await dust.readBodies();
    expect(pairsFromGPU(out)).toEqual(Array.from(touching));
    // the twin searches the same way and agrees with both
    const twin = nearTwin(bodies, params, dust.cellSize);
    expect(Array.from(twin.touching)).toEqual(Array.from(touching));
    // proposals: the lowest touching slot slow enough to merge, the same on both
    expect(Array.from(out.partner)).toEqual(Array.from(twin.partner));
    expect(out.partner.some((p) => p !== NO_PARTNER)).toBe(true);
    // accelerations: same sums in another order (float32 on the GPU)
    let scale = 0;
    for (let i = 0; i < bodies.n; i++) scale = Math.max(scale, Math.hypot(twin.ax[i], twin.ay[i]));
    for (let i = 0; i < bodies.n; i++) {
      expect(Math.abs(out.ax[i] - twin.ax[i])).toBeLessThan(2e-5 * scale);
      expect(Math.abs(out.ay[i] - twin.ay[i])).toBeLessThan(2e-5 * scale);
    }
  });

  it("gives the same contacts whatever the cell size (the reach follows the largest body)", async () => {
    const {bodies, params} = mixedCloud(400, 5);
    const pairs = contactPairsBruteForce(bodies, params.unitRadius).length;
    for (const cell of [0.008, 0.1]) {
      const twin = nearTwin(bodies, params, cell);
      expect(twin.touching.reduce((a, b) => a + b, 0)).toBe(2 * pairs);
    }
  });
});

describe("merge", () => {
  it("marks mutual proposals only, keeps the lower slot, compacts as the twin (order exact, masses exact)", async () => {
    const {bodies, params} = mixedCloud(1200, 7);
    const near = nearTwin(bodies, params, 4 * params.unitRadius);
    const acc = {ax: Float64Array.from(bodies.x, (x) => -x), ay: Float64Array.from(bodies.y, (y) => -y)};
    dust.setParams(params);
    dust.runPhaseForTest("merge", bodies, acc, near.partner);
    const out = await dust.readBodies();
    const state = await dust.readState();
    const twin = compactTwin(bodies, acc, near.partner);
    expect(twin.live).toBeLessThan(bodies.n);
    expect(state.count).toBe(twin.live);
    expect(Array.from(out.id)).toEqual(Array.from(twin.bodies.id));
    expect(Array.from(out.m)).toEqual(Array.from(twin.bodies.m));
    const totals = dustTotals(bodies);
    expect(state.totalMass).toBe(totals.mass);
    expect(dustTotals(out).mass).toBe(totals.mass);
    expect(state.largestMass).toBe(dustTotals(twin.bodies).largestMass);
    const spectrum = new Array(24).fill(0);
    for (let s = 0; s < twin.live; s++) spectrum[Math.floor(Math.log2(twin.bodies.m[s]))]++;
    expect(state.spectrum).toEqual(spectrum);
    for (let s = 0; s < bodies.n; s++) {
      for (const k of ["x", "y", "vx", "vy"] as const)
        expect(Math.abs(out[k][s] - twin.bodies[k][s])).toBeLessThanOrEqual(4e-7 * Math.max(1, Math.abs(twin.bodies[k][s])));
    }
    // each body merged at most once: every survivor's mass is its own or its own plus one other's
    const before = new Map<number, number>();
    for (let i = 0; i < bodies.n; i++) before.set(bodies.id[i], bodies.m[i]);
    let merges = 0;
    for (let s = 0; s < twin.live; s++) if (out.m[s] !== before.get(out.id[s])) merges++;
    expect(merges).toBe(bodies.n - twin.live);
  });
});

describe("compaction in scan blocks", () => {
  it("with 256 and 7 scan blocks (the flags' block totals from merge_mark) compacts exactly as the twin, substep after substep", async () => {
    const {bodies, params} = mixedCloud(1200, 7);
    const near = nearTwin(bodies, params, 4 * params.unitRadius);
    const acc = {ax: new Float64Array(bodies.n), ay: new Float64Array(bodies.n)};
    const twin = compactTwin(bodies, acc, near.partner);
    for (const scanBlocks of [256, 7]) {
      const d = await DustGPU.create(gpu.device, scope, nodeWGSL, {maxBodies: 4096, scanBlocks});
      try {
        expect(d.compactor.scanBlocks).toBe(scanBlocks);
        d.setParams(params);
        // twice: merge_compact must leave the block totals cleared for the next merge
        for (let round = 0; round < 2; round++) {
          d.runPhaseForTest("merge", bodies, acc, near.partner);
          const state = await d.readState();
          expect(state.count).toBe(twin.live);
          const out = await d.readBodies();
          expect(Array.from(out.id)).toEqual(Array.from(twin.bodies.id));
          expect(Array.from(out.m)).toEqual(Array.from(twin.bodies.m));
        }
        // and whole substeps with merging: the same survivors as the one-block pipeline (once: slow on a CPU emulation)
        if (scanBlocks !== 7) continue;
        const cloud = cloudScene(600, 11, {radius: 0.5, unitRadius: 0.006});
        d.setParams(cloud.params);
        d.setBodies(cloud.bodies);
        dust.setParams(cloud.params);
        dust.setBodies(cloud.bodies);
        d.step(2);
        dust.step(2);
        const [a, b] = [await d.readState(), await dust.readState()];
        expect(a.count).toBe(b.count);
        expect(a.count).toBeLessThan(600);
        d.setCount(a.count);
        dust.setCount(b.count);
        expect(Array.from((await d.readBodies()).id)).toEqual(Array.from((await dust.readBodies()).id));
      } finally {
        d.dispose();
      }
    }
  });
});

describe("combined substep", () => {
  function start(n: number, merge: number) {
    const {bodies, params} = cloudScene(n, 11, {radius: 0.5, unitRadius: 0.006});
    params.merge = merge;
    dust.setParams(params);
    dust.setBodies(bodies);
    return {bodies, params};
  }

  it("one substep equals the twin's (same survivors, positions to float32 rounding)", async () => {
    const {bodies, params} = start(600, 1);
    const twin = new DustTwin(bodies, params);
    dust.step(1);
    twin.step();
    const state = await dust.readState();
    expect(state.count).toBe(twin.count);
    expect(twin.count).toBeLessThan(600);
    dust.setCount(state.count);
    const out = await dust.readBodies();
    expect(Array.from(out.id)).toEqual(Array.from(twin.bodies.id));
    expect(Array.from(out.m)).toEqual(Array.from(twin.bodies.m));
    for (let s = 0; s < out.n; s++) {
      expect(Math.abs(out.x[s] - twin.bodies.x[s])).toBeLessThan(1e-5);
      expect(Math.abs(out.vx[s] - twin.bodies.vx[s])).toBeLessThan(1e-4);
    }
  });

  it("conserves mass exactly while merging, and the count falls by one per merge", async () => {
    start(400, 1);
    const counts: number[] = [];
    // short here (every substep is 83 dispatches on a CPU emulation); thousands: tests/soak/dust-conservation.test.ts
    for (let f = 0; f < 3; f++) {
      dust.step(4);
      const s = await dust.readState();
      expect(s.totalMass).toBe(400);
      counts.push(s.count);
      dust.setCount(s.count);
    }
    expect(counts[counts.length - 1]).toBeLessThan(counts[0]);
    for (let k = 1; k < counts.length; k++) expect(counts[k]).toBeLessThanOrEqual(counts[k - 1]);
    const out: Bodies = await dust.readBodies();
    const t = dustTotals(out);
    expect(t.mass).toBe(400);
    expect(t.count).toBe(counts[counts.length - 1]);
  });

  it("contacts and merges alone conserve momentum to float32 rounding", async () => {
    const {bodies, params} = cloudScene(300, 13, {radius: 0.25, unitRadius: 0.01, spin: 0});
    params.G = 1e-9;
    params.merge = 100;
    dust.setParams(params);
    dust.setBodies(bodies);
    dust.step(10);
    const s = await dust.readState();
    expect(s.count).toBeLessThan(300);
    expect(s.totalMass).toBe(300);
    dust.setCount(s.count);
    const out = await dust.readBodies();
    const t0 = dustTotals(bodies),
      t = dustTotals(out);
    let scale = 0;
    for (let i = 0; i < bodies.n; i++) scale += bodies.m[i] * Math.hypot(bodies.vx[i], bodies.vy[i]);
    expect(Math.hypot(t.px - t0.px, t.py - t0.py) / scale).toBeLessThan(1e-5);
  });

  it("keeps the momentum ledger as the twin does: Σ m v, Σ m |v| and the star's impulse, with a small drift", async () => {
    const {bodies, params} = discScene(1000, 3);
    dust.setParams(params);
    dust.setBodies(bodies);
    const twin = new DustTwin(bodies, params);
    dust.step(4);
    for (let k = 0; k < 4; k++) twin.step();
    const m = (await dust.readState()).momentum;
    const now = momentumSums(twin.bodies, params, false);
    const s0 = twin.start.speedSum;
    expect(Math.abs(m.px - now.px) / s0).toBeLessThan(1e-5);
    expect(Math.abs(m.py - now.py) / s0).toBeLessThan(1e-5);
    expect(Math.abs(m.speedSum - now.speedSum) / s0).toBeLessThan(1e-5);
    // the star's impulse is far above the drift: without it the ledger would not balance
    expect(Math.hypot(twin.ledger.jx, twin.ledger.jy) / s0).toBeGreaterThan(1e-4);
    expect(Math.abs(m.jx - twin.ledger.jx) / s0).toBeLessThan(1e-6);
    expect(Math.abs(m.jy - twin.ledger.jy) / s0).toBeLessThan(1e-6);
    const start = dustTotals(bodies);
    expect(momentumDrift(m, start, m, s0)).toBeLessThan(1e-5);
    expect(twin.momentumDrift).toBeLessThan(1e-6);
  });

  it("records the dispatches DUST_PHASES declares (the page's list)", () => {
    start(300, 1);
    expect(countPipelineDispatches({encodeStep: (enc) => dust.encodeSubstep(enc)})).toBe(dispatchesPerSubstep(DUST_PHASES));
  });

  it("never changes the count with merging off", async () => {
    start(400, 0);
    dust.step(12);
    const s = await dust.readState();
    expect(s.count).toBe(400);
    const out = await dust.readBodies();
    expect(out.n).toBe(400);
    expect(dustTotals(out).count).toBe(400);
  });
});
