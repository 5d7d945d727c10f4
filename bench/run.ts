/**
 * `npm run bench` — the one benchmark: the pipelines through the harness of
 * components/bench/harness.ts on Dawn (Node), same WGSL and the same harness as the bench
 * page; bench/README.md documents the JSON.
 *
 *   npm run bench [-- --out data/bench/bench.json] [--pipelines sort,sand,water,gravity,dust,gravity3d,gravity3d-direct,gravity3d-variants]
 *                 [--counts 10000,50000,…] [--reps 30] [--warm-ms 1000] [--copy-mb 256]
 *                 [--substeps 5] [--max-gb N] [--twin-reps 0]
 *   npm run bench -- --smoke          tiny sizes, few repetitions (SwiftShader, < 2 min)
 *   npm run bench -- --only water     one pipeline (same as --pipelines water)
 *   npm run bench -- --only gravity   the gravity benchmark's own record (θ trade, both walks,
 *                                     O(N²) kernel: bench/gravity.ts; data/bench/gravity-h200.json's schema)
 *                 [--counts 100000,1000000] [--reps 20] [--check-only]
 *   npm run bench -- --pipelines gravity3d --counts 100000,1000000
 *                                     the 3D octree step at θ 0.3, 0.5 and 0.8 (components/bench/gravity3d.ts),
 *                                     each pass timed: keys, sort, permute, build, com, walk
 *   npm run bench -- --pipelines gravity3d-direct --counts 100000,1000000
 *                                     the exact O(N²) step of the same sphere (3 frames of one step from 300,000 bodies up)
 *   npm run bench -- --pipelines gravity3d-variants --counts 1000000 [--variants builds]
 *                                     the cooperative walk's variants at θ 0.5 (GRAVITY3_WALK_VARIANTS: kernel, leaf
 *                                     capacity, workgroup), to pick GRAVITY3_GPU_WALK, and the sort and build
 *                                     options (GRAVITY3_BUILD_VARIANTS: 4- or 5-bit digits, 5 or 3 dispatches a level)
 *   npm run bench -- --pipelines sand,sand-unfolded,water,water-unfolded --counts 10000,30000,50000,80000
 *                                     the simulations with the count folded into their last pass (the
 *                                     default) and with the count as its own pass, side by side
 *   npm run bench -- --help
 *
 * Exit status: 0 on success; 2 when a pipeline disagrees with its CPU twin (nothing is
 * written: its times are not reported); 1 on any other error or a GPU validation error.
 * Never a test: speed is measured here, not asserted.
 */
import {execFileSync} from "node:child_process";
import {mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {dirname} from "node:path";
import {nodeWGSL} from "../components/gpu/node.js";
import {ResourceScope} from "../components/gpu/scope.js";
import {runBench, TwinMismatchError} from "../components/bench/harness.js";
import {PIPELINE_SPECS, sandSpecFor, waterSpecWith, type PipelineName, type PipelineSpec} from "../components/bench/pipelines.js";
import {gravitySpec} from "../components/bench/gravity.js";
import {dustSpec} from "../components/bench/dust.js";
import {GRAVITY3_BENCH_RUNS, gravity3dDirectSpec, gravity3dSpec, gravity3VariantSpecs} from "../components/bench/gravity3d.js";
import {benchGPU} from "./dawn.js";
import {runGravityBench, TwinCheckError} from "./gravity.js";

/** Every pipeline `npm run bench` can time: the page's three, gravity, the dust and gravity in 3D. */
const SPECS: Record<PipelineName, PipelineSpec<any>> = {
  ...PIPELINE_SPECS,
  gravity: gravitySpec,
  dust: dustSpec,
  gravity3d: gravity3dSpec(0.5),
  "gravity3d-direct": gravity3dDirectSpec(),
  "gravity3d-variants": gravity3VariantSpecs()[0],
  // the simulations with the count as its own pass each substep (foldCount false): the baseline of the folded count
  "sand-unfolded": sandSpecFor(false),
  "water-unfolded": waterSpecWith(undefined, false),
};
/** The specs a name runs: gravity3d runs GRAVITY3_BENCH_RUNS (θ 0.3 / 0.5 / 0.8 per-thread, θ 0.5 subgroup; rows told apart by their scene, which names θ and the walk). */
const specsOf = (p: PipelineName): PipelineSpec<any>[] =>
  p === "gravity3d"
    ? GRAVITY3_BENCH_RUNS.map((r) => gravity3dSpec(r.theta, r.walk))
    : p === "gravity3d-variants"
      ? gravity3VariantSpecs(arg("variants", "all") === "builds" ? "builds" : "all")
      : [SPECS[p]];
export const FULL_COUNTS = [10_000, 30_000, 50_000, 80_000, 250_000, 1_000_000, 4_000_000, 16_000_000];
export const SMOKE_COUNTS = [1_000, 4_000];

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
}

/**
 * The smoke run's scan comparison: a module `bench/smoke-scan.ts` exporting
 * `scanRatio({device, wgsl, log}) → {oldMs, newMs, ratio, …}` (the old three-dispatch scan
 * of 65,536 cells against the one-dispatch scan, timed in the same run). Until that module
 * exists the JSON says so.
 */
async function scanRatio(device: GPUDevice, log: (m: string) => void): Promise<Record<string, unknown>> {
  const specifier = "./smoke-scan.js"; // a variable: bundlers leave a missing optional module alone
  let mod: {scanRatio?: (ctx: {device: GPUDevice; wgsl: typeof nodeWGSL; log: typeof log}) => Promise<Record<string, unknown>>} | null = null;
  try {
    mod = await import(/* @vite-ignore */ specifier);
  } catch {
    mod = null;
  }
  if (!mod?.scanRatio) return {status: "missing", note: "bench/smoke-scan.ts (exporting scanRatio) is not there yet: no scan ratio measured"};
  return {status: "measured", ...(await mod.scanRatio({device, wgsl: nodeWGSL, log}))};
}

async function main() {
  if (process.argv.includes("--help")) {
    const head = readFileSync(new URL(import.meta.url), "utf8").split("*/")[0];
    console.log(head.replace(/^\/\*\*\n?|^ \* ?/gm, "").trim());
    return 0;
  }
  const smoke = process.argv.includes("--smoke");
  const only = arg("only", "");
  if (only === "gravity") return gravityOnly(smoke);
  const out = arg("out", smoke ? "bench/results/smoke.json" : "data/bench/bench.json");
  const pipelines = (only || arg("pipelines", "sort,sand,water")).split(",") as PipelineName[];
  for (const p of pipelines) if (!SPECS[p]) throw new Error(`unknown pipeline "${p}" (${Object.keys(SPECS).join(", ")})`);
  const counts = arg("counts", (smoke ? SMOKE_COUNTS : FULL_COUNTS).join(","))
    .split(",")
    .map(Number);
  // smoke: one substep per frame and two frames — on SwiftShader the 65,536-cell scan alone
  // costs most of a second, and the run must stay under two minutes
  const reps = Number(arg("reps", smoke ? "2" : "30"));
  const warmMs = Number(arg("warm-ms", smoke ? "0" : "1000"));
  const substeps = Number(arg("substeps", smoke ? "1" : "5"));
  const copyBytes = Number(arg("copy-mb", smoke ? "4" : "256")) * 2 ** 20;
  const maxGB = Number(arg("max-gb", "0"));
  const twinReps = Number(arg("twin-reps", "0"));
  const handle = await benchGPU();
  const log = (m: string) => console.log(`[bench] ${m}`);
  log(`adapter: ${JSON.stringify(handle.adapterInfo)}; timestamp-query: ${handle.timestamps}`);
  const t0 = performance.now();
  const scope = new ResourceScope(handle.device);
  const name = gpuModelName();
  const adapter = {...handle.adapterInfo, ...(name ? {name} : {})};
  const head = {schema: "neighbour-search-bench/1", date: new Date().toISOString(), adapter, node: process.version, smoke, counts};
  const partialRows: unknown[] = [];
  mkdirSync(dirname(out), {recursive: true});
  const report = await runBench({
    device: handle.device,
    timestamps: handle.timestamps,
    wgsl: nodeWGSL,
    scope,
    pipelines: pipelines.flatMap(specsOf),
    twinReps,
    counts,
    substeps,
    reps,
    warmMs,
    copyBytes,
    maxTotalBytes: maxGB > 0 ? maxGB * 1e9 : undefined,
    log,
    onProgress: (done, total, what) => log(`[${done}/${total}] ${what}`),
    // rows so far, in case the run is cut short (a time limit on the GPU machine)
    onRow: (row) => {
      partialRows.push(row);
      writeFileSync(out, `${JSON.stringify({...head, partial: true, rows: partialRows}, null, 2)}\n`);
    },
  });
  const result: Record<string, unknown> = {...head, ...report};
  if (smoke) result.scanRatio = await scanRatio(handle.device, log);
  result.seconds = Math.round((performance.now() - t0) / 100) / 10;
  result.validationErrors = handle.stats.validationErrors;
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote ${out} in ${result.seconds} s; validation errors: ${handle.stats.validationErrors}`);
  return handle.stats.validationErrors ? 1 : 0;
}

/**
 * `--only gravity`: the gravity benchmark's record (bench/gravity.ts) as committed in
 * data/bench/gravity-h200.json: twin check, θ = 0.5 / 0.2 / 0.8 steps with per-pass
 * medians, the O(N²) kernel, both walks. `--smoke`: 4,000 bodies, 3 reps, 200 ms warm-ups
 * (does the whole path run; its figures mean nothing). Exit 1 and no file when the twin
 * check fails or WebGPU reported validation errors.
 */
async function gravityOnly(smoke: boolean): Promise<number> {
  const out = arg("out", "data/bench/gravity.json");
  const handle = await benchGPU();
  const log = (m: string) => console.log(`[gravity] ${m}`);
  log(`adapter ${JSON.stringify(handle.adapterInfo)}; timestamps ${handle.timestamps}; subgroups ${JSON.stringify(handle.subgroups)}`);
  const t0 = performance.now();
  const checkOnly = process.argv.includes("--check-only");
  let bench: Record<string, unknown>;
  try {
    bench = await runGravityBench({
      handle,
      wgsl: nodeWGSL,
      counts: arg("counts", smoke ? "4000" : "100000,1000000")
        .split(",")
        .map(Number),
      reps: Number(arg("reps", smoke ? "3" : "20")),
      warmUpMs: smoke ? 200 : 2000,
      checkOnly,
      log,
      leafCapacity: process.argv.includes("--leaf") ? Number(arg("leaf", "8")) : undefined,
      quick: process.argv.includes("--quick"),
    });
  } catch (e) {
    if (!(e instanceof TwinCheckError)) throw e;
    console.error(`[gravity] ${e.message}\n[gravity] REFUSING to report timings: the GPU pipeline does not compute the twin's tree.`);
    return 1;
  }
  if (handle.stats.validationErrors) {
    console.error(`[gravity] ${handle.stats.validationErrors} WebGPU validation error(s), last: ${handle.stats.lastError}; REFUSING to report.`);
    return 1;
  }
  if (checkOnly) {
    log("twin check passed (--check-only: nothing measured, nothing written)");
    return 0;
  }
  const name = gpuModelName();
  const result = {
    date: new Date().toISOString(),
    adapter: {...handle.adapterInfo, ...(name ? {name} : {})},
    subgroups: handle.subgroups,
    smoke,
    node: process.version,
    seconds: Math.round((performance.now() - t0) / 100) / 10,
    ...bench,
  };
  mkdirSync(dirname(out), {recursive: true});
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote ${out}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    if (e instanceof TwinMismatchError) {
      console.error(`[bench] REFUSED: ${e.message}`);
      process.exit(2);
    }
    console.error(e);
    process.exit(1);
  }
);

/**
 * The GPU model ("NVIDIA H200") from nvidia-smi, which WebGPU's adapter info does not carry;
 * undefined where nvidia-smi is missing or fails (other vendors, CI): the captions then fall
 * back to the adapter's vendor and driver strings.
 */
function gpuModelName(): string | undefined {
  try {
    const out = execFileSync("nvidia-smi", ["--query-gpu=name", "--format=csv,noheader"], {
      encoding: "utf8",
      timeout: 5000,
      stdio: ["ignore", "pipe", "ignore"],
    });
    return out.split("\n")[0]?.trim() || undefined;
  } catch {
    return undefined;
  }
}
