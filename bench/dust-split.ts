/**
 * Where one dust substep's time goes, dispatch by dispatch (a diagnostic, not a figure for the
 * pages): the near phase's pack, count, scan, scatter and contacts and the gravity sort's first
 * radix pass, each in its own timestamped compute pass (which adds a few µs each), on the
 * benchmark's disc (discScene(n, 1)), medians of `--reps` frames recorded back to back behind a
 * queued warm-up of whole substeps.
 *   npx tsx bench/dust-split.ts [--counts 20000,150000] [--reps 30] [--out FILE]
 */
import {writeFileSync} from "node:fs";
import {DustGPU} from "../components/dust/gpu.js";
import {discScene} from "../components/dust/scene.js";
import {nodeWGSL} from "../components/gpu/node.js";
import {ResourceScope} from "../components/gpu/scope.js";
import {dispatchItems} from "../components/gpu/dispatch.js";
import {PassTimer, summarize} from "../components/sim/timing.js";
import {benchGPU} from "./dawn.js";

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
};

async function main() {
  const counts = arg("counts", "20000,150000").split(",").map(Number);
  const reps = Number(arg("reps", "30"));
  const handle = await benchGPU();
  const device = handle.device;
  const scope = new ResourceScope(device);
  const rows: Record<string, unknown>[] = [];
  for (const n of counts) {
    const {bodies, params} = discScene(n, 1);
    const d = await DustGPU.create(device, scope, nodeWGSL, {maxBodies: n});
    d.setParams(params);
    d.setBodies(bodies);
    const x = d as any;
    const g = x.gravity as any;
    const s = x.sorter as any;
    const parts: [string, (p: GPUComputePassEncoder) => void][] = [
      [
        "pack",
        (p) => {
          p.setPipeline(x.pipes.pack);
          p.setBindGroup(0, x.groups.pack);
          dispatchItems(p, x.n);
        },
      ],
      ["count", (p) => s.encodeCount(p, x.packed)],
      ["scan", (p) => s.encodeScan(p)],
      ["scatter", (p) => s.encodeScatter(p, x.packed, x.sortedP)],
      [
        "contacts",
        (p) => {
          p.setPipeline(x.pipes.contacts);
          p.setBindGroup(0, x.groups.contacts);
          dispatchItems(p, x.n);
        },
      ],
    ];
    const timer = PassTimer.create(device, scope, reps * (parts.length + 2));
    const enc = device.createCommandEncoder();
    timer.beginFrame();
    for (let r = 0; r < reps; r++) {
      timer.frame(r);
      g.encodeKeys(enc, timer);
      g.encodeSort(enc, timer);
      for (const [label, f] of parts) {
        const p = enc.beginComputePass({timestampWrites: timer.writes(label)});
        f(p);
        p.end();
      }
    }
    // warm-up: whole substeps queued without waiting, then the series right behind
    for (let b = 0; b < 6; b++) {
      const w = device.createCommandEncoder();
      for (let k = 0; k < 40; k++) d.encodeSubstep(w);
      device.queue.submit([w.finish()]);
    }
    const frames = await timer.read(enc);
    timer.dispose();
    const labels = ["keys", "sort", ...parts.map(([l]) => l)];
    const row = {
      grains: n,
      tableSize: s.numCells ?? null,
      msPerDispatchGroup: Object.fromEntries(labels.map((l) => [l, summarize(frames.map((f) => f.byLabel[l] ?? 0)).median])),
    };
    console.log(JSON.stringify(row));
    rows.push(row);
    d.dispose();
  }
  const out = arg("out", "");
  if (out)
    writeFileSync(
      out,
      `${JSON.stringify({what: "dust substep split by dispatch group (diagnostic)", date: new Date().toISOString(), adapter: handle.adapterInfo, reps, rows}, null, 1)}\n`
    );
  process.exit(0);
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
