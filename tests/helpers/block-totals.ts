/**
 * Test helper: the count pass's block-total cases (tests/unit/sort-block-totals.test.ts runs
 * them for some sorter configurations, tests/soak/sort-block-totals.test.ts for the others).
 */
import {describe, expect, it} from "vitest";
import {nodeWGSL} from "../../components/gpu/node.js";
import type {ResourceScope} from "../../components/gpu/scope.js";
import {CountingSortGPU} from "../../components/sort/gpu-sort.js";
import {scanBlockCells, type GridParams} from "../../components/sort/grid.js";
import {allocParticles, cloneParticles, PARTICLE_WORDS, type PackedParticles} from "../../components/sort/particles.js";
import {blockCountsTwin, countTwin, exclusiveScan} from "../../components/sort/twin.js";
import {expectValidSort, gridWithCells, particlesInCell, randomParticles, runProductionSort} from "./sort.js";
import {expectSameArray} from "./arrays.js";

export const MAX_N = 70_000;
/** [scan blocks, particles per thread (undefined: chosen from the count, with a target of 2 workgroups)] */
export type BlockConfig = [number, number | undefined];
export const blockConfigName = ([blocks, k]: BlockConfig) => `${blocks} blocks, ${k ?? "auto"} per thread`;

/** One sorter per configuration (up to MAX_N particles in 65,536 cells, two count workgroups), by `blockConfigName`. */
export async function blockSorters(configs: BlockConfig[], device: GPUDevice, scope: ResourceScope): Promise<Map<string, CountingSortGPU>> {
  const sorters = new Map<string, CountingSortGPU>();
  for (const c of configs) {
    const [scanBlocks, countPerThread] = c;
    const options = {maxParticles: MAX_N, maxCells: 65_536, scanBlocks, countPerThread, countWorkgroups: 2};
    sorters.set(blockConfigName(c), await CountingSortGPU.create(device, scope, nodeWGSL, options));
  }
  return sorters;
}

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
  expectSameArray(res.counts, counts, "counts");
  expectSameArray(res.blockCounts, blockCountsTwin(counts, sorter.scanBlocks), "block totals after the count pass");
  expectSameArray(res.starts, exclusiveScan(counts), "starts");
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

/** The block-total cases for each configuration; `sorterFor(name)` is the sorter built for it (in beforeAll). */
export function describeBlockTotals(configs: BlockConfig[], sorterFor: (name: string) => CountingSortGPU) {
  describe.each(configs.map((c) => [blockConfigName(c), c] as const))("block totals of the count pass, %s", (label) => {
    for (const cells of [65_536, 1000]) {
      it(`random keys in ${cells} cells at 1, 255, 256, 257 and 70,000 particles`, async () => {
        const sorter = sorterFor(label);
        const g = gridWithCells(cells);
        for (const n of [1, 255, 256, 257, MAX_N]) await checkSort(sorter, g, randomParticles(g, n, cells + 13 * n));
      }, 120_000);
    }

    it("all 70,000 particles in one cell (the first, a middle and the last)", async () => {
      const sorter = sorterFor(label);
      const g = gridWithCells(65_536);
      for (const key of [0, 40_000, 65_535]) {
        const res = await checkSort(sorter, g, particlesInCell(g, MAX_N, key));
        const block = Math.floor(key / scanBlockCells(g.numCells, sorter.scanBlocks));
        expect(res.blockCounts[block]).toBe(MAX_N);
      }
    }, 120_000);

    it("keys that hit every block, every workgroup flushing into every block", async () => {
      const sorter = sorterFor(label);
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
}
