/**
 * Assembles data/bench/vs-original-sort-h200.json from one device command's outputs: this
 * project's sort designs (`bash .device/run sort-designs.mjs`, bench/sort-designs.ts: 24-byte
 * particles, the bucketed two-pass scatter, 16-byte vec4 records, vec4 with the count aiming
 * at 512 workgroups; random and cell-ordered input) and the original part three's GridSort
 * (16-byte records, its own kernels, run from a build of its public repository kept outside
 * this one: data/bench/vs-original-h200.md says how), with the nvidia-smi clock log beside them.
 *   npx tsx bench/vs-original-sort.ts DIR [--out data/bench/vs-original-sort-h200.json]
 * DIR holds ours-sort-designs.json, orig-sort.json, clocks.csv. P/O below 1 = ours faster.
 */
import {writeFileSync} from "node:fs";
import {join} from "node:path";
import {busyClocks, readOutput} from "./device-outputs.js";

const dir = process.argv[2];
const oi = process.argv.indexOf("--out");
const out = oi > 0 ? process.argv[oi + 1] : "data/bench/vs-original-sort-h200.json";
const ours = readOutput(dir, "ours-sort-designs.json");
const orig = readOutput(dir, "orig-sort.json");
const r4 = (v: number) => Number(v.toPrecision(4));
const rows = ours.table.map((t: {particles: number; order: string; msPerSort: Record<string, number>; passMs: Record<string, Record<string, number>>}) => {
  const o = orig.rows.find((x: {count: number}) => x.count === t.particles);
  const theirs: number = t.order === "random" ? o.random.sortMs.median : o.cellOrdered.sortMs.median;
  return {
    particles: t.particles,
    order: t.order === "random" ? "random" : "cell-ordered",
    originalMs: theirs,
    ours: Object.fromEntries(
      Object.entries(t.msPerSort).map(([design, ms]) => [design, {msPerSort: ms, overOriginal: r4(ms / theirs), passMs: t.passMs[design]}])
    ),
  };
});
const result = {
  schema: "vs-original-sort/1",
  date: ours.date,
  adapter: ours.adapter,
  original: "ericrius1/AlgorythmicExplorations@bcf2f76",
  /** dispatches per sort of the original's GridSort (its clear is a buffer clear, not a dispatch) */
  originalDispatches: orig.rows[0].dispatchesPerSort,
  clocks: {...busyClocks(join(dir, "clocks.csv")), log: "data/bench/vs-original-sort-h200-clocks.csv"},
  notes: {
    ours: "bench/sort-designs.ts through the benchmark harness: twin check, queued warm-up, 30 timestamped frames of 5 sorts (ms per sort = frame median / 5), each pass timed on its own; dense 256 × 256 grid (65,536 cells), uniformly random positions, in random order or already in cell order",
    original:
      "its GridSort (count, three-dispatch block scan, scatter; 16-byte records, 65,536 cells) alone, 30 sorts back to back; cell-ordered = its own output fed back",
    designs: ours.designs,
  },
  rows,
};
writeFileSync(out, `${JSON.stringify(result, null, 1)}\n`);
for (const r of rows)
  console.log(
    r.particles,
    r.order,
    r.originalMs,
    Object.entries(r.ours)
      .map(([k, v]: [string, any]) => `${k} ${v.msPerSort} (${v.overOriginal})`)
      .join("; ")
  );
