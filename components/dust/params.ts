/**
 * Parameters of the dust simulation (the Worlds from Dust page) and their packing into the
 * `Dust` uniform of shaders/dust/common.wgsl (80 bytes).
 *
 * Units: a grain weighs 1 (masses are whole numbers of grains, so merged masses and the
 * total stay exact in float32 below 2^24); lengths and times are those of the disc scene
 * (components/dust/scene.ts: the star's G·M = 1, the disc between radii 1 and 2.5).
 * A body's radius is `unitRadius · √m` (discs of one surface density: the summed area).
 */
import type {ExternalMass} from "../gravity/direct.js";

export const DUST_UNIFORM_BYTES = 80;
/** Grains of the disc widget: slider range and default (fewer on a CPU-emulated adapter). */
export const DUST_MIN_GRAINS = 10000;
export const DUST_MAX_GRAINS = 150000;
export const DUST_DEFAULT_GRAINS = 20000;
/** Grains on a CPU-emulated adapter (SwiftShader) and on the CPU twin. */
export const DUST_SOFTWARE_GRAINS = 3000;
export const DUST_TWIN_GRAINS = 1500;

export interface DustPointer {
  /** world position, and the velocity the stir drags bodies towards */
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** reach (world units) and strength (1/time: how fast a body takes the pointer's velocity at its centre) */
  radius: number;
  strength: number;
  active: boolean;
}

export interface DustParams {
  /** gravitational constant (self-gravity and the escape speed) */
  G: number;
  /** Plummer softening of the far field, world units */
  softening: number;
  /** Barnes–Hut opening angle */
  theta: number;
  /** substep, time units */
  dt: number;
  /** radius of one grain (mass 1), world units */
  unitRadius: number;
  /** contact spring per unit reduced mass, 1/time² */
  stiffness: number;
  /** the stickiness: the dashpot's damping ratio ζ (0 = elastic bounces, 1 = critically damped); damping = 2ζ√stiffness */
  stickiness: number;
  /** merge when |Δv| < merge · v_escape of the pair; 0 turns merging off */
  merge: number;
  /** the star: an external point mass that pulls every body and moves for no one (null: none) */
  star: ExternalMass | null;
  pointer: DustPointer;
}

/** The contact dashpot (1/time) of a stickiness: 2ζ√k. */
export function dashpot(p: Pick<DustParams, "stiffness" | "stickiness">): number {
  return 2 * p.stickiness * Math.sqrt(p.stiffness);
}

/** Throws a RangeError naming the first bad parameter. */
export function checkDustParams(p: DustParams) {
  const positive = {G: p.G, dt: p.dt, unitRadius: p.unitRadius, stiffness: p.stiffness} as const;
  for (const [k, v] of Object.entries(positive)) if (!(Number.isFinite(v) && v > 0)) throw new RangeError(`dust ${k} must be a finite number > 0, got ${v}`);
  const nonNegative = {softening: p.softening, theta: p.theta, stickiness: p.stickiness, merge: p.merge} as const;
  for (const [k, v] of Object.entries(nonNegative))
    if (!(Number.isFinite(v) && v >= 0)) throw new RangeError(`dust ${k} must be a finite number ≥ 0, got ${v}`);
}

/**
 * Which forces a run uses: both (the page's disc), or one of the two alone for the three-way
 * comparison — "gravity": collisionless, bodies pass through each other; "contacts": no far
 * field, loose sand. Merging needs both (it is gravity's escape speed that decides it).
 */
export type DustForces = "both" | "gravity" | "contacts";

/** Packs the `Dust` uniform for `n` slots (see shaders/dust/common.wgsl for the field order). */
export function packDust(p: DustParams, n: number, forces: DustForces = "both"): ArrayBuffer {
  const buf = new ArrayBuffer(DUST_UNIFORM_BYTES);
  const u = new Uint32Array(buf);
  const f = new Float32Array(buf);
  u[0] = n;
  u[1] = p.merge > 0 && forces === "both" ? 1 : 0;
  u[2] = forces === "contacts" ? 0 : 1;
  f[3] = p.dt;
  f.set([p.unitRadius, p.stiffness, dashpot(p), p.G, p.merge, p.pointer.radius, p.pointer.strength], 4);
  u[11] = p.pointer.active ? 1 : 0;
  f.set([p.pointer.x, p.pointer.y, p.pointer.vx, p.pointer.vy], 12);
  // the momentum ledger's star: position, G·M, softening² (G·M 0: none)
  const star = p.star && p.star.m > 0 ? p.star : null;
  f.set([star?.x ?? 0, star?.y ?? 0, star ? p.G * star.m : 0, p.softening * p.softening], 16);
  return buf;
}
