/**
 * `npm run bench` — the pipelines benchmark through Dawn (Node), same WGSL as the page
 * (components/bench/harness.ts does the work; bench/README.md documents the JSON).
 *
 *   npm run bench [-- --out data/bench/bench.json] [--pipelines sort,sand,water]
 *                 [--counts 10000,50000,…] [--reps 30] [--warm-ms 1000] [--copy-mb 256]
 *                 [--substeps 5] [--max-gb N] [--suites sand,water]
 *   npm run bench -- --smoke     tiny sizes, few repetitions (SwiftShader, < 2 min)
 *
 * Exit status: 0 on success; 2 when a pipeline disagrees with its CPU twin (nothing is
 * written: its times are not reported); 1 on any other error or a GPU validation error.
 * `--suites sand,water` adds the older detailed suites (bench/sand.ts, bench/water.ts)
 * under "detail". Never a test: speed is measured here, not asserted.
 */
import {execFileSync} from "node:child_process";
import {mkdirSync, writeFileSync} from "node:fs";
import {dirname} from "node:path";
import {acquireGPU} from "../components/gpu/context.js";
import {nodeWGSL} from "../components/gpu/node.js";
import {ResourceScope} from "../components/gpu/scope.js";
import {runBench, TwinMismatchError} from "../components/bench/harness.js";
import {PIPELINE_SPECS, type PipelineName} from "../components/bench/pipelines.js";
import type {BenchSuite} from "./lib.js";
import {sandSuite} from "./sand.js";
import {waterSuite} from "./water.js";

const DETAIL_SUITES: BenchSuite[] = [sandSuite, waterSuite];
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
  const smoke = process.argv.includes("--smoke");
  const out = arg("out", smoke ? "bench/results/smoke.json" : "data/bench/bench.json");
  const pipelines = arg("pipelines", "sort,sand,water").split(",") as PipelineName[];
  for (const p of pipelines) if (!PIPELINE_SPECS[p]) throw new Error(`unknown pipeline "${p}" (sort, sand, water)`);
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
  // Dawn rounds timestamps (to 65.5 µs on the H200) unless told not to: a benchmark wants
  // them exact. The instance is kept referenced for the whole run (see components/gpu/node.ts).
  const webgpu: any = await import("webgpu");
  Object.assign(globalThis, webgpu.globals);
  const gpu = webgpu.create(["disable-dawn-features=timestamp_quantization"]) as GPU;
  (globalThis as any).__benchDawn = gpu;
  const handle = await acquireGPU({gpu});
  if (!handle) throw new Error("no WebGPU adapter through Dawn");
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
    pipelines: pipelines.map((p) => PIPELINE_SPECS[p]),
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
  if (process.argv.includes("--suites")) {
    const wanted = arg("suites", "").split(",");
    const detail: Record<string, unknown> = {};
    for (const s of DETAIL_SUITES.filter((s) => wanted.includes(s.name)))
      detail[s.name] = await s.run({
        handle,
        device: handle.device,
        wgsl: nodeWGSL,
        reps: Math.max(20, reps),
        warmup: 10,
        outDir: dirname(out),
        log,
        arg,
      });
    result.detail = detail;
  }
  result.seconds = Math.round((performance.now() - t0) / 100) / 10;
  result.validationErrors = handle.stats.validationErrors;
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote ${out} in ${result.seconds} s; validation errors: ${handle.stats.validationErrors}`);
  process.exit(handle.stats.validationErrors ? 1 : 0);
}

main().catch((e) => {
  if (e instanceof TwinMismatchError) {
    console.error(`[bench] REFUSED: ${e.message}`);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
});

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
