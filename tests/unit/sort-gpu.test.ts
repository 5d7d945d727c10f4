// The counting-sort kernels on the GPU (Dawn) against the CPU twin: every kernel, the
// production three-dispatch scan and the round-by-round teaching scan. The teaching scan is
// tested here at the sizes its sorter is built for (createTeachingSorter: ≤ 4,096 particles,
// ≤ 256 cells); the million-particle sorts and the teaching scan far past its sizes are in
// the soak tier (tests/soak/sort-large.test.ts, `npm run test:soak`).
import {describe, expect, it} from "vitest";
import {ResourceScope} from "../../components/gpu/scope.js";
import {nodeGPU, nodeWGSL} from "../../components/gpu/node.js";
import {CountingSortGPU} from "../../components/sort/gpu-sort.js";
import {createTeachingSorter} from "../../components/sort/teaching.js";
import {countingSortTwin} from "../../components/sort/twin.js";
import {cloneParticles, PARTICLE_WORDS} from "../../components/sort/particles.js";
import {gpuSuite} from "../helpers/gpu.js";
import {expectProductionSort, expectValidSort, gridWithCells, particlesInCell, randomParticles, runProductionSort} from "../helpers/sort.js";
import {expectSameArray} from "../helpers/arrays.js";

const PARTICLE_COUNTS = [0, 1, 55, 56, 255, 256, 257, 100_000]; // 1,000,000: tests/soak/sort-large.test.ts
/** The teaching sorter's limits (components/sort/teaching.ts) and sizes inside them. */
const TEACHING_MAX_PARTICLES = 4096;
const TEACHING_PARTICLE_COUNTS = [0, 1, 56, 257, TEACHING_MAX_PARTICLES];
const TEACHING_CELL_COUNTS = [1, 6, 16, 256];
const CELL_COUNTS = [1, 6, 16, 256, 257, 65_536];

let sorter: CountingSortGPU;
let teaching: CountingSortGPU;

gpuSuite(async ({device}, scope) => {
  sorter = await CountingSortGPU.create(device, scope, nodeWGSL, {maxParticles: 1_000_000, maxCells: 65_536});
  teaching = await createTeachingSorter(device, scope, nodeWGSL);
});

describe("production sort (count, one-dispatch scan, scatter)", () => {
  for (const cells of CELL_COUNTS) {
    for (const n of PARTICLE_COUNTS) {
      it(`${n} particles in ${cells} cells`, async () => {
        await expectProductionSort(sorter, cells, n);
      });
    }
  }

  it("all particles in the first cell, then all in the last cell (keys at both ends)", async () => {
    for (const cells of [6, 257, 65_536]) {
      const g = gridWithCells(cells);
      for (const key of [0, cells - 1]) {
        const input = particlesInCell(g, 1000, key);
        const res = await runProductionSort(sorter, g, input);
        expect(res.counts[key]).toBe(1000);
        expect(res.counts.reduce((s, v) => s + v, 0)).toBe(1000);
        expect(res.starts[key]).toBe(0);
        expect(res.starts[key + 1]).toBe(1000);
        expect(res.starts[cells]).toBe(1000);
        expectValidSort(input, new Uint32Array(1000).fill(key), res.starts, res.sorted);
      }
    }
  });

  it("mostly empty cells: 3 particles in 65,536 cells", async () => {
    const g = gridWithCells(65_536);
    const input = particlesInCell(g, 1, 0);
    const more = [particlesInCell(g, 1, 40_000), particlesInCell(g, 1, 65_535)];
    const all = cloneParticles(randomParticles(g, 3, 1));
    [input, ...more].forEach((p, i) => {
      all.u32.set(p.u32.subarray(0, PARTICLE_WORDS), i * PARTICLE_WORDS);
      all.u32[i * PARTICLE_WORDS + 4] = i;
    });
    const res = await runProductionSort(sorter, g, all);
    expect([...res.counts.entries()].filter(([, v]) => v).map(([k]) => k)).toEqual([0, 40_000, 65_535]);
    expect(res.starts[40_000]).toBe(1);
    expect(res.starts[40_001]).toBe(2);
    expect(res.starts[65_535]).toBe(2);
    expect(res.starts[65_536]).toBe(3);
  });
});

describe("teaching sort (one dispatch per Hillis–Steele round), at the teaching sorter's sizes", () => {
  for (const cells of TEACHING_CELL_COUNTS) {
    for (const n of TEACHING_PARTICLE_COUNTS) {
      it(`${n} particles in ${cells} cells: every round equals the twin`, async () => {
        const g = gridWithCells(cells);
        const input = randomParticles(g, n, cells + 31 * n);
        const twin = countingSortTwin(g, input);
        const gpuRun = await teaching.runWithSnapshots(g, input);
        expectSameArray(gpuRun.keys, twin.keys, "keys");
        expectSameArray(gpuRun.counts, twin.counts, "counts");
        expect(gpuRun.scanRounds.length).toBe(twin.scanRounds.length);
        gpuRun.scanRounds.forEach((round, r) => expectSameArray(round, twin.scanRounds[r], `round ${r}`));
        expectSameArray(gpuRun.starts, twin.starts, "starts");
        expectValidSort(input, twin.keys, gpuRun.starts, gpuRun.sorted);
      });
    }
  }

  it("16 cells take four rounds (strides 1, 2, 4, 8); 6 cells take three", async () => {
    const r16 = await teaching.runWithSnapshots(gridWithCells(16), randomParticles(gridWithCells(16), 56, 3));
    expect(r16.scanRounds.length).toBe(4);
    const r6 = await teaching.runWithSnapshots(gridWithCells(6), randomParticles(gridWithCells(6), 18, 3));
    expect(r6.scanRounds.length).toBe(3);
    expect(r6.starts[6]).toBe(18);
  });
});

describe("sizes", () => {
  it("rejects grids and counts the sort was not sized for", () => {
    expect(() => sorter.setGrid(gridWithCells(16), 1_000_001)).toThrow(RangeError);
    expect(() => sorter.setGrid({...gridWithCells(16), numCells: 70_000}, 1)).toThrow(RangeError);
    expect(() => teaching.setGrid(gridWithCells(16), TEACHING_MAX_PARTICLES + 1)).toThrow(RangeError);
    expect(() => teaching.setGrid(gridWithCells(257), 1)).toThrow(RangeError);
  });
});

describe("what a sorter compiles", () => {
  it("create compiles the simulations' three kernels only; the teaching and block-scan kernels wait until asked for", async () => {
    // a device of its own: pipelines are cached per device, so the counts are this sorter's
    const adapter = await (await nodeGPU()).requestAdapter();
    const device = await adapter!.requestDevice();
    const labels: string[] = [];
    const compile = device.createComputePipelineAsync.bind(device);
    device.createComputePipelineAsync = (d: GPUComputePipelineDescriptor) => {
      labels.push(String(d.label));
      return compile(d);
    };
    const ownScope = new ResourceScope(device);
    try {
      const s = await CountingSortGPU.create(device, ownScope, nodeWGSL, {maxParticles: 10, maxCells: 16});
      expect(labels.map((l) => l.split(":")[1])).toEqual(expect.arrayContaining(["scan_single"]));
      expect(labels, labels.join(", ")).toHaveLength(3);
      s.setGrid(gridWithCells(16), 10);
      const pass = device.createCommandEncoder().beginComputePass();
      expect(() => s.encodeClear(pass)).toThrow(/loadTeachingKernels/);
      expect(() => s.encodeBlockScan(pass)).toThrow(/loadBlockScan/);
      pass.end();
      await s.runWithSnapshots(gridWithCells(16), randomParticles(gridWithCells(16), 10, 5));
      expect(labels).toHaveLength(6); // + clear, scan_round, shift_exclusive
      await s.loadBlockScan();
      expect(labels).toHaveLength(9);
      await s.loadBlockScan();
      await s.loadTeachingKernels();
      expect(labels, "each compiled once").toHaveLength(9);
    } finally {
      ownScope.dispose();
      device.destroy();
    }
  });
});
