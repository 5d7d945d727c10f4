// Soak tier: the counting sort at large sizes on the GPU (Dawn) against the CPU twin —
// the production sort at a million particles, and the round-by-round teaching scan far past
// the sizes its widgets use (100,000 and a million particles; 257 and 65,536 cells, i.e. up
// to 16 scan rounds, each round compared whole). Moved out of tests/unit/sort-gpu.test.ts,
// which keeps the production sort up to 100,000 and the teaching scan at its own sizes.
// Also the run kernels (ranks "runs" with the key array) at a million particles, random and
// already in cell order.
import {describe, expect, it} from "vitest";
import {nodeWGSL} from "../../components/gpu/node.js";
import {CountingSortGPU} from "../../components/sort/gpu-sort.js";
import {countingSortTwin, countTwin, exclusiveScan, sortTwin} from "../../components/sort/twin.js";
import {cloneParticles, PARTICLE_WORDS} from "../../components/sort/particles.js";
import {gpuSuite} from "../helpers/gpu.js";
import {expectProductionSort, expectValidSort, gridWithCells, randomParticles, runProductionSort} from "../helpers/sort.js";
import {expectSameArray} from "../helpers/arrays.js";

const CELL_COUNTS = [1, 6, 16, 256, 257, 65_536];

let sorter: CountingSortGPU;
/** The run kernels with their key array (the default on a GPU with subgroups; SwiftShader defaults to one atomic per particle). */
let runsSorter: CountingSortGPU;

gpuSuite(async ({device}, scope) => {
  sorter = await CountingSortGPU.create(device, scope, nodeWGSL, {maxParticles: 1_000_000, maxCells: 65_536});
  runsSorter = await CountingSortGPU.create(device, scope, nodeWGSL, {maxParticles: 1_000_000, maxCells: 65_536, ranks: "runs", scanBlocks: 256});
});

describe("production sort (clear, count, 3-dispatch scan, scatter) at a million particles", () => {
  for (const cells of CELL_COUNTS) {
    const n = 1_000_000;
    it(`${n} particles in ${cells} cells`, async () => {
      await expectProductionSort(sorter, cells, n);
    });
  }
});

describe("run kernels (one atomic per run of equal keys, keys in their own array, 256 scan blocks) at a million particles", () => {
  for (const cells of [257, 65_536]) {
    for (const ordered of [false, true]) {
      const n = 1_000_000;
      it(`${n} particles in ${cells} cells, ${ordered ? "already in cell order" : "random"}`, async () => {
        const g = gridWithCells(cells);
        let input = randomParticles(g, n, cells * 13 + n);
        if (ordered) {
          // the twin's sorted output with ids renumbered 0..n-1 (expectValidSort matches by id)
          input = sortTwin(g, input).sorted;
          for (let i = 0; i < n; i++) input.u32[i * PARTICLE_WORDS + 4] = i;
        }
        const twinInput = cloneParticles(input);
        const twinCounts = countTwin(g, twinInput);
        const keys = new Uint32Array(n);
        for (let i = 0; i < n; i++) keys[i] = twinInput.u32[i * PARTICLE_WORDS + 5];
        expect(runsSorter.ranks).toBe("runs");
        expect(runsSorter.keys).not.toBeNull();
        const res = await runProductionSort(runsSorter, g, input);
        expectSameArray(res.counts, twinCounts, "counts");
        const twinStarts = exclusiveScan(twinCounts);
        expectSameArray(res.starts, twinStarts, "starts");
        expectSameArray(res.cursorAfter, twinStarts.slice(1), "cursors after the scatter");
        expectValidSort(input, keys, res.starts, res.sorted);
      }, 300_000);
    }
  }
});

describe("teaching sort (one dispatch per Hillis–Steele round) past the teaching sizes", () => {
  for (const cells of CELL_COUNTS) {
    // cells ≤ 256 with ≤ 4,096 particles are in tests/unit/sort-gpu.test.ts
    const counts = cells <= 256 ? [100_000, 1_000_000] : [0, 1, 56, 257, 100_000, 1_000_000];
    for (const n of counts) {
      it(`${n} particles in ${cells} cells: every round equals the twin`, async () => {
        const g = gridWithCells(cells);
        const input = randomParticles(g, n, cells + 31 * n);
        const twin = countingSortTwin(g, input);
        const gpuRun = await sorter.runWithSnapshots(g, input);
        expectSameArray(gpuRun.keys, twin.keys, "keys");
        expectSameArray(gpuRun.counts, twin.counts, "counts");
        expect(gpuRun.scanRounds.length).toBe(twin.scanRounds.length);
        gpuRun.scanRounds.forEach((round, r) => expectSameArray(round, twin.scanRounds[r], `round ${r}`));
        expectSameArray(gpuRun.starts, twin.starts, "starts");
        expectValidSort(input, twin.keys, gpuRun.starts, gpuRun.sorted);
        // a million particles through 16 scan rounds on SwiftShader, each round compared whole
      }, 300_000);
    }
  }
});
