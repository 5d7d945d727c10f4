/**
 * The sort alone, its two ways of taking atomics side by side in one run: ranks "atomic"
 * (one atomicAdd per particle in the count and the scatter) against "runs" (one per run of
 * equal keys in a subgroup), and "runs" with the keys in their own array (keyArray), each on random input and on
 * input already in cell order, every
 * series through the benchmark harness (components/bench/harness.ts: twin check first —
 * a disagreement stops the run with exit status 2 and writes nothing — warm-up, timestamped
 * frames, then each pass timed on its own). bench/README.md describes the rows.
 *
 *   npx tsx bench/sort-ranks.ts [--counts 1000000,4000000,16000000] [--reps 30] [--substeps 5]
 *                               [--warm-ms 1000] [--out data/bench/sort-ranks.json] [--smoke]
 *
 * On the H200: `bash ../shared/gpu/prepare-device.sh bench/sort-ranks.ts`, then on the device
 * `bash .device/run sort-ranks.mjs --out $OUT/sort-ranks.json`.
 * Writes {schema, date, adapter, subgroups, substepsPerFrame, references, variants[], table[]}:
 * `table` holds, per count and input order, the median ms per sort (frame median / substeps)
 * of each mode and its ratio to "atomic".
 */
import {mkdirSync, writeFileSync} from "node:fs";
import {dirname} from "node:path";
import {acquireGPU} from "../components/gpu/context.js";
import {nodeWGSL} from "../components/gpu/node.js";
import {ResourceScope} from "../components/gpu/scope.js";
import {runBench, TwinMismatchError, type BenchReport} from "../components/bench/harness.js";
import {sortSpecFor, type SortBenchVariant} from "../components/bench/pipelines.js";

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
}

async function main(): Promise<number> {
  const smoke = process.argv.includes("--smoke");
  const counts = arg("counts", smoke ? "1000,4000" : "1000000,4000000,16000000")
    .split(",")
    .map(Number);
  const reps = Number(arg("reps", smoke ? "2" : "30"));
  const substeps = Number(arg("substeps", smoke ? "1" : "5"));
  const warmMs = Number(arg("warm-ms", smoke ? "0" : "1000"));
  const out = arg("out", smoke ? "bench/results/sort-ranks-smoke.json" : "data/bench/sort-ranks.json");
  const webgpu: any = await import("webgpu");
  Object.assign(globalThis, webgpu.globals);
  const gpuObj = webgpu.create(["disable-dawn-features=timestamp_quantization"]) as GPU;
  (globalThis as any).__benchDawn = gpuObj;
  const handle = await acquireGPU({gpu: gpuObj});
  if (!handle) throw new Error("no WebGPU adapter through Dawn");
  const log = (m: string) => console.log(`[sort-ranks] ${m}`);
  log(`adapter ${JSON.stringify(handle.adapterInfo)}; timestamps ${handle.timestamps}; subgroups ${JSON.stringify(handle.subgroups)}`);
  const scope = new ResourceScope(handle.device);
  const t0 = performance.now();
  const variants: (SortBenchVariant & {mode: string; report: BenchReport})[] = [];
  const head = {
    schema: "neighbour-search-sort-ranks/1",
    date: new Date().toISOString(),
    adapter: handle.adapterInfo,
    subgroups: handle.subgroups,
    smoke,
    counts,
    substepsPerFrame: substeps,
    reps,
    warmMs,
  };
  const orders: NonNullable<SortBenchVariant["order"]>[] = ["random", "coherent"];
  type Mode = {ranks: "atomic" | "runs"; keyArray?: boolean; name: string};
  const modes: Mode[] = [{ranks: "atomic", name: "atomic"}];
  if (handle.subgroups) modes.push({ranks: "runs", keyArray: false, name: "runs"}, {ranks: "runs", keyArray: true, name: "runs+keys"});
  for (const order of orders) {
    for (const {ranks, keyArray, name} of modes) {
      log(`mode ${name}, input ${order}`);
      const report = await runBench({
        device: handle.device,
        timestamps: handle.timestamps,
        wgsl: nodeWGSL,
        scope,
        pipelines: [sortSpecFor({ranks, keyArray, order})],
        counts,
        substeps,
        reps,
        warmMs,
        // the copy reference once, at full size; later series a token copy
        copyBytes: (variants.length ? 1 : smoke ? 4 : 256) * 2 ** 20,
        log,
      });
      variants.push({mode: name, ranks, keyArray, order, report});
      mkdirSync(dirname(out), {recursive: true});
      writeFileSync(out, `${JSON.stringify({...head, partial: true, variants}, null, 2)}\n`);
    }
  }
  const perSort = (v: (typeof variants)[number], n: number) => {
    const row = v.report.rows.find((r) => r.particles === n);
    return row ? +(row.frameMs.median / substeps).toPrecision(4) : null;
  };
  const table = counts.flatMap((n) =>
    orders.map((order) => {
      const ms: Record<string, number | null> = {};
      for (const {name} of modes) {
        const v = variants.find((x) => x.order === order && x.mode === name);
        ms[name] = v ? perSort(v, n) : null;
      }
      const ratios: Record<string, number | null> = {};
      for (const {name} of modes.slice(1)) ratios[name] = ms.atomic && ms[name] ? +(ms[name]! / ms.atomic).toFixed(3) : null;
      return {particles: n, order, msPerSort: ms, ratioToAtomic: ratios};
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
  for (const t of table) log(`${t.particles} ${t.order}: ms per sort ${JSON.stringify(t.msPerSort)}, to atomic ${JSON.stringify(t.ratioToAtomic)}`);
  log(`wrote ${out} in ${result.seconds} s; validation errors ${handle.stats.validationErrors}`);
  return handle.stats.validationErrors ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    if (e instanceof TwinMismatchError) {
      console.error(`[sort-ranks] REFUSED: ${e.message}`);
      process.exit(2);
    }
    console.error(e);
    process.exit(1);
  }
);
