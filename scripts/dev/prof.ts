import {nodeGPU, nodeWGSL} from "../../components/gpu/node.js";
import {acquireGPU} from "../../components/gpu/context.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {SandGPU} from "../../components/sand/gpu-sand.js";
import {SAND_DEFAULTS} from "../../components/sand/params.js";
import {pourSand} from "../../components/sand/pour.js";
const h = (await acquireGPU({gpu: await nodeGPU()}))!;
const d = h.device;
const sand = await SandGPU.create(d, new ResourceScope(d), nodeWGSL, {maxParticles: 30000, foldCount: false});
sand.load(pourSand(2000, 1));
sand.setParams(SAND_DEFAULTS);
async function time(name: string, f: (p: GPUComputePassEncoder) => void, reps = 5) {
  await d.queue.onSubmittedWorkDone();
  const t = performance.now();
  for (let i = 0; i < reps; i++) {
    const e = d.createCommandEncoder();
    const p = e.beginComputePass();
    f(p);
    p.end();
    d.queue.submit([e.finish()]);
  }
  await d.queue.onSubmittedWorkDone();
  console.log(name, ((performance.now() - t) / reps).toFixed(1), "ms");
}
await time("clear", (p) => sand.sorter.encodeClear(p));
await time("count", (p) => sand.sorter.encodeCount(p, sand.a));
await time("scan", (p) => sand.sorter.encodeScan(p));
await time("scatter", (p) => sand.sorter.encodeScatter(p, sand.a, sand.b));
await time("forces", (p) => sand.encodeForces(p));
await time("empty", (_p) => {});
process.exit(0);
