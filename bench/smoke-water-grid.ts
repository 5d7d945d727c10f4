/**
 * Smoke benchmark (any adapter): one water substep (count, scan, scatter, density, force)
 * at `--n` particles (default 20,000, dam break in the essay's tank) on three dense grids:
 *   256×256 of h over [0, 2]² (the widgets' grid), the tank only with cells of h (256×128),
 *   and the tank with cells of h/2 (512×256; fewer false candidates, twice the cells to scan).
 * Wall clock per call of `step(1)`, median (components/sim/timing.ts `summarize`) of `--reps` (default 5) after one warm-up.
 *   npx tsx bench/smoke-water-grid.ts [--n 20000] [--reps 5]
 */
import {acquireGPU} from "../components/gpu/context.js";
import {nodeGPU, nodeWGSL} from "../components/gpu/node.js";
import {ResourceScope} from "../components/gpu/scope.js";
import {summarize} from "../components/sim/timing.js";
import type {GridParams} from "../components/sort/grid.js";
import {WATER_DEFAULTS, waterGrid, waterGridFor} from "../components/water/params.js";
import {WaterGPU} from "../components/water/pipeline.js";
import {damBreak} from "../components/water/scene.js";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const n = arg("n", 20_000),
  reps = arg("reps", 5);
const handle = await acquireGPU({gpu: await nodeGPU()});
if (!handle) throw new Error("no WebGPU adapter");
const scope = new ResourceScope(handle.device);
const p = WATER_DEFAULTS;
const grids: Record<string, GridParams> = {"256x256 of h": waterGrid(), "tank, cells of h": waterGridFor(p, 1), "tank, cells of h/2": waterGridFor(p, 2)};
const out: Record<string, number> = {};
for (const [name, grid] of Object.entries(grids)) {
  const sim = await WaterGPU.create(handle.device, scope, nodeWGSL, {maxParticles: n, grid});
  sim.setParams(p);
  sim.upload(damBreak(n, p));
  await sim.step(1);
  const t: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    await sim.step(1);
    t.push(performance.now() - t0);
  }
  out[name] = +summarize(t).median.toFixed(1);
  sim.dispose();
}
console.log(JSON.stringify({particles: n, msPerSubstep: out, adapter: handle.adapterInfo.architecture}));
scope.dispose();
