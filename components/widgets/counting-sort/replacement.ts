/**
 * A kernel of the sort replaced by the page: the hook through which a reader's passing exercise
 * (components/widgets/exercise/, wired by the page that shows both) drives this widget. The
 * widget sorts as usual (GPU or CPU twin), then takes the replaced phase's array from the
 * replacement's `run` and derives every later phase from it with the CPU twin's steps, so the
 * diagram shows the reader's numbers flowing through the rest of the sort.
 *
 * The widget never compiles the reader's code: `run` is the page's, which runs it where the
 * exercises run (a device of their own, or the CPU interpreter), never on the simulations'
 * shared device.
 */
import {exclusiveFromInclusive, hillisSteeleRound, scanRoundCount} from "../../sort/twin.js";
import type {PlainSnapshots, TeachingParticle} from "../../sort/teaching.js";

/**
 * One replaced kernel: the phase whose array it computes, a label naming whose kernel it is
 * ("your count kernel"), and `run`, which computes that array from the phase's inputs.
 *
 * - `key`: each particle's cell key from its position (`positions`: x, y pairs in cell units; the grid is `side` × `side` unit cells).
 * - `count`: the histogram (`cells` counters) from the particles' keys.
 * - `scan-round`: one Hillis–Steele round: `dst[i] = src[i] + src[i − stride]` (or `src[i]` for `i < stride`); run once per round.
 * - `scan`: the whole inclusive scan of the counts (the diagram's last round; the rounds before it stay the twin's).
 * - `shift`: the exclusive starts (`cells + 1` entries, the last the total) from the inclusive scan.
 * - `scatter`: the order after the scatter (`order[slot]` = index of the particle in that slot) from the keys and the starts.
 */
export type SortKernel =
  | {phase: "key"; label: string; run(positions: Float32Array, side: number): Promise<ArrayLike<number>>}
  | {phase: "count"; label: string; run(keys: Uint32Array, cells: number): Promise<ArrayLike<number>>}
  | {phase: "scan-round"; label: string; run(src: Uint32Array, stride: number): Promise<ArrayLike<number>>}
  | {phase: "scan"; label: string; run(counts: Uint32Array): Promise<ArrayLike<number>>}
  | {phase: "shift"; label: string; run(inclusive: Uint32Array): Promise<ArrayLike<number>>}
  | {phase: "scatter"; label: string; run(keys: Uint32Array, starts: Uint32Array): Promise<ArrayLike<number>>};

/** The phases a replacement may take, in the sort's order. */
export const SORT_KERNEL_PHASES: readonly SortKernel["phase"][] = ["key", "count", "scan-round", "scan", "shift", "scatter"];

/** `got` as a u32 array of `length` words, or an Error naming what was wrong (a clear message, never a blank). */
function words(got: ArrayLike<number> | null | undefined, length: number, what: string): Uint32Array<ArrayBuffer> {
  if (!got || typeof got.length !== "number") throw new Error(`${what} returned no array`);
  if (got.length < length) throw new Error(`${what} returned ${got.length} values, ${length} expected`);
  return Uint32Array.from(Array.prototype.slice.call(got, 0, length) as number[]);
}

/** The Hillis–Steele rounds of `counts` (the twin's), the last replaced by `inclusive` when given. */
function roundsOf(counts: Uint32Array, inclusive?: Uint32Array): Uint32Array[] {
  const rounds: Uint32Array[] = [];
  let cur = counts;
  for (let r = 0; r < scanRoundCount(counts.length); r++) rounds.push((cur = hillisSteeleRound(cur, 1 << r)));
  if (inclusive && rounds.length) rounds[rounds.length - 1] = inclusive;
  return rounds;
}

/** The scatter in particle order (the twin's): `order[slot]` = particle index. */
function scatterOrder(keys: Uint32Array, starts: Uint32Array): Uint32Array {
  const cursor = starts.slice(0, starts.length - 1);
  const order = new Uint32Array(keys.length);
  keys.forEach((k, i) => {
    const slot = cursor[k]++;
    if (slot < order.length) order[slot] = i;
  });
  return order;
}

/**
 * The snapshots of one sort with `kernel`'s phase computed by its `run` and every later phase
 * derived from that (the phases before it are `base`'s, the engine's). Rejects with an Error
 * whose message names the kernel when `run` fails or returns an array of the wrong size, or
 * when its keys or starts point outside the grid or the particles.
 */
export async function replaceKernel(base: PlainSnapshots, particles: readonly TeachingParticle[], side: number, kernel: SortKernel): Promise<PlainSnapshots> {
  const n = particles.length;
  const cells = side * side;
  const what = kernel.label;
  let keys: Uint32Array<ArrayBuffer> = Uint32Array.from(base.keys);
  let counts: Uint32Array<ArrayBuffer> = Uint32Array.from(base.counts);
  let rounds: Uint32Array[] | null = null;
  let starts: Uint32Array | null = null;
  let order: Uint32Array | null = null;
  switch (kernel.phase) {
    case "key": {
      const positions = new Float32Array(particles.flatMap((p) => [p.x, p.y]));
      keys = words(await kernel.run(positions, side), n, what);
      if (keys.some((k) => k >= cells)) throw new Error(`${what} gave a key outside the ${cells} cells`);
      counts = new Uint32Array(cells);
      for (const k of keys) counts[k]++;
      break;
    }
    case "count":
      counts = words(await kernel.run(keys, cells), cells, what);
      break;
    case "scan-round": {
      rounds = [];
      let cur = counts;
      for (let r = 0; r < scanRoundCount(cells); r++) rounds.push((cur = words(await kernel.run(cur, 1 << r), cells, what)));
      break;
    }
    case "scan":
      rounds = roundsOf(counts, words(await kernel.run(counts), cells, what));
      break;
    case "shift":
      starts = words(await kernel.run(roundsOf(counts).at(-1) ?? counts), cells + 1, what);
      break;
    case "scatter":
      starts = exclusiveFromInclusive(roundsOf(counts).at(-1) ?? counts);
      order = words(await kernel.run(keys, starts), n, what);
      break;
  }
  rounds ??= roundsOf(counts);
  starts ??= exclusiveFromInclusive(rounds.at(-1) ?? counts);
  if (starts.some((s) => s > n)) throw new Error(`${what}: the starts point past the ${n} particles`);
  if (!order) {
    const sum = counts.reduce((a, b) => a + b, 0);
    if (sum !== n) throw new Error(`${what}: the cells hold ${sum} particles, not ${n}`);
    order = scatterOrder(keys, starts);
  } else if (order.some((i) => i >= n)) throw new Error(`${what} put a particle index past ${n - 1} into the order`);
  return {
    keys: Array.from(keys),
    counts: Array.from(counts),
    scanRounds: rounds.map((r) => Array.from(r)),
    starts: Array.from(starts),
    order: Array.from(order, (i) => particles[i].id),
  };
}
