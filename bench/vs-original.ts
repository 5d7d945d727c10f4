/**
 * Assembles data/bench/vs-original-h200.json (components/bench/vs-original.ts, schema
 * "vs-original/1") from one device command's outputs: this project's 2D step on the original
 * part one's disc (bench/vs-pyramid.ts), this project's dust substep (`npm run bench --
 * --pipelines dust`), the original's pyramid step and accretion substep (run from a build of
 * its public repository kept outside this one: data/bench/vs-original-h200.md says how), and
 * the nvidia-smi clock log sampled beside them. Reads and writes JSON only.
 *   npx tsx bench/vs-original.ts DIR [--out data/bench/vs-original-h200.json]
 * DIR holds ours-pyramid.json, orig-pyramid.json, dust.json, orig-accretion.json, clocks.csv.
 */
import {writeFileSync} from "node:fs";
import {join} from "node:path";
import {busyClocks, readOutput} from "./device-outputs.js";
import {DISC_INNER, discScene} from "../components/dust/scene.js";
import type {VsOriginalReport} from "../components/bench/vs-original.js";

const dir = process.argv[2];
const oi = process.argv.indexOf("--out");
const out = oi > 0 ? process.argv[oi + 1] : "data/bench/vs-original-h200.json";
const read = (f: string) => readOutput(dir, f);
const ours = read("ours-pyramid.json");
const orig = read("orig-pyramid.json");
const dust = read("dust.json");
const acc = read("orig-accretion.json");

// this project's disc: G·M★ = G · (1/G) = 1, inner edge DISC_INNER, substep dt of the page's scene
const scene = discScene(100, 1);
const gm = scene.params.G * (scene.params.star?.m ?? 0);
const ourOrbit = (2 * Math.PI * DISC_INNER ** 1.5) / Math.sqrt(gm) / scene.params.dt;

const report: VsOriginalReport & Record<string, unknown> = {
  schema: "vs-original/1",
  date: ours.date,
  adapter: ours.adapter,
  original: "ericrius1/AlgorythmicExplorations@bcf2f76",
  clocks: {...busyClocks(join(dir, "clocks.csv")), log: "data/bench/vs-original-h200-clocks.csv (nvidia-smi every 250 ms)"},
  gravity2d: {
    params: {
      ...ours.params,
      scene: "the original part one's disc: uniform in radius 0.9, masses uniform in [1, 4) scaled to 40,960 (bench/vs-pyramid.ts pyramidDisc, seed 7)",
    },
    ours: ours.rows.map((r: any) => ({bodies: r.bodies, theta: r.theta, walk: r.walk, stepMs: r.stepMs, passesMs: r.passesMs, forceError: r.forceError})),
    original: orig.rows.map((r: any) => ({
      bodies: r.bodies,
      theta: r.theta,
      walk: "pyramid",
      finestLevel: r.finestLevel,
      dispatches: r.dispatchesPerStep,
      stepMs: r.stepMs.median,
      stepMsIn5: r.stepMsIn5?.median,
      forceError: r.forceError,
    })),
  },
  dust: {
    ours: dust.rows
      .filter((r: any) => r.pipeline === "dust")
      .map((r: any) => ({
        grains: r.particles,
        substepMs: r.frameMs.median / r.substepsPerFrame,
        dispatches: r.dispatchesPerSubstep,
        substepsPerOrbit: Number(ourOrbit.toFixed(1)),
        perPassMs: Object.fromEntries(Object.entries(r.perPassMs).map(([k, v]: [string, any]) => [k, v.median])),
      })),
    original: acc.rows.map((r: any) => ({
      grains: r.count,
      // the disc as its warm-up left it, as this project's harness times its own (warm-up frames evolve the disc)
      substepMs: r.evolved.pageFrame.substepMs.median,
      substepMsFresh: r.fresh.pageFrame.substepMs.median,
      dispatches: r.dispatchesPerSubstep,
      substepsPerOrbit: r.substepsPerInnerOrbit,
      perPassMs: r.evolved.pageFrame.passesMsPerSubstep,
    })),
  },
};
writeFileSync(out, `${JSON.stringify(report, null, 1)}\n`);
console.log(`wrote ${out}`);
