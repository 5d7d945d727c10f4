/**
 * Smoke benchmark (any adapter, SwiftShader included): the one-dispatch scan of 65,536
 * cell counts (`encodeScan`, scan_single.wgsl) against the three-dispatch block scan it
 * replaced (`encodeBlockScan`, scan.wgsl), in the same run on the same device. The
 * one-dispatch scan runs with this adapter's default number of blocks (`newMs`: 1 on a CPU
 * emulation, 256 on a GPU) and with the other setting (`otherMs`, `otherBlocks`). Every
 * scan is first checked against the CPU twin (exclusiveScan); one that disagrees is not
 * timed. Wall clock per call, submit → onSubmittedWorkDone, median of `--reps` calls
 * (default 7) after one warm-up call. Prints one JSON line:
 * {cells, oldMs, newMs, ratio, blocks, otherBlocks, otherMs, adapter}.
 *
 *   npx tsx bench/smoke-scan.ts [--cells 65536] [--reps 7]
 */
import {acquireGPU} from "../components/gpu/context.js";
import {nodeGPU, nodeWGSL} from "../components/gpu/node.js";
import {readBuffers} from "../components/gpu/readback.js";
import {ResourceScope} from "../components/gpu/scope.js";
import {CountingSortGPU, defaultScanBlocks} from "../components/sort/gpu-sort.js";
import {denseGrid} from "../components/sort/grid.js";
import {exclusiveScan} from "../components/sort/twin.js";
import {summarize} from "../components/sim/timing.js";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};

/** Runs the comparison; returns {cells, oldMs, newMs, ratio, blocks, otherBlocks, otherMs, adapter}. Errors: throws if a scan disagrees with the twin. */
export async function smokeScan(cells = 65536, reps = 7) {
  const handle = await acquireGPU({gpu: await nodeGPU()});
  if (!handle) throw new Error("no WebGPU adapter");
  const device = handle.device;
  const scope = new ResourceScope(device);
  try {
    const blocks = defaultScanBlocks(device);
    const otherBlocks = blocks === 1 ? 256 : 1;
    const sorter = await CountingSortGPU.create(device, scope, nodeWGSL, {maxParticles: 1, maxCells: cells, scanBlocks: blocks});
    const other = await CountingSortGPU.create(device, scope, nodeWGSL, {maxParticles: 1, maxCells: cells, scanBlocks: otherBlocks});
    const grid = denseGrid(cells, 1, 1); // only the cell count matters to a scan
    sorter.setGrid(grid, 0);
    other.setGrid(grid, 0);
    await sorter.loadBlockScan();
    const counts = new Uint32Array(cells);
    let seed = 12345;
    for (let c = 0; c < cells; c++) counts[c] = (seed = (seed * 1103515245 + 12345) >>> 0) % 7;
    const want = exclusiveScan(counts);
    type Kind = "old" | "new" | "other";
    const kinds: Kind[] = ["old", "new", "other"];
    const run = async (kind: Kind) => {
      const s = kind === "other" ? other : sorter;
      s.writeCounts(counts); // the histogram and its block totals, as a count pass leaves them
      await device.queue.onSubmittedWorkDone();
      const t0 = performance.now();
      const enc = device.createCommandEncoder();
      const pass = enc.beginComputePass();
      if (kind === "old") s.encodeBlockScan(pass);
      else s.encodeScan(pass);
      pass.end();
      device.queue.submit([enc.finish()]);
      await device.queue.onSubmittedWorkDone();
      return performance.now() - t0;
    };
    for (const kind of kinds) {
      await run(kind);
      const [starts] = await readBuffers(device, [{buffer: (kind === "other" ? other : sorter).starts, size: (cells + 1) * 4}]);
      const got = new Uint32Array(starts);
      const bad = want.findIndex((v, i) => got[i] !== v);
      if (bad >= 0) throw new Error(`${kind} scan disagrees with the twin at cell ${bad}: ${got[bad]} vs ${want[bad]}`);
    }
    const times: Record<Kind, number[]> = {old: [], new: [], other: []};
    for (let r = 0; r < reps; r++) for (const kind of kinds) times[kind].push(await run(kind));
    const med = (xs: number[]) => summarize(xs).median;
    const oldMs = med(times.old),
      newMs = med(times.new);
    return {
      cells,
      oldMs: +oldMs.toFixed(3),
      newMs: +newMs.toFixed(3),
      ratio: +(oldMs / newMs).toFixed(1),
      blocks,
      otherBlocks,
      otherMs: +med(times.other).toFixed(3),
      adapter: handle.adapterInfo ?? null,
    };
  } finally {
    scope.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await smokeScan(arg("cells", 65536), arg("reps", 7))));
}
