/**
 * The gravity benchmark on its own (bench/gravity.ts), as run on the H200 for
 * data/bench/gravity-h200.json:
 *   npx tsx bench/gravity-main.ts [--out data/bench/gravity.json] [--counts 100000,1000000] [--reps 20] [--check-only] [--smoke]
 * --smoke: every series at 4,000 bodies, 3 reps, 200 ms warm-ups (does the whole script run,
 * e.g. on SwiftShader; its figures mean nothing).
 * Timestamps are not quantised (Dawn's timestamp_quantization is disabled). Exit status 1,
 * and no output file, when the twin check fails (the message names the first differing
 * node and field) or WebGPU reported validation errors; --check-only runs the twin check alone.
 */
import {mkdirSync, writeFileSync} from "node:fs";
import {dirname} from "node:path";
import {acquireGPU} from "../components/gpu/context.js";
import {nodeWGSL} from "../components/gpu/node.js";
import {runGravityBench, TwinCheckError} from "./gravity.js";

const args = process.argv.slice(2);
const opt = (name: string, def: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : def);
const outPath = opt("out", "data/bench/gravity.json");
const webgpu: any = await import("webgpu");
Object.assign(globalThis, webgpu.globals);
const gpu = webgpu.create(["disable-dawn-features=timestamp_quantization"]) as GPU;
(globalThis as any).__benchDawn = gpu;
const handle = await acquireGPU({gpu});
if (!handle) throw new Error("no WebGPU adapter");
const log = (m: string) => console.log(`[gravity] ${m}`);
log(`adapter ${JSON.stringify(handle.adapterInfo)}; timestamps ${handle.timestamps}; subgroups ${JSON.stringify(handle.subgroups)}`);
const smoke = args.includes("--smoke");
const t0 = performance.now();
const checkOnly = args.includes("--check-only");
let bench: Record<string, unknown>;
try {
  bench = await runGravityBench({
    handle,
    wgsl: nodeWGSL,
    counts: opt("counts", smoke ? "4000" : "100000,1000000")
      .split(",")
      .map(Number),
    reps: Number(opt("reps", smoke ? "3" : "20")),
    warmUpMs: smoke ? 200 : 2000,
    checkOnly,
    log,
  });
} catch (e) {
  if (!(e instanceof TwinCheckError)) throw e;
  console.error(`[gravity] ${e.message}\n[gravity] REFUSING to report timings: the GPU pipeline does not compute the twin's tree.`);
  process.exit(1);
}
if (handle.stats.validationErrors) {
  console.error(`[gravity] ${handle.stats.validationErrors} WebGPU validation error(s), last: ${handle.stats.lastError}; REFUSING to report.`);
  process.exit(1);
}
if (checkOnly) {
  log("twin check passed (--check-only: nothing measured, nothing written)");
  process.exit(0);
}
const result = {
  date: new Date().toISOString(),
  adapter: handle.adapterInfo,
  subgroups: handle.subgroups,
  smoke,
  node: process.version,
  seconds: round1((performance.now() - t0) / 1000),
  ...bench,
};
mkdirSync(dirname(outPath), {recursive: true});
writeFileSync(outPath, JSON.stringify(result, null, 2));
log(`wrote ${outPath}`);
process.exit(0);

function round1(v: number) {
  return Math.round(v * 10) / 10;
}
