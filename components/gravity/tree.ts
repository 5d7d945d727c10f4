/**
 * The quadtree built level by level from Morton-sorted keys (Karras 2012, "Maximizing
 * parallelism in the construction of BVHs, octrees, and k-d trees", builds the same kind of
 * tree from sorted Morton codes; this is the simpler top-down, one-level-per-pass variant).
 *
 * A node is a range [lo, hi) of the sorted bodies: all bodies whose keys share the node's top
 * 2·level bits. A node with more than `leafCapacity` bodies (and level < 16) is split: its
 * children are the non-empty quadrants, found by binary search for where the next two key
 * bits change. Children of level L are numbered after all nodes of level L, in parent order
 * and then quadrant order (an exclusive scan of the child counts), so the layout is
 * deterministic: no pointers chased while building, no locks, no atomics.
 *
 * The twin of shaders/gravity/tree.wgsl (build) and shaders/gravity/com.wgsl (centre of mass),
 * equal to them exactly: ranges are integers, and the mass sums are float32 sums in the same
 * order (Math.fround after every operation).
 */
import {exclusiveScan} from "../sort/twin.js";
import {childDigit, MAX_LEVEL, type BoundingSquare} from "./morton.js";

/** Nodes as a structure of arrays; node 0 is the root; levels are contiguous. */
export interface QuadTree {
  numNodes: number;
  /** levelStart[L] = index of the first node of level L; levelStart[L+1] − levelStart[L] nodes at level L (length MAX_LEVEL + 2) */
  levelStart: Uint32Array;
  /** body range [lo, hi) in the sorted order */
  lo: Uint32Array;
  hi: Uint32Array;
  /** index of the first child (children are consecutive); 0 with childCount 0 for a leaf */
  firstChild: Uint32Array;
  childCount: Uint32Array;
  /** 0 = root; the node's square has side square.size / 2^level */
  level: Uint32Array;
  /** Σ m, Σ m·x, Σ m·y of the node's bodies (float32; centre of mass = (mx, my) / mass); filled by centreOfMassTwin */
  mass: Float32Array;
  mx: Float32Array;
  my: Float32Array;
}

/** Upper bound on the node count for n bodies and a leaf capacity (the GPU sizes its node buffer with it). */
export function maxNodes(n: number, leafCapacity: number): number {
  let internal = 0;
  const perLevel = Math.floor(n / (leafCapacity + 1));
  for (let L = 0; L < MAX_LEVEL; L++) internal += Math.min(4 ** L, perLevel);
  return 1 + 4 * internal;
}

/** First index in [lo, hi) whose child digit below `level` is ≥ digit (keys there share their top 2·level bits, so digits ascend). */
function lowerBoundDigit(keys: Uint32Array, lo: number, hi: number, level: number, digit: number): number {
  let a = lo,
    b = hi;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (childDigit(keys[mid], level) < digit) a = mid + 1;
    else b = mid;
  }
  return a;
}

/** The 5 boundaries lo = b0 ≤ b1 ≤ b2 ≤ b3 ≤ b4 = hi of a node's four quadrants. */
function quadrantBounds(keys: Uint32Array, lo: number, hi: number, level: number): number[] {
  return [lo, lowerBoundDigit(keys, lo, hi, level, 1), lowerBoundDigit(keys, lo, hi, level, 2), lowerBoundDigit(keys, lo, hi, level, 3), hi];
}

/**
 * Builds the tree over sorted keys (ascending; length n ≥ 0). Mass fields are zero until
 * `centreOfMassTwin`. Errors: RangeError for a leaf capacity < 1 or unsorted keys.
 */
export function buildTreeTwin(sortedKeys: Uint32Array, leafCapacity: number): QuadTree {
  if (!(Number.isInteger(leafCapacity) && leafCapacity >= 1)) throw new RangeError(`leafCapacity must be an integer ≥ 1, got ${leafCapacity}`);
  const n = sortedKeys.length;
  for (let i = 1; i < n; i++) if (sortedKeys[i] < sortedKeys[i - 1]) throw new RangeError(`keys must be sorted (index ${i})`);
  const cap = maxNodes(n, leafCapacity);
  const t: QuadTree = {
    numNodes: 1,
    levelStart: new Uint32Array(MAX_LEVEL + 2),
    lo: new Uint32Array(cap),
    hi: new Uint32Array(cap),
    firstChild: new Uint32Array(cap),
    childCount: new Uint32Array(cap),
    level: new Uint32Array(cap),
    mass: new Float32Array(cap),
    mx: new Float32Array(cap),
    my: new Float32Array(cap),
  };
  t.hi[0] = n;
  t.levelStart[1] = 1;
  for (let L = 0; L < MAX_LEVEL; L++) {
    const start = t.levelStart[L],
      end = t.levelStart[L + 1];
    // child counts (the GPU's child_count, worked out as each node is written)
    const counts = new Uint32Array(end - start);
    const bounds: number[][] = [];
    for (let j = start; j < end; j++) {
      if (t.hi[j] - t.lo[j] <= leafCapacity) continue;
      const b = quadrantBounds(sortedKeys, t.lo[j], t.hi[j], L);
      bounds[j - start] = b;
      for (let q = 0; q < 4; q++) if (b[q + 1] > b[q]) counts[j - start]++;
    }
    // scan (tree_level: block totals, then a workgroup scan), children written at end + offset
    const offsets = exclusiveScan(counts);
    for (let j = start; j < end; j++) {
      const c = counts[j - start];
      if (!c) continue;
      let k = end + offsets[j - start];
      t.firstChild[j] = k;
      t.childCount[j] = c;
      const b = bounds[j - start];
      for (let q = 0; q < 4; q++) {
        if (b[q + 1] === b[q]) continue;
        t.lo[k] = b[q];
        t.hi[k] = b[q + 1];
        t.level[k] = L + 1;
        k++;
      }
    }
    t.levelStart[L + 2] = end + offsets[counts.length];
  }
  t.numNodes = t.levelStart[MAX_LEVEL + 1];
  return t;
}

/**
 * Mass and mass-weighted position sums, bottom-up one level at a time (deepest first), in
 * float32: a leaf sums its bodies in sorted order; an internal node sums its children in order.
 * `x`, `y`, `m` are the bodies in sorted (Morton) order.
 */
export function centreOfMassTwin(t: QuadTree, x: Float32Array, y: Float32Array, m: Float32Array) {
  const f = Math.fround;
  for (let L = MAX_LEVEL; L >= 0; L--) {
    for (let j = t.levelStart[L]; j < t.levelStart[L + 1]; j++) {
      let M = 0,
        sx = 0,
        sy = 0;
      if (t.childCount[j] === 0) {
        for (let i = t.lo[j]; i < t.hi[j]; i++) {
          M = f(M + m[i]);
          sx = f(sx + f(m[i] * x[i]));
          sy = f(sy + f(m[i] * y[i]));
        }
      } else {
        for (let c = t.firstChild[j]; c < t.firstChild[j] + t.childCount[j]; c++) {
          M = f(M + t.mass[c]);
          sx = f(sx + t.mx[c]);
          sy = f(sy + t.my[c]);
        }
      }
      t.mass[j] = M;
      t.mx[j] = sx;
      t.my[j] = sy;
    }
  }
}

/** The per-node fields of a QuadTree, in the order treeDifferences checks them (ranges first, then sums). */
const TREE_FIELDS = ["lo", "hi", "firstChild", "childCount", "level", "mass", "mx", "my"] as const;
type TreeField = (typeof TREE_FIELDS)[number];

/** Where two trees differ: node count and levelStart first, then every node field (bit-exact; floats compared as float32 values). */
export interface TreeDiff {
  equal: boolean;
  /** the first difference: in `numNodes`/`levelStart` (node = −1, or the level), or in a node's field (lowest node, fields in TREE_FIELDS order) */
  first: {node: number; field: string; actual: number; expected: number} | null;
  /** how many nodes differ, per field (over the nodes both trees have) */
  differing: Record<TreeField, number>;
}

/**
 * Compares `actual` (e.g. read back from the GPU) with `expected` (the twin), exactly.
 * Used by the benchmark's twin check so that a failure names the node and field.
 */
export function treeDifferences(actual: QuadTree, expected: QuadTree): TreeDiff {
  const differing = Object.fromEntries(TREE_FIELDS.map((f) => [f, 0])) as Record<TreeField, number>;
  let first: TreeDiff["first"] = null;
  if (actual.numNodes !== expected.numNodes) first = {node: -1, field: "numNodes", actual: actual.numNodes, expected: expected.numNodes};
  for (let L = 0; !first && L < expected.levelStart.length; L++)
    if (actual.levelStart[L] !== expected.levelStart[L]) first = {node: L, field: "levelStart", actual: actual.levelStart[L], expected: expected.levelStart[L]};
  const n = Math.min(actual.numNodes, expected.numNodes);
  for (let j = 0; j < n; j++) {
    for (const f of TREE_FIELDS) {
      if (Object.is(actual[f][j], expected[f][j])) continue;
      differing[f]++;
      first ??= {node: j, field: f, actual: actual[f][j], expected: expected[f][j]};
    }
  }
  return {equal: first === null, first, differing};
}

/** Side of node j's square, length units. */
export function nodeSize(t: QuadTree, square: BoundingSquare, j: number): number {
  return square.size / 2 ** t.level[j];
}

/** Node j's square [x0, x0 + size) × [y0, y0 + size), from the key prefix of its first body. */
export function nodeBox(t: QuadTree, square: BoundingSquare, sortedKeys: Uint32Array, j: number): {x0: number; y0: number; size: number} {
  const L = t.level[j];
  const size = nodeSize(t, square, j);
  if (L === 0 || t.hi[j] === t.lo[j]) return {x0: square.minX, y0: square.minY, size};
  const prefix = sortedKeys[t.lo[j]] >>> (32 - 2 * L);
  let cx = 0,
    cy = 0;
  for (let b = 0; b < L; b++) {
    cx |= ((prefix >>> (2 * b)) & 1) << b;
    cy |= ((prefix >>> (2 * b + 1)) & 1) << b;
  }
  return {x0: square.minX + cx * size, y0: square.minY + cy * size, size};
}
