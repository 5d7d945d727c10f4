/**
 * Assembles data/bench/vs-original-part3-h200.json from one device command's outputs: this
 * project's water and sort (`npm run bench -- --pipelines water --counts 10000,50000,80000` and
 * `--pipelines sort --counts 1000000,4000000,16000000`) and the original part three's water and
 * sort (its own kernels, run from a build of its public repository kept outside this one:
 * data/bench/vs-original-h200.md says how), with the nvidia-smi clock log beside them.
 *   npx tsx bench/vs-original-part3.ts DIR [--out data/bench/vs-original-part3-h200.json]
 * DIR holds ours-water.json, ours-sort.json, orig-water.json, orig-sort.json, clocks.csv.
 * Water: ms of GPU time per simulated second = frame ms / (substeps × dt); P/O below 1 = ours faster.
 */
import {writeFileSync} from "node:fs";
import {join} from "node:path";
import {busyClocks, readOutput} from "./device-outputs.js";

const dir = process.argv[2];
const oi = process.argv.indexOf("--out");
const out = oi > 0 ? process.argv[oi + 1] : "data/bench/vs-original-part3-h200.json";
const read = (f: string) => readOutput(dir, f);
const ow = read("ours-water.json");
const os = read("ours-sort.json");
const rw = read("orig-water.json");
const rs = read("orig-sort.json");
const r4 = (v: number) => Number(v.toPrecision(4));
const water = ow.rows
  .filter((r: any) => r.pipeline === "water")
  .map((r: any) => {
    const o = rw.rows.find((x: any) => x.count === r.particles);
    const perSimS = (frameMs: number, substeps: number, dt: number) => frameMs / (substeps * dt);
    const oursPerS = r.msPerSimulatedSecond;
    const flowing = perSimS(o.flowing.frameMs.median, o.substepsPerFrame, o.dt);
    const settled = perSimS(o.settled.frameMs.median, o.substepsPerFrame, o.dt);
    return {
      particles: r.particles,
      ours: {
        frameMs: r.frameMs.median,
        substepsPerFrame: r.substepsPerFrame,
        substepSeconds: r.substepSeconds,
        dispatchesPerSubstep: r.dispatchesPerSubstep,
        msPerSimulatedSecond: oursPerS,
      },
      original: {
        frameMsFlowing: o.flowing.frameMs.median,
        frameMsSettled: o.settled.frameMs.median,
        substepsPerFrame: o.substepsPerFrame,
        substepSeconds: o.dt,
        dispatchesPerSubstep: o.dispatchesPerSubstep,
        msPerSimulatedSecondFlowing: r4(flowing),
        msPerSimulatedSecondSettled: r4(settled),
        outsideTankFractionFlowing: o.flowing.sanityAfter.outsideTankFraction,
        outsideTankFractionSettled: o.settled.sanityAfter.outsideTankFraction,
      },
      perSimulatedSecondOverOriginalFlowing: r4(oursPerS / flowing),
      perSimulatedSecondOverOriginalSettled: r4(oursPerS / settled),
    };
  });
const sort = os.rows
  .filter((r: any) => r.pipeline === "sort")
  .map((r: any) => {
    const o = rs.rows.find((x: any) => x.count === r.particles);
    const ms = r.frameMs.median / r.substepsPerFrame;
    return {
      particles: r.particles,
      ours: {
        msRandom: r4(ms),
        recordBytes: 24,
        dispatches: r.dispatchesPerSubstep,
        perPassMs: Object.fromEntries(Object.entries(r.perPassMs).map(([k, v]: [string, any]) => [k, v.median])),
      },
      original: {
        msRandom: o.random.sortMs.median,
        msCellOrdered: o.cellOrdered.sortMs.median,
        recordBytes: o.recordBytes,
        cells: o.cells,
        dispatches: o.dispatchesPerSort,
      },
      randomOverOriginal: r4(ms / o.random.sortMs.median),
    };
  });
const report = {
  schema: "vs-original-part3/1",
  date: ow.date,
  adapter: ow.adapter,
  original: "ericrius1/AlgorythmicExplorations@bcf2f76",
  clocks: {...busyClocks(join(dir, "clocks.csv")), log: "data/bench/vs-original-part3-h200-clocks.csv"},
  notes: {
    water:
      "ours: the harness's dam break after its warm-up (frames recorded back to back behind a queued warm-up); the original: its part-three page's dam break, flowing = re-seeded right before the series after a warm-up, settled = after 3 simulated seconds; ms per simulated second = frame / (substeps × dt)",
    sort: "ours: the sort pipeline (count, scan, scatter of 24-byte particles on a dense 256 × 256 grid, uniformly random positions in random order), ms per sort = frame of 5 sorts / 5; the original: its GridSort (16-byte records, 65,536 cells), random and cell-ordered input (its own sort's output fed back), 30 sorts back to back",
  },
  water,
  sort,
};
writeFileSync(out, `${JSON.stringify(report, null, 1)}\n`);
console.log(`wrote ${out}`);
for (const w of water)
  console.log(
    "water",
    w.particles,
    w.ours.msPerSimulatedSecond,
    w.original.msPerSimulatedSecondFlowing,
    w.original.msPerSimulatedSecondSettled,
    w.perSimulatedSecondOverOriginalFlowing,
    w.perSimulatedSecondOverOriginalSettled,
    w.original.outsideTankFractionFlowing,
    w.original.outsideTankFractionSettled
  );
for (const s of sort) console.log("sort", s.particles, s.ours.msRandom, s.original.msRandom, s.original.msCellOrdered, s.randomOverOriginal);
