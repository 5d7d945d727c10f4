// The kernels at scale (Dawn): the one-dispatch scan against the twin from 1 to 2^20 cells,
// in one workgroup and in 256 blocks (both forced, whatever the adapter), the histogram
// cleared by the scan and the block totals by the scatter for the next sort, per-particle passes laid out in 2D
// past the workgroup limit (forced with a small limit), the water neighbour loop on a grid
// of h/2 cells against brute force, and the dispatch arithmetic for 16,776,961+ particles.
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {nodeGPU, nodeWGSL} from "../../components/gpu/node.js";
import {readBuffers} from "../../components/gpu/readback.js";
import {workgroupGrid} from "../../components/gpu/dispatch.js";
import {CountingSortGPU, defaultScanBlocks} from "../../components/sort/gpu-sort.js";
import {adapterInfoOf, isSoftwareAdapter} from "../../components/gpu/adapter.js";
import {denseGrid} from "../../components/sort/grid.js";
import {PARTICLE_BYTES, PARTICLE_WORDS} from "../../components/sort/particles.js";
import {blockScanTwin, countTwin, exclusiveScan} from "../../components/sort/twin.js";
import {cloneParticles} from "../../components/sort/particles.js";
import {WATER_DEFAULTS, H, waterGridFor, type WaterParams} from "../../components/water/params.js";
import {damBreak} from "../../components/water/scene.js";
import {WaterGPU} from "../../components/water/pipeline.js";
import {substepTwin} from "../../components/water/twin.js";
import {Usage} from "../../components/gpu/usage.js";
import {testGPU} from "../helpers/gpu.js";
import {expectValidSort, gridWithCells, randomParticles, runProductionSort} from "../helpers/sort.js";
import {shake, slotsById} from "../helpers/water.js";
import {rng} from "../helpers/rng.js";

let gpu: GPUHandle;
let scope: ResourceScope;
let sorter: CountingSortGPU;
/** Sorters by scan blocks: 1 (one workgroup, the CPU-emulation default), 7 (uneven blocks), 256 (the GPU default). */
const sorters = new Map<number, CountingSortGPU>();
const BLOCKS = [1, 256];
const BIG = 1 << 20;

beforeAll(async () => {
  await nodeGPU();
  gpu = await testGPU();
  scope = new ResourceScope(gpu.device);
  for (const scanBlocks of [1, 7, 256])
    sorters.set(scanBlocks, await CountingSortGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 20_000, maxCells: BIG, scanBlocks}));
  sorter = sorters.get(1)!;
  await Promise.all([...sorters.values()].map((s) => s.loadBlockScan()));
});
afterAll(() => {
  scope?.dispose();
  expect(gpu.stats.validationErrors, gpu.stats.lastError ?? "").toBe(0);
});

/** Writes `counts` (and their block totals) into the sorter's histogram, runs one scan, reads starts, cursor and counts back. */
async function scanOnGPU(counts: Uint32Array<ArrayBuffer>, kind: "single" | "block", sorter = sorters.get(1)!) {
  const cells = counts.length;
  sorter.setGrid(denseGrid(cells, 1, 1), 0);
  sorter.writeCounts(counts);
  const enc = gpu.device.createCommandEncoder();
  const pass = enc.beginComputePass();
  if (kind === "single") sorter.encodeScan(pass);
  else sorter.encodeBlockScan(pass);
  pass.end();
  const [starts, cursor, after] = await readBuffers(
    gpu.device,
    [
      {buffer: sorter.starts, size: (cells + 1) * 4},
      {buffer: sorter.cursor, size: cells * 4},
      {buffer: sorter.counts, size: cells * 4},
    ],
    enc
  );
  sorter.writeCounts(new Uint32Array(cells)); // leave the histogram and the block totals clear
  return {starts: new Uint32Array(starts), cursor: new Uint32Array(cursor), after: new Uint32Array(after)};
}

/** Index of the first difference of two arrays (or of their lengths), -1 when equal (toEqual is slow on 2^20 entries). */
function firstDifference(a: Uint32Array, b: Uint32Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe("one-dispatch scan (scan_single.wgsl)", () => {
  const cases = [1, 255, 256, 257, 65_536, BIG].flatMap((cells) => BLOCKS.map((blocks) => [cells, blocks]));
  cases.push([1, 7], [257, 7], [65_536, 7], [1000, 256]);
  for (const [cells, blocks] of cases) {
    it(`${cells} cells in ${blocks} block(s): starts and cursor equal the twin's exclusive scan, counts left at zero`, async () => {
      const r = rng(cells);
      const counts = new Uint32Array(cells);
      for (let c = 0; c < cells; c++) counts[c] = r() < 0.3 ? 0 : Math.floor(r() * 9);
      const want = exclusiveScan(counts);
      const got = await scanOnGPU(counts, "single", sorters.get(blocks));
      expect(firstDifference(got.starts, want), "first wrong start").toBe(-1);
      expect(firstDifference(got.cursor, want.subarray(0, cells)), "first wrong cursor").toBe(-1);
      expect(firstDifference(got.after, new Uint32Array(cells)), "first count not cleared").toBe(-1);
      if (cells <= 65_536 && blocks === 1) {
        // the three-dispatch block scan of the essay gives the same starts and leaves the counts
        const block = await scanOnGPU(counts, "block");
        expect(firstDifference(block.starts, blockScanTwin(counts).starts)).toBe(-1);
        expect(firstDifference(block.after, counts)).toBe(-1);
      }
    }, 300_000);
  }

  it("the block scan refuses more than 65,536 cells", () => {
    sorter.setGrid(denseGrid(65_537, 1, 1), 0);
    const enc = gpu.device.createCommandEncoder();
    const pass = enc.beginComputePass();
    expect(() => sorter.encodeBlockScan(pass)).toThrow(/at most 65536 cells/);
    pass.end();
    enc.finish();
  });

  it("scan blocks outside 1..256 are refused; the default follows the adapter", async () => {
    for (const scanBlocks of [0, 257, 1.5])
      await expect(CountingSortGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 1, maxCells: 4, scanBlocks})).rejects.toThrow(
        /scanBlocks must be an integer in 1..256/
      );
    expect(defaultScanBlocks(gpu.device)).toBe(isSoftwareAdapter(adapterInfoOf(gpu.device)) ? 1 : 256);
  });
});

/** The sorter's block totals, read back. */
async function blockCountsOf(s: CountingSortGPU): Promise<Uint32Array> {
  const [b] = await readBuffers(gpu.device, [{buffer: s.blockCounts, size: s.scanBlocks * 4}]);
  return new Uint32Array(b);
}

describe.each(BLOCKS)("count → scan → scatter with no clear dispatch, %i scan block(s)", (blocks) => {
  it("0 and 1 particles", async () => {
    const sorter = sorters.get(blocks)!;
    const g = gridWithCells(256);
    for (const n of [0, 1]) {
      const input = randomParticles(g, n, 5 + n);
      const res = await runProductionSort(sorter, g, input);
      const keyed = cloneParticles(input);
      expect(res.counts).toEqual(countTwin(g, keyed));
      expect(res.countsAfter.every((v) => v === 0)).toBe(true);
      expectValidSort(
        input,
        new Uint32Array(n).map((_, i) => keyed.u32[i * PARTICLE_WORDS + 5]),
        res.starts,
        res.sorted
      );
      expect(
        [...(await blockCountsOf(sorter))].every((v) => v === 0),
        "block totals cleared"
      ).toBe(true);
    }
  });

  it("two sorts back to back in one pass: the second starts from the histogram the first scan cleared", async () => {
    const sorter = sorters.get(blocks)!;
    const g = gridWithCells(4096);
    const n = 5000;
    const input = randomParticles(g, n, 77);
    const keyed = cloneParticles(input);
    countTwin(g, keyed);
    const keys = new Uint32Array(n).map((_, i) => keyed.u32[i * PARTICLE_WORDS + 5]);
    const tmp = scope.child();
    const usage = Usage.STORAGE | Usage.COPY_SRC | Usage.COPY_DST;
    const [a, b, c] = [0, 1, 2].map(() => tmp.buffer({size: n * PARTICLE_BYTES, usage}));
    gpu.device.queue.writeBuffer(a, 0, input.buffer);
    sorter.setGrid(g, n);
    const enc = gpu.device.createCommandEncoder();
    const pass = enc.beginComputePass();
    sorter.encodeSort(pass, a, b);
    sorter.encodeSort(pass, b, c);
    pass.end();
    const [starts, sorted] = await readBuffers(
      gpu.device,
      [
        {buffer: sorter.starts, size: (g.numCells + 1) * 4},
        {buffer: c, size: n * PARTICLE_BYTES},
      ],
      enc
    );
    const s = new Uint32Array(starts);
    expect(s).toEqual(exclusiveScan(countTwin(g, cloneParticles(input))));
    const out = cloneParticles(input);
    out.u32.set(new Uint32Array(sorted));
    expectValidSort(input, keys, s, out);
    expect(
      [...(await blockCountsOf(sorter))].every((v) => v === 0),
      "block totals cleared for the next count"
    ).toBe(true);
    tmp.dispose();
  });
});

describe("2D dispatch past the per-dimension workgroup limit", () => {
  it("the arithmetic: 16,776,960 particles in one row, 16,776,961 and 20 M in two, every thread inside the grid", () => {
    expect(workgroupGrid(0)).toEqual([0, 1]);
    expect(workgroupGrid(1)).toEqual([1, 1]);
    expect(workgroupGrid(65_535 * 256)).toEqual([65_535, 1]);
    for (const n of [65_535 * 256 + 1, 20_000_000, 2 ** 31]) {
      const [x, y] = workgroupGrid(n);
      expect(x).toBeLessThanOrEqual(65_535);
      expect(y).toBeGreaterThan(1);
      expect(x * y * 256).toBeGreaterThanOrEqual(n); // every particle has a thread
      expect((x * (y - 1) + 1) * 256).toBeLessThan(n + 256 * x); // and the last row is needed
    }
    expect(workgroupGrid(65_535 * 256 + 1)).toEqual([32_768, 2]);
    expect(() => workgroupGrid(-1)).toThrow(RangeError);
    expect(() => workgroupGrid(65_535 * 65_535 * 256 + 1)).toThrow(/workgroups/);
  });

  it.each(BLOCKS)("a sort laid out as 3 rows of 3 workgroups (limit forced to 3), %i scan block(s), equals the twin", async (scanBlocks) => {
    const small = await CountingSortGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 2000, maxCells: 4096, maxWorkgroupsPerDimension: 3, scanBlocks});
    const g = gridWithCells(4096);
    const input = randomParticles(g, 2000, 9);
    const keyed = cloneParticles(input);
    const counts = countTwin(g, keyed);
    const res = await runProductionSort(small, g, input);
    expect(workgroupGrid(2000, 256, 3)).toEqual([3, 3]);
    expect(res.counts).toEqual(counts);
    expectValidSort(
      input,
      new Uint32Array(2000).map((_, i) => keyed.u32[i * PARTICLE_WORDS + 5]),
      res.starts,
      res.sorted
    );
    small.dispose();
  });

  it.each(BLOCKS)("a water substep laid out in 2D (limit forced to 3), %i scan block(s), equals the twin", async (scanBlocks) => {
    const params: WaterParams = {...WATER_DEFAULTS};
    const sim = await WaterGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 2000, maxWorkgroupsPerDimension: 3, scanBlocks});
    const input = shake(damBreak(2000, params, 4), 0.2 * H, 0.5, 5);
    sim.setParams(params);
    sim.upload(input);
    await sim.step(1);
    const out = await sim.read();
    const twin = substepTwin(sim.grid, params, input);
    expectSameState(out, twin);
    sim.dispose();
  });
});

/** Every particle's position, velocity and density equal the twin's within 1e-4 relative. */
function expectSameState(out: Awaited<ReturnType<WaterGPU["read"]>>, twin: ReturnType<typeof substepTwin>) {
  const slot = slotsById(out.particles);
  let worst = 0;
  for (let s = 0; s < twin.particles.count; s++) {
    const o = s * PARTICLE_WORDS;
    const g = slot[twin.particles.u32[o + 4]];
    expect(g).toBeGreaterThanOrEqual(0);
    for (let c = 0; c < 4; c++) {
      const t = twin.particles.f32[o + c];
      worst = Math.max(worst, Math.abs(out.particles.f32[g * PARTICLE_WORDS + c] - t) / Math.max(Math.abs(t), 0.1));
    }
    worst = Math.max(worst, Math.abs(out.density[g] - twin.density[s]) / Math.max(twin.density[s], 1));
  }
  expect(worst).toBeLessThan(1e-4);
}

describe("water neighbour loop on a grid of h/2 cells", () => {
  it("density equals brute force over all pairs (no neighbour dropped by the per-row runs)", async () => {
    const params: WaterParams = {...WATER_DEFAULTS, gravity: 0};
    const grid = waterGridFor(params, 2);
    expect(grid.numCells).toBe(512 * 256);
    const sim = await WaterGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 3000, grid});
    const input = shake(damBreak(3000, params, 6), 0.4 * H, 0.2, 7);
    sim.setParams(params);
    sim.upload(input);
    await sim.step(1);
    const out = await sim.read();
    // density is computed before the move: compare against all pairs of the input
    const f = input.f32;
    const rho = new Float64Array(input.count);
    for (let i = 0; i < input.count; i++)
      for (let j = 0; j < input.count; j++) {
        if (i === j) continue;
        const r = Math.hypot(f[i * PARTICLE_WORDS] - f[j * PARTICLE_WORDS], f[i * PARTICLE_WORDS + 1] - f[j * PARTICLE_WORDS + 1]);
        if (r < params.h) rho[i] += (1 - r / params.h) ** 2;
      }
    const slot = slotsById(out.particles);
    let worst = 0;
    for (let i = 0; i < input.count; i++) worst = Math.max(worst, Math.abs(out.density[slot[input.u32[i * PARTICLE_WORDS + 4]]] - rho[i]));
    expect(worst).toBeLessThan(1e-3);
    expectSameState(out, substepTwin(grid, params, input));
    sim.dispose();
  });
});
