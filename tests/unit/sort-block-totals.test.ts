// The count pass's block totals (count.wgsl, Dawn): each workgroup adds its particles to
// 256 bins in workgroup memory and flushes every non-zero bin to the global totals once.
// The totals must equal the twin's (blockCountsTwin) for every scan-block count, every
// coarsening (particles per thread) and every key layout — random keys, all particles in
// one cell, keys that hit every block — and the sort built on them must stay valid. Also
// the coarsening's dispatch arithmetic, for counts up to 2^31. The block-total cases run here
// for one particle per thread, the automatic choice and 7 blocks; 3 and 40 per thread are in
// the soak tier (tests/soak/sort-block-totals.test.ts).
import {describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import type {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {workgroupGrid} from "../../components/gpu/dispatch.js";
import {COUNT_TARGET_WORKGROUPS, CountingSortGPU, countPerThreadFor, countThreads} from "../../components/sort/gpu-sort.js";
import {type BlockConfig, blockConfigName, blockSorters, describeBlockTotals, MAX_N} from "../helpers/block-totals.js";
import {gpuSuite} from "../helpers/gpu.js";
import {gridWithCells} from "../helpers/sort.js";

/** Every configuration built here; the block-total cases run for the first three (the others: tests/soak/). */
const CONFIGS: BlockConfig[] = [
  [256, 1],
  [256, undefined],
  [7, 3],
  [256, 3],
  [256, 40],
];
const UNIT_CONFIGS = CONFIGS.slice(0, 3);

let gpu: GPUHandle;
let scope: ResourceScope;
let sorters: Map<string, CountingSortGPU>;
const name = blockConfigName;

gpuSuite(async (handle, resources) => {
  gpu = handle;
  scope = resources;
  sorters = await blockSorters(CONFIGS, gpu.device, scope);
});

describeBlockTotals(UNIT_CONFIGS, (label) => sorters.get(label)!);

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
