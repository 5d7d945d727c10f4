/**
 * The Barnes–Hut walk over the octree (twin of shaders/gravity3d/walk.wgsl), in float64.
 * Each body pops cells from its own stack, starting at the root: a cell whose opening radius
 * it lies outside (|d|² > open2, see walkNodes3) adds one softened point-mass term; an
 * internal cell that is too close pushes its children (the first child popped first); a leaf
 * that is too close adds each of its bodies but the body itself. The order of visits and of
 * the sums is the kernel's, so forces agree to float32 rounding and term counts exactly
 * except where an acceptance test sits on its rounding edge.
 */
import type {Accelerations3} from "./bodies.js";
import type {WalkNodes3} from "./tree.js";

/** Stack slots of one walk: 7 siblings pending on each of 10 levels, plus the one popped. */
const WALK3_STACK = 80;

export interface Walk3Result extends Accelerations3 {
  /** force terms each body evaluated (cells taken whole + bodies summed) */
  terms: Uint32Array;
}

/**
 * Accelerations a_i = G Σ m_j d / (|d|² + ε²)^{3/2} and potentials φ_i = −G Σ m_j / (|d|² + ε²)^{1/2}
 * of sorted bodies (x, y, z, m) through the walk nodes `w`.
 */
export function walk3Twin(w: WalkNodes3, x: Float32Array, y: Float32Array, z: Float32Array, m: Float32Array, G: number, softening: number): Walk3Result {
  const n = x.length;
  const eps2 = Math.fround(softening * softening);
  const out: Walk3Result = {
    ax: new Float64Array(n),
    ay: new Float64Array(n),
    az: new Float64Array(n),
    phi: new Float64Array(n),
    terms: new Uint32Array(n),
  };
  const stack = new Uint32Array(WALK3_STACK);
  for (let i = 0; i < n; i++) {
    const px = x[i],
      py = y[i],
      pz = z[i];
    let ax = 0,
      ay = 0,
      az = 0,
      phi = 0,
      terms = 0,
      sp = 0;
    const pull = (qx: number, qy: number, qz: number, qm: number) => {
      const dx = qx - px,
        dy = qy - py,
        dz = qz - pz;
      const inv = 1 / Math.sqrt(dx * dx + dy * dy + dz * dz + eps2);
      const f = qm * inv * inv * inv;
      ax += f * dx;
      ay += f * dy;
      az += f * dz;
      phi -= qm * inv;
      terms++;
    };
    if (n > 0) stack[sp++] = 0;
    while (sp > 0) {
      const j = stack[--sp];
      const dx = w.cx[j] - px,
        dy = w.cy[j] - py,
        dz = w.cz[j] - pz;
      if (dx * dx + dy * dy + dz * dz > w.open2[j]) pull(w.cx[j], w.cy[j], w.cz[j], w.mass[j]);
      else if (w.internal[j]) for (let c = w.count[j] - 1; c >= 0; c--) stack[sp++] = w.link[j] + c;
      else for (let k = w.link[j]; k < w.link[j] + w.count[j]; k++) if (k !== i) pull(x[k], y[k], z[k], m[k]);
    }
    out.ax[i] = G * ax;
    out.ay[i] = G * ay;
    out.az[i] = G * az;
    out.phi[i] = G * phi;
    out.terms[i] = terms;
  }
  return out;
}

/**
 * The subgroup-cooperative walk (twin of shaders/gravity3d/walk_subgroup.wgsl): the sorted
 * bodies in groups of `groupSize` consecutive ones share one stack; a cell is one term only
 * if every body of the group lies outside its opening radius, else the whole group opens it;
 * an opened leaf is summed per body. `groupSize` 1 is walk3Twin. Errors: RangeError for a
 * group size < 1.
 */
export function walkSubgroup3Twin(
  w: WalkNodes3,
  x: Float32Array,
  y: Float32Array,
  z: Float32Array,
  m: Float32Array,
  G: number,
  softening: number,
  groupSize: number
): Walk3Result {
  if (!(Number.isInteger(groupSize) && groupSize >= 1)) throw new RangeError(`groupSize must be an integer ≥ 1, got ${groupSize}`);
  const n = x.length;
  const eps2 = Math.fround(softening * softening);
  const out: Walk3Result = {ax: new Float64Array(n), ay: new Float64Array(n), az: new Float64Array(n), phi: new Float64Array(n), terms: new Uint32Array(n)};
  const stack = new Uint32Array(WALK3_STACK);
  const pull = (i: number, qx: number, qy: number, qz: number, qm: number) => {
    const dx = qx - x[i],
      dy = qy - y[i],
      dz = qz - z[i];
    const inv = 1 / Math.sqrt(dx * dx + dy * dy + dz * dz + eps2);
    const f = qm * inv * inv * inv;
    out.ax[i] += f * dx;
    out.ay[i] += f * dy;
    out.az[i] += f * dz;
    out.phi[i] -= qm * inv;
    out.terms[i]++;
  };
  for (let g0 = 0; g0 < n; g0 += groupSize) {
    const g1 = Math.min(n, g0 + groupSize);
    let sp = 0;
    stack[sp++] = 0;
    while (sp > 0) {
      const j = stack[--sp];
      let all = true;
      for (let i = g0; all && i < g1; i++) {
        const dx = w.cx[j] - x[i],
          dy = w.cy[j] - y[i],
          dz = w.cz[j] - z[i];
        all = dx * dx + dy * dy + dz * dz > w.open2[j];
      }
      if (all) for (let i = g0; i < g1; i++) pull(i, w.cx[j], w.cy[j], w.cz[j], w.mass[j]);
      else if (w.internal[j]) for (let c = w.count[j] - 1; c >= 0; c--) stack[sp++] = w.link[j] + c;
      else for (let i = g0; i < g1; i++) for (let k = w.link[j]; k < w.link[j] + w.count[j]; k++) if (k !== i) pull(i, x[k], y[k], z[k], m[k]);
    }
  }
  for (let i = 0; i < n; i++) {
    out.ax[i] *= G;
    out.ay[i] *= G;
    out.az[i] *= G;
    out.phi[i] *= G;
  }
  return out;
}
