/**
 * The water benchmark on its own (bench/water.ts), as run on the H200 for
 * data/bench/water.json:
 *   npx tsx bench/water-main.ts [--out data/bench/water.json] [--quick]
 * Dawn's timestamps stay quantised here (65.5 µs); bench/water.ts repeats each timed pass
 * 20 times to see through that.
 */
import {mkdirSync, writeFileSync} from "node:fs";
import {dirname} from "node:path";
import {acquireGPU} from "../components/gpu/context.js";
import {nodeGPU, nodeWGSL} from "../components/gpu/node.js";
import {runWaterBench} from "./water.js";

const args = process.argv.slice(2);
const outPath = args.includes("--out") ? args[args.indexOf("--out") + 1] : "data/bench/water.json";
const handle = await acquireGPU({gpu: await nodeGPU()});
if (!handle) throw new Error("no WebGPU adapter");
const result = await runWaterBench({handle, wgsl: nodeWGSL, quick: args.includes("--quick"), outDir: dirname(outPath)});
mkdirSync(dirname(outPath), {recursive: true});
writeFileSync(outPath, JSON.stringify(result, null, 2));
console.log("wrote", outPath);
process.exit(result.validationErrors ? 1 : 0);
