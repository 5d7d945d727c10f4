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

interface DamBreakLayout {
  /** lattice spacing, world units */
  spacing: number;
  columns: number;
  rows: number;
  /** block extent, world units */
  width: number;
  height: number;
}

/**
 * Below this many particles in the 2 × 1 tank the dam is a column (at most 2:1 tall) instead
 * of a wide block; a tank of another width w scales the threshold by (w/2)² (a tank shrunk
 * with a reduced count keeps the wide block of the full count).
 */
const SMALL_DAM = 10_000;

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
 * width (as the essay's §5 water section shows it) — except below SMALL_DAM·(width/2)²
 * particles (a few thousand in the full 2-wide tank), where it stands as a column at most
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
  const small = SMALL_DAM * ((x1 - x0) / 2) ** 2;
  const minCols = count < small ? Math.min(wideCols, Math.ceil(Math.sqrt(count / 2))) : wideCols;
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

/** Shape of the hero's pool: the raised band's extra height (× the base depth) and its half-width (share of the tank width). */
const POOL_SHAPE = {rise: 1.4, band: 0.28, ripple: 0.06} as const;

/**
 * Particles per lattice column of a pool of `count` particles across the whole width of
 * `p.tank`: the depth of column c at u = x/width is proportional to
 * 1 + rise·exp(−(u/band)²) + ripple·sin(6πu) — a raised band at the left wall (it falls
 * into a wave that runs across the tank, reflects and sloshes) on a pool with a slight
 * ripple. Column heights are rounded by largest remainder so they sum to `count` exactly,
 * and none is taller than the tank. Errors: RangeError when the tank cannot hold `count`.
 */
export function poolColumns(count: number, p: WaterParams, shape: {rise: number; band: number; ripple: number} = POOL_SHAPE): number[] {
  const s = restSpacing(p.restDensity) * p.h;
  const fit = latticeFit(p, s);
  const cols = Math.max(1, fit.cols);
  if (count > fit.cols * fit.rows)
    throw new RangeError(`${count} particles do not fit this ${+(p.tank[2] - p.tank[0]).toFixed(3)} × ${+(p.tank[3] - p.tank[1]).toFixed(3)} tank as a pool`);
  const weight = Array.from({length: cols}, (_, c) => {
    const u = (c + 0.5) / cols;
    return Math.max(0.05, 1 + shape.rise * Math.exp(-((u / shape.band) ** 2)) + shape.ripple * Math.sin(6 * Math.PI * u));
  });
  const total = weight.reduce((a, w) => a + w, 0);
  // ideal heights, capped at the tank's rows; what a cap cuts off goes to the other columns
  let ideal = weight.map((w) => (w / total) * count);
  for (let pass = 0; pass < 8; pass++) {
    const over = ideal.reduce((a, h) => a + Math.max(0, h - fit.rows), 0);
    if (over < 1e-9) break;
    const free = ideal.reduce((a, h) => a + (h < fit.rows ? h : 0), 0);
    ideal = ideal.map((h) => (h >= fit.rows ? fit.rows : h + (free > 0 ? (over * h) / free : 0)));
  }
  const heights = ideal.map((h) => Math.min(fit.rows, Math.floor(h)));
  let left = count - heights.reduce((a, h) => a + h, 0);
  const order = ideal.map((h, c) => [h - Math.floor(h), c] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left > 0 && k < 4 * cols; k++) {
    const c = order[k % cols][1];
    if (heights[c] < fit.rows) {
      heights[c]++;
      left--;
    }
  }
  return heights;
}

/**
 * `count` particles (ids 0..count−1, at rest) as a pool across the tank's whole width
 * (`poolColumns`), each on its own site of the rest lattice, so the water reads as water
 * from the first frame: a surface with a raised band that becomes a travelling wave, not a
 * block in a corner. The hero's scene; the §5 tank keeps the dam break. Errors: RangeError
 * for a count that is not a non-negative integer or that the tank cannot hold.
 */
export function pool(count: number, p: WaterParams, seed = 1): PackedParticles {
  if (!(Number.isInteger(count) && count >= 0)) throw new RangeError(`particle count must be a non-negative integer, got ${count}`);
  const s = restSpacing(p.restDensity) * p.h;
  const heights = count ? poolColumns(count, p) : [];
  const rnd = mulberry32(seed);
  const out = allocParticles(count);
  const bx = p.tank[0] + p.wallBand * 0.5 + s / 2;
  const by = p.tank[1] + p.wallBand * 0.5 + s / 2;
  let i = 0;
  heights.forEach((rows, c) => {
    for (let r = 0; r < rows; r++, i++) {
      const o = i * PARTICLE_WORDS;
      out.f32[o] = bx + c * s + (rnd() - 0.5) * 0.02 * s;
      out.f32[o + 1] = by + r * s + (rnd() - 0.5) * 0.02 * s;
      out.u32[o + 4] = i;
    }
  });
  return out;
}

/** The scenes a water widget can pour: the §5 dam break or the hero's pool. */
export type WaterScene = "dam" | "pool";

/** `count` particles of `scene` in `p.tank` (see `damBreak` and `pool`). */
export function pourScene(scene: WaterScene, count: number, p: WaterParams, seed = 1): PackedParticles {
  return scene === "pool" ? pool(count, p, seed) : damBreak(count, p, seed);
}

/** Share of the hero's tank the pool covers at rest (what 45,000 particles cover on a wide screen). */
const POOL_FILL = 0.35;

/**
 * The hero's tank for a pool of `count` particles at rest spacing `spacing` (world units)
 * on a canvas of `aspect` (width / height): as wide as the 2-unit grid allows, or narrower
 * so that the water covers POOL_FILL of it. With fewer particles (the few thousand of a
 * CPU-emulated adapter or of the CPU twin) the tank, and so the view, shrinks: the same
 * picture, drawn with fewer and bigger particles, instead of a thin film in a large tank.
 * Returns [minX, minY, maxX, maxY], lower-left at the origin.
 */
export function poolTank(count: number, aspect: number, spacing: number): [number, number, number, number] {
  const width = Math.min(2, Math.max(0.25, Math.sqrt((count * spacing * spacing * aspect) / POOL_FILL)));
  return [0, 0, width, width / aspect];
}
