/**
 * Leapfrog in kick–drift–kick form (velocity Verlet): symplectic and time-reversible, so the
 * energy error stays bounded instead of drifting (Hairer, Lubich & Wanner 2003, "Geometric
 * numerical integration illustrated by the Störmer–Verlet method", Acta Numerica 12).
 *
 *   v ← v + a(x)·dt/2;  x ← x + v·dt;  v ← v + a(x)·dt/2
 *
 * The twin of shaders/gravity/integrate.wgsl (kick_drift, kick).
 */
import type {Accelerations, Bodies} from "./bodies.js";

/** First half kick and the drift, in place (float32 state, as on the GPU). */
export function kickDrift(b: Bodies, a: Accelerations, dt: number) {
  const h = dt / 2;
  for (let i = 0; i < b.n; i++) {
    b.vx[i] += a.ax[i] * h;
    b.vy[i] += a.ay[i] * h;
    b.x[i] += b.vx[i] * dt;
    b.y[i] += b.vy[i] * dt;
  }
}

/** Second half kick, in place. */
export function kick(b: Bodies, a: Accelerations, dt: number) {
  const h = dt / 2;
  for (let i = 0; i < b.n; i++) {
    b.vx[i] += a.ax[i] * h;
    b.vy[i] += a.ay[i] * h;
  }
}
