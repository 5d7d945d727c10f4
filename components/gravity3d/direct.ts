/**
 * The exact O(N²) answer in 3D (twin of shaders/gravity3d/direct.wgsl), energies and force errors.
 */
import type {Accelerations3, Bodies3} from "./bodies.js";

/**
 * Softened accelerations and potentials by direct summation over all N(N−1) pairs, float64:
 * a_i = G Σ_{j≠i} m_j d / (|d|² + ε²)^{3/2}, φ_i = −G Σ_{j≠i} m_j / (|d|² + ε²)^{1/2}.
 * `only` restricts the bodies whose forces are computed (the others stay 0): the error sample.
 */
export function direct3(b: Bodies3, G: number, softening: number, only?: ArrayLike<number>): Accelerations3 {
  const n = b.n;
  const eps2 = Math.fround(softening * softening);
  const a: Accelerations3 = {ax: new Float64Array(n), ay: new Float64Array(n), az: new Float64Array(n), phi: new Float64Array(n)};
  const count = only ? only.length : n;
  for (let s = 0; s < count; s++) {
    const i = only ? only[s] : s;
    let ax = 0,
      ay = 0,
      az = 0,
      phi = 0;
    const px = b.x[i],
      py = b.y[i],
      pz = b.z[i];
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const dx = b.x[j] - px,
        dy = b.y[j] - py,
        dz = b.z[j] - pz;
      const inv = 1 / Math.sqrt(dx * dx + dy * dy + dz * dz + eps2);
      const f = b.m[j] * inv * inv * inv;
      ax += f * dx;
      ay += f * dy;
      az += f * dz;
      phi -= b.m[j] * inv;
    }
    a.ax[i] = G * ax;
    a.ay[i] = G * ay;
    a.az[i] = G * az;
    a.phi[i] = G * phi;
  }
  return a;
}

/** Kinetic energy Σ ½ m v². */
function kinetic3(b: Bodies3): number {
  let k = 0;
  for (let i = 0; i < b.n; i++) k += 0.5 * b.m[i] * (b.vx[i] ** 2 + b.vy[i] ** 2 + b.vz[i] ** 2);
  return k;
}

/** Total energy from given potentials: Σ ½ m v² + ½ Σ m φ (each pair counted once). */
export function energyFrom(b: Bodies3, phi: ArrayLike<number>): {kinetic: number; potential: number; total: number} {
  const kinetic = kinetic3(b);
  let potential = 0;
  for (let i = 0; i < b.n; i++) potential += 0.5 * b.m[i] * phi[i];
  return {kinetic, potential, total: kinetic + potential};
}

/**
 * Relative force errors |a − a_exact| / |a_exact| of the bodies `sample` (all if omitted),
 * with their median, 99th percentile and largest value (the bh-error-3d figures).
 */
export function forceErrors3(
  a: {ax: ArrayLike<number>; ay: ArrayLike<number>; az: ArrayLike<number>},
  exact: Accelerations3,
  sample?: ArrayLike<number>
): {errors: Float64Array; median: number; p99: number; max: number} {
  const count = sample ? sample.length : exact.ax.length;
  const errors = new Float64Array(count);
  for (let s = 0; s < count; s++) {
    const i = sample ? sample[s] : s;
    const ex = exact.ax[i],
      ey = exact.ay[i],
      ez = exact.az[i];
    const norm = Math.hypot(ex, ey, ez);
    errors[s] = norm > 0 ? Math.hypot(a.ax[i] - ex, a.ay[i] - ey, a.az[i] - ez) / norm : 0;
  }
  const sorted = errors.slice().sort();
  const q = (p: number) => (count ? sorted[Math.min(count - 1, Math.floor(p * (count - 1) + 0.5))] : 0);
  return {errors, median: q(0.5), p99: q(0.99), max: count ? sorted[count - 1] : 0};
}
