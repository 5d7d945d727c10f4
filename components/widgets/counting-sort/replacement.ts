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
 * What a replaced kernel is given: the particles (positions in cell units: cell (i, j) of the
 * `side` × `side` grid spans [i, i + 1) × [j, j + 1)) and every array of the sort computed before
 * its phase.
 */
export interface SortKernelInput {
  particles: readonly TeachingParticle[];
  side: number;
  /** Each particle's cell key (the engine's, or the replaced key kernel's). */
  keys: Uint32Array;
  /** The histogram (the engine's, or the replaced count kernel's). */
  counts: Uint32Array;
  /** scan-round: the array the round reads, and its stride. */
  src?: Uint32Array;
  stride?: number;
  /** shift: the inclusive scan. */
  inclusive?: Uint32Array;
  /** scatter: the exclusive starts (cells + 1 entries, the last the particle count). */
  starts?: Uint32Array;
}

/**
 * One replaced kernel: the phase whose array it computes, a label naming whose kernel it is
 * ("your count kernel"), and `run`, which computes that array:
 *
 * - `key`: each particle's cell key;
 * - `count`: the histogram (`cells` counters);
 * - `scan-round`: one Hillis–Steele round of `src` with `stride` (run once per round);
 * - `scan`: the whole inclusive scan of the counts (the diagram's last round; the rounds before it stay the twin's);
 * - `shift`: the exclusive starts (`cells + 1` entries) from `inclusive`;
 * - `scatter`: the order after the scatter, `order[slot]` = the id of the particle in that slot.
 */
export interface SortKernel {
  phase: "key" | "count" | "scan-round" | "scan" | "shift" | "scatter";
  label: string;
  run(input: SortKernelInput): Promise<ArrayLike<number>>;
}

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
  const input: SortKernelInput = {particles, side, keys: Uint32Array.from(base.keys), counts: Uint32Array.from(base.counts)};
  const run = async (length: number, extra: Partial<SortKernelInput> = {}) => words(await kernel.run({...input, ...extra}), length, what);
  let rounds: Uint32Array[] | null = null;
  let starts: Uint32Array | null = null;
  let order: Uint32Array | null = null;
  const inclusive = () => roundsOf(input.counts).at(-1) ?? input.counts;
  switch (kernel.phase) {
    case "key": {
      input.keys = await run(n);
      if (input.keys.some((k) => k >= cells)) throw new Error(`${what} gave a key outside the ${cells} cells`);
      input.counts = new Uint32Array(cells);
      for (const k of input.keys) input.counts[k]++;
      break;
    }
    case "count":
      input.counts = await run(cells);
      break;
    case "scan-round": {
      rounds = [];
      let cur = input.counts;
      for (let r = 0; r < scanRoundCount(cells); r++) rounds.push((cur = await run(cells, {src: cur, stride: 1 << r})));
      break;
    }
    case "scan":
      rounds = roundsOf(input.counts, await run(cells));
      break;
    case "shift":
      starts = await run(cells + 1, {inclusive: inclusive()});
      break;
    case "scatter":
      starts = exclusiveFromInclusive(inclusive());
      order = await run(n, {starts});
      break;
  }
  const {keys, counts} = input;
  rounds ??= roundsOf(counts);
  starts ??= exclusiveFromInclusive(rounds.at(-1) ?? counts);
  if (starts.some((s) => s > n)) throw new Error(`${what}: the starts point past the ${n} particles`);
  const ids = new Set(particles.map((p) => p.id));
  if (!order) {
    const sum = counts.reduce((a, b) => a + b, 0);
    if (sum !== n) throw new Error(`${what}: the cells hold ${sum} particles, not ${n}`);
    order = scatterOrder(keys, starts).map((i) => particles[i].id);
  } else if (order.some((id) => !ids.has(id))) throw new Error(`${what} put an unknown particle into the order`);
  return {
    keys: Array.from(keys),
    counts: Array.from(counts),
    scanRounds: rounds.map((r) => Array.from(r)),
    starts: Array.from(starts),
    order: Array.from(order),
  };
}
