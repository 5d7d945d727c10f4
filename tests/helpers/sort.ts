/** Test helpers for the counting sort: inputs, a production-sort runner, and the checks. */
import {expect} from "vitest";
import type {CountingSortGPU} from "../../components/sort/gpu-sort.js";
import {denseGrid, type GridParams} from "../../components/sort/grid.js";
import {allocParticles, cloneParticles, PARTICLE_BYTES, PARTICLE_WORDS, wrapParticles, type PackedParticles} from "../../components/sort/particles.js";
import {blockScanTwin, countTwin, exclusiveScan} from "../../components/sort/twin.js";
import {expectSameArray} from "./arrays.js";
import {readBuffers} from "../../components/gpu/readback.js";
import {rng} from "./rng.js";
import {Usage} from "../../components/gpu/usage.js";

/** A dense grid with `cells` cells, as square as the factors allow, cell width 1/16. */
export function gridWithCells(cells: number): GridParams {
  let dimX = Math.floor(Math.sqrt(cells));
  while (cells % dimX) dimX--;
  return denseGrid(cells / dimX, dimX, 1 / 16, -0.5, -0.25);
}

/** n particles spread over the grid (some slightly outside, to exercise clamping), ids 0..n-1. */
export function randomParticles(g: GridParams, n: number, seed: number): PackedParticles {
  const r = rng(seed);
  const p = allocParticles(n);
  const w = g.dimX * g.cellSize,
    h = g.dimY * g.cellSize;
  for (let i = 0; i < n; i++) {
    const o = i * PARTICLE_WORDS;
    p.f32[o] = g.originX + (r() * 1.02 - 0.01) * w;
    p.f32[o + 1] = g.originY + (r() * 1.02 - 0.01) * h;
    p.f32[o + 2] = r() - 0.5;
    p.f32[o + 3] = r() - 0.5;
    p.u32[o + 4] = i;
  }
  return p;
}

/** n particles all at the centre of cell `key` of a dense grid. */
export function particlesInCell(g: GridParams, n: number, key: number): PackedParticles {
  const p = allocParticles(n);
  const cx = key % g.dimX,
    cy = Math.floor(key / g.dimX);
  for (let i = 0; i < n; i++) {
    const o = i * PARTICLE_WORDS;
    p.f32[o] = g.originX + (cx + 0.5) * g.cellSize;
    p.f32[o + 1] = g.originY + (cy + 0.5) * g.cellSize;
    p.f32[o + 2] = i;
    p.u32[o + 4] = i;
  }
  return p;
}

export interface ProductionResult {
  counts: Uint32Array;
  starts: Uint32Array;
  cursorAfter: Uint32Array;
  sorted: PackedParticles;
  /** the histogram after the sort: all zero (the scan clears it for the next count) */
  countsAfter: Uint32Array;
  /** the scan's block totals (scanBlocks entries) as the count pass left them */
  blockCounts: Uint32Array;
  /** the block totals after the sort: all zero (the scatter clears them for the next count) */
  blockCountsAfter: Uint32Array;
}

/**
 * Runs the production sort on the GPU — count, one-dispatch scan, scatter, as `encodeSort`
 * encodes them — and reads everything back. The histogram and the block totals are copied
 * out between the count and the scan, because the scan sets the histogram back to zero and
 * the scatter the block totals (`countsAfter`, `blockCountsAfter`).
 */
export async function runProductionSort(sorter: CountingSortGPU, g: GridParams, input: PackedParticles): Promise<ProductionResult> {
  const device = sorter.device;
  const n = input.count;
  const usage = Usage.STORAGE | Usage.COPY_SRC | Usage.COPY_DST;
  const tmp = sorter.scope.child();
  try {
    const a = tmp.buffer({size: Math.max(n, 1) * PARTICLE_BYTES, usage});
    const b = tmp.buffer({size: Math.max(n, 1) * PARTICLE_BYTES, usage});
    const histogram = tmp.buffer({size: g.numCells * 4, usage});
    const totalsBytes = sorter.scanBlocks * 4;
    const totals = tmp.buffer({size: totalsBytes, usage});
    if (n) device.queue.writeBuffer(a, 0, input.buffer, 0, n * PARTICLE_BYTES);
    sorter.setGrid(g, n);
    const enc = device.createCommandEncoder();
    let pass = enc.beginComputePass();
    sorter.encodeCount(pass, a);
    pass.end();
    enc.copyBufferToBuffer(sorter.counts, 0, histogram, 0, g.numCells * 4);
    enc.copyBufferToBuffer(sorter.blockCounts, 0, totals, 0, totalsBytes);
    pass = enc.beginComputePass();
    sorter.encodeScan(pass);
    sorter.encodeScatter(pass, a, b);
    pass.end();
    const [counts, starts, cursor, sorted, countsAfter, blockCounts, blockCountsAfter] = await readBuffers(
      device,
      [
        {buffer: histogram, size: g.numCells * 4},
        {buffer: sorter.starts, size: (g.numCells + 1) * 4},
        {buffer: sorter.cursor, size: g.numCells * 4},
        {buffer: b, size: n * PARTICLE_BYTES},
        {buffer: sorter.counts, size: g.numCells * 4},
        {buffer: totals, size: totalsBytes},
        {buffer: sorter.blockCounts, size: totalsBytes},
      ],
      enc
    );
    return {
      counts: new Uint32Array(counts),
      starts: new Uint32Array(starts),
      cursorAfter: new Uint32Array(cursor),
      sorted: wrapParticles(sorted, n),
      countsAfter: new Uint32Array(countsAfter),
      blockCounts: new Uint32Array(blockCounts),
      blockCountsAfter: new Uint32Array(blockCountsAfter),
    };
  } finally {
    tmp.dispose();
  }
}

/**
 * Asserts that `sorted` is a permutation of `input` (every particle's whole state kept,
 * matched by id), that slot ranges [starts[c], starts[c+1]) hold exactly the particles
 * whose key is c, and that starts match `expectedStarts`.
 */
export function expectValidSort(input: PackedParticles, expectedKeys: Uint32Array, starts: Uint32Array, sorted: PackedParticles) {
  const n = input.count;
  expect(sorted.count).toBe(n);
  expect(starts[starts.length - 1]).toBe(n);
  const seen = new Uint8Array(n);
  const cells = starts.length - 1;
  let c = 0;
  let bad = 0;
  for (let k = 0; k < n; k++) {
    while (c < cells && starts[c + 1] <= k) c++;
    const o = k * PARTICLE_WORDS;
    const id = sorted.u32[o + 4];
    if (id >= n || seen[id]) {
      bad++;
      continue;
    }
    seen[id] = 1;
    const io = id * PARTICLE_WORDS;
    // the whole state travelled with the particle, and its key is the cell of its slot
    if (sorted.u32[o + 5] !== c || expectedKeys[id] !== c) bad++;
    for (let w = 0; w < 5; w++) if (sorted.u32[o + w] !== input.u32[io + w]) bad++;
  }
  expect(bad, "slots holding a wrong, duplicate or altered particle").toBe(0);
}

/**
 * The production sort of `n` random particles in `cells` cells (seeded by both) against the twin:
 * the histogram (and its sum), the cell starts (equal to the block scan's too), every cursor at
 * its cell's end after the scatter, and a valid sort. The unit tier calls it up to 100,000
 * particles, the soak tier at a million.
 */
export async function expectProductionSort(sorter: CountingSortGPU, cells: number, n: number) {
  const g = gridWithCells(cells);
  const input = randomParticles(g, n, cells * 7919 + n);
  const twinInput = cloneParticles(input);
  const twinCounts = countTwin(g, twinInput);
  const keys = new Uint32Array(n);
  for (let i = 0; i < n; i++) keys[i] = twinInput.u32[i * PARTICLE_WORDS + 5];
  const res = await runProductionSort(sorter, g, input);
  expectSameArray(res.counts, twinCounts, "counts");
  expect(res.counts.reduce((s, v) => s + v, 0)).toBe(n);
  const twinStarts = exclusiveScan(twinCounts);
  expectSameArray(res.starts, twinStarts, "starts");
  expectSameArray(res.starts, blockScanTwin(twinCounts).starts, "starts = block scan");
  // after the scatter every cursor has advanced to its cell's end
  expectSameArray(res.cursorAfter, twinStarts.slice(1), "cursors after the scatter");
  expectValidSort(input, keys, res.starts, res.sorted);
}
