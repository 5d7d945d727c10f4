/**
 * The exact O(N²) answer (the twin of shaders/gravity/direct.wgsl) and the conserved
 * quantities. Softened Newtonian gravity (Plummer softening; Aarseth 2003, "Gravitational
 * N-body simulations", §2):
 *
 *   a_i = G Σ_{j≠i} m_j (r_j − r_i) / (|r_j − r_i|² + ε²)^{3/2}
 *   Φ   = −G Σ_{i<j} m_i m_j / sqrt(|r_j − r_i|² + ε²)
 *
 * Computed in float64 from the float32 state: it is the reference the GPU is measured against.
 */
import type {Accelerations, Bodies} from "./bodies.js";

/** An extra point mass acting on every body but moved by no one (the galaxy's perturber). */
export interface ExternalMass {
  x: number;
  y: number;
  m: number;
}

/**
 * Exact softened accelerations of every body (O(N²) pair interactions, N(N−1) of them), or with
 * `at` of those bodies only (indices into `b`; entry k of the result is body at[k]'s, from all others).
 */
export function directAccelerations(b: Bodies, G: number, softening: number, external?: ExternalMass, at?: ArrayLike<number>): Accelerations {
  const n = b.n;
  const count = at ? at.length : n;
  const ax = new Float64Array(count);
  const ay = new Float64Array(count);
  const e2 = softening * softening;
  for (let k = 0; k < count; k++) {
    const i = at ? at[k] : k;
    const xi = b.x[i],
      yi = b.y[i];
    let sx = 0,
      sy = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const dx = b.x[j] - xi,
        dy = b.y[j] - yi;
      const r2 = dx * dx + dy * dy + e2;
      const w = b.m[j] / (r2 * Math.sqrt(r2));
      sx += w * dx;
      sy += w * dy;
    }
    if (external && external.m > 0) {
      const dx = external.x - xi,
        dy = external.y - yi;
      const r2 = dx * dx + dy * dy + e2;
      const w = external.m / (r2 * Math.sqrt(r2));
      sx += w * dx;
      sy += w * dy;
    }
    ax[k] = G * sx;
    ay[k] = G * sy;
  }
  return {ax, ay};
}

/** Kinetic energy Σ ½ m v². */
export function kineticEnergy(b: Bodies): number {
  let k = 0;
  for (let i = 0; i < b.n; i++) k += 0.5 * b.m[i] * (b.vx[i] * b.vx[i] + b.vy[i] * b.vy[i]);
  return k;
}

/** Softened potential energy −G Σ_{i<j} m_i m_j / sqrt(r² + ε²) (O(N²)). */
export function potentialEnergy(b: Bodies, G: number, softening: number): number {
  const e2 = softening * softening;
  let w = 0;
  for (let i = 0; i < b.n; i++) {
    let s = 0;
    for (let j = i + 1; j < b.n; j++) {
      const dx = b.x[j] - b.x[i],
        dy = b.y[j] - b.y[i];
      s += b.m[j] / Math.sqrt(dx * dx + dy * dy + e2);
    }
    w -= G * b.m[i] * s;
  }
  return w;
}

/** Conserved quantities: energies, linear momentum (px, py) and angular momentum Lz = Σ m (x vy − y vx). */
export interface Invariants {
  kinetic: number;
  potential: number;
  /** kinetic + potential */
  total: number;
  px: number;
  py: number;
  lz: number;
}

/** Energy, momentum and angular momentum of the state (O(N²) for the potential). */
export function invariants(b: Bodies, G: number, softening: number): Invariants {
  const kinetic = kineticEnergy(b);
  const potential = potentialEnergy(b, G, softening);
  let px = 0,
    py = 0,
    lz = 0;
  for (let i = 0; i < b.n; i++) {
    px += b.m[i] * b.vx[i];
    py += b.m[i] * b.vy[i];
    lz += b.m[i] * (b.x[i] * b.vy[i] - b.y[i] * b.vx[i]);
  }
  return {kinetic, potential, total: kinetic + potential, px, py, lz};
}
