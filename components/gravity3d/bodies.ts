/**
 * The 3D N-body state of the octree pipeline (components/gravity3d/) and its parameters.
 * N-body units: G = 1, total mass 1, lengths in scale radii, time in sqrt(r³ / (G M)).
 * Values are float32 so that the CPU twin reads exactly what the GPU reads.
 */

/** Structure-of-arrays bodies in 3D. Every array has length n. */
export interface Bodies3 {
  n: number;
  /** positions, length units */
  x: Float32Array;
  y: Float32Array;
  z: Float32Array;
  /** velocities, length / time units */
  vx: Float32Array;
  vy: Float32Array;
  vz: Float32Array;
  /** masses (≥ 0) */
  m: Float32Array;
  /** galaxy of origin (0 or 1; the collision scene's colouring), carried through every reordering */
  tag: Float32Array;
}

/** Physical and numerical parameters of the 3D simulation. */
export interface Gravity3Params {
  /** gravitational constant (1 in N-body units) */
  G: number;
  /** Plummer softening length ε: the pull uses (r² + ε²)^{-3/2} */
  softening: number;
  /** leapfrog time step, time units */
  dt: number;
  /** opening angle θ: a cell of side s whose centre of mass lies δ from its geometric centre is one point mass for a body farther than s/θ + δ (0 = exact) */
  theta: number;
  /** a cell with more bodies than this is split (while key bits remain) */
  leafCapacity: number;
}

export const GRAVITY3_DEFAULTS: Gravity3Params = {G: 1, softening: 0.025, dt: 0.01, theta: 0.5, leafCapacity: 8};

/** n bodies, all zero. Errors: RangeError unless n is a non-negative integer. */
export function allocBodies3(n: number): Bodies3 {
  if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`body count must be a non-negative integer, got ${n}`);
  const f = () => new Float32Array(n);
  return {n, x: f(), y: f(), z: f(), vx: f(), vy: f(), vz: f(), m: f(), tag: f()};
}

const FIELDS = ["x", "y", "z", "vx", "vy", "vz", "m", "tag"] as const;

/** The bodies reordered: out[k] = b[order[k]]. */
export function permuteBodies3(b: Bodies3, order: Uint32Array): Bodies3 {
  const out = allocBodies3(b.n);
  for (const f of FIELDS) {
    const src = b[f],
      dst = out[f];
    for (let k = 0; k < b.n; k++) dst[k] = src[order[k]];
  }
  return out;
}

/** Throws a RangeError naming the first body with a non-finite value or a negative mass. */
export function checkBodies3(b: Bodies3) {
  for (let i = 0; i < b.n; i++) {
    if (!Number.isFinite(b.x[i] + b.y[i] + b.z[i] + b.vx[i] + b.vy[i] + b.vz[i] + b.m[i]))
      throw new RangeError(`body ${i} has a non-finite value (x ${b.x[i]}, y ${b.y[i]}, z ${b.z[i]}, m ${b.m[i]})`);
    if (b.m[i] < 0) throw new RangeError(`body ${i} has a negative mass ${b.m[i]}`);
  }
}

/** Accelerations (length / time²) and potentials φ (per unit mass), one per body. */
export interface Accelerations3 {
  ax: Float64Array;
  ay: Float64Array;
  az: Float64Array;
  phi: Float64Array;
}

export type Walk3Kernel = "stack" | "next" | "ranges";

/** How the subgroup walk runs: its kernel, its workgroup size, and the leaf capacity of the tree it walks. */
export interface Walk3Variant {
  kernel: Walk3Kernel;
  workgroup: number;
  leafCapacity: number;
}

/**
 * THE default of the cooperative walk on a GPU: the galaxy-3d widget on a device with subgroups, the
 * benchmark's subgroup rows, and the row the page's 3D table shows for it (step3Rows). Pick it from one
 * run of `--pipelines gravity3d-variants` (components/bench/gravity3d.ts, GRAVITY3_WALK_VARIANTS): this
 * one constant switches it (Gravity3GPU in gpu.ts runs its kernel and workgroup size by default).
 */
export const GRAVITY3_GPU_WALK: Walk3Variant = {kernel: "stack", workgroup: 64, leafCapacity: 16};

/** The radix sort's digit width and the octree build's dispatches a level (Gravity3GPU's sortDigitBits, buildLevelDispatches). */
export interface Gravity3Build {
  sortDigitBits: 4 | 5;
  buildLevelDispatches: 5 | 3;
}

/**
 * The sort and build the GPU step runs unless told otherwise: 5-bit digits (6 passes over the 30-bit
 * keys, 30 dispatches) and 3 dispatches a level (31 for the build). Chosen on an H200 at 1,000,000
 * bodies, θ 0.5, two runs (data/bench/gravity3d-builds-h200.json and …-repeat.json): the step took
 * 10.12 / 10.14 ms with 4-bit digits and 5 dispatches a level, 9.95 / 9.96 ms with these; the octree,
 * node for node, and the forces are the same.
 */
export const GRAVITY3_BUILD: Gravity3Build = {sortDigitBits: 5, buildLevelDispatches: 3};

/** The build of rows measured before the options existed: 4-bit digits, 5 dispatches a level (a row's scene names any other). */
export const GRAVITY3_UNNAMED_BUILD: Gravity3Build = {sortDigitBits: 4, buildLevelDispatches: 5};
