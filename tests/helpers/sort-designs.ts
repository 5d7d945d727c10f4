/**
 * Test helper: the sort's benchmark designs on Dawn against the CPU twin (CountingSortOptions.record,
 * .scatter, .ranks, .scanBlocks): `describeDesigns` registers one case per design and key layout.
 * tests/unit/sort-designs.test.ts runs every design on random keys; tests/soak/sort-designs.test.ts
 * runs them on keys already in cell order and on keys all in one cell.
 */
import {describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {readBuffers} from "../../components/gpu/readback.js";
import type {ResourceScope} from "../../components/gpu/scope.js";
import {Usage} from "../../components/gpu/usage.js";
import {particlesOfVec4, vec4Records} from "../../components/bench/pipelines.js";
import {CountingSortGPU, type CountingSortOptions} from "../../components/sort/gpu-sort.js";
import type {GridParams} from "../../components/sort/grid.js";
import {PARTICLE_BYTES, PARTICLE_WORDS, type PackedParticles} from "../../components/sort/particles.js";
import {countTwin, exclusiveScan, sortTwin} from "../../components/sort/twin.js";
import {expectSameArray} from "./arrays.js";
import {gpuSuite} from "./gpu.js";
import {gridWithCells, particlesInCell, randomParticles} from "./sort.js";

type Design = Pick<CountingSortOptions, "record" | "scatter" | "ranks" | "scanBlocks" | "countPerThread">;
export const DESIGNS: Design[] = [
  {record: "particle", scatter: "bucketed", ranks: "runs", scanBlocks: 256},
  {record: "particle", scatter: "bucketed", ranks: "atomic", scanBlocks: 256},
  {record: "particle", scatter: "bucketed", ranks: "runs", scanBlocks: 7, countPerThread: 3},
  {record: "vec4", scatter: "direct", ranks: "runs", scanBlocks: 256},
  {record: "vec4", scatter: "direct", ranks: "runs", scanBlocks: 1},
  {record: "vec4", scatter: "bucketed", ranks: "runs", scanBlocks: 256},
  {record: "vec4", scatter: "bucketed", ranks: "runs", scanBlocks: 7},
];
export const designName = (d: Design) =>
  `${d.record} records, ${d.scatter} scatter, ranks ${d.ranks}, ${d.scanBlocks} scan block(s)${d.countPerThread ? `, ${d.countPerThread} per thread` : ""}`;
const MAX_N = 10_000;
const COUNTS = [0, 1, 257, 2049, 10_000];
/** Key layouts, by name: how the records to sort are made for a grid and a count. */
const LAYOUTS: Record<string, (g: GridParams, n: number) => PackedParticles> = {
  random: (g, n) => randomParticles(g, n, n * 17 + g.numCells),
  "in cell order": (g, n) => {
    const s = sortTwin(g, randomParticles(g, n, n + 3)).sorted;
    for (let i = 0; i < n; i++) s.u32[i * PARTICLE_WORDS + 4] = i;
    return s;
  },
  "one cell": (g, n) => particlesInCell(g, n, g.numCells - 1),
};

/** Sorts `input` with `sorter` (its own `encodeSort`) and checks everything against the twin. */
async function checkDesign(sorter: CountingSortGPU, g: GridParams, input: PackedParticles) {
  const n = input.count;
  const vec4 = sorter.record === "vec4";
  const bytes = sorter.recordBytes;
  const tmp = sorter.scope.child();
  try {
    const usage = Usage.STORAGE | Usage.COPY_SRC | Usage.COPY_DST;
    const a = tmp.buffer({size: Math.max(n, 1) * bytes, usage});
    const b = tmp.buffer({size: Math.max(n, 1) * bytes, usage});
    if (n) sorter.device.queue.writeBuffer(a, 0, vec4 ? vec4Records(input) : input.buffer.slice(0, n * PARTICLE_BYTES));
    sorter.setGrid(g, n);
    // the counters start at zero, as every sort leaves them
    sorter.device.queue.writeBuffer(sorter.counts, 0, new Uint32Array(g.numCells));
    sorter.device.queue.writeBuffer(sorter.blockCounts, 0, new Uint32Array(sorter.scanBlocks));
    const enc = sorter.device.createCommandEncoder();
    const pass = enc.beginComputePass();
    sorter.encodeSort(pass, a, b);
    pass.end();
    const [starts, sorted, countsAfter, totalsAfter] = await readBuffers(
      sorter.device,
      [
        {buffer: sorter.starts, size: (g.numCells + 1) * 4},
        {buffer: b, size: n * bytes},
        {buffer: sorter.counts, size: g.numCells * 4},
        {buffer: sorter.blockCounts, size: sorter.scanBlocks * 4},
      ],
      enc
    );
    const keyed = sortTwin(g, input);
    const want = exclusiveScan(countTwin(g, structuredClone(input)));
    expectSameArray(new Uint32Array(starts), want, "starts");
    expect(
      [...new Uint32Array(countsAfter)].every((v) => v === 0),
      "counts back to zero"
    ).toBe(true);
    expect(
      [...new Uint32Array(totalsAfter)].every((v) => v === 0),
      "block totals back to zero"
    ).toBe(true);
    const out = vec4 ? particlesOfVec4(new Float32Array(sorted)) : {u32: new Uint32Array(sorted), f32: new Float32Array(sorted)};
    // every slot holds a record of its cell, whole, every id once
    const seen = new Uint8Array(n);
    let bad = 0;
    let c = 0;
    const st = keyed.starts;
    const words = vec4 ? [0, 1, 2] : [0, 1, 2, 3];
    for (let k = 0; k < n; k++) {
      while (st[c + 1] <= k) c++;
      const o = k * PARTICLE_WORDS;
      const id = out.u32[o + 4];
      if (id >= n || seen[id]) {
        bad++;
        continue;
      }
      seen[id] = 1;
      const io = id * PARTICLE_WORDS;
      for (const w of words) if (out.u32[o + w] !== input.u32[io + w]) bad++;
      const key = keyed.sorted.u32[st[c] * PARTICLE_WORDS + 5];
      if (!vec4 && out.u32[o + 5] !== key) bad++;
      if (!vec4 && out.u32[o + 5] !== c) bad++;
    }
    expect(bad, "slots holding a wrong, duplicate or altered record").toBe(0);
  } finally {
    tmp.dispose();
  }
}

/**
 * Builds one sorter per design of DESIGNS (up to MAX_N records in 65,536 cells) in a `gpuSuite`, then
 * registers one case per design and layout of `layouts` (names of LAYOUTS): every count of COUNTS
 * in 6 and in 65,536 cells, each checked against the twin. `sorters` is handed the built sorters
 * (by `designName`) for the file's own cases.
 */
export function describeDesigns(
  title: string,
  layouts: string[],
  extra?: (gpu: () => {gpu: GPUHandle; scope: ResourceScope; sorters: Map<string, CountingSortGPU>}) => void
): void {
  describe(title, () => {
    let gpu: GPUHandle;
    let scope: ResourceScope;
    const sorters = new Map<string, CountingSortGPU>();
    gpuSuite(async (handle, resources) => {
      gpu = handle;
      scope = resources;
      for (const d of DESIGNS)
        sorters.set(designName(d), await CountingSortGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: MAX_N, maxCells: 65_536, ...d}));
    });
    extra?.(() => ({gpu, scope, sorters}));
    for (const d of DESIGNS) {
      for (const layout of layouts) {
        const make = LAYOUTS[layout];
        it(`${designName(d)}: ${layout}, ${COUNTS.join(" / ")} records, 6 and 65,536 cells`, async () => {
          const sorter = sorters.get(designName(d))!;
          for (const cells of [6, 65_536]) {
            const g = gridWithCells(cells);
            for (const n of COUNTS) await checkDesign(sorter, g, make(g, n));
          }
        }, 300_000);
      }
    }
  });
}
