/**
 * Radix sort of 32-bit keys with a payload (the body index): least-significant digit first,
 * 4 bits per pass, 8 passes (another digit width: radixSortTwin's `digit`), each pass a stable
 * counting sort (count → exclusive scan → scatter in order), the same counting sort as the first essay's §3 (components/sort/twin.ts,
 * whose `exclusiveScan` it calls). Stability is what makes LSD radix sorting correct: a pass
 * must keep the order the previous passes made among equal digits (Knuth, TAOCP vol. 3, §5.2.5).
 *
 * The twin of shaders/gravity/radix.wgsl (and of radix_bitmap.wgsl at other digit widths). Being
 * stable, the result is unique — keys ascending, equal keys in ascending input index — so the GPU's
 * result must equal it exactly.
 */
import {exclusiveScan} from "../sort/twin.js";

/** Bits of the key per pass. */
export const RADIX_BITS = 4;
/** Buckets per pass (2^RADIX_BITS). */
export const RADIX_BUCKETS = 1 << RADIX_BITS;
/** Passes for a 32-bit key. */
export const RADIX_PASSES = 32 / RADIX_BITS;

/**
 * One stable counting-sort pass on the digit (key >> shift) & (2^bits − 1); `bits` defaults to
 * RADIX_BITS (radix.wgsl), 5 is radix_bitmap.wgsl's 3D sort. Returns new arrays.
 */
export function radixPass(keys: Uint32Array, values: Uint32Array, shift: number, bits = RADIX_BITS): {keys: Uint32Array; values: Uint32Array} {
  const n = keys.length;
  const mask = (1 << bits) - 1;
  const counts = new Uint32Array(1 << bits);
  for (let i = 0; i < n; i++) counts[(keys[i] >>> shift) & mask]++;
  const cursor = exclusiveScan(counts);
  const k2 = new Uint32Array(n);
  const v2 = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const slot = cursor[(keys[i] >>> shift) & mask]++;
    k2[slot] = keys[i];
    v2[slot] = values[i];
  }
  return {keys: k2, values: v2};
}

/** Passes of `bits`-bit digits that cover keys of `keyBits` bits (8 of 4 for 32; 6 of 5 for the 3D page's 30-bit keys). */
export function radixPasses(bits = RADIX_BITS, keyBits = 32): number {
  return Math.ceil(keyBits / bits);
}

/**
 * Sorts `keys` ascending, carrying `values` (default: the input indices 0..n−1, so the
 * result's `values` is the permutation into sorted order). Returns new arrays. `digit`: the
 * digit width and the key width it must cover (default 4 and 32: RADIX_PASSES passes); keys
 * wider than `keyBits` would be sorted by their low bits only: RangeError.
 */
export function radixSortTwin(
  keys: Uint32Array,
  values?: Uint32Array,
  digit: {bits?: number; keyBits?: number} = {}
): {keys: Uint32Array; values: Uint32Array} {
  const bits = digit.bits ?? RADIX_BITS;
  const keyBits = digit.keyBits ?? 32;
  if (!(Number.isInteger(bits) && bits >= 1 && bits <= 16)) throw new RangeError(`digit bits must be an integer in 1..16, got ${bits}`);
  if (!(Number.isInteger(keyBits) && keyBits >= 1 && keyBits <= 32)) throw new RangeError(`key bits must be an integer in 1..32, got ${keyBits}`);
  let cur: {keys: Uint32Array; values: Uint32Array} = {
    keys: keys.slice(),
    values: values ? values.slice() : Uint32Array.from({length: keys.length}, (_, i) => i),
  };
  if (cur.values.length !== cur.keys.length) throw new RangeError(`keys (${keys.length}) and values (${cur.values.length}) differ in length`);
  if (keyBits < 32) {
    const wide = cur.keys.findIndex((k) => k >>> keyBits !== 0);
    if (wide >= 0) throw new RangeError(`key ${wide} (${cur.keys[wide]}) has more than ${keyBits} bits`);
  }
  const passes = radixPasses(bits, keyBits);
  for (let pass = 0; pass < passes; pass++) cur = radixPass(cur.keys, cur.values, pass * bits, bits);
  return cur;
}
