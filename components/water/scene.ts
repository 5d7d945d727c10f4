/**
 * The dam-break scene (the essay's §5 water section): a block of water against the left wall of the tank.
 * Particles start on a square lattice whose spacing gives the rest density, so the block
 * neither explodes nor collapses at t = 0; a tiny seeded jitter breaks the lattice's symmetry.
 */
import {allocParticles, PARTICLE_WORDS, type PackedParticles} from "../sort/particles.js";
import type {WaterParams} from "./params.js";
import {mulberry32} from "../sim/rng.js";

/** Density Σ (1 − r/h)² (self excluded) of an infinite square lattice of spacing s·h. */
export function latticeDensity(s: number): number {
  let rho = 0;
  const m = Math.ceil(1 / s) + 1;
  for (let a = -m; a <= m; a++)
    for (let b = -m; b <= m; b++) {
      if (!a && !b) continue;
      const r = s * Math.hypot(a, b);
      if (r < 1) rho += (1 - r) ** 2;
    }
  return rho;
}

/** Lattice spacing (in units of h) whose density equals ρ₀, by bisection (ρ falls as s grows). */
export function restSpacing(restDensity: number): number {
  let lo = 0.05,
    hi = 1;
  for (let it = 0; it < 60; it++) {
    const mid = (lo + hi) / 2;
    if (latticeDensity(mid) > restDensity) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export interface DamBreakLayout {
  /** lattice spacing, world units */
  spacing: number;
  columns: number;
  rows: number;
  /** block extent, world units */
  width: number;
  height: number;
}

/** Below this many particles the dam is a column (at most 2:1 tall) instead of a wide block. */
export const SMALL_DAM = 10_000;

/** Rows and columns of the rest lattice that fit the tank, one wall band clear of every wall. */
function latticeFit(p: WaterParams, s: number) {
  const [x0, y0, x1, y1] = p.tank;
  return {
    cols: Math.max(0, Math.floor((x1 - x0 - 2 * p.wallBand) / s)),
    rows: Math.max(0, Math.floor((y1 - y0 - 2 * p.wallBand) / s)),
    rows85: Math.max(1, Math.floor((0.85 * (y1 - y0)) / s)),
  };
}

/**
 * Most particles `damBreak` can place in `p.tank` on the rest lattice without two of them
 * sharing a site: the whole tank, a wall band clear of every wall.
 */
export function damBreakCapacity(p: WaterParams): number {
  const {cols, rows} = latticeFit(p, restSpacing(p.restDensity) * p.h);
  return cols * rows;
}

/**
 * Layout of `count` particles as a dam: at most 85 % of the tank's height (up to the lid
 * when the tank holds more only that way) and a wide block at least 40 % of the tank's
 * width (as the essay's §5 water section shows it) — except below SMALL_DAM particles (the
 * 1,000–4,000 of a software adapter or the CPU twin), where it stands as a column at most
 * twice as tall as wide, which falls into a visible wave instead of lying as a thin strip.
 * Errors: RangeError when the tank cannot hold `count` particles (`fitTank` makes one that can).
 */
export function damBreakLayout(count: number, p: WaterParams): DamBreakLayout {
  const s = restSpacing(p.restDensity) * p.h;
  const [x0, , x1] = p.tank;
  const fit = latticeFit(p, s);
  if (count > fit.cols * fit.rows)
    throw new RangeError(
      `${count} particles do not fit this ${+(x1 - x0).toFixed(3)} × ${+(p.tank[3] - p.tank[1]).toFixed(3)} tank: ` +
        `it holds at most ${fit.cols * fit.rows} at the rest spacing (fitTank() makes a tank that holds them)`
    );
  const maxCols = Math.max(1, fit.cols);
  const maxRows = count > fit.rows85 * maxCols ? fit.rows : Math.min(fit.rows85, Math.max(1, fit.rows));
  // below 10,000 particles a 40 %-wide block would be a thin strip: stand it up as a column
  const wideCols = Math.floor((0.4 * (x1 - x0)) / s);
  const minCols = count < SMALL_DAM ? Math.min(wideCols, Math.ceil(Math.sqrt(count / 2))) : wideCols;
  let columns = Math.min(maxCols, Math.max(Math.ceil(count / maxRows), minCols));
  columns = Math.max(1, Math.min(columns, count || 1));
  const rows = Math.ceil(count / columns);
  return {spacing: s, columns, rows, width: columns * s, height: rows * s};
}

/**
 * The parameters `p` with the tank scaled up (same lower-left corner, same aspect ratio)
 * until `count` particles fit as a dam at most 85 % of its height; `p` itself when they
 * already do. For benchmarks and large scenes; pair it with `waterGridFor`.
 */
export function fitTank(count: number, p: WaterParams): WaterParams {
  const s = restSpacing(p.restDensity) * p.h;
  const [x0, y0, x1, y1] = p.tank;
  const holds = (f: number) => {
    const q = {...p, tank: [x0, y0, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f] as WaterParams["tank"]};
    const fit = latticeFit(q, s);
    return fit.cols * Math.min(fit.rows85, fit.rows) >= count ? q : null;
  };
  if (holds(1)) return p;
  let f = 1;
  let q = null;
  while (!q) q = holds((f *= 1.02));
  return q;
}

/**
 * `count` particles (ids 0..count−1, zero velocity) as a dam-break block at the tank's
 * lower-left corner, each on its own lattice site. Errors: RangeError if count is not a
 * non-negative integer, or is more than the tank holds (`damBreakCapacity`).
 */
export function damBreak(count: number, p: WaterParams, seed = 1): PackedParticles {
  if (!(Number.isInteger(count) && count >= 0)) throw new RangeError(`particle count must be a non-negative integer, got ${count}`);
  const {spacing: s, columns} = damBreakLayout(count, p);
  const rnd = mulberry32(seed);
  const out = allocParticles(count);
  const bx = p.tank[0] + p.wallBand * 0.5 + s / 2;
  const by = p.tank[1] + p.wallBand * 0.5 + s / 2;
  for (let i = 0; i < count; i++) {
    const o = i * PARTICLE_WORDS;
    const c = i % columns,
      r = Math.floor(i / columns);
    out.f32[o] = bx + c * s + (rnd() - 0.5) * 0.02 * s;
    out.f32[o + 1] = by + r * s + (rnd() - 0.5) * 0.02 * s;
    out.u32[o + 4] = i;
  }
  return out;
}
