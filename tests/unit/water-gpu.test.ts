// The SPH water kernels on the GPU (Dawn) against hand-computed values and the CPU twin:
// density of known neighbourhoods, momentum conservation of the pressure forces, one whole
// substep at 10,000 particles, every count of threads per particle (lanes) against the twin,
// and the diagnostics (histogram, max speed).
import {describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import type {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {PARTICLE_WORDS} from "../../components/sort/particles.js";
import {denseGrid} from "../../components/sort/grid.js";
import {WATER_DEFAULTS, H, waterGrid, type WaterParams} from "../../components/water/params.js";
import {damBreak} from "../../components/water/scene.js";
import {defaultWaterLanes, WaterGPU, waterLanes} from "../../components/water/pipeline.js";
import {adapterInfoOf, isSoftwareAdapter} from "../../components/gpu/adapter.js";
import {densityTwin, statsTwin, substepTwin} from "../../components/water/twin.js";
import {sortTwin} from "../../components/sort/twin.js";
import {foldMismatches, readSortState} from "../helpers/fold.js";
import {gpuSuite} from "../helpers/gpu.js";
import {particlesFrom, shake, slotsById} from "../helpers/water.js";

let gpu: GPUHandle;
let scope: ResourceScope;
let sim: WaterGPU;

gpuSuite(async (handle, resources) => {
  gpu = handle;
  scope = resources;
  sim = await WaterGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 20_000});
});

/** Params with nothing but the pairwise terms: no gravity, walls far away, no clamps. */
const pairOnly: WaterParams = {...WATER_DEFAULTS, gravity: 0, xsph: 0, wallK: 0, wallDamping: 0, maxSpeed: 1e9, tank: [-10, -10, 10, 10]};

async function densityOnGPU(rows: number[][], params: WaterParams = pairOnly) {
  sim.setParams(params);
  sim.setPointer(null);
  sim.upload(particlesFrom(rows));
  await sim.step(1);
  const out = await sim.read();
  const slot = slotsById(out.particles);
  return {rho: (id: number) => out.density[slot[id]], near: (id: number) => out.near[slot[id]]};
}

describe("density pass", () => {
  it("equals the hand-computed sums Σ(1−r/h)² and Σ(1−r/h)³ for known neighbours", async () => {
    // particle 0 at the centre of a cell; neighbours at 0.25h, 0.5h (two cells away in x
    // after crossing a border), 0.9h diagonal, and two outside h (1.0h exactly, 1.5h).
    const c = [1.0 + 0.5 * H, 0.5 + 0.5 * H];
    const d = 0.9 / Math.SQRT2;
    const rows = [c, [c[0] + 0.25 * H, c[1]], [c[0] - 0.5 * H, c[1]], [c[0] + d * H, c[1] + d * H], [c[0], c[1] - 1.0 * H], [c[0] + 1.5 * H, c[1]]];
    const {rho, near} = await densityOnGPU(rows);
    const qs = [0.75, 0.5, 0.1];
    const want = qs.reduce((s, q) => s + q * q, 0); // 0.5625 + 0.25 + 0.01 = 0.8225
    const wantNear = qs.reduce((s, q) => s + q ** 3, 0); // 0.421875 + 0.125 + 0.001
    expect(rho(0)).toBeCloseTo(want, 5);
    expect(near(0)).toBeCloseTo(wantNear, 5);
    // the far particle (1.5h) sees only the 0.25h neighbour at 1.25h? no: it is 1.25h away → nothing
    expect(rho(5)).toBeCloseTo(0, 6);
    // symmetric pair terms: particle 1 sees 0 (0.25h), 2 (0.75h), 3 (≈0.64h), 5 (1.25h: out)
    const r13 = Math.hypot(d - 0.25, d);
    const want1 = 0.75 ** 2 + 0.25 ** 2 + (1 - r13) ** 2;
    expect(rho(1)).toBeCloseTo(want1, 5);
  });

  it("counts each neighbour once in the corner cell of the grid (clamped window)", async () => {
    const rows = [
      [0.2 * H, 0.2 * H],
      [0.7 * H, 0.2 * H],
      [0.2 * H, 0.6 * H],
      [1.1 * H, 0.3 * H],
    ];
    const {rho} = await densityOnGPU(rows);
    const want = [0.5, 0.4, Math.hypot(0.9, 0.1)].reduce((s, r) => s + (1 - r) ** 2, 0); // 0.25 + 0.36 + 0.0089
    expect(rho(0)).toBeCloseTo(want, 5);
    const want1 = [0.5, Math.hypot(0.5, 0.4), Math.hypot(0.4, 0.1)].reduce((s, r) => s + (1 - r) ** 2, 0);
    expect(rho(1)).toBeCloseTo(want1, 5);
  });

  it("a lone particle has zero density; identical points count fully (r = 0 → q = 1)", async () => {
    const {rho, near} = await densityOnGPU([
      [1, 1],
      [1.5, 1.5],
      [1.5, 1.5],
    ]);
    expect(rho(0)).toBe(0);
    expect(near(0)).toBe(0);
    expect(rho(1)).toBeCloseTo(1, 6);
    expect(near(2)).toBeCloseTo(1, 6);
  });

  it("matches the twin over a random cloud of 5,000 particles (including a hashed grid)", async () => {
    for (const grid of [waterGrid(), {...denseGrid(256, 256, H), hashed: true, numCells: 4096}]) {
      const hsim = await WaterGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 5000, grid});
      const input = shake(damBreak(5000, WATER_DEFAULTS, 3), 0.3 * H, 0.2, 11);
      hsim.setParams(pairOnly);
      hsim.upload(input);
      await hsim.step(1);
      const out = await hsim.read();
      const {sorted, starts} = sortTwin(grid, input);
      const twin = densityTwin(grid, pairOnly, sorted, starts);
      const slot = slotsById(out.particles);
      for (let s = 0; s < sorted.count; s++) {
        const id = sorted.u32[s * PARTICLE_WORDS + 4];
        expect(Math.abs(out.density[slot[id]] - twin.density[s])).toBeLessThanOrEqual(1e-4 * Math.max(1, twin.density[s]));
        expect(Math.abs(out.near[slot[id]] - twin.near[s])).toBeLessThanOrEqual(1e-4 * Math.max(1, twin.near[s]));
      }
      hsim.dispose();
    }
  });
});

describe("force pass", () => {
  it("pressure forces sum to zero over all particles (momentum conservation)", async () => {
    // a compressed, disordered cloud: large pushes in every direction
    const input = shake(damBreak(8000, WATER_DEFAULTS, 5), 0.4 * H, 0, 7);
    for (let i = 0; i < input.count; i++) {
      input.f32[i * PARTICLE_WORDS] = 0.6 + (input.f32[i * PARTICLE_WORDS] - 0.6) * 0.7; // squeeze
      input.f32[i * PARTICLE_WORDS + 1] += 0.2;
    }
    sim.setParams(pairOnly);
    sim.setPointer(null);
    sim.upload(input);
    await sim.step(1);
    const {particles: out} = await sim.read();
    let sx = 0,
      sy = 0,
      abs = 0;
    for (let i = 0; i < out.count; i++) {
      const vx = out.f32[i * PARTICLE_WORDS + 2],
        vy = out.f32[i * PARTICLE_WORDS + 3];
      sx += vx;
      sy += vy;
      abs += Math.hypot(vx, vy);
    }
    expect(abs / out.count).toBeGreaterThan(0.05); // the forces are far from zero…
    expect(Math.hypot(sx, sy) / abs).toBeLessThan(1e-5); // …and cancel in the sum
    // the twin agrees
    const twin = substepTwin(waterGrid(), pairOnly, input).particles;
    let tx = 0,
      ty = 0;
    for (let i = 0; i < twin.count; i++) {
      tx += twin.f32[i * PARTICLE_WORDS + 2];
      ty += twin.f32[i * PARTICLE_WORDS + 3];
    }
    expect(Math.hypot(tx, ty) / abs).toBeLessThan(1e-9);
  });
});

describe("one whole substep", () => {
  it("equals the twin within 1e-4 relative at 10,000 particles (walls, gravity, XSPH, pointer)", async () => {
    const params: WaterParams = {...WATER_DEFAULTS};
    const input = shake(damBreak(10_000, params, 9), 0.2 * H, 0.5, 13);
    const pointer = {x: 0.3, y: 0.2, vx: 1.5, vy: -0.5, active: true};
    sim.setParams(params);
    sim.setPointer(pointer);
    sim.upload(input);
    await sim.step(1);
    const out = await sim.read();
    const twin = substepTwin(waterGrid(), params, input, pointer);
    const slot = slotsById(out.particles);
    let worstX = 0,
      worstV = 0,
      worstRho = 0;
    for (let s = 0; s < twin.particles.count; s++) {
      const o = s * PARTICLE_WORDS;
      const id = twin.particles.u32[o + 4];
      const g = slot[id] * PARTICLE_WORDS;
      expect(slot[id]).toBeGreaterThanOrEqual(0);
      for (let c = 0; c < 2; c++) {
        const t = twin.particles.f32[o + c],
          v = out.particles.f32[g + c];
        worstX = Math.max(worstX, Math.abs(v - t) / Math.max(Math.abs(t), 1e-3));
        const tv = twin.particles.f32[o + 2 + c],
          vv = out.particles.f32[g + 2 + c];
        // relative to the particle's speed (a component near zero is compared against it)
        const speed = Math.hypot(twin.particles.f32[o + 2], twin.particles.f32[o + 3]);
        worstV = Math.max(worstV, Math.abs(vv - tv) / Math.max(speed, 0.1));
      }
      worstRho = Math.max(worstRho, Math.abs(out.density[slot[id]] - twin.density[s]) / Math.max(twin.density[s], 1));
    }
    expect(worstX).toBeLessThan(1e-4);
    expect(worstV).toBeLessThan(1e-4);
    expect(worstRho).toBeLessThan(1e-4);
  });
});

/** Largest relative deviation of x, v and ρ of a GPU substep from the twin (as the 10,000-particle test measures it). */
function worstDeviation(out: Awaited<ReturnType<WaterGPU["read"]>>, twin: ReturnType<typeof substepTwin>) {
  const slot = slotsById(out.particles);
  let worst = 0;
  for (let s = 0; s < twin.particles.count; s++) {
    const o = s * PARTICLE_WORDS;
    const id = twin.particles.u32[o + 4];
    const g = slot[id] * PARTICLE_WORDS;
    if (slot[id] < 0) return Infinity;
    const speed = Math.hypot(twin.particles.f32[o + 2], twin.particles.f32[o + 3]);
    for (let c = 0; c < 2; c++) {
      worst = Math.max(worst, Math.abs(out.particles.f32[g + c] - twin.particles.f32[o + c]) / Math.max(Math.abs(twin.particles.f32[o + c]), 1e-3));
      worst = Math.max(worst, Math.abs(out.particles.f32[g + 2 + c] - twin.particles.f32[o + 2 + c]) / Math.max(speed, 0.1));
    }
    worst = Math.max(worst, Math.abs(out.density[slot[id]] - twin.density[s]) / Math.max(twin.density[s], 1));
  }
  return worst;
}

describe("threads per particle (lanes)", () => {
  it("picks the largest power of two ≤ 8 within 160,000 threads", () => {
    expect([1, 10_000, 20_000, 30_000, 50_000, 80_000, 80_001, 160_000, 250_000, 4_000_000].map(waterLanes)).toEqual([8, 8, 8, 4, 2, 2, 1, 1, 1, 1]);
  });

  it("a software adapter runs one thread per particle (and the pipeline uses the default)", () => {
    const software = isSoftwareAdapter(adapterInfoOf(gpu.device));
    expect(defaultWaterLanes(gpu.device, 10_000)).toBe(software ? 1 : 8);
    sim.upload(damBreak(10_000, WATER_DEFAULTS, 9));
    expect(sim.lanes).toBe(defaultWaterLanes(gpu.device, 10_000));
  });

  it("every lane count gives the twin's substep within 1e-4 (2D dispatch, a count not a multiple of 256)", async () => {
    const params: WaterParams = {...WATER_DEFAULTS};
    const input = shake(damBreak(3001, params, 9), 0.2 * H, 0.5, 17);
    const pointer = {x: 0.3, y: 0.2, vx: 1.5, vy: -0.5, active: true};
    const twin = substepTwin(waterGrid(), params, input, pointer);
    const worst: Record<number, number> = {};
    for (const lanes of [1, 2, 4, 8, 16]) {
      const lsim = await WaterGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 3001, lanes, maxWorkgroupsPerDimension: 14});
      lsim.setParams(params);
      lsim.setPointer(pointer);
      lsim.upload(input);
      expect(lsim.lanes).toBe(lanes);
      expect(lsim.singleLane, "lanes fixed at 1: built without the workgroup exchange").toBe(lanes === 1);
      await lsim.step(1);
      worst[lanes] = worstDeviation(await lsim.read(), twin);
      lsim.dispose();
    }
    for (const w of Object.values(worst)) expect(w).toBeLessThan(1e-4);
  });

  it("a CPU emulation's default is one lane on the pipeline built without the workgroup exchange (no barrier), at every count", async () => {
    const software = isSoftwareAdapter(adapterInfoOf(gpu.device));
    expect(sim.singleLane).toBe(software);
    for (const n of [10_000, 20_000]) {
      sim.upload(damBreak(n, WATER_DEFAULTS, 3));
      expect(sim.lanes).toBe(software ? 1 : waterLanes(n));
    }
  });

  it("rejects a lane count that is not a power of two", async () => {
    await expect(WaterGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 10, lanes: 3})).rejects.toThrow(/power of two/);
  });
});

describe("several substeps with the count folded into the pressure pass", () => {
  // lanes > 1: only lane 0 of a particle counts it; with ranks "runs" its other lanes carry its
  // key so that the run spans neighbouring particles of one cell (Dawn's CPU adapter has subgroups of 4)
  const variants: {ranks: "atomic" | "runs"; scanBlocks: number; lanes: number}[] = [
    {ranks: "atomic", scanBlocks: 1, lanes: 1},
    {ranks: "atomic", scanBlocks: 8, lanes: 2},
    {ranks: "runs", scanBlocks: 1, lanes: 1},
    {ranks: "runs", scanBlocks: 8, lanes: 1},
    {ranks: "runs", scanBlocks: 8, lanes: 2},
    {ranks: "runs", scanBlocks: 1, lanes: 8},
  ];
  for (const {ranks, scanBlocks, lanes} of variants) {
    it(`ranks "${ranks}", ${scanBlocks} scan block${scanBlocks > 1 ? "s" : ""}, ${lanes} lane${lanes > 1 ? "s" : ""}: every sort and every folded count equal the twin's`, async () => {
      const n = 1501;
      const fsim = await WaterGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: n, ranks, scanBlocks, lanes, maxWorkgroupsPerDimension: 5});
      expect(fsim.foldCount && fsim.sorter.ranks === ranks && fsim.sorter.scanBlocks === scanBlocks).toBe(true);
      const params: WaterParams = {...WATER_DEFAULTS};
      const input = shake(damBreak(n, params, 9), 0.2 * H, 4, 23 + lanes);
      fsim.setParams(params);
      fsim.setPointer({x: 0.3, y: 0.2, vx: 1.5, vy: -0.5, active: true});
      fsim.upload(input);
      let prev = input;
      let moved = 0;
      for (let step = 0; step < 3; step++) {
        await fsim.step(1);
        const state = await readSortState(gpu.device, fsim.sorter, fsim.particles, fsim.sorted, n, fsim.grid.numCells);
        expect(foldMismatches(fsim.grid, scanBlocks, prev, state), `substep ${step + 1}`).toEqual([]);
        for (let i = 0; i < n; i++) if (state.next.u32[i * PARTICLE_WORDS + 5] !== state.sorted.u32[i * PARTICLE_WORDS + 5]) moved++;
        prev = state.next;
      }
      expect(moved, "particles that changed cell").toBeGreaterThan(100);
      fsim.dispose();
    });
  }

  it("with and without the fold, three substeps end in the same state (within float rounding of the order inside cells)", async () => {
    const n = 1200;
    const params: WaterParams = {...WATER_DEFAULTS};
    const input = shake(damBreak(n, params, 9), 0.2 * H, 1, 29);
    const run = async (foldCount: boolean) => {
      const w = await WaterGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: n, foldCount});
      expect(w.phases.map((p) => p.dispatches)).toEqual(foldCount ? [0, 1, 1, 1, 1] : [1, 1, 1, 1, 1]);
      w.setParams(params);
      w.upload(input);
      await w.step(3);
      const out = await w.read();
      w.dispose();
      return out;
    };
    const folded = await run(true);
    const plain = await run(false);
    const a = slotsById(folded.particles);
    const b = slotsById(plain.particles);
    let worst = 0;
    for (let id = 0; id < n; id++)
      for (let c = 0; c < 4; c++)
        worst = Math.max(worst, Math.abs(folded.particles.f32[a[id] * PARTICLE_WORDS + c] - plain.particles.f32[b[id] * PARTICLE_WORDS + c]));
    expect(worst).toBeLessThan(1e-4);
  });
});

describe("diagnostics (stats pass)", () => {
  it("the density histogram and max speed equal the twin's", async () => {
    const params: WaterParams = {...WATER_DEFAULTS};
    const input = shake(damBreak(10_000, params, 2), 0.3 * H, 0.8, 21);
    sim.setParams(params);
    sim.setPointer(null);
    sim.upload(input);
    await sim.step(1);
    const out = await sim.read();
    const stats = await sim.readStats();
    const twin = statsTwin(params, out.particles, out.density);
    expect([...stats.bins]).toEqual([...twin.bins]);
    expect(stats.bins.reduce((s, v) => s + v, 0)).toBe(10_000);
    expect(stats.maxSpeed).toBeCloseTo(twin.maxSpeed, 5);
    expect(stats.maxSpeed).toBeGreaterThan(0);
  });

  it("an empty simulation reports an empty histogram and zero speed", async () => {
    sim.upload(particlesFrom([]));
    const stats = await sim.readStats();
    expect(stats.bins.every((b) => b === 0)).toBe(true);
    expect(stats.maxSpeed).toBe(0);
  });
});
