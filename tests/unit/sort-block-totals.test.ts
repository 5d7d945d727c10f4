// The count pass's block totals (count.wgsl, Dawn): each workgroup adds its particles to
// 256 bins in workgroup memory and flushes every non-zero bin to the global totals once.
// The totals must equal the twin's (blockCountsTwin) for every scan-block count, every
// coarsening (particles per thread) and every key layout — random keys, all particles in
// one cell, keys that hit every block — and the sort built on them must stay valid. Also
// the coarsening's dispatch arithmetic, for counts up to 2^31.
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {workgroupGrid} from "../../components/gpu/dispatch.js";
import {COUNT_TARGET_WORKGROUPS, CountingSortGPU, countPerThreadFor, countThreads} from "../../components/sort/gpu-sort.js";
import {scanBlockCells, type GridParams} from "../../components/sort/grid.js";
import {allocParticles, cloneParticles, PARTICLE_WORDS, type PackedParticles} from "../../components/sort/particles.js";
import {blockCountsTwin, countTwin, exclusiveScan} from "../../components/sort/twin.js";
import {testGPU} from "../helpers/gpu.js";
import {expectValidSort, gridWithCells, particlesInCell, randomParticles, runProductionSort} from "../helpers/sort.js";

const MAX_N = 70_000;
/** [scan blocks, particles per thread (undefined: chosen from the count, with a target of 2 workgroups)] */
const CONFIGS: [number, number | undefined][] = [
  [256, 1],
  [256, 3],
  [256, 40],
  [256, undefined],
  [7, 3],
];

let gpu: GPUHandle;
let scope: ResourceScope;
const sorters = new Map<string, CountingSortGPU>();
const name = ([blocks, k]: [number, number | undefined]) => `${blocks} blocks, ${k ?? "auto"} per thread`;

beforeAll(async () => {
  gpu = await testGPU();
  scope = new ResourceScope(gpu.device);
  for (const c of CONFIGS) {
    const [scanBlocks, countPerThread] = c;
    sorters.set(
      name(c),
      await CountingSortGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: MAX_N, maxCells: 65_536, scanBlocks, countPerThread, countWorkgroups: 2})
    );
  }
});
afterAll(() => {
  scope?.dispose();
  expect(gpu.stats.validationErrors, gpu.stats.lastError ?? "").toBe(0);
});

/** Keys the twin gives `input` (computed on a copy). */
function twinKeys(g: GridParams, input: PackedParticles): {counts: Uint32Array; keys: Uint32Array} {
  const keyed = cloneParticles(input);
  const counts = countTwin(g, keyed);
  const keys = new Uint32Array(input.count).map((_, i) => keyed.u32[i * PARTICLE_WORDS + 5]);
  return {counts, keys};
}

/** Sorts `input` on the GPU and checks the block totals, the histogram, the starts and the sort against the twin. */
async function checkSort(sorter: CountingSortGPU, g: GridParams, input: PackedParticles) {
  const {counts, keys} = twinKeys(g, input);
  const res = await runProductionSort(sorter, g, input);
  expect(res.counts).toEqual(counts);
  expect(res.blockCounts, "block totals after the count pass").toEqual(blockCountsTwin(counts, sorter.scanBlocks));
  expect(res.starts).toEqual(exclusiveScan(counts));
  expectValidSort(input, keys, res.starts, res.sorted);
  expect(
    res.blockCountsAfter.every((v) => v === 0),
    "block totals cleared for the next count"
  ).toBe(true);
  return res;
}

/** n particles whose keys visit the first cell of every scan block in turn (then wrap), ids 0..n-1. */
function everyBlock(g: GridParams, n: number, blocks: number): PackedParticles {
  const k = scanBlockCells(g.numCells, blocks);
  const firsts = [];
  for (let c = 0; c < g.numCells; c += k) firsts.push(particlesInCell(g, 1, c));
  const p = allocParticles(n);
  for (let i = 0; i < n; i++) {
    p.u32.set(firsts[i % firsts.length].u32.subarray(0, PARTICLE_WORDS), i * PARTICLE_WORDS);
    p.u32[i * PARTICLE_WORDS + 4] = i;
  }
  return p;
}

describe.each(CONFIGS.map((c) => [name(c), c] as const))("block totals of the count pass, %s", (label) => {
  for (const cells of [65_536, 1000]) {
    it(`random keys in ${cells} cells at 1, 255, 256, 257 and 70,000 particles`, async () => {
      const sorter = sorters.get(label)!;
      const g = gridWithCells(cells);
      for (const n of [1, 255, 256, 257, MAX_N]) await checkSort(sorter, g, randomParticles(g, n, cells + 13 * n));
    }, 120_000);
  }

  it("all 70,000 particles in one cell (the first, a middle and the last)", async () => {
    const sorter = sorters.get(label)!;
    const g = gridWithCells(65_536);
    for (const key of [0, 40_000, 65_535]) {
      const res = await checkSort(sorter, g, particlesInCell(g, MAX_N, key));
      const block = Math.floor(key / scanBlockCells(g.numCells, sorter.scanBlocks));
      expect(res.blockCounts[block]).toBe(MAX_N);
    }
  }, 120_000);

  it("keys that hit every block, every workgroup flushing into every block", async () => {
    const sorter = sorters.get(label)!;
    for (const cells of [65_536, 1000]) {
      const g = gridWithCells(cells);
      for (const n of [257, MAX_N]) {
        const res = await checkSort(sorter, g, everyBlock(g, n, sorter.scanBlocks));
        const used = Math.ceil(cells / scanBlockCells(cells, sorter.scanBlocks)); // blocks holding at least one cell
        if (n >= used) expect(res.blockCounts.subarray(0, used).every((v) => v > 0)).toBe(true);
      }
    }
  }, 120_000);
});

describe("coarsened count dispatch", () => {
  it("the sorter picks the particles per thread from the count unless told", () => {
    const auto = sorters.get(name([256, undefined]))!;
    auto.setGrid(gridWithCells(256), MAX_N);
    expect(auto.countPerThread).toBe(Math.ceil(MAX_N / 512)); // a target of 2 workgroups
    auto.setGrid(gridWithCells(256), 0);
    expect(auto.countPerThread).toBe(1);
    const fixed = sorters.get(name([256, 40]))!;
    fixed.setGrid(gridWithCells(256), 5);
    expect(fixed.countPerThread).toBe(40);
  });

  it("simulation sizes count one particle per thread; huge counts run in about the target workgroups, each holding particles", () => {
    for (const n of [0, 1, 10_000, 30_000, 80_000, 256 * COUNT_TARGET_WORKGROUPS]) expect(countPerThreadFor(n)).toBe(1);
    expect(countPerThreadFor(256 * COUNT_TARGET_WORKGROUPS + 1)).toBe(2);
    expect(countPerThreadFor(16_000_000)).toBe(31);
    expect(countPerThreadFor(1 << 24)).toBe(32);
    for (const n of [1, 255, 256, 257, 70_000, 524_289, 16_000_000, 1 << 24, 2 ** 31]) {
      for (const target of [1, 2, 7, COUNT_TARGET_WORKGROUPS]) {
        const k = countPerThreadFor(n, target);
        const [x, y] = workgroupGrid(countThreads(n, k));
        const groups = x * y;
        // every particle is inside some workgroup's chunk of 256·k ...
        expect(groups * 256 * k, `n=${n} target=${target}`).toBeGreaterThanOrEqual(n);
        // ... and there are no more than the target (plus the spare ones of a 2D layout's last row)
        expect(Math.ceil(n / (256 * k))).toBeLessThanOrEqual(target);
        expect(groups - Math.ceil(n / (256 * k))).toBeLessThan(x);
      }
    }
    expect(() => countPerThreadFor(-1)).toThrow(RangeError);
    expect(() => countPerThreadFor(10, 0)).toThrow(RangeError);
  });

  it("bad coarsening options are refused", async () => {
    for (const countPerThread of [0, 1.5])
      await expect(CountingSortGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 1, maxCells: 4, countPerThread})).rejects.toThrow(
        /countPerThread must be an integer ≥ 1/
      );
    await expect(CountingSortGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 1, maxCells: 4, countWorkgroups: 0})).rejects.toThrow(
      /countWorkgroups must be an integer ≥ 1/
    );
  });
});
