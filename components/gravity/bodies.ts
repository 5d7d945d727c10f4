/**
 * The N-body state shared by the gravity twins, the GPU pipeline and the scene builders.
 * Units are the usual N-body units: G = 1 by default, total mass 1, lengths in scale radii;
 * time is then in units of sqrt(r³ / (G M)).
 *
 * Values are float32 so that what the CPU twin reads is exactly what the GPU reads.
 */

/** Structure-of-arrays bodies. Every array has length n. */
export interface Bodies {
  n: number;
  /** positions, length units */
  x: Float32Array;
  y: Float32Array;
  /** velocities, length / time units */
  vx: Float32Array;
  vy: Float32Array;
  /** masses (> 0 for normal bodies; 0 gives a massless tracer) */
  m: Float32Array;
  /** stable identity of each body (the GPU pipeline reorders bodies into Morton order every step) */
  id: Uint32Array;
}

/** Physical and numerical parameters of the gravity simulation. */
export interface GravityParams {
  /** gravitational constant (1 in N-body units) */
  G: number;
  /** Plummer softening length ε: the force uses (r² + ε²)^{3/2}; > 0 keeps close pairs finite */
  softening: number;
  /** leapfrog time step, time units */
  dt: number;
  /** Barnes–Hut opening angle θ: a cell of side s at distance d is taken whole (mass and quadrupole) when s / d < θ (0 = exact) */
  theta: number;
  /** a tree cell with more bodies than this is split (while key bits remain) */
  leafCapacity: number;
}

export const GRAVITY_DEFAULTS: GravityParams = {G: 1, softening: 0.02, dt: 0.005, theta: 0.5, leafCapacity: 8};

/** n bodies, all zero (ids 0..n-1). Errors: RangeError unless n is a non-negative integer. */
export function allocBodies(n: number): Bodies {
  if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`body count must be a non-negative integer, got ${n}`);
  const id = new Uint32Array(n);
  for (let i = 0; i < n; i++) id[i] = i;
  return {n, x: new Float32Array(n), y: new Float32Array(n), vx: new Float32Array(n), vy: new Float32Array(n), m: new Float32Array(n), id};
}

/** A deep copy. */
export function cloneBodies(b: Bodies): Bodies {
  return {n: b.n, x: b.x.slice(), y: b.y.slice(), vx: b.vx.slice(), vy: b.vy.slice(), m: b.m.slice(), id: b.id.slice()};
}

/** The bodies reordered: out[k] = b[order[k]] (order is a permutation of 0..n-1). */
export function permuteBodies(b: Bodies, order: Uint32Array): Bodies {
  const out = allocBodies(b.n);
  for (let k = 0; k < b.n; k++) {
    const i = order[k];
    out.x[k] = b.x[i];
    out.y[k] = b.y[i];
    out.vx[k] = b.vx[i];
    out.vy[k] = b.vy[i];
    out.m[k] = b.m[i];
    out.id[k] = b.id[i];
  }
  return out;
}

/**
 * The GPU layout of bodies: `pm` (x, y, mass, id as a float, exact below 2^24) and `va`
 * (vx, vy, ax, ay with the accelerations 0), 16 bytes a body each: what GravityGPU uploads
 * and BodyRenderer draws.
 */
export function packBodies(b: Bodies): {pm: Float32Array<ArrayBuffer>; va: Float32Array<ArrayBuffer>} {
  const pm = new Float32Array(b.n * 4);
  const va = new Float32Array(b.n * 4);
  for (let i = 0; i < b.n; i++) {
    pm.set([b.x[i], b.y[i], b.m[i], b.id[i]], 4 * i);
    va.set([b.vx[i], b.vy[i], 0, 0], 4 * i);
  }
  return {pm, va};
}

/** Throws a RangeError naming the first non-finite position, velocity or mass (bad input gets a clear message). */
export function checkBodies(b: Bodies) {
  for (let i = 0; i < b.n; i++) {
    if (!Number.isFinite(b.x[i] + b.y[i] + b.vx[i] + b.vy[i] + b.m[i]))
      throw new RangeError(`body ${i} has a non-finite value (x ${b.x[i]}, y ${b.y[i]}, vx ${b.vx[i]}, vy ${b.vy[i]}, m ${b.m[i]})`);
    if (b.m[i] < 0) throw new RangeError(`body ${i} has a negative mass ${b.m[i]}`);
  }
}

/** Accelerations, one pair per body, length / time² units. */
export interface Accelerations {
  ax: Float64Array;
  ay: Float64Array;
}
