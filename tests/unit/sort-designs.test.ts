// The sort's two benchmark designs on Dawn against the CPU twin (CountingSortOptions.record
// and .scatter): 16-byte vec4 records (shaders/sort/vec4_count.wgsl, vec4_scatter.wgsl: no id,
// no key field, the key computed from the position twice) and the two-pass scatter (a bucket
// pass into the scan blocks' ranges, shaders/sort/bucket_common.wgsl, then the cell scatter),
// each alone and together. Every sort must give the twin's starts, put every record in the
// cell of its slot with its whole state, and leave the counters and block totals at zero for
// the next count. The bucket pass counts the block totals down with atomicSub: a share claimed
// twice or not at all leaves a total off zero or a slot overwritten, which these checks catch.
import {readFileSync} from "node:fs";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {readBuffers} from "../../components/gpu/readback.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {Usage} from "../../components/gpu/usage.js";
import {particlesOfVec4, vec4Records} from "../../components/bench/pipelines.js";
import {BUCKETED_SORT_PHASES, CountingSortGPU, SORT_BUCKET_PER_THREAD, SORT_PHASES, type CountingSortOptions} from "../../components/sort/gpu-sort.js";
import type {GridParams} from "../../components/sort/grid.js";
import {PARTICLE_BYTES, PARTICLE_WORDS, type PackedParticles} from "../../components/sort/particles.js";
import {countTwin, exclusiveScan, sortTwin} from "../../components/sort/twin.js";
import {testGPU} from "../helpers/gpu.js";
import {expectSameArray} from "../helpers/arrays.js";
import {gridWithCells, particlesInCell, randomParticles} from "../helpers/sort.js";

type Design = Pick<CountingSortOptions, "record" | "scatter" | "ranks" | "scanBlocks" | "countPerThread">;
const DESIGNS: Design[] = [
  {record: "particle", scatter: "bucketed", ranks: "runs", scanBlocks: 256},
  {record: "particle", scatter: "bucketed", ranks: "atomic", scanBlocks: 256},
  {record: "particle", scatter: "bucketed", ranks: "runs", scanBlocks: 7, countPerThread: 3},
  {record: "vec4", scatter: "direct", ranks: "runs", scanBlocks: 256},
  {record: "vec4", scatter: "direct", ranks: "runs", scanBlocks: 1},
  {record: "vec4", scatter: "bucketed", ranks: "runs", scanBlocks: 256},
  {record: "vec4", scatter: "bucketed", ranks: "runs", scanBlocks: 7},
];
const name = (d: Design) =>
  `${d.record} records, ${d.scatter} scatter, ranks ${d.ranks}, ${d.scanBlocks} scan block(s)${d.countPerThread ? `, ${d.countPerThread} per thread` : ""}`;
const MAX_N = 10_000;
const COUNTS = [0, 1, 257, 2049, 10_000];
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

describe("the sort's benchmark designs: 16-byte records and the two-pass scatter, equal to the twin", () => {
  let gpu: GPUHandle;
  let scope: ResourceScope;
  const sorters = new Map<string, CountingSortGPU>();
  beforeAll(async () => {
    gpu = await testGPU();
    scope = new ResourceScope(gpu.device);
    for (const d of DESIGNS) sorters.set(name(d), await CountingSortGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: MAX_N, maxCells: 65_536, ...d}));
  });
  afterAll(() => {
    scope?.dispose();
    expect(gpu.stats.validationErrors, gpu.stats.lastError ?? "").toBe(0);
  });

  it("the bucket pass moves as many records per thread as the TypeScript dispatch assumes", () => {
    const wgsl = readFileSync(new URL("../../shaders/sort/bucket_common.wgsl", import.meta.url), "utf8");
    expect(Number(/const BUCKET_PER_THREAD: u32 = (\d+)u;/.exec(wgsl)?.[1])).toBe(SORT_BUCKET_PER_THREAD);
  });

  it("the bucketed sort declares four dispatches, the direct one three, and each sorter walks its own list", () => {
    expect(BUCKETED_SORT_PHASES.map((p) => p.key)).toEqual(["count", "scan", "bucket", "scatter"]);
    expect(sorters.get(name(DESIGNS[0]))!.phases).toBe(BUCKETED_SORT_PHASES);
    expect(sorters.get(name(DESIGNS[3]))!.phases).toBe(SORT_PHASES);
    expect(sorters.get(name(DESIGNS[3]))!.recordBytes).toBe(16);
    expect(sorters.get(name(DESIGNS[0]))!.recordBytes).toBe(24);
  });

  for (const d of DESIGNS) {
    for (const [layout, make] of Object.entries(LAYOUTS)) {
      it(`${name(d)}: ${layout}, ${COUNTS.join(" / ")} records, 6 and 65,536 cells`, async () => {
        const sorter = sorters.get(name(d))!;
        for (const cells of [6, 65_536]) {
          const g = gridWithCells(cells);
          for (const n of COUNTS) await checkDesign(sorter, g, make(g, n));
        }
      }, 300_000);
    }
  }

  it("refuses what the designs do not support", async () => {
    const make = (o: Partial<CountingSortOptions>) => CountingSortGPU.create(gpu.device, scope, nodeWGSL, {maxParticles: 10, maxCells: 6, ...o});
    await expect(make({record: "vec4", ranks: "atomic"})).rejects.toThrow(/needs ranks "runs"/);
    await expect(make({record: "vec4", ranks: "runs", keyArray: true})).rejects.toThrow(/keeps no keys/);
    await expect(make({scatter: "bucketed", scanBlocks: 1})).rejects.toThrow(/more than one scan block/);
    await expect(make({record: "vec5" as never})).rejects.toThrow(/record must be/);
    await expect(make({scatter: "twice" as never, scanBlocks: 2})).rejects.toThrow(/scatter must be/);
    const s = await make({record: "vec4", ranks: "runs", scanBlocks: 2});
    await expect(s.runWithSnapshots(gridWithCells(6), randomParticles(gridWithCells(6), 5, 1))).rejects.toThrow(/runWithSnapshots sorts particles/);
  });
});
