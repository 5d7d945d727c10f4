/**
 * The sort alone, its designs side by side in one run (issue: the sort on random input moved
 * 24-byte particles where the original series moves 16-byte records):
 *   - "particle": today's sort — 24-byte particles, count → scan → scatter;
 *   - "particle, bucketed": a bucket pass into the scan blocks' ranges before the cell scatter
 *     (shaders/sort/bucket_common.wgsl: two passes of short contiguous writes instead of one
 *     pass of writes all over the array);
 *   - "vec4": 16-byte records (x, y, vx, vy in one vec4<f32>; no id, no key field: the key is
 *     computed from the position in the count and again in the scatter), the original's record;
 *   - "vec4, bucketed": both;
 *   - "vec4, count 512": the vec4 sort with the count aiming at 512 workgroups instead of 2,048
 *     (fewer block-total flushes: each workgroup adds up to 256 of them).
 * Each on random input and on input already in cell order, every series through the benchmark
 * harness (components/bench/harness.ts: twin check first — a disagreement stops the run with
 * exit status 2 and writes nothing — then a queued warm-up, timestamped frames of 5 sorts, each
 * pass timed on its own).
 *
 *   npx tsx bench/sort-designs.ts [--counts 1000000,4000000,16000000] [--reps 30] [--substeps 5]
 *                                 [--warm-ms 1000] [--out data/bench/sort-designs.json] [--smoke]
 *
 * On the H200: `bash ../shared/gpu/prepare-device.sh bench/sort-designs.ts`, then on the device
 * `bash .device/run sort-designs.mjs --out $OUT/sort-designs.json`.
 * Writes {schema, date, adapter, subgroups, substepsPerFrame, designs, table[], variants[]}:
 * `table` holds, per count and input order, each design's median ms per sort (frame median /
 * substeps) and its passes' medians.
 */
import {mkdirSync, writeFileSync} from "node:fs";
import {dirname} from "node:path";
import {nodeWGSL} from "../components/gpu/node.js";
import {ResourceScope} from "../components/gpu/scope.js";
import {runBench, TwinMismatchError, type BenchReport} from "../components/bench/harness.js";
import {sortSpecFor, type SortBenchVariant} from "../components/bench/pipelines.js";
import {benchGPU} from "./dawn.js";

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
}

/** The designs, by name. */
export const SORT_DESIGNS: {name: string; variant: SortBenchVariant}[] = [
  {name: "particle", variant: {record: "particle"}},
  {name: "particle, bucketed", variant: {record: "particle", scatter: "bucketed"}},
  {name: "vec4", variant: {record: "vec4"}},
  {name: "vec4, bucketed", variant: {record: "vec4", scatter: "bucketed"}},
  {name: "vec4, count 512", variant: {record: "vec4", countWorkgroups: 512}},
];

async function main(): Promise<number> {
  const smoke = process.argv.includes("--smoke");
  const counts = arg("counts", smoke ? "1000,4000" : "1000000,4000000,16000000")
    .split(",")
    .map(Number);
  const reps = Number(arg("reps", smoke ? "2" : "30"));
  const substeps = Number(arg("substeps", smoke ? "1" : "5"));
  const warmMs = Number(arg("warm-ms", smoke ? "0" : "1000"));
  const out = arg("out", smoke ? "bench/results/sort-designs-smoke.json" : "data/bench/sort-designs.json");
  const only = arg("designs", "");
  const designs = only ? SORT_DESIGNS.filter((d) => only.split(",").includes(d.name)) : SORT_DESIGNS;
  const handle = await benchGPU();
  const log = (m: string) => console.log(`[sort-designs] ${m}`);
  log(`adapter ${JSON.stringify(handle.adapterInfo)}; timestamps ${handle.timestamps}; subgroups ${JSON.stringify(handle.subgroups)}`);
  const scope = new ResourceScope(handle.device);
  const t0 = performance.now();
  const variants: {design: string; order: string; variant: SortBenchVariant; report: BenchReport}[] = [];
  const head = {
    schema: "neighbour-search-sort-designs/1",
    date: new Date().toISOString(),
    adapter: handle.adapterInfo,
    subgroups: handle.subgroups,
    smoke,
    counts,
    substepsPerFrame: substeps,
    reps,
    warmMs,
    designs: designs.map((d) => ({name: d.name, ...d.variant})),
  };
  const orders: NonNullable<SortBenchVariant["order"]>[] = ["random", "coherent"];
  for (const order of orders) {
    for (const d of designs) {
      log(`design ${d.name}, input ${order}`);
      const report = await runBench({
        device: handle.device,
        timestamps: handle.timestamps,
        wgsl: nodeWGSL,
        scope,
        pipelines: [sortSpecFor({...d.variant, order})],
        counts,
        substeps,
        reps,
        warmMs,
        // the copy reference once, at full size; later series a token copy
        copyBytes: (variants.length ? 1 : smoke ? 4 : 256) * 2 ** 20,
        log,
      });
      variants.push({design: d.name, order, variant: d.variant, report});
      mkdirSync(dirname(out), {recursive: true});
      writeFileSync(out, `${JSON.stringify({...head, partial: true, variants}, null, 2)}\n`);
    }
  }
  const table = counts.flatMap((n) =>
    orders.map((order) => {
      const ms: Record<string, number | null> = {};
      const passes: Record<string, Record<string, number>> = {};
      for (const d of designs) {
        const row = variants.find((x) => x.order === order && x.design === d.name)?.report.rows.find((r) => r.particles === n);
        ms[d.name] = row ? +(row.frameMs.median / substeps).toPrecision(4) : null;
        if (row) passes[d.name] = Object.fromEntries(Object.entries(row.perPassMs).map(([k, v]) => [k, +v.median.toPrecision(4)]));
      }
      return {particles: n, order, msPerSort: ms, passMs: passes};
    })
  );
  const result = {
    ...head,
    references: variants[0]?.report.references,
    table,
    variants,
    seconds: Math.round((performance.now() - t0) / 100) / 10,
    validationErrors: handle.stats.validationErrors,
  };
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  for (const t of table) log(`${t.particles} ${t.order}: ms per sort ${JSON.stringify(t.msPerSort)}`);
  log(`wrote ${out} in ${result.seconds} s; validation errors ${handle.stats.validationErrors}`);
  return handle.stats.validationErrors ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    if (e instanceof TwinMismatchError) {
      console.error(`[sort-designs] REFUSED: ${e.message}`);
      process.exit(2);
    }
    console.error(e);
    process.exit(1);
  }
);
