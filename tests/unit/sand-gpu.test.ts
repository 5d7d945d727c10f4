// The sand substep on the GPU (Dawn) against its CPU twin (components/sand/twin.ts):
// sort exact, forces + integration within 1e-4 relative, dense vs hashed grids, hash
// keys in range for extreme coordinates. The long run that must settle in the box is in the
// soak tier (tests/soak/sand-settle.test.ts).
import {describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import type {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {readBuffers} from "../../components/gpu/readback.js";
import {SandGPU} from "../../components/sand/gpu-sand.js";
import {SAND_DEFAULTS, SAND_CELL, sandGrid, type SandParams} from "../../components/sand/params.js";
import {sandSubstepTwin} from "../../components/sand/twin.js";
import {cellCoord, cellKey, cellWindow} from "../../components/sort/grid.js";
import {allocParticles, PARTICLE_BYTES, PARTICLE_WORDS, wrapParticles, type PackedParticles} from "../../components/sort/particles.js";
import {foldMismatches, readSortState} from "../helpers/fold.js";
import {gpuSuite} from "../helpers/gpu.js";
import {rng} from "../helpers/rng.js";

let gpu: GPUHandle;
let scope: ResourceScope;
let sand: SandGPU;

gpuSuite(async (handle, resources) => {
  gpu = handle;
  scope = resources;
  sand = await SandGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 30000});
});

/** n grains on a jittered lattice 0.93 diameters apart (many contacts), random velocities, touching the walls. */
function packedGrains(n: number, seed: number, x0 = 0.004, y0 = 0.004, box = 2): PackedParticles {
  const r = rng(seed);
  const d = SAND_CELL;
  const s = 0.93 * d;
  const cols = Math.floor((box - 2 * x0) / s);
  const p = allocParticles(n);
  for (let i = 0; i < n; i++) {
    const o = i * PARTICLE_WORDS;
    p.f32[o] = x0 + (i % cols) * s + (r() - 0.5) * 0.2 * d;
    p.f32[o + 1] = y0 + Math.floor(i / cols) * s + (r() - 0.5) * 0.2 * d;
    p.f32[o + 2] = (r() - 0.5) * 2;
    p.f32[o + 3] = (r() - 0.5) * 2;
    p.u32[o + 4] = i;
  }
  return p;
}

/** Runs one substep on the GPU from `input`; returns B (sorted), starts, A (next) and the stats. */
async function gpuSubstep(params: SandParams, hashed: boolean, input: PackedParticles, sim: SandGPU = sand) {
  const sand = sim;
  sand.setHashed(hashed);
  sand.load(input);
  sand.setParams(params);
  const enc = gpu.device.createCommandEncoder();
  sand.encodeFrame(enc, 1);
  const n = input.count;
  const [b, starts, a, stats] = await readBuffers(
    gpu.device,
    [
      {buffer: sand.b, size: n * PARTICLE_BYTES},
      {buffer: sand.sorter.starts, size: 65537 * 4},
      {buffer: sand.a, size: n * PARTICLE_BYTES},
      {buffer: sand.stats, size: 16},
    ],
    enc
  );
  return {sorted: wrapParticles(b, n), starts: new Uint32Array(starts), next: wrapParticles(a, n), stats: new Uint32Array(stats)};
}

/** Index of each id's slot. */
function slotsById(p: PackedParticles): Int32Array {
  const idx = new Int32Array(p.count).fill(-1);
  for (let k = 0; k < p.count; k++) idx[p.u32[k * PARTICLE_WORDS + 4]] = k;
  return idx;
}

/** Largest error of GPU state against twin state (matched by id), relative to max(|twin value|, floor). */
function maxRelError(gpuP: PackedParticles, twinP: PackedParticles) {
  const g = slotsById(gpuP);
  let pos = 0,
    vel = 0;
  for (let k = 0; k < twinP.count; k++) {
    const o = k * PARTICLE_WORDS;
    const q = g[twinP.u32[o + 4]] * PARTICLE_WORDS;
    for (let w = 0; w < 2; w++) pos = Math.max(pos, Math.abs(gpuP.f32[q + w] - twinP.f32[o + w]) / Math.max(Math.abs(twinP.f32[o + w]), 1e-2));
    for (let w = 2; w < 4; w++) vel = Math.max(vel, Math.abs(gpuP.f32[q + w] - twinP.f32[o + w]) / Math.max(Math.abs(twinP.f32[o + w]), 1e-1));
  }
  return {pos, vel};
}

describe("one substep: GPU equals the twin", () => {
  for (const n of [2000, 30000]) {
    for (const hashed of [false, true]) {
      it(`${n} grains, ${hashed ? "hashed" : "dense"} grid, pointer pushing`, async () => {
        const params: SandParams = structuredClone(SAND_DEFAULTS);
        params.pointer = {x: 1, y: 0.2, radius: 0.12, strength: 600, active: true};
        params.contactDrag = 3; // the default: every grain in contact takes the contact-drag branch
        const input = packedGrains(n, n + (hashed ? 1 : 0));
        const grid = sandGrid(hashed);
        const twin = sandSubstepTwin(params, grid, input);
        const res = await gpuSubstep(params, hashed, input);
        // the sort is exact: same cell starts, and each cell's range holds the same ids with the same state
        expect(res.starts).toEqual(twin.starts);
        const gSlots = slotsById(res.sorted);
        let bad = 0;
        for (let k = 0; k < n; k++) {
          const o = k * PARTICLE_WORDS;
          const key = twin.sorted.u32[o + 5];
          const q = gSlots[twin.sorted.u32[o + 4]];
          if (q < twin.starts[key] || q >= twin.starts[key + 1]) bad++;
          for (let w = 0; w < 6; w++) if (res.sorted.u32[q * PARTICLE_WORDS + w] !== twin.sorted.u32[o + w]) bad++;
        }
        expect(bad, "grains in the wrong cell range or altered by the sort").toBe(0);
        // forces + integration
        const err = maxRelError(res.next, twin.next);
        expect(err.pos).toBeLessThan(1e-4);
        expect(err.vel).toBeLessThan(1e-4);
        // the forces kernel writes each grain back into its sorted slot
        for (let k = 0; k < n; k += 97) expect(res.next.u32[k * PARTICLE_WORDS + 4]).toBe(res.sorted.u32[k * PARTICLE_WORDS + 4]);
        // stats
        expect(res.stats[0]).toBe(twin.stats.candidates);
        expect(res.stats[1]).toBe(twin.stats.collided);
        expect(res.stats[2]).toBe(twin.stats.contacts);
        expect(twin.stats.contacts).toBeGreaterThan(n); // the input really is in contact
        if (!hashed) expect(res.stats[1]).toBe(0);
      });
    }
  }

  it("the counters summed per workgroup (one barrier) or added by each grain (none) are the twin's integers, and the step is the same", async () => {
    const params: SandParams = structuredClone(SAND_DEFAULTS);
    const input = packedGrains(3000, 41);
    const twin = sandSubstepTwin(params, sandGrid(true), input);
    const byWorkgroup = await SandGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 3000, workgroupSums: true});
    const byGrain = await SandGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 3000, workgroupSums: false});
    for (const sim of [byWorkgroup, byGrain]) {
      const res = await gpuSubstep(params, true, input, sim);
      expect([res.stats[0], res.stats[1], res.stats[2]]).toEqual([twin.stats.candidates, twin.stats.collided, twin.stats.contacts]);
      const err = maxRelError(res.next, twin.next);
      expect(err.pos).toBeLessThan(1e-4);
      expect(err.vel).toBeLessThan(1e-4);
    }
    expect(twin.stats.collided).toBeGreaterThan(0);
  });

  it("in a box shrunk for a reduced count (side 0.82, gravity × 1/0.41) the GPU equals the twin, walls and lid included", async () => {
    const params: SandParams = structuredClone(SAND_DEFAULTS);
    params.box = 0.82;
    params.gravity = SAND_DEFAULTS.gravity / 0.41;
    // 2,000 grains packed from wall to wall, then 200 pressed under the lid
    const low = packedGrains(2000, 5, 0.004, 0.004, params.box);
    const input = allocParticles(2200);
    input.f32.set(low.f32.subarray(0, 2000 * PARTICLE_WORDS));
    const top = packedGrains(200, 6, 0.004, params.box - 0.5 * SAND_CELL, params.box);
    for (let i = 0; i < 200; i++) {
      const o = (2000 + i) * PARTICLE_WORDS;
      input.f32.set(top.f32.subarray(i * PARTICLE_WORDS, (i + 1) * PARTICLE_WORDS), o);
      input.u32[o + 4] = 2000 + i;
    }
    const twin = sandSubstepTwin(params, sandGrid(false), input);
    const res = await gpuSubstep(params, false, input);
    expect(res.starts).toEqual(twin.starts);
    const err = maxRelError(res.next, twin.next);
    expect(err.pos).toBeLessThan(1e-4);
    expect(err.vel).toBeLessThan(1e-4);
    // nothing outside the small box
    for (let k = 0; k < 2200; k++) {
      const [x, y] = [res.next.f32[k * PARTICLE_WORDS], res.next.f32[k * PARTICLE_WORDS + 1]];
      expect(x > 0 && x < params.box && y > 0 && y < params.box).toBe(true);
    }
  });

  it("dense and hashed grids give the same contact pairs and the same step for grains inside the box", async () => {
    const params: SandParams = structuredClone(SAND_DEFAULTS);
    const input = packedGrains(5000, 77);
    const pairs = (hashed: boolean) => {
      const g = sandGrid(hashed);
      const t = sandSubstepTwin(params, g, input);
      const inv = Math.fround(1 / g.cellSize);
      const set = new Set<string>();
      const s = t.sorted;
      const d2 = (2 * params.radius) ** 2;
      for (let i = 0; i < s.count; i++) {
        const o = i * PARTICLE_WORDS;
        for (const b of cellWindow(g, cellCoord(s.f32[o], 0, inv), cellCoord(s.f32[o + 1], 0, inv))) {
          for (let j = t.starts[b.key]; j < t.starts[b.key + 1]; j++) {
            const q = j * PARTICLE_WORDS;
            const dd = (s.f32[o] - s.f32[q]) ** 2 + (s.f32[o + 1] - s.f32[q + 1]) ** 2;
            if (j !== i && dd < d2) set.add(`${s.u32[o + 4]}-${s.u32[q + 4]}`);
          }
        }
      }
      return set;
    };
    const dense = pairs(false),
      hashed = pairs(true);
    expect(dense.size).toBeGreaterThan(5000);
    expect([...hashed].sort()).toEqual([...dense].sort());
    const a = await gpuSubstep(params, false, input);
    const b = await gpuSubstep(params, true, input);
    const err = maxRelError(b.next, a.next);
    expect(err.pos).toBeLessThan(1e-4);
    expect(err.vel).toBeLessThan(1e-4);
    expect(b.stats[2]).toBe(a.stats[2]);
    expect(b.stats[0]).toBeGreaterThanOrEqual(a.stats[0]); // hashing only adds candidates
  });

  it("hash keys stay in range for negative and very large coordinates (open walls)", async () => {
    const params: SandParams = structuredClone(SAND_DEFAULTS);
    params.openWalls = true;
    const coords = [-1e30, -3e9, -1e6, -2.5, -1e-3, 0, 1.5, 7, 1e6, 4e9, 1e30];
    const r = rng(5);
    const list: number[][] = [];
    for (const x of coords) for (const y of coords) list.push([x, Math.abs(y)]);
    for (let i = 0; i < 300; i++) list.push([(r() - 0.5) * 2e4, r() * 1e4]);
    const p = allocParticles(list.length);
    list.forEach(([x, y], i) => {
      p.f32[i * 6] = x;
      p.f32[i * 6 + 1] = y;
      p.u32[i * 6 + 4] = i;
    });
    const g = sandGrid(true);
    const res = await gpuSubstep(params, true, p);
    expect(res.starts[65536]).toBe(p.count);
    for (let k = 0; k < p.count; k++) {
      const key = res.sorted.u32[k * 6 + 5];
      expect(key).toBeLessThan(65536);
      const id = res.sorted.u32[k * 6 + 4];
      expect(key).toBe(cellKey(g, p.f32[id * 6], p.f32[id * 6 + 1]));
    }
    for (let k = 0; k < p.count * 6; k += 6) {
      expect(Number.isFinite(res.next.f32[k]) || Math.abs(p.f32[k]) > 1e29).toBe(true);
    }
  });
});

describe("several substeps with the count folded into the forces pass", () => {
  // each variant: the sort's atomics and its scan blocks (several blocks: the folded count's
  // block totals); Dawn's CPU adapter offers 'subgroups', so the run-aggregated fold runs here
  const variants: {ranks: "atomic" | "runs"; scanBlocks: number}[] = [
    {ranks: "atomic", scanBlocks: 1},
    {ranks: "atomic", scanBlocks: 8},
    {ranks: "runs", scanBlocks: 1},
    {ranks: "runs", scanBlocks: 8},
  ];
  for (const {ranks, scanBlocks} of variants) {
    for (const hashed of [false, true]) {
      it(`ranks "${ranks}", ${scanBlocks} scan block${scanBlocks > 1 ? "s" : ""}, ${hashed ? "hashed" : "dense"} grid: every sort and every folded count equal the twin's`, async () => {
        const n = 1501; // not a multiple of the workgroup size
        const fold = await SandGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: n, ranks, scanBlocks});
        expect(fold.foldCount && fold.sorter.ranks === ranks && fold.sorter.scanBlocks === scanBlocks).toBe(true);
        const params: SandParams = structuredClone(SAND_DEFAULTS);
        params.pointer = {x: 0.2, y: 0.1, radius: 0.12, strength: 600, active: true};
        const input = packedGrains(n, 91 + scanBlocks);
        // fast grains, so that many change cell in every substep
        for (let i = 0; i < n; i++) input.f32[i * PARTICLE_WORDS + 2] *= 8;
        fold.setHashed(hashed);
        fold.load(input);
        fold.setParams(params);
        const grid = sandGrid(hashed);
        let prev = input;
        let moved = 0;
        for (let step = 0; step < 4; step++) {
          const enc = gpu.device.createCommandEncoder();
          fold.encodeFrame(enc, 1);
          gpu.device.queue.submit([enc.finish()]);
          const state = await readSortState(gpu.device, fold.sorter, fold.a, fold.b, n, grid.numCells);
          expect(foldMismatches(grid, scanBlocks, prev, state), `substep ${step + 1}`).toEqual([]);
          for (let i = 0; i < n; i++) if (state.next.u32[i * PARTICLE_WORDS + 5] !== state.sorted.u32[i * PARTICLE_WORDS + 5]) moved++;
          prev = state.next;
        }
        expect(moved, "grains that changed cell").toBeGreaterThan(100);
        fold.dispose();
      });
    }
  }

  it("re-pouring and switching the grid recount the grains (the folded counters are never stale)", async () => {
    const n = 800;
    const fold = await SandGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 2000});
    fold.setParams(SAND_DEFAULTS);
    fold.load(packedGrains(2000, 3));
    const enc = gpu.device.createCommandEncoder();
    fold.encodeFrame(enc, 2);
    gpu.device.queue.submit([enc.finish()]);
    // a new pour of fewer grains, then the hashed grid: one substep must sort exactly those grains
    const input = packedGrains(n, 4);
    fold.load(input);
    fold.setHashed(true);
    const enc2 = gpu.device.createCommandEncoder();
    fold.encodeFrame(enc2, 1);
    gpu.device.queue.submit([enc2.finish()]);
    const state = await readSortState(gpu.device, fold.sorter, fold.a, fold.b, n, 65536);
    expect(foldMismatches(sandGrid(true), fold.sorter.scanBlocks, input, state)).toEqual([]);
    fold.dispose();
  });

  it("without the fold (foldCount false) the substep runs the count pass and gives the same sort", async () => {
    const n = 1000;
    const plain = await SandGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: n, foldCount: false});
    expect(plain.phases.map((p) => p.dispatches)).toEqual([1, 1, 1, 1]);
    plain.setParams(SAND_DEFAULTS);
    const input = packedGrains(n, 8);
    plain.load(input);
    const enc = gpu.device.createCommandEncoder();
    plain.encodeFrame(enc, 1);
    gpu.device.queue.submit([enc.finish()]);
    const state = await readSortState(gpu.device, plain.sorter, plain.a, plain.b, n, 65536);
    // the sort of this substep is exact; the counters are back at zero (no count folded in)
    const bad = foldMismatches(sandGrid(false), plain.sorter.scanBlocks, input, state).filter(
      (m) => m.startsWith("starts") || m.includes("sorted") || m.includes("word")
    );
    expect(bad).toEqual([]);
    expect(state.counts.every((c) => c === 0)).toBe(true);
    plain.dispose();
  });
});

// The long settling runs (GPU and twin) are in tests/soak/sand-settle.test.ts (`npm run test:soak`).
