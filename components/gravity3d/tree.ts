/**
 * The octree, level by level, from sorted 30-bit Morton keys (twin of
 * shaders/gravity3d/tree.wgsl and com.wgsl).
 *
 * Level L's nodes are the runs of sorted bodies that share the key's top 3L bits, found only
 * inside cells of level L − 1 holding more than `leafCapacity` bodies. Per level, three data-
 * parallel passes over the bodies, no locks and no pointers followed:
 *   flag    body i starts a node if it is the first of its parent's bodies or its level-L
 *           prefix differs from body i − 1's (only in parents that are split);
 *   scan    exclusive prefix sum of the flags: rank[i] (rank[n] = the level's node count);
 *   scatter node base(L) + rank[i] gets [i, end), end found by a binary search of the
 *           sorted keys inside the parent; the parent's first child is base(L) + rank[lo]
 *           and its child count rank[hi] − rank[lo]; every body learns its node at level L.
 * Each level's nodes live from a fixed offset `levelBase[L]` (a bound worked out on the CPU
 * from n and the leaf capacity), so the GPU never reads a count back to place them.
 */
import {cellPrefix, compact3, LEVELS3, MAX_LEVEL3, BITS3, type BoundingCube} from "./morton.js";

/** Marks "no node" (a parent pointer of a body whose cell is a leaf, a leaf's first child). */
export const NONE = 0xffffffff;

/**
 * Upper bound on the nodes of level L: 8^L cells, at most one node per body, and at most
 * 8 children for each split parent (a split parent holds > leafCapacity bodies).
 */
export function levelCapacity(n: number, leafCapacity: number, level: number): number {
  if (level === 0) return 1;
  return Math.min(8 ** level, n, 8 * Math.floor(n / (leafCapacity + 1)));
}

/** First node index of each level 0..10 and, at [11], the total node capacity. */
export function levelBases(n: number, leafCapacity: number): Uint32Array {
  const b = new Uint32Array(LEVELS3 + 1);
  for (let L = 0; L < LEVELS3; L++) b[L + 1] = b[L] + levelCapacity(n, leafCapacity, L);
  return b;
}

/** An octree in structure-of-arrays form, indices into node slots (levelBase[L] + k, k < levelCount[L]). */
export interface Octree {
  n: number;
  leafCapacity: number;
  levelBase: Uint32Array;
  /** nodes written at each level */
  levelCount: Uint32Array;
  /** bodies [lo, hi) of the sorted order */
  lo: Uint32Array;
  hi: Uint32Array;
  /** first child (NONE for a leaf) and child count (0 for a leaf) */
  first: Uint32Array;
  kids: Uint32Array;
  /** float32 sums Σm·x, Σm·y, Σm·z, Σm of the node's bodies (centreOfMass3Twin) */
  sx: Float32Array;
  sy: Float32Array;
  sz: Float32Array;
  mass: Float32Array;
}

/** Builds the octree of sorted keys (flag → scan → scatter per level). Errors: RangeError for a leaf capacity < 1. */
export function buildOctreeTwin(keys: Uint32Array, leafCapacity: number): Octree {
  if (!(Number.isInteger(leafCapacity) && leafCapacity >= 1)) throw new RangeError(`leafCapacity must be an integer ≥ 1, got ${leafCapacity}`);
  const n = keys.length;
  const levelBase = levelBases(n, leafCapacity);
  const cap = levelBase[LEVELS3];
  const t: Octree = {
    n,
    leafCapacity,
    levelBase,
    levelCount: new Uint32Array(LEVELS3),
    lo: new Uint32Array(cap),
    hi: new Uint32Array(cap),
    first: new Uint32Array(cap).fill(NONE),
    kids: new Uint32Array(cap),
    sx: new Float32Array(cap),
    sy: new Float32Array(cap),
    sz: new Float32Array(cap),
    mass: new Float32Array(cap),
  };
  t.hi[0] = n;
  t.levelCount[0] = 1;
  const parent = new Uint32Array(n); // all in the root
  const flags = new Uint32Array(n);
  const rank = new Uint32Array(n + 1);
  for (let L = 1; L <= MAX_LEVEL3; L++) {
    const shift = 3 * (BITS3 - L);
    for (let i = 0; i < n; i++) {
      const p = parent[i];
      let f = 0;
      if (p !== NONE && t.hi[p] - t.lo[p] > leafCapacity) f = i === t.lo[p] || keys[i] >>> shift !== keys[i - 1] >>> shift ? 1 : 0;
      flags[i] = f;
    }
    let run = 0;
    for (let i = 0; i < n; i++) {
      rank[i] = run;
      run += flags[i];
    }
    rank[n] = run;
    const base = levelBase[L];
    for (let i = 0; i < n; i++) {
      const p = parent[i];
      if (p === NONE) continue;
      const plo = t.lo[p],
        phi = t.hi[p];
      if (phi - plo <= leafCapacity) {
        parent[i] = NONE;
        continue;
      }
      const j = base + rank[i] + flags[i] - 1;
      if (flags[i]) {
        t.lo[j] = i;
        t.hi[j] = runEnd(keys, i, phi, shift);
      }
      if (i === plo) {
        t.first[p] = base + rank[i];
        t.kids[p] = rank[phi] - rank[i];
      }
      parent[i] = j;
    }
    t.levelCount[L] = run;
  }
  return t;
}

/** First index k in (i, end) whose key >> shift differs from key[i]'s (end if none): a binary search of sorted keys. */
export function runEnd(keys: Uint32Array, i: number, end: number, shift: number): number {
  const mine = keys[i] >>> shift;
  let a = i + 1,
    b = end;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (keys[mid] >>> shift === mine) a = mid + 1;
    else b = mid;
  }
  return a;
}

/** Node slots in use, level by level (for iterating). */
export function* nodeSlots(t: Octree): Generator<[number, number]> {
  for (let L = 0; L < LEVELS3; L++) for (let k = 0; k < t.levelCount[L]; k++) yield [t.levelBase[L] + k, L];
}

const fr = Math.fround;

/**
 * The float32 sums Σm·x, Σm·y, Σm·z, Σm of every node, deepest level first: a leaf adds its
 * bodies in sorted order, an internal node its children in order, each product rounded to
 * float32 before it is added (as com.wgsl does), so the sums equal the GPU's exactly.
 * x, y, z, m are in sorted order. Fills t.sx, t.sy, t.sz, t.mass.
 */
export function centreOfMass3Twin(t: Octree, x: Float32Array, y: Float32Array, z: Float32Array, m: Float32Array) {
  for (let L = MAX_LEVEL3; L >= 0; L--) {
    for (let k = 0; k < t.levelCount[L]; k++) {
      const j = t.levelBase[L] + k;
      let sm = 0,
        sx = 0,
        sy = 0,
        sz = 0;
      if (t.kids[j] === 0) {
        for (let i = t.lo[j]; i < t.hi[j]; i++) {
          sm = fr(sm + m[i]);
          sx = fr(sx + fr(m[i] * x[i]));
          sy = fr(sy + fr(m[i] * y[i]));
          sz = fr(sz + fr(m[i] * z[i]));
        }
      } else {
        for (let c = t.first[j]; c < t.first[j] + t.kids[j]; c++) {
          sm = fr(sm + t.mass[c]);
          sx = fr(sx + t.sx[c]);
          sy = fr(sy + t.sy[c]);
          sz = fr(sz + t.sz[c]);
        }
      }
      t.mass[j] = sm;
      t.sx[j] = sx;
      t.sy[j] = sy;
      t.sz[j] = sz;
    }
  }
}

/** What the walk reads of a node (WalkNode in shaders/gravity3d/common.wgsl). */
export interface WalkNodes3 {
  cx: Float64Array;
  cy: Float64Array;
  cz: Float64Array;
  mass: Float64Array;
  /** first child (internal) or first body (leaf) */
  link: Uint32Array;
  /** children (internal) or bodies (leaf) */
  count: Uint32Array;
  internal: Uint8Array;
  /** (s/θ + δ)²: a body farther than this from the centre of mass takes the node as one point mass (Infinity at θ = 0) */
  open2: Float64Array;
}

/**
 * The walk's view of every node (the second half of com.wgsl): centre of mass = sums / mass,
 * and the opening radius s/θ + δ with s the cell's side and δ the distance of the centre of
 * mass from the cell's geometric centre (Barnes 1994's safeguard: a cell is never taken
 * whole by a body inside it for θ ≤ 1). `sortedKeys` gives each cell's position.
 */
export function walkNodes3(t: Octree, cube: BoundingCube, sortedKeys: Uint32Array, theta: number): WalkNodes3 {
  const cap = t.levelBase[LEVELS3];
  const w: WalkNodes3 = {
    cx: new Float64Array(cap),
    cy: new Float64Array(cap),
    cz: new Float64Array(cap),
    mass: new Float64Array(cap),
    link: new Uint32Array(cap),
    count: new Uint32Array(cap),
    internal: new Uint8Array(cap),
    open2: new Float64Array(cap),
  };
  for (const [j, L] of nodeSlots(t)) {
    const m = t.mass[j];
    const inv = m > 0 ? 1 / m : 0;
    w.cx[j] = t.sx[j] * inv;
    w.cy[j] = t.sy[j] * inv;
    w.cz[j] = t.sz[j] * inv;
    w.mass[j] = m;
    w.internal[j] = t.kids[j] > 0 ? 1 : 0;
    w.link[j] = t.kids[j] > 0 ? t.first[j] : t.lo[j];
    w.count[j] = t.kids[j] > 0 ? t.kids[j] : t.hi[j] - t.lo[j];
    const side = 2 ** (cube.exponent - L);
    const cell = L === 0 ? 0 : cellPrefix(sortedKeys[t.lo[j]], L);
    const gx = cube.minX + (compact3(cell) + 0.5) * side;
    const gy = cube.minY + (compact3(cell >>> 1) + 0.5) * side;
    const gz = cube.minZ + (compact3(cell >>> 2) + 0.5) * side;
    const delta = Math.hypot(w.cx[j] - gx, w.cy[j] - gy, w.cz[j] - gz);
    const r = theta > 0 ? side / theta + delta : Infinity;
    w.open2[j] = m > 0 ? r * r : -1;
  }
  return w;
}
