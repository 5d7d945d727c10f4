// The sort's two benchmark designs on Dawn against the CPU twin (CountingSortOptions.record
// and .scatter): 16-byte vec4 records (shaders/sort/vec4_count.wgsl, vec4_scatter.wgsl: no id,
// no key field, the key computed from the position twice) and the two-pass scatter (a bucket
// pass into the scan blocks' ranges, shaders/sort/bucket_common.wgsl, then the cell scatter),
// each alone and together. Every sort must give the twin's starts, put every record in the
// cell of its slot with its whole state, and leave the counters and block totals at zero for
// the next count. The bucket pass counts the block totals down with atomicSub: a share claimed
// twice or not at all leaves a total off zero or a slot overwritten, which these checks catch.
// Every design runs here on random keys; keys already in cell order and keys all in one cell run
// in the soak tier (tests/soak/sort-designs.test.ts, the same cases from tests/helpers/sort-designs.ts).
import {readFileSync} from "node:fs";
import {expect, it} from "vitest";
import {nodeWGSL} from "../../components/gpu/node.js";
import {BUCKETED_SORT_PHASES, CountingSortGPU, SORT_BUCKET_PER_THREAD, SORT_PHASES, type CountingSortOptions} from "../../components/sort/gpu-sort.js";
import {DESIGNS, describeDesigns, designName} from "../helpers/sort-designs.js";
import {gridWithCells, randomParticles} from "../helpers/sort.js";

describeDesigns("the sort's benchmark designs: 16-byte records and the two-pass scatter, equal to the twin", ["random"], (suite) => {
  it("the bucket pass moves as many records per thread as the TypeScript dispatch assumes", () => {
    const wgsl = readFileSync(new URL("../../shaders/sort/bucket_common.wgsl", import.meta.url), "utf8");
    expect(Number(/const BUCKET_PER_THREAD: u32 = (\d+)u;/.exec(wgsl)?.[1])).toBe(SORT_BUCKET_PER_THREAD);
  });

  it("the bucketed sort declares four dispatches, the direct one three, and each sorter walks its own list", () => {
    const {sorters} = suite();
    expect(BUCKETED_SORT_PHASES.map((p) => p.key)).toEqual(["count", "scan", "bucket", "scatter"]);
    expect(sorters.get(designName(DESIGNS[0]))!.phases).toBe(BUCKETED_SORT_PHASES);
    expect(sorters.get(designName(DESIGNS[3]))!.phases).toBe(SORT_PHASES);
    expect(sorters.get(designName(DESIGNS[3]))!.recordBytes).toBe(16);
    expect(sorters.get(designName(DESIGNS[0]))!.recordBytes).toBe(24);
  });

  it("refuses what the designs do not support", async () => {
    const {gpu, scope} = suite();
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
