/**
 * Contact physics of the disc demos (the essay's §1 and §2 contact sections): equal discs
 * of mass 1 in a box under gravity. Two discs closer than one diameter push apart with a stiff spring on the
 * overlap plus a little damping on the approach speed; further apart they do not
 * interact at all. Walls and floor push back the same way. The pointer shoves discs
 * within its radius. Integration: semi-implicit (symplectic) Euler, fixed dt.
 *
 * Units: world units (the box is `width` wide, `height` tall, origin at the lower-left
 * corner, y up), seconds, mass 1 per disc. The project's reference parameters
 * were radius 0.016, gravity 1.4, pointer radius 0.25, strength 30; stiffness,
 * damping and dt were re-tuned so a pile 60 discs deep stays stable with small overlaps.
 */
import {mulberry32} from "../sim/rng.js";
import type {PointerPush} from "../sim/pointer.js";

export interface ContactParams {
  /** Disc radius (world units). Contact distance is 2·radius. */
  radius: number;
  /** Spring stiffness k: force per unit of overlap (force units / world unit). */
  stiffness: number;
  /** Damping c: force per unit of approach speed along the contact normal. */
  damping: number;
  /** Gravity (world units / s²), pulling towards −y. */
  gravity: number;
  /** Time step of one physics step (s). */
  dt: number;
  /** Box size (world units). */
  width: number;
  height: number;
  /** Pointer: discs within this distance are shoved away (world units). */
  pointerRadius: number;
  /** Pointer: peak acceleration at the pointer's centre (world units / s²). */
  pointerStrength: number;
}

/** Default parameters of the §1 demo (frozen; spread them to change a field). */
export const CONTACT_DEFAULTS: Readonly<ContactParams> = Object.freeze({
  radius: 0.016,
  stiffness: 16000,
  damping: 30,
  gravity: 1.4,
  dt: 0.004,
  width: 2,
  height: 2,
  pointerRadius: 0.25,
  pointerStrength: 30,
});

/** Output of `contactForce`: the force on disc i (disc j gets the opposite). */
export interface Force {
  fx: number;
  fy: number;
}

/**
 * Contact force on disc i from disc j (j feels exactly the opposite: Newton's third law).
 * dx, dy = pos_i − pos_j; dvx, dvy = vel_i − vel_j. Zero when |d| ≥ 2·radius (or d = 0).
 * Magnitude: max(0, k·(2r − |d|) − c·(dv · n)) along n = d/|d| — a spring on the overlap,
 * damped on the normal approach speed, never pulling.
 * Writes into `out` (to avoid allocation in the inner loop) and returns it.
 */
export function contactForce(dx: number, dy: number, dvx: number, dvy: number, p: ContactParams, out: Force = {fx: 0, fy: 0}): Force {
  const d0 = 2 * p.radius;
  const d2 = dx * dx + dy * dy;
  out.fx = 0;
  out.fy = 0;
  if (d2 >= d0 * d0 || d2 === 0) return out;
  const d = Math.sqrt(d2);
  const nx = dx / d;
  const ny = dy / d;
  const vn = dvx * nx + dvy * ny;
  const f = p.stiffness * (d0 - d) - p.damping * vn;
  if (f <= 0) return out;
  out.fx = f * nx;
  out.fy = f * ny;
  return out;
}

/** Disc state in structure-of-arrays form (positions and velocities, f32 like the GPU). */
export interface Discs {
  count: number;
  x: Float32Array;
  y: Float32Array;
  vx: Float32Array;
  vy: Float32Array;
}

/** Allocates `count` discs at rest at the origin. */
export function allocDiscs(count: number): Discs {
  return {count, x: new Float32Array(count), y: new Float32Array(count), vx: new Float32Array(count), vy: new Float32Array(count)};
}

/** Deterministic PRNG (mulberry32), floats in [0, 1). */
export const seededRandom = mulberry32;

/**
 * `count` discs on a jittered lattice (rows offset by half a spacing, like a loose
 * hexagonal packing) filling the box from `fromY` (fraction of the height) upwards, with
 * small random velocities: a loose cloud that falls into a pile. The spacing is the
 * largest that fits `count` discs, kept between 2.05·radius (no two discs start
 * overlapping) and `maxSpacing`·radius. Counts that do not fit even at 2.05·radius stack
 * above the lid (not an error, but the lid then squeezes them).
 */
export function scatterDiscs(count: number, p: ContactParams, seed: number, fromY = 0.05, maxSpacing = 3): Discs {
  const d = allocDiscs(count);
  const rand = seededRandom(seed);
  const usableW = p.width - 2 * p.radius;
  let y0 = p.height * fromY + p.radius;
  let usableH = p.height - p.radius - y0;
  const fit = (h: number) => Math.sqrt((2 * usableW * h) / (Math.sqrt(3) * Math.max(count, 1)));
  if (fit(usableH) < 2.2 * p.radius) {
    // dense: start from the floor
    y0 = p.radius;
    usableH = p.height - 2 * p.radius;
  }
  const s = Math.max(Math.min(fit(usableH) * 0.999, maxSpacing * p.radius), 2.05 * p.radius);
  const rowH = (s * Math.sqrt(3)) / 2;
  const cols = Math.max(1, Math.floor((usableW - 0.5 * s) / s) + 1);
  const jitter = Math.max(0, s - 2.02 * p.radius) / 2;
  for (let i = 0; i < count; i++) {
    const col = i % cols;
    const row = Math.floor(i / cols);
    d.x[i] = p.radius + col * s + (row % 2 ? 0.5 * s : 0) + (rand() * 2 - 1) * jitter;
    d.y[i] = y0 + row * rowH + (rand() * 2 - 1) * jitter;
    d.vx[i] = (rand() - 0.5) * 0.2;
    d.vy[i] = (rand() - 0.5) * 0.2;
  }
  return d;
}

/**
 * Adds wall/floor/lid springs, gravity, the pointer shove and integrates one step
 * (semi-implicit Euler) given the contact forces fx, fy already summed per disc.
 * Walls use the same spring and damping as disc contacts, acting on the disc's edge.
 */
export function integrate(d: Discs, fx: Float64Array, fy: Float64Array, p: ContactParams, pointer: PointerPush | null) {
  const {radius: r, stiffness: k, damping: c, dt} = p;
  const R = p.pointerRadius;
  const usePointer = pointer?.active;
  for (let i = 0; i < d.count; i++) {
    let ax = fx[i];
    let ay = fy[i] - p.gravity;
    const x = d.x[i],
      y = d.y[i],
      vx = d.vx[i],
      vy = d.vy[i];
    if (x < r) ax += Math.max(0, k * (r - x) - c * vx);
    else if (x > p.width - r) ax -= Math.max(0, k * (x - (p.width - r)) + c * vx);
    if (y < r) ay += Math.max(0, k * (r - y) - c * vy);
    else if (y > p.height - r) ay -= Math.max(0, k * (y - (p.height - r)) + c * vy);
    if (usePointer) {
      const ex = x - pointer!.x,
        ey = y - pointer!.y;
      const e2 = ex * ex + ey * ey;
      if (e2 < R * R && e2 > 0) {
        const e = Math.sqrt(e2);
        const s = (p.pointerStrength * (1 - e / R)) / e;
        ax += s * ex;
        ay += s * ey;
      }
    }
    const nvx = vx + ax * dt;
    const nvy = vy + ay * dt;
    d.vx[i] = nvx;
    d.vy[i] = nvy;
    d.x[i] = x + nvx * dt;
    d.y[i] = y + nvy * dt;
  }
}

/** What one brute-force step did. */
interface BruteForceStats {
  /** Distance checks made: every pair i < j once, n(n−1)/2. */
  checks: number;
  /** Pairs closer than one diameter (the only checks that produced a force). */
  touching: number;
}

/**
 * One brute-force contact step (the essay's §1 contacts section): every pair i < j is
 * tested, touching pairs push apart; then walls, gravity, pointer and integration. `fx`,
 * `fy` are scratch arrays of length ≥ count. Returns the real number of checks and touching
 * pairs.
 */
export function bruteForceStep(d: Discs, p: ContactParams, pointer: PointerPush | null, fx: Float64Array, fy: Float64Array): BruteForceStats {
  const n = d.count;
  const {x, y, vx, vy} = d;
  const d0 = 2 * p.radius;
  const d0sq = d0 * d0;
  const k = p.stiffness,
    c = p.damping;
  fx.fill(0, 0, n);
  fy.fill(0, 0, n);
  let checks = 0;
  let touching = 0;
  for (let i = 0; i < n; i++) {
    const xi = x[i],
      yi = y[i];
    let fxi = 0,
      fyi = 0;
    checks += n - 1 - i;
    for (let j = i + 1; j < n; j++) {
      const dx = xi - x[j];
      const dy = yi - y[j];
      const d2 = dx * dx + dy * dy;
      if (d2 < d0sq) {
        touching++;
        if (d2 === 0) continue;
        // inlined contactForce (same formula; tested against it)
        const dist = Math.sqrt(d2);
        const nx = dx / dist,
          ny = dy / dist;
        const f = k * (d0 - dist) - c * ((vx[i] - vx[j]) * nx + (vy[i] - vy[j]) * ny);
        if (f > 0) {
          fxi += f * nx;
          fyi += f * ny;
          fx[j] -= f * nx;
          fy[j] -= f * ny;
        }
      }
    }
    fx[i] += fxi;
    fy[i] += fyi;
  }
  integrate(d, fx, fy, p, pointer);
  return {checks, touching};
}

/** Pairs i < j closer than 2·radius, counted by brute force (test oracle, snapshots). */
export function countTouching(x: ArrayLike<number>, y: ArrayLike<number>, radius: number): number {
  const n = x.length;
  const d0 = 2 * radius;
  const d0sq = d0 * d0;
  let t = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const dx = x[i] - x[j],
        dy = y[i] - y[j];
      if (dx * dx + dy * dy < d0sq) t++;
    }
  return t;
}

/**
 * `count` discs already resting in a pile: hexagonal rows on the floor (spacing 2.02·radius,
 * a little positional jitter so the packing is not a perfect crystal), at rest.
 * Used where the pile itself is the subject (the §2 grid query), not its fall.
 */
export function settledPile(count: number, p: ContactParams, seed: number): Discs {
  const d = allocDiscs(count);
  const rand = seededRandom(seed);
  const s = 2.02 * p.radius;
  const rowH = s * Math.sqrt(3) * 0.5;
  const perRow = Math.max(1, Math.floor((p.width - 2 * p.radius) / s));
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    const shift = row % 2 ? 0.5 * s : 0;
    const j = 0.08 * p.radius;
    d.x[i] = Math.min(p.width - p.radius, p.radius + col * s + shift + (rand() * 2 - 1) * j);
    d.y[i] = p.radius + row * rowH + (rand() * 2 - 1) * j;
  }
  return d;
}
