/**
 * The sort's two ways of taking atomics (CountingSortOptions.ranks) against the CPU twin, as a
 * matrix of sorter configurations × key layouts × particle counts × cell counts: the unit tier
 * (tests/unit/sort-runs.test.ts) runs it at a few counts, the soak tier
 * (tests/soak/sort-runs-matrix.test.ts) at every count. `ranksMatrix` declares the sorters'
 * set-up and one test per configuration and layout.
 */
import {afterAll, beforeAll, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {CountingSortGPU, type SortRanks} from "../../components/sort/gpu-sort.js";
import type {GridParams} from "../../components/sort/grid.js";
import {allocParticles, cloneParticles, PARTICLE_WORDS, type PackedParticles} from "../../components/sort/particles.js";
import {blockCountsTwin, countTwin, exclusiveScan, sortTwin} from "../../components/sort/twin.js";
import {testGPU} from "./gpu.js";
import {expectValidSort, gridWithCells, particlesInCell, randomParticles, runProductionSort} from "./sort.js";
import {expectSameArray} from "./arrays.js";

/** [ranks, scan blocks, particles per thread, workgroups per dimension before going 2D, keys in their own array] */
export type Config = [SortRanks, number, number | undefined, number | undefined, boolean?];
export const CONFIGS: Config[] = [
  ["atomic", 1, undefined, undefined],
  ["atomic", 256, undefined, undefined],
  ["runs", 1, undefined, undefined, false],
  ["runs", 256, undefined, undefined, false],
  ["runs", 256, 3, undefined, false],
  ["runs", 7, undefined, 7, false],
  ["runs", 1, undefined, undefined, true],
  ["runs", 256, undefined, undefined, undefined],
  ["runs", 256, 3, undefined, true],
  ["runs", 7, undefined, 7, true],
];
export const configName = ([r, b, k, d, keyArray]: Config) =>
  `${r}${keyArray ? " (key array)" : keyArray === undefined && r === "runs" ? " (default: key array)" : ""}, ${b} scan block(s), ${k ?? "auto"} per thread${d ? `, 2D past ${d} workgroups` : ""}`;
/** Every particle count of the matrix: empty, one, around the subgroup (4 on SwiftShader) and workgroup (256) edges, past a block. */
export const ALL_COUNTS = [0, 1, 3, 4, 5, 255, 256, 257, 2049, 10_000];
const MAX_N = 10_000;

/** The GPU, a scope and one sorter per configuration, made before the tests of the file that calls it. */
export function ranksSorters() {
  const s = {gpu: undefined as unknown as GPUHandle, scope: undefined as unknown as ResourceScope, sorters: new Map<string, CountingSortGPU>()};
  beforeAll(async () => {
    s.gpu = await testGPU();
    s.scope = new ResourceScope(s.gpu.device);
    await makeSorters(s);
  });
  afterAll(() => {
    s.scope?.dispose();
    expect(s.gpu.stats.validationErrors, s.gpu.stats.lastError ?? "").toBe(0);
  });
  return s;
}

async function makeSorters({gpu, scope, sorters}: {gpu: GPUHandle; scope: ResourceScope; sorters: Map<string, CountingSortGPU>}) {
  for (const c of CONFIGS) {
    const [ranks, scanBlocks, countPerThread, maxWorkgroupsPerDimension, keyArray] = c;
    sorters.set(
      configName(c),
      await CountingSortGPU.create(gpu.device, scope, nodeWGSL, {
        maxParticles: MAX_N,
        maxCells: 65_536,
        ranks,
        scanBlocks,
        countPerThread,
        maxWorkgroupsPerDimension,
        keyArray,
      })
    );
  }
}

/** Copies particle `from[i]` for i in `order` into a new set, ids renumbered 0..n-1 (positions kept). */
function pick(from: PackedParticles, order: ArrayLike<number>): PackedParticles {
  const p = allocParticles(order.length);
  for (let k = 0; k < order.length; k++) {
    p.u32.set(from.u32.subarray(order[k] * PARTICLE_WORDS, (order[k] + 1) * PARTICLE_WORDS), k * PARTICLE_WORDS);
    p.u32[k * PARTICLE_WORDS + 4] = k;
  }
  return p;
}

/** n particles in runs of length 1, 2, …, 9, 1, 2, … over cells 0, 1, 2, … (mod the cell count). */
function runsOfEveryLength(g: GridParams, n: number): PackedParticles {
  const p = allocParticles(n);
  let i = 0;
  for (let r = 0; i < n; r++) {
    const cell = particlesInCell(g, 1, r % g.numCells);
    for (let j = 0; j < (r % 9) + 1 && i < n; j++, i++) p.u32.set(cell.u32.subarray(0, PARTICLE_WORDS), i * PARTICLE_WORDS);
  }
  for (let k = 0; k < n; k++) p.u32[k * PARTICLE_WORDS + 4] = k;
  return p;
}

/** Key layouts: name → particles for a grid and a count. */
export const LAYOUTS: Record<string, (g: GridParams, n: number) => PackedParticles> = {
  random: (g, n) => randomParticles(g, n, n * 31 + g.numCells),
  "in cell order (the previous sort's output)": (g, n) =>
    pick(
      sortTwin(g, randomParticles(g, n, n + 7)).sorted,
      Array.from({length: n}, (_, i) => i)
    ),
  "one cell": (g, n) => particlesInCell(g, n, g.numCells - 1),
  "runs of length 1..9": runsOfEveryLength,
  "two keys alternating": (g, n) => {
    const a = particlesInCell(g, 1, 0),
      b = particlesInCell(g, 1, g.numCells - 1);
    return pick(
      {...a, count: 2, u32: Uint32Array.of(...a.u32.subarray(0, PARTICLE_WORDS), ...b.u32.subarray(0, PARTICLE_WORDS))} as PackedParticles,
      Array.from({length: n}, (_, i) => i % 2)
    );
  },
};

export async function checkSort(sorter: CountingSortGPU, g: GridParams, input: PackedParticles) {
  const keyed = cloneParticles(input);
  const counts = countTwin(g, keyed);
  const keys = new Uint32Array(input.count).map((_, i) => keyed.u32[i * PARTICLE_WORDS + 5]);
  const res = await runProductionSort(sorter, g, input);
  expectSameArray(res.counts, counts, "counts");
  if (sorter.scanBlocks > 1) expectSameArray(res.blockCounts, blockCountsTwin(counts, sorter.scanBlocks), "block totals");
  const starts = exclusiveScan(counts);
  expectSameArray(res.starts, starts, "starts");
  expectSameArray(res.cursorAfter, starts.slice(1), "cursors after the scatter");
  expect(
    res.countsAfter.every((v) => v === 0),
    "counts cleared by the scan"
  ).toBe(true);
  expect(
    res.blockCountsAfter.every((v) => v === 0),
    "block totals cleared by the scatter"
  ).toBe(true);
  expectValidSort(input, keys, res.starts, res.sorted);
}

/**
 * One test per configuration and key layout: every count of `counts` in grids of each of
 * `cells` cells sorted by that configuration's sorter equals the twin.
 */
export function ranksMatrix(sorters: Map<string, CountingSortGPU>, counts: number[], cells: number[]) {
  for (const c of CONFIGS) {
    for (const [layout, make] of Object.entries(LAYOUTS)) {
      it(`${configName(c)}: ${layout}, ${counts.join(" / ")} particles, ${cells.join(" and ")} cells`, async () => {
        const sorter = sorters.get(configName(c))!;
        for (const k of cells) {
          const g = gridWithCells(k);
          for (const n of counts) await checkSort(sorter, g, make(g, n));
        }
      }, 300_000);
    }
  }
}
