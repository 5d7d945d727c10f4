/**
 * Seeded starting states (same seed ⇒ same bodies, on every machine). N-body units: G = 1,
 * total mass 1, centre of mass at the origin, zero total momentum.
 *
 * - `plummerScene`: the Plummer (1911) sphere sampled as Aarseth, Hénon & Wielen (1974, A&A
 *   37, 183) do, projected onto the plane (x, y, vx, vy of the 3D sample). The projection
 *   keeps the sphere's look and speeds; it is not an exact equilibrium of the planar dynamics,
 *   so the cluster breathes a little at first.
 * - `discScene`: a cold rotating exponential disc (surface density ∝ exp(−R/R_d)) around a
 *   central mass, on near-circular orbits from the enclosed mass (monopole estimate) with a
 *   small random velocity; such a disc is unstable to spiral arms (swing amplification;
 *   Toomre 1981) within a few rotations.
 */
import {mulberry32} from "../sim/rng.js";
import {allocBodies, type Bodies} from "./bodies.js";

interface PlummerOptions {
  /** Plummer scale radius a (default 1) */
  scale?: number;
  /** bodies farther than this many scale radii are redrawn (default 10), which keeps the tree's square small */
  truncate?: number;
}

function centre(b: Bodies) {
  let M = 0,
    cx = 0,
    cy = 0,
    px = 0,
    py = 0;
  for (let i = 0; i < b.n; i++) {
    M += b.m[i];
    cx += b.m[i] * b.x[i];
    cy += b.m[i] * b.y[i];
    px += b.m[i] * b.vx[i];
    py += b.m[i] * b.vy[i];
  }
  if (!(M > 0)) return;
  for (let i = 0; i < b.n; i++) {
    b.x[i] -= cx / M;
    b.y[i] -= cy / M;
    b.vx[i] -= px / M;
    b.vy[i] -= py / M;
  }
}

function checkCount(n: number) {
  if (!(Number.isInteger(n) && n >= 1)) throw new RangeError(`body count must be an integer ≥ 1, got ${n}`);
}

/** A Plummer sphere of n equal masses (total 1), projected onto the plane. Errors: RangeError for n < 1. */
export function plummerScene(n: number, seed = 1, opts: PlummerOptions = {}): Bodies {
  checkCount(n);
  const a = opts.scale ?? 1;
  const rmax = (opts.truncate ?? 10) * a;
  const rnd = mulberry32(seed);
  const b = allocBodies(n);
  const unitVector = (len: number) => {
    // uniform direction on the sphere: z uniform in [−1, 1], azimuth uniform
    const z = 2 * rnd() - 1;
    const phi = 2 * Math.PI * rnd();
    const s = Math.sqrt(1 - z * z);
    return [len * s * Math.cos(phi), len * s * Math.sin(phi)];
  };
  for (let i = 0; i < n; i++) {
    let r = Infinity;
    while (!(r <= rmax)) r = a / Math.sqrt(Math.max(rnd(), 1e-12) ** (-2 / 3) - 1);
    // speed: q = v / v_escape drawn from g(q) ∝ q² (1 − q²)^{7/2} by rejection (max of g < 0.1)
    let q = 0;
    for (;;) {
      q = rnd();
      if (0.1 * rnd() < q * q * (1 - q * q) ** 3.5) break;
    }
    const vesc = (Math.SQRT2 * (1 + (r * r) / (a * a)) ** -0.25) / Math.sqrt(a);
    const [x, y] = unitVector(r);
    const [vx, vy] = unitVector(q * vesc);
    b.x[i] = x;
    b.y[i] = y;
    b.vx[i] = vx;
    b.vy[i] = vy;
    b.m[i] = 1 / n;
  }
  centre(b);
  return b;
}

interface DiscOptions {
  /** exponential scale length R_d (default 1) */
  scaleLength?: number;
  /** the disc ends at this many scale lengths (default 5) */
  truncate?: number;
  /** fraction of the total mass in the central body (body 0; default 0.3) */
  centralMass?: number;
  /** random velocity as a fraction of the circular speed (default 0.05; larger = hotter, fewer arms) */
  dispersion?: number;
  /** softening used to estimate circular speeds (default 0.02: GRAVITY_DEFAULTS.softening) */
  softening?: number;
}

/** A cold exponential disc rotating counter-clockwise around a central mass (body 0). Errors: RangeError for n < 2. */
export function discScene(n: number, seed = 1, opts: DiscOptions = {}): Bodies {
  if (!(Number.isInteger(n) && n >= 2)) throw new RangeError(`the disc needs at least 2 bodies (a central mass and one star), got ${n}`);
  const rd = opts.scaleLength ?? 1;
  const rmax = (opts.truncate ?? 5) * rd;
  const mc = opts.centralMass ?? 0.3;
  const sigma = opts.dispersion ?? 0.05;
  const eps = opts.softening ?? 0.02;
  const rnd = mulberry32(seed);
  const b = allocBodies(n);
  const stars = n - 1;
  const radius = new Float64Array(stars);
  for (let k = 0; k < stars; k++) {
    // R ~ Gamma(2, R_d): the radial distribution of an exponential surface density
    let r = Infinity;
    while (!(r <= rmax)) r = -rd * Math.log(Math.max(rnd(), 1e-12) * Math.max(rnd(), 1e-12));
    radius[k] = r;
  }
  const order = Array.from({length: stars}, (_, k) => k).sort((p, q) => radius[p] - radius[q]);
  const ms = (1 - mc) / stars;
  b.m[0] = mc;
  order.forEach((k, rank) => {
    const i = k + 1;
    const r = radius[k];
    const phi = 2 * Math.PI * rnd();
    const enclosed = mc + ms * rank;
    const vc = Math.sqrt((enclosed * r * r) / (r * r + eps * eps) ** 1.5);
    const g = () => Math.sqrt(-2 * Math.log(Math.max(rnd(), 1e-12))) * Math.cos(2 * Math.PI * rnd());
    b.x[i] = r * Math.cos(phi);
    b.y[i] = r * Math.sin(phi);
    b.vx[i] = -vc * Math.sin(phi) + sigma * vc * g();
    b.vy[i] = vc * Math.cos(phi) + sigma * vc * g();
    b.m[i] = ms;
  });
  centre(b);
  return b;
}
