/**
 * Radix sort of 32-bit keys with a payload (the body index): least-significant digit first,
 * 4 bits per pass, 8 passes, each pass a stable counting sort (count → exclusive scan →
 * scatter in order), the same counting sort as the first essay's §3 (components/sort/twin.ts,
 * whose `exclusiveScan` it calls). Stability is what makes LSD radix sorting correct: a pass
 * must keep the order the previous passes made among equal digits (Knuth, TAOCP vol. 3, §5.2.5).
 *
 * The twin of shaders/gravity/radix.wgsl. Being stable, the result is unique — keys ascending,
 * equal keys in ascending input index — so the GPU's result must equal it exactly.
 */
import {exclusiveScan} from "../sort/twin.js";

/** Bits of the key per pass. */
export const RADIX_BITS = 4;
/** Buckets per pass (2^RADIX_BITS). */
export const RADIX_BUCKETS = 1 << RADIX_BITS;
/** Passes for a 32-bit key. */
export const RADIX_PASSES = 32 / RADIX_BITS;

/** One stable counting-sort pass on digit (key >> shift) & 15. Returns new arrays. */
export function radixPass(keys: Uint32Array, values: Uint32Array, shift: number): {keys: Uint32Array; values: Uint32Array} {
  const n = keys.length;
  const counts = new Uint32Array(RADIX_BUCKETS);
  for (let i = 0; i < n; i++) counts[(keys[i] >>> shift) & (RADIX_BUCKETS - 1)]++;
  const cursor = exclusiveScan(counts);
  const k2 = new Uint32Array(n);
  const v2 = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const slot = cursor[(keys[i] >>> shift) & (RADIX_BUCKETS - 1)]++;
    k2[slot] = keys[i];
    v2[slot] = values[i];
  }
  return {keys: k2, values: v2};
}

/**
 * Sorts `keys` ascending, carrying `values` (default: the input indices 0..n−1, so the
 * result's `values` is the permutation into sorted order). Returns new arrays.
 */
export function radixSortTwin(keys: Uint32Array, values?: Uint32Array): {keys: Uint32Array; values: Uint32Array} {
  let cur: {keys: Uint32Array; values: Uint32Array} = {
    keys: keys.slice(),
    values: values ? values.slice() : Uint32Array.from({length: keys.length}, (_, i) => i),
  };
  if (cur.values.length !== cur.keys.length) throw new RangeError(`keys (${keys.length}) and values (${cur.values.length}) differ in length`);
  for (let pass = 0; pass < RADIX_PASSES; pass++) cur = radixPass(cur.keys, cur.values, pass * RADIX_BITS);
  return cur;
}
