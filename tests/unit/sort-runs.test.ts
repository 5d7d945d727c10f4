// The sort's two ways of taking atomics (CountingSortOptions.ranks) on Dawn against the CPU
// twin: "atomic" (count.wgsl, scatter.wgsl: one atomicAdd per particle) and "runs"
// (count_runs.wgsl, scatter_runs.wgsl: one per run of equal keys in a subgroup, runs.wgsl).
// Both must give the twin's histogram, block totals, starts and cells for every key layout
// that makes runs differ: random keys (runs of one), input already in cell order (the
// simulations' case: long runs), one cell for everything, runs of every length 1..9
// (crossing subgroup and workgroup edges), two keys alternating, the last workgroup part
// full; for one and 256 scan blocks, one and 3 particles per thread, and a 2D dispatch.
// Dawn's SwiftShader adapter offers 'subgroups' (subgroup size 4), so the "runs" kernels run
// here (asked for by name: a CPU emulation defaults to "atomic"); the test fails, not skips,
// if the adapter stops offering them.
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {nodeGPU, nodeWGSL} from "../../components/gpu/node.js";
import {CountingSortGPU, defaultRanks, type SortRanks} from "../../components/sort/gpu-sort.js";
import {createTeachingSorter} from "../../components/sort/teaching.js";
import type {GridParams} from "../../components/sort/grid.js";
import {allocParticles, cloneParticles, PARTICLE_WORDS, type PackedParticles} from "../../components/sort/particles.js";
import {blockCountsTwin, countTwin, exclusiveScan, sortTwin} from "../../components/sort/twin.js";
import {testGPU} from "../helpers/gpu.js";
import {adapterInfoOf, isSoftwareAdapter} from "../../components/gpu/adapter.js";
import {expectValidSort, gridWithCells, particlesInCell, randomParticles, runProductionSort} from "../helpers/sort.js";
import {expectSameArray} from "../helpers/arrays.js";

/** [ranks, scan blocks, particles per thread, workgroups per dimension before going 2D, keys in their own array] */
type Config = [SortRanks, number, number | undefined, number | undefined, boolean?];
const CONFIGS: Config[] = [
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
const configName = ([r, b, k, d, keyArray]: Config) =>
  `${r}${keyArray ? " (key array)" : keyArray === undefined && r === "runs" ? " (default: key array)" : ""}, ${b} scan block(s), ${k ?? "auto"} per thread${d ? `, 2D past ${d} workgroups` : ""}`;
const COUNTS = [0, 1, 3, 4, 5, 255, 256, 257, 2049, 10_000];
const MAX_N = 10_000;

let gpu: GPUHandle;
let scope: ResourceScope;
const sorters = new Map<string, CountingSortGPU>();

beforeAll(async () => {
  gpu = await testGPU();
  scope = new ResourceScope(gpu.device);
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
});
afterAll(() => {
  scope?.dispose();
  expect(gpu.stats.validationErrors, gpu.stats.lastError ?? "").toBe(0);
});

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
const LAYOUTS: Record<string, (g: GridParams, n: number) => PackedParticles> = {
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

async function checkSort(sorter: CountingSortGPU, g: GridParams, input: PackedParticles) {
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

describe("the sort's ranks: one atomic per particle or per run of equal keys, both equal to the twin", () => {
  it("the key-array configurations keep their keys in their own array", () => {
    // with ranks "runs" the key array is the default
    for (const c of CONFIGS) expect(sorters.get(configName(c))!.keys !== null, configName(c)).toBe(c[0] === "runs" && c[4] !== false);
  });

  it("Dawn's CPU adapter offers 'subgroups', so the run kernels run here; being an emulation, it defaults to one atomic per particle", () => {
    expect(gpu.device.features.has("subgroups" as GPUFeatureName)).toBe(true);
    expect(isSoftwareAdapter(adapterInfoOf(gpu.device))).toBe(true);
    expect(defaultRanks(gpu.device)).toBe("atomic");
    expect(sorters.get(configName(CONFIGS[2]))!.ranks).toBe("runs");
    expect(CONFIGS[2][0]).toBe("runs");
  });

  for (const c of CONFIGS) {
    for (const [layout, make] of Object.entries(LAYOUTS)) {
      it(`${configName(c)}: ${layout}, ${COUNTS.join(" / ")} particles, 6 and 65,536 cells`, async () => {
        const sorter = sorters.get(configName(c))!;
        for (const cells of [6, 65_536]) {
          const g = gridWithCells(cells);
          for (const n of COUNTS) await checkSort(sorter, g, make(g, n));
        }
      }, 120_000);
    }
  }

  it("the teaching sorter keeps one atomic per particle (the kernels the essay's §3 shows)", async () => {
    const t = await createTeachingSorter(gpu.device, scope, nodeWGSL);
    expect(t.ranks).toBe("atomic");
  });

  it("without 'subgroups' the default is one atomic per particle, and asking for runs is refused", async () => {
    const adapter = await (await nodeGPU()).requestAdapter();
    const device = await adapter!.requestDevice(); // no optional features
    const own = new ResourceScope(device);
    try {
      expect(defaultRanks(device)).toBe("atomic");
      const s = await CountingSortGPU.create(device, own, nodeWGSL, {maxParticles: 300, maxCells: 6});
      expect(s.ranks).toBe("atomic");
      const g = gridWithCells(6);
      await checkSort(s, g, randomParticles(g, 300, 5));
      await expect(CountingSortGPU.create(device, own, nodeWGSL, {maxParticles: 1, maxCells: 4, ranks: "runs"})).rejects.toThrow(
        /needs a device created with the 'subgroups' feature/
      );
    } finally {
      own.dispose();
      device.destroy();
    }
  });

  it("the key array needs the run kernels", async () => {
    await expect(CountingSortGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 1, maxCells: 4, ranks: "atomic", keyArray: true})).rejects.toThrow(
      /keyArray needs ranks "runs"/
    );
  });

  it("an unknown ranks option gets a clear message", async () => {
    await expect(CountingSortGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 1, maxCells: 4, ranks: "warp" as never})).rejects.toThrow(
      /ranks must be "atomic" or "runs", got warp/
    );
  });
});
