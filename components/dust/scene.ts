/**
 * The dust disc and the test clouds (seeded, deterministic).
 *
 * Disc: `n` grains of mass 1 between radii 1 and 2.5 round a star (an external point mass
 * with G·M = 1), on circular Kepler orbits plus a small random velocity; the disc's own mass
 * is `discMass` of the star's (G = discMass / n, so a grain's G·m is that share of the star's
 * G·M split over the grains). The grain radius keeps the disc's filling factor (the grains'
 * area over the annulus's area) at `filling` whatever `n` is.
 */
import {allocBodies, type Bodies} from "../gravity/bodies.js";
import {mulberry32} from "../sim/rng.js";
import type {DustParams} from "./params.js";

export const DISC_INNER = 1;
export const DISC_OUTER = 2.5;

interface DustDiscSceneOptions {
  /** disc mass over the star's (default 0.02) */
  discMass?: number;
  /** grains' area over the annulus's (default 0.1) */
  filling?: number;
  /** random velocity, as a fraction of the local circular speed (default 0.01) */
  dispersion?: number;
}

/** The grain radius that gives `filling` for `n` grains on the disc's annulus. */
function discGrainRadius(n: number, filling = 0.1): number {
  return Math.sqrt((filling * (DISC_OUTER ** 2 - DISC_INNER ** 2)) / Math.max(n, 1));
}

/** The disc: bodies (masses 1) and the parameters that go with them (star, G, radius, contact, substep). */
export function discScene(n: number, seed = 1, options: DustDiscSceneOptions = {}): {bodies: Bodies; params: DustParams} {
  if (!(Number.isInteger(n) && n >= 2)) throw new RangeError(`a dust disc needs an integer ≥ 2 grains, got ${n}`);
  const {discMass = 0.02, filling = 0.1, dispersion = 0.01} = options;
  const rand = mulberry32(seed);
  const b = allocBodies(n);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  for (let i = 0; i < n; i++) {
    const r = Math.sqrt(DISC_INNER ** 2 + rand() * (DISC_OUTER ** 2 - DISC_INNER ** 2));
    const a = 2 * Math.PI * rand();
    const v = 1 / Math.sqrt(r);
    b.x[i] = r * Math.cos(a);
    b.y[i] = r * Math.sin(a);
    b.vx[i] = -v * Math.sin(a) + dispersion * v * gauss();
    b.vy[i] = v * Math.cos(a) + dispersion * v * gauss();
    b.m[i] = 1;
  }
  const unitRadius = discGrainRadius(n, filling);
  const G = discMass / n;
  return {
    bodies: b,
    params: {
      G,
      softening: 2 * unitRadius,
      theta: 0.6,
      // contact frequency ω = √stiffness = 20: ω·dt = 0.16 (about 40 substeps per contact oscillation); 785 substeps per orbit at r = 1
      dt: 0.008,
      unitRadius,
      stiffness: 400,
      stickiness: 0.7,
      merge: 1,
      star: {x: 0, y: 0, m: 1 / G},
      pointer: {x: 0, y: 0, vx: 0, vy: 0, radius: 0.35, strength: 8, active: false},
    },
  };
}

/** The three-way comparison's cloud: `n` grains of filling 0.1 in a unit disc, spinning slowly and falling in. */
export function compareScene(n: number, seed = 1) {
  return cloudScene(n, seed, {radius: 1, unitRadius: Math.sqrt(0.1 / Math.max(n, 1)), spin: 0.2, infall: 0.25});
}

/**
 * A free cloud for tests and the three-way comparison: `n` grains (masses 1, or drawn from
 * `masses` when given) in a disc of radius `radius`, rotating at `spin` and falling in at `infall` × the radius, under
 * their own gravity (no star). Radius per unit mass `unitRadius`.
 */
export function cloudScene(
  n: number,
  seed = 1,
  {
    radius = 1,
    unitRadius = 0.01,
    spin = 0.3,
    infall = 0,
    masses,
  }: {radius?: number; unitRadius?: number; spin?: number; infall?: number; masses?: number[]} = {}
): {
  bodies: Bodies;
  params: DustParams;
} {
  if (!(Number.isInteger(n) && n >= 2)) throw new RangeError(`a dust cloud needs an integer ≥ 2 bodies, got ${n}`);
  const rand = mulberry32(seed);
  const b = allocBodies(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const r = radius * Math.sqrt(rand());
    const a = 2 * Math.PI * rand();
    b.x[i] = r * Math.cos(a);
    b.y[i] = r * Math.sin(a);
    b.vx[i] = -spin * b.y[i] - infall * b.x[i] + 0.02 * (rand() - 0.5);
    b.vy[i] = spin * b.x[i] - infall * b.y[i] + 0.02 * (rand() - 0.5);
    b.m[i] = masses ? masses[Math.floor(rand() * masses.length)] : 1;
    total += b.m[i];
  }
  const G = 0.5 / total;
  return {
    bodies: b,
    params: {
      G,
      softening: 2 * unitRadius,
      theta: 0.6,
      dt: 0.004,
      unitRadius,
      stiffness: 400,
      stickiness: 0.7,
      merge: 1,
      star: null,
      pointer: {x: 0, y: 0, vx: 0, vy: 0, radius: 0.3, strength: 8, active: false},
    },
  };
}
