/**
 * Seeded 3D starting states (same seed ⇒ same bodies). N-body units, G = 1, total mass 1,
 * centre of mass at rest at the origin.
 *
 * - `plummer3Scene`: the Plummer (1911) sphere sampled as Aarseth, Hénon & Wielen (1974,
 *   A&A 37, 183): radii from the cumulative mass, speeds by rejection from the isotropic
 *   distribution function, so it starts in equilibrium (virial ratio ≈ 1).
 * - `disc3Scene`: a cold exponential disc (surface density ∝ exp(−R/R_d), thin in z) around
 *   a central mass, on near-circular orbits from the enclosed mass (monopole estimate).
 * - `collision3Scene`: two such discs, half the mass each, on a bound, near-parabolic orbit
 *   with an impact parameter, one face-on and prograde, the other inclined 60°: the close
 *   passage at t ≈ 8 pulls out tidal tails and bridges (Toomre & Toomre 1972).
 */
import {mulberry32} from "../sim/rng.js";
import {allocBodies3, type Bodies3} from "./bodies.js";

/** The three scenes, by name (the widget's `scene` option). */
export const SCENES3 = ["plummer", "disc", "collision"] as const;
export type Scene3 = (typeof SCENES3)[number];

function checkCount(n: number) {
  if (!(Number.isInteger(n) && n >= 1)) throw new RangeError(`body count must be an integer ≥ 1, got ${n}`);
}

/** Moves the bodies so the centre of mass sits at rest at the origin. */
function recentre3(b: Bodies3) {
  let M = 0;
  const c = [0, 0, 0, 0, 0, 0];
  const f = [b.x, b.y, b.z, b.vx, b.vy, b.vz];
  for (let i = 0; i < b.n; i++) {
    M += b.m[i];
    for (let k = 0; k < 6; k++) c[k] += b.m[i] * f[k][i];
  }
  if (!(M > 0)) return;
  for (let k = 0; k < 6; k++) for (let i = 0; i < b.n; i++) f[k][i] -= c[k] / M;
}

/** A Plummer sphere of n equal masses (total 1, scale radius 1), truncated at `truncate` scale radii (default 10). */
export function plummer3Scene(n: number, seed = 1, truncate = 10): Bodies3 {
  checkCount(n);
  const rnd = mulberry32(seed);
  const b = allocBodies3(n);
  const dir = (len: number): [number, number, number] => {
    const z = 2 * rnd() - 1;
    const phi = 2 * Math.PI * rnd();
    const s = Math.sqrt(1 - z * z);
    return [len * s * Math.cos(phi), len * s * Math.sin(phi), len * z];
  };
  for (let i = 0; i < n; i++) {
    let r = Infinity;
    while (!(r < truncate)) r = 1 / Math.sqrt(Math.max(1e-12, rnd()) ** (-2 / 3) - 1);
    let q = 0;
    for (;;) {
      q = rnd();
      if (0.1 * rnd() < q * q * (1 - q * q) ** 3.5) break;
    }
    const v = q * Math.SQRT2 * (1 + r * r) ** -0.25;
    [b.x[i], b.y[i], b.z[i]] = dir(r);
    [b.vx[i], b.vy[i], b.vz[i]] = dir(v);
    b.m[i] = 1 / n;
  }
  recentre3(b);
  return b;
}

interface Disc3Options {
  /** total mass of the galaxy (default 1) */
  mass?: number;
  /** fraction of it in the central body (default 0.3) */
  centralFraction?: number;
  /** exponential scale length R_d (default 1); bodies within 5 R_d */
  scaleLength?: number;
  /** rotation of the disc's plane about the x axis, radians (default 0: in the x–y plane) */
  inclination?: number;
  /** +1 counter-clockwise seen from +z before tilting, −1 clockwise */
  spin?: 1 | -1;
  centre?: [number, number, number];
  velocity?: [number, number, number];
  /** galaxy of origin written to every body */
  tag?: number;
  /** softening used in the circular speeds (default 0.025) */
  softening?: number;
}

/** Writes one disc galaxy into b's bodies [start, start + count): body `start` is the central mass. */
function writeDisc(b: Bodies3, start: number, count: number, rnd: () => number, o: Disc3Options = {}) {
  const M = o.mass ?? 1;
  const fc = o.centralFraction ?? 0.3;
  const Rd = o.scaleLength ?? 1;
  const inc = o.inclination ?? 0;
  const spin = o.spin ?? 1;
  const [cx, cy, cz] = o.centre ?? [0, 0, 0];
  const [ux, uy, uz] = o.velocity ?? [0, 0, 0];
  const eps2 = (o.softening ?? 0.025) ** 2;
  const discN = count - 1;
  const mi = discN > 0 ? (M * (1 - fc)) / discN : 0;
  const R = new Float64Array(discN);
  for (let k = 0; k < discN; k++) {
    let r = Infinity;
    while (!(r < 5 * Rd)) r = -Rd * Math.log(Math.max(1e-12, rnd()) * Math.max(1e-12, rnd()));
    R[k] = r;
  }
  const order = Array.from(R.keys()).sort((a, c) => R[a] - R[c]);
  const enclosed = new Float64Array(discN);
  order.forEach((k, rankK) => (enclosed[k] = M * fc + mi * rankK));
  const cosI = Math.cos(inc),
    sinI = Math.sin(inc);
  const put = (i: number, x: number, y: number, z: number, vx: number, vy: number, vz: number, m: number) => {
    // tilt about the x axis, then move
    b.x[i] = cx + x;
    b.y[i] = cy + y * cosI - z * sinI;
    b.z[i] = cz + y * sinI + z * cosI;
    b.vx[i] = ux + vx;
    b.vy[i] = uy + vy * cosI - vz * sinI;
    b.vz[i] = uz + vy * sinI + vz * cosI;
    b.m[i] = m;
    b.tag[i] = o.tag ?? 0;
  };
  put(start, 0, 0, 0, 0, 0, 0, discN > 0 ? M * fc : M);
  for (let k = 0; k < discN; k++) {
    const r = R[k];
    const phi = 2 * Math.PI * rnd();
    const h = 0.05 * Rd;
    const z = h * Math.atanh(Math.min(0.999, Math.max(-0.999, 2 * rnd() - 1)));
    const vc = Math.sqrt((enclosed[k] * r * r) / (r * r + eps2) ** 1.5);
    const sigma = 0.05 * vc;
    const gauss = () => Math.sqrt(-2 * Math.log(Math.max(1e-12, rnd()))) * Math.cos(2 * Math.PI * rnd());
    const c = Math.cos(phi),
      s = Math.sin(phi);
    put(start + 1 + k, r * c, r * s, z, -spin * vc * s + sigma * gauss(), spin * vc * c + sigma * gauss(), 0.5 * sigma * gauss(), mi);
  }
}

/** One disc galaxy of n bodies (total mass 1, R_d = 1). */
export function disc3Scene(n: number, seed = 1, o: Disc3Options = {}): Bodies3 {
  checkCount(n);
  const b = allocBodies3(n);
  writeDisc(b, 0, n, mulberry32(seed), {scaleLength: 1, ...o});
  recentre3(b);
  return b;
}

/** Two discs (R_d 0.5, mass ½ each) 6.7 apart with impact parameter 3, closing at 0.5: they pass at t ≈ 8. */
export function collision3Scene(n: number, seed = 1): Bodies3 {
  checkCount(n);
  if (n < 2) throw new RangeError(`the collision needs at least 2 bodies, got ${n}`);
  const b = allocBodies3(n);
  const rnd = mulberry32(seed);
  const nA = Math.ceil(n / 2);
  writeDisc(b, 0, nA, rnd, {mass: 0.5, scaleLength: 0.5, centre: [-3, -1.5, 0], velocity: [0.25, 0, 0], tag: 0});
  writeDisc(b, nA, n - nA, rnd, {mass: 0.5, scaleLength: 0.5, centre: [3, 1.5, 0], velocity: [-0.25, 0, 0], inclination: Math.PI / 3, tag: 1});
  recentre3(b);
  return b;
}

/** The scene by name. Errors: RangeError for an unknown name or a bad count. */
export function scene3(name: Scene3, n: number, seed = 1): Bodies3 {
  if (name === "plummer") return plummer3Scene(n, seed);
  if (name === "disc") return disc3Scene(n, seed);
  if (name === "collision") return collision3Scene(n, seed);
  throw new RangeError(`unknown scene ${String(name)} (plummer, disc or collision)`);
}
