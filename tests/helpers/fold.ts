/**
 * Test helper for the folded count (FOLDED_COUNT_PHASE, components/sort/gpu-sort.ts): reads a
 * simulation's sort state after a substep and lists every way it differs from the CPU twin —
 * this substep's sort of the previous state (starts, every particle copied whole into its
 * cell's range) and the next sort's count that the integrating pass folded in (histogram,
 * block totals, keys), all exact.
 */
import {readBuffers} from "../../components/gpu/readback.js";
import type {CountingSortGPU} from "../../components/sort/gpu-sort.js";
import {cellKey, type GridParams} from "../../components/sort/grid.js";
import {PARTICLE_BYTES, PARTICLE_WORDS, wrapParticles, type PackedParticles} from "../../components/sort/particles.js";
import {blockCountsTwin, countTwin, sortTwin} from "../../components/sort/twin.js";
import {cloneParticles} from "../../components/sort/particles.js";

export interface SortState {
  /** A: the state after the substep (the next sort's input). */
  next: PackedParticles;
  /** B: this substep's sorted copy. */
  sorted: PackedParticles;
  starts: Uint32Array;
  counts: Uint32Array;
  blockCounts: Uint32Array;
  /** The sort's key array (ranks "runs"), else null. */
  keys: Uint32Array | null;
}

/** Reads A, B and the sorter's arrays (n particles, `cells` cells). */
export async function readSortState(device: GPUDevice, sorter: CountingSortGPU, a: GPUBuffer, b: GPUBuffer, n: number, cells: number): Promise<SortState> {
  const reads = [
    {buffer: a, size: n * PARTICLE_BYTES},
    {buffer: b, size: n * PARTICLE_BYTES},
    {buffer: sorter.starts, size: (cells + 1) * 4},
    {buffer: sorter.counts, size: cells * 4},
    {buffer: sorter.blockCounts, size: sorter.scanBlocks * 4},
    ...(sorter.keys ? [{buffer: sorter.keys, size: n * 4}] : []),
  ];
  const out = await readBuffers(device, reads);
  return {
    next: wrapParticles(out[0], n),
    sorted: wrapParticles(out[1], n),
    starts: new Uint32Array(out[2]),
    counts: new Uint32Array(out[3]),
    blockCounts: new Uint32Array(out[4]),
    keys: sorter.keys ? new Uint32Array(out[5]) : null,
  };
}

/** Every difference (up to 5 described, then a count) between the GPU's sort state and the twin's. */
export function foldMismatches(grid: GridParams, scanBlocks: number, prev: PackedParticles, s: SortState): string[] {
  const bad: string[] = [];
  const note = (m: string) => void (bad.length < 5 ? bad.push(m) : bad.length === 5 && bad.push("…"));
  const n = prev.count;
  // this substep's sort of the previous state
  const twin = sortTwin(grid, prev);
  for (let c = 0; c <= grid.numCells; c++) if (s.starts[c] !== twin.starts[c]) note(`starts[${c}] = ${s.starts[c]}, twin ${twin.starts[c]}`);
  const slot = new Int32Array(n).fill(-1);
  for (let k = 0; k < n; k++) slot[s.sorted.u32[k * PARTICLE_WORDS + 4]] = k;
  for (let k = 0; k < n; k++) {
    const o = k * PARTICLE_WORDS;
    const id = twin.sorted.u32[o + 4];
    const key = twin.sorted.u32[o + 5];
    const q = slot[id];
    if (q < twin.starts[key] || q >= twin.starts[key + 1]) note(`particle ${id} sorted to slot ${q}, outside cell ${key}`);
    else
      for (let w = 0; w < PARTICLE_WORDS; w++)
        if (s.sorted.u32[q * PARTICLE_WORDS + w] !== twin.sorted.u32[o + w]) note(`particle ${id}: word ${w} changed by the sort`);
  }
  // the next sort's count, folded into the integrating pass
  const keyed = cloneParticles(s.next);
  const counts = countTwin(grid, keyed);
  for (let c = 0; c < grid.numCells; c++) if (s.counts[c] !== counts[c]) note(`counts[${c}] = ${s.counts[c]}, twin ${counts[c]}`);
  if (scanBlocks > 1) {
    const totals = blockCountsTwin(counts, scanBlocks);
    for (let b = 0; b < scanBlocks; b++) if (s.blockCounts[b] !== totals[b]) note(`block total ${b} = ${s.blockCounts[b]}, twin ${totals[b]}`);
  }
  for (let i = 0; i < n; i++) {
    const o = i * PARTICLE_WORDS;
    const key = cellKey(grid, s.next.f32[o], s.next.f32[o + 1]);
    if (s.next.u32[o + 5] !== key) note(`slot ${i}: key ${s.next.u32[o + 5]}, its cell is ${key}`);
    if (s.keys && s.keys[i] !== key) note(`keys[${i}] = ${s.keys[i]}, its cell is ${key}`);
  }
  return bad;
}
