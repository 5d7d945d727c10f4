/**
 * CPU twin of the counting-sort kernels in shaders/sort/ (the essay's §3 counting-sort
 * section): same inputs, same outputs. It is the oracle of the GPU tests and the fallback
 * when WebGPU is missing.
 *
 *   clear   → counts[c] = 0                                  (clear.wgsl)
 *   count   → key[i] = cellKey(pos[i]); counts[key[i]]++       (count.wgsl; block totals: blockCountsTwin)
 *   scan    → Hillis–Steele rounds (scan_round.wgsl) + shift (shift_exclusive.wgsl), or
 *             the three-dispatch block scan (scan.wgsl); both give starts[0..numCells]
 *   scatter → slot = cursor[key]++; dst[slot] = src[i]       (scatter.wgsl)
 *
 * The twin scatters in index order, so inside a cell its order is ascending source index;
 * the GPU's order inside a cell is arbitrary (atomics: one per particle, or one per run of
 * equal keys in a subgroup, count_runs.wgsl / scatter_runs.wgsl, whose runs keep source
 * order but race one another), which is why tests compare cell ranges and the multiset of
 * each cell, not slot-by-slot order.
 */
import {cellKey, scanBlockCells, type GridParams} from "./grid.js";
import {allocParticles, cloneParticles, PARTICLE_WORDS, type PackedParticles} from "./particles.js";

/** Histogram of cell keys. Writes each particle's key into its state (like count.wgsl). */
export function countTwin(g: GridParams, p: PackedParticles): Uint32Array {
  const counts = new Uint32Array(g.numCells);
  for (let i = 0; i < p.count; i++) {
    const o = i * PARTICLE_WORDS;
    const key = cellKey(g, p.f32[o], p.f32[o + 1]);
    p.u32[o + 5] = key;
    counts[key]++;
  }
  return counts;
}

/**
 * Block totals of the one-dispatch scan in `scanBlocks` blocks (scan_single.wgsl): entry b
 * is the sum of counts over cells [b·k, (b+1)·k), k = ceil(numCells / scanBlocks) — what
 * count.wgsl adds up in block_counts beside the histogram. Length scanBlocks.
 */
export function blockCountsTwin(counts: Uint32Array, scanBlocks: number): Uint32Array<ArrayBuffer> {
  const k = scanBlockCells(counts.length, scanBlocks);
  const totals = new Uint32Array(scanBlocks);
  for (let c = 0; c < counts.length; c++) totals[Math.floor(c / k)] += counts[c];
  return totals;
}

/** Number of Hillis–Steele rounds for n values: ceil(log2 n) (0 for n ≤ 1). */
export function scanRoundCount(n: number): number {
  let rounds = 0;
  while (1 << rounds < n) rounds++;
  return rounds;
}

/** One Hillis–Steele round: dst[i] = src[i] + (i ≥ stride ? src[i − stride] : 0). */
export function hillisSteeleRound(src: Uint32Array, stride: number): Uint32Array {
  const dst = new Uint32Array(src.length);
  for (let i = 0; i < src.length; i++) dst[i] = src[i] + (i >= stride ? src[i - stride] : 0);
  return dst;
}

/** Every round of the Hillis–Steele (1986) inclusive scan; the last is the inclusive scan. */
export function hillisSteeleRounds(values: Uint32Array): Uint32Array[] {
  const rounds: Uint32Array[] = [];
  let cur = values;
  for (let r = 0; r < scanRoundCount(values.length); r++) {
    cur = hillisSteeleRound(cur, 1 << r);
    rounds.push(cur);
  }
  return rounds;
}

/** Exclusive starts (length n + 1, last = total) from an inclusive scan of n values. */
export function exclusiveFromInclusive(inclusive: Uint32Array): Uint32Array {
  const n = inclusive.length;
  const starts = new Uint32Array(n + 1);
  for (let i = 1; i <= n; i++) starts[i] = inclusive[i - 1];
  return starts;
}

/** Plain exclusive scan (length n + 1, last = total). */
export function exclusiveScan(values: Uint32Array): Uint32Array {
  const starts = new Uint32Array(values.length + 1);
  for (let i = 0; i < values.length; i++) starts[i + 1] = starts[i] + values[i];
  return starts;
}

/** The three-dispatch block scan of scan.wgsl, with its intermediate arrays (block size 256). */
export function blockScanTwin(counts: Uint32Array, block = 256) {
  const n = counts.length;
  const numBlocks = Math.ceil(n / block);
  const blockInclusive = new Uint32Array(n);
  const blockSums = new Uint32Array(numBlocks);
  for (let b = 0; b < numBlocks; b++) {
    let s = 0;
    for (let i = b * block; i < Math.min(n, (b + 1) * block); i++) blockInclusive[i] = s += counts[i];
    blockSums[b] = s;
  }
  const blockOffsets = new Uint32Array(numBlocks);
  for (let b = 1; b < numBlocks; b++) blockOffsets[b] = blockOffsets[b - 1] + blockSums[b - 1];
  const starts = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) starts[i] = blockInclusive[i] + blockOffsets[Math.floor(i / block)] - counts[i];
  if (n > 0) starts[n] = starts[n - 1] + counts[n - 1];
  return {blockInclusive, blockSums, blockOffsets, starts};
}

/** Scatter in source order: slot = cursor[key]++. Returns the sorted particles. */
export function scatterTwin(src: PackedParticles, starts: Uint32Array): PackedParticles {
  const dst = allocParticles(src.count);
  const cursor = starts.slice(0, starts.length - 1);
  for (let i = 0; i < src.count; i++) {
    const o = i * PARTICLE_WORDS;
    const slot = cursor[src.u32[o + 5]]++;
    dst.u32.set(src.u32.subarray(o, o + PARTICLE_WORDS), slot * PARTICLE_WORDS);
  }
  return dst;
}

/** The counting sort's outputs: the particles in cell order, with the histogram and the cell starts. */
interface SortedParticles {
  /** the particles in cell order (keys written), a new buffer */
  sorted: PackedParticles;
  /** starts[numCells + 1]: exclusive cell starts, last = particle count */
  starts: Uint32Array;
  /** particles per cell */
  counts: Uint32Array;
}

/**
 * The counting sort on the CPU — count, exclusive scan, scatter — the one twin the
 * simulations' twins and the tests call. `src` is left untouched (the keys are written
 * into a copy); the order inside a cell is ascending source index.
 */
export function sortTwin(g: GridParams, src: PackedParticles): SortedParticles {
  const keyed = cloneParticles(src);
  const counts = countTwin(g, keyed);
  const starts = exclusiveScan(counts);
  return {sorted: scatterTwin(keyed, starts), starts, counts};
}

/** Every intermediate array of one counting sort, as the teaching widgets show them. */
export interface SortSnapshots {
  /** cell key of each particle, in input order */
  keys: Uint32Array;
  /** histogram: particles per cell */
  counts: Uint32Array;
  /** the array after each Hillis–Steele round (strides 1, 2, 4, …) */
  scanRounds: Uint32Array[];
  /** exclusive cell starts, numCells + 1 entries (last = particle count) */
  starts: Uint32Array;
  /** order[k] = id of the particle in slot k after the scatter */
  order: Uint32Array;
  /** the particles in cell order */
  sorted: PackedParticles;
}

/** The whole counting sort on the CPU, keeping every phase's array (the twin of the GPU run). */
export function countingSortTwin(g: GridParams, input: PackedParticles): SortSnapshots {
  const src = allocParticles(input.count);
  src.u32.set(input.u32.subarray(0, input.count * PARTICLE_WORDS));
  const counts = countTwin(g, src);
  const keys = new Uint32Array(src.count);
  for (let i = 0; i < src.count; i++) keys[i] = src.u32[i * PARTICLE_WORDS + 5];
  const scanRounds = hillisSteeleRounds(counts);
  const inclusive = scanRounds.length ? scanRounds[scanRounds.length - 1] : counts.slice();
  const starts = exclusiveFromInclusive(inclusive);
  const sorted = scatterTwin(src, starts);
  const order = new Uint32Array(src.count);
  for (let k = 0; k < src.count; k++) order[k] = sorted.u32[k * PARTICLE_WORDS + 4];
  return {keys, counts, scanRounds, starts, order, sorted};
}
