/**
 * Threads per particle in the water's density and force passes, timed back to back on one
 * device: `npm run bench`'s water rows (components/bench/harness.ts, twin check first) once
 * per variant of WaterGPUOptions.lanes. The decision it fed is docs/records/water-neighbour-loops.md.
 *
 *   npx tsx bench/water-lanes.ts [--lanes 1,2,4,8,0] [--counts 10000,30000,50000,80000,250000]
 *                                [--reps 30] [--out bench/results/water-lanes.json]
 * Lanes 0 = the default (waterLanes(count)). Exit 2 when a variant's GPU result disagrees with the twin.
 */
import {mkdirSync, writeFileSync} from "node:fs";
import {dirname} from "node:path";
import {benchGPU} from "./dawn.js";
import {nodeWGSL} from "../components/gpu/node.js";
import {ResourceScope} from "../components/gpu/scope.js";
import {runBench} from "../components/bench/harness.js";
import {waterSpecWith} from "../components/bench/pipelines.js";

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
}

async function main() {
  const variants = arg("lanes", "1,2,4,8,0").split(",").map(Number);
  const counts = arg("counts", "10000,30000,50000,80000,250000").split(",").map(Number);
  const reps = Number(arg("reps", "30"));
  const out = arg("out", "bench/results/water-lanes.json");
  const handle = await benchGPU();
  const log = (m: string) => console.log(`[lanes] ${m}`);
  log(`adapter ${JSON.stringify(handle.adapterInfo)}; subgroups ${JSON.stringify(handle.subgroups)}`);
  const runs: unknown[] = [];
  const table: string[] = [];
  mkdirSync(dirname(out), {recursive: true});
  for (const v of variants) {
    const scope = new ResourceScope(handle.device);
    const report = await runBench({
      device: handle.device,
      timestamps: handle.timestamps,
      wgsl: nodeWGSL,
      scope,
      pipelines: [waterSpecWith(v || undefined)],
      counts,
      substeps: 5,
      reps,
      warmMs: 1000,
      copyBytes: 16 * 2 ** 20,
      log: () => {},
    });
    scope.dispose();
    runs.push({lanes: v || "waterLanes(count)", rows: report.rows, references: report.references});
    for (const r of report.rows) {
      const line = `lanes ${v} n=${r.particles}: frame ${r.frameMs.median.toFixed(4)} ms; density ${(r.perPassMs.density.median * 1e3).toFixed(1)} µs; force ${(r.perPassMs.force.median * 1e3).toFixed(1)} µs; check worst ${r.check.worst}`;
      table.push(line);
      log(line);
    }
    writeFileSync(
      out,
      `${JSON.stringify({schema: "water-lanes/1", date: new Date().toISOString(), adapter: handle.adapterInfo, counts, reps, runs}, null, 2)}\n`
    );
  }
  console.log(table.join("\n"));
  return handle.stats.validationErrors ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(e?.name === "TwinMismatchError" ? 2 : 1);
  }
);
