/**
 * `npm run bench` — GPU benchmarks through Dawn (Node), same WGSL as the page.
 *   tsx bench/run.ts [--out data/bench/result.json] [--suites sand,…] [--reps 30] [--warmup 10]
 * Suites register in SUITES below (one module each: bench/sand.ts, …). Writes one JSON
 * file with the adapter, whether timestamp-query was used, and each suite's record.
 * Never a test: speed is measured here, not asserted.
 */
import {mkdirSync, writeFileSync} from "node:fs";
import {dirname} from "node:path";
import {acquireGPU} from "../components/gpu/context.js";
import {nodeWGSL} from "../components/gpu/node.js";
import type {BenchSuite} from "./lib.js";
import {sandSuite} from "./sand.js";
import {waterSuite} from "./water.js";

const SUITES: BenchSuite[] = [sandSuite, waterSuite];

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
}

async function main() {
  const out = arg("out", "data/bench/bench.json");
  const wanted = arg("suites", SUITES.map((s) => s.name).join(",")).split(",");
  // --smoke: a quick functional run (e.g. on SwiftShader), too few repetitions to quote
  const smoke = process.argv.includes("--smoke");
  const reps = smoke ? Number(arg("reps", "2")) : Math.max(20, Number(arg("reps", "30")));
  const warmup = Math.max(1, Number(arg("warmup", "10")));
  // Dawn rounds timestamps (to 65.5 µs on the H200) unless told not to: a benchmark wants
  // them exact. The instance is kept referenced for the whole run (see node.ts).
  const webgpu: any = await import("webgpu");
  Object.assign(globalThis, webgpu.globals);
  const gpu = webgpu.create(["disable-dawn-features=timestamp_quantization"]) as GPU;
  (globalThis as any).__benchDawn = gpu;
  const handle = await acquireGPU({gpu});
  if (!handle) throw new Error("no WebGPU adapter through Dawn");
  const log = (m: string) => console.log(`[bench] ${m}`);
  log(`adapter: ${JSON.stringify(handle.adapterInfo)}; timestamp-query: ${handle.timestamps}`);
  mkdirSync(dirname(out), {recursive: true});
  const result: Record<string, unknown> = {
    date: new Date().toISOString(),
    adapter: handle.adapterInfo,
    timestampQuery: handle.timestamps,
    node: process.version,
    reps,
    warmup,
    smoke,
    suites: {},
  };
  for (const s of SUITES.filter((s) => wanted.includes(s.name))) {
    const t0 = performance.now();
    log(`suite ${s.name}…`);
    (result.suites as Record<string, unknown>)[s.name] = await s.run({
      handle,
      device: handle.device,
      wgsl: nodeWGSL,
      reps,
      warmup,
      outDir: dirname(out),
      log,
      arg,
    });
    log(`suite ${s.name} done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    writeFileSync(out, JSON.stringify(result, null, 2)); // after each suite: partial results survive a timeout
  }
  result.validationErrors = handle.stats.validationErrors;
  writeFileSync(out, JSON.stringify(result, null, 2));
  log(`wrote ${out}; validation errors: ${handle.stats.validationErrors}`);
  process.exit(handle.stats.validationErrors ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
