// The sort's two ways of taking atomics (CountingSortOptions.ranks) on Dawn against the CPU
// twin: "atomic" (count.wgsl, scatter.wgsl: one atomicAdd per particle) and "runs"
// (count_runs.wgsl, scatter_runs.wgsl: one per run of equal keys in a subgroup, runs.wgsl).
// Both must give the twin's histogram, block totals, starts and cells for every key layout
// that makes runs differ: random keys (runs of one), input already in cell order (the
// simulations' case: long runs), one cell for everything, runs of every length 1..9
// (crossing subgroup and workgroup edges), two keys alternating, the last workgroup part
// full; for one and 256 scan blocks, one and 3 particles per thread, and a 2D dispatch. Here
// at the counts that cross the subgroup, workgroup and block edges in the small grid, and one
// count in the 65,536-cell grid; every count in both grids in the soak tier
// (tests/soak/sort-runs-matrix.test.ts). The matrix: tests/helpers/sort-runs.ts.
// Dawn's SwiftShader adapter offers 'subgroups' (subgroup size 4), so the "runs" kernels run
// here (asked for by name: a CPU emulation defaults to "atomic"); the test fails, not skips,
// if the adapter stops offering them.
import {describe, expect, it} from "vitest";
import {nodeGPU, nodeWGSL} from "../../components/gpu/node.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {CountingSortGPU, defaultRanks} from "../../components/sort/gpu-sort.js";
import {createTeachingSorter} from "../../components/sort/teaching.js";
import {adapterInfoOf, isSoftwareAdapter} from "../../components/gpu/adapter.js";
import {gridWithCells, randomParticles} from "../helpers/sort.js";
import {checkSort, CONFIGS, configName, ranksMatrix, ranksSorters} from "../helpers/sort-runs.js";

const s = ranksSorters();

describe("the sort's ranks: one atomic per particle or per run of equal keys, both equal to the twin", () => {
  it("the key-array configurations keep their keys in their own array", () => {
    // with ranks "runs" the key array is the default
    for (const c of CONFIGS) expect(s.sorters.get(configName(c))!.keys !== null, configName(c)).toBe(c[0] === "runs" && c[4] !== false);
  });

  it("Dawn's CPU adapter offers 'subgroups', so the run kernels run here; being an emulation, it defaults to one atomic per particle", () => {
    expect(s.gpu.device.features.has("subgroups" as GPUFeatureName)).toBe(true);
    expect(isSoftwareAdapter(adapterInfoOf(s.gpu.device))).toBe(true);
    expect(defaultRanks(s.gpu.device)).toBe("atomic");
    expect(s.sorters.get(configName(CONFIGS[2]))!.ranks).toBe("runs");
    expect(CONFIGS[2][0]).toBe("runs");
  });

  // the subgroup (4) and workgroup (256) edges and a block of the small grid; one count in the big one
  ranksMatrix(s.sorters, [0, 1, 5, 257, 2049], [6]);
  ranksMatrix(s.sorters, [2049], [65_536]);

  it("the teaching sorter keeps one atomic per particle (the kernels the essay's §3 shows)", async () => {
    const t = await createTeachingSorter(s.gpu.device, s.scope, nodeWGSL);
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
    await expect(CountingSortGPU.create(s.gpu.device, s.scope, nodeWGSL, {maxParticles: 1, maxCells: 4, ranks: "atomic", keyArray: true})).rejects.toThrow(
      /keyArray needs ranks "runs"/
    );
  });

  it("an unknown ranks option gets a clear message", async () => {
    await expect(CountingSortGPU.create(s.gpu.device, s.scope, nodeWGSL, {maxParticles: 1, maxCells: 4, ranks: "warp" as never})).rejects.toThrow(
      /ranks must be "atomic" or "runs", got warp/
    );
  });
});
