/**
 * Parameters of the SPH water (the essay's §5 water section) and their packing into the
 * 96-byte `Water` uniform of shaders/water/water.wgsl. Units: world units (the tank is 2
 * wide), seconds. How the defaults were tuned: docs/tuning.md.
 */
import {denseGrid, type GridParams} from "../sort/grid.js";
import type {PointerPush} from "../sim/pointer.js";

/** Cells along each side of the water's dense grid. */
export const WATER_GRID_SIDE = 256;
/** World width covered by the 256 × 256 grid. */
const WORLD = 2;
/** Smoothing radius h = one grid cell (2/256 world units). */
export const H = WORLD / WATER_GRID_SIDE;

export interface WaterParams {
  /** gravity, world units / s² (pointing down) */
  gravity: number;
  /** substep length, s */
  dt: number;
  /** smoothing radius, world units */
  h: number;
  /** rest density ρ₀ (sum of q², dimensionless) */
  restDensity: number;
  /** pressure stiffness k */
  k: number;
  /** near-pressure stiffness k_near (Clavet, Beaudoin & Poulin 2005) */
  kNear: number;
  /** XSPH velocity smoothing factor (Monaghan) */
  xsph: number;
  /** tank interior: [minX, minY, maxX, maxY] */
  tank: [number, number, number, number];
  /** wall penalty stiffness, 1/s² */
  wallK: number;
  /** soft band width next to each wall, world units */
  wallBand: number;
  /** damping of motion into a wall inside the band, 1/s */
  wallDamping: number;
  /** safety clamp on speed, world units / s */
  maxSpeed: number;
  /** scale from the pairwise push to an acceleration */
  pressureScale: number;
  /** pointer radius (0 = off) and strength (1/s) */
  pointerRadius: number;
  pointerStrength: number;
}

/**
 * The pointer as the kernels see it: the widget runtime's pointer (world position; `active`
 * false = it does not touch the water) plus its velocity in world units per simulated second.
 */
export interface PointerState extends PointerPush {
  vx: number;
  vy: number;
}

/**
 * Substeps per animation frame of the §5 water and the hero by default (WATER_OPTIONS.substeps):
 * with WATER_DT, a frame advances WATER_SUBSTEPS × WATER_DT = 5 ms of simulated time, so at
 * 60 fps the water moves at 0.3× real time.
 */
export const WATER_SUBSTEPS = 5;

/**
 * The substep length, s: 1 ms. Longer substeps were studied on the CPU twin
 * (bench/water-dt-study.ts, docs/records/water-substep.md): 5/3 ms (3 substeps per frame) holds
 * at 10,000 particles but boils where the 50,000-particle wave hits the right wall, whatever
 * the speed clamp, walls, XSPH or k_near, and at 80,000 already as the dam collapses; 1.25 ms
 * still leaves ~1 % of the 50,000 at the clamp after the impact; 2.5 ms boils within 0.1 s even at 10,000.
 */
const WATER_DT = 0.005 / WATER_SUBSTEPS;

/**
 * The speed clamp in smoothing radii per substep: maxSpeed = WATER_CFL · h / dt (a CFL-like
 * bound, so no particle passes more than about half a neighbourhood in one substep; 3.52 units/s at WATER_DT).
 */
export const WATER_CFL = 0.45;

/** Simulated seconds a frame of `substeps` substeps of `p.dt` advances. */
export function simulatedPerFrame(p: Pick<WaterParams, "dt">, substeps: number): number {
  return substeps * p.dt;
}

/** The tank of the demos: 2 wide, 1 tall, on the floor of the 256 × 256 grid. */
const TANK: [number, number, number, number] = [0, 0, 2, 1];

/** The water's default parameters (frozen; spread them to change a field). */
export const WATER_DEFAULTS: Readonly<WaterParams> = Object.freeze({
  gravity: 3,
  dt: WATER_DT,
  h: H,
  restDensity: 2.2,
  k: 400,
  kNear: 100,
  xsph: 0.03,
  tank: TANK,
  wallK: 2000,
  wallBand: H,
  wallDamping: 20,
  maxSpeed: (WATER_CFL * H) / WATER_DT,
  pressureScale: 1,
  pointerRadius: 0.18,
  pointerStrength: 60,
});

/** The parameters a reader may change, with their ranges (the widget's panel). */
export const TUNABLE = {
  k: {label: "pressure stiffness k", min: 20, max: 1000, step: 10},
  kNear: {label: "near-pressure k_near", min: 0, max: 400, step: 5},
  restDensity: {label: "rest density ρ₀", min: 0.5, max: 5, step: 0.05},
  xsph: {label: "viscosity (XSPH)", min: 0, max: 0.3, step: 0.005},
} as const;
export type TunableKey = keyof typeof TUNABLE;

/** The dense 256 × 256 grid of cell width h over [0, 2]² (the essay's §4 sand and §5 water sections). */
export function waterGrid(): GridParams {
  return denseGrid(WATER_GRID_SIDE, WATER_GRID_SIDE, H, 0, 0);
}

export const WATER_UNIFORM_BYTES = 96;

/**
 * Packs params + pointer into the `Water` uniform (field order of water.wgsl). The last word,
 * `lane_shift` (threads per particle of the neighbour passes), is left 0 here: WaterGPU writes it.
 */
export function packWaterParams(p: WaterParams, pointer?: PointerState | null): ArrayBuffer {
  const buf = new ArrayBuffer(WATER_UNIFORM_BYTES);
  const f = new Float32Array(buf);
  const on = pointer?.active;
  f.set([
    0,
    -p.gravity,
    p.dt,
    p.h,
    p.restDensity,
    p.k,
    p.kNear,
    p.xsph,
    p.tank[0],
    p.tank[1],
    p.tank[2],
    p.tank[3],
    p.wallK,
    p.wallBand,
    p.maxSpeed,
    p.pressureScale,
    on ? pointer!.x : 0,
    on ? pointer!.y : 0,
    on ? pointer!.vx : 0,
    on ? pointer!.vy : 0,
    on ? p.pointerRadius : 0,
    p.pointerStrength,
    p.wallDamping,
    0,
  ]);
  return buf;
}

/** Throws a RangeError naming the field when a parameter is not a finite number in its range. */
export function validateParams(p: WaterParams): void {
  const pos = ["dt", "h", "restDensity", "wallBand", "maxSpeed"] as const;
  for (const k of pos) if (!(p[k] > 0) || !Number.isFinite(p[k])) throw new RangeError(`SPH ${k} must be a positive number, got ${p[k]}`);
  const nonneg = ["gravity", "k", "kNear", "xsph", "wallK", "wallDamping", "pressureScale", "pointerRadius", "pointerStrength"] as const;
  for (const k of nonneg) if (!(p[k] >= 0) || !Number.isFinite(p[k])) throw new RangeError(`SPH ${k} must be a number ≥ 0, got ${p[k]}`);
  const [x0, y0, x1, y1] = p.tank;
  if (!(x1 > x0 && y1 > y0)) throw new RangeError(`SPH tank must have max > min, got ${p.tank.join(", ")}`);
}

/**
 * A dense grid of cell width `p.h / cellsPerH` covering the tank exactly (origin at its
 * lower-left corner), for tanks of any size (`fitTank`): its cell count grows with the
 * tank, so large scenes keep a few candidates per neighbour. cellsPerH is 1 or 2 (the
 * density and force passes look at most 9 rows of cells). Errors: RangeError past MAX_CELLS cells.
 */
export function waterGridFor(p: WaterParams, cellsPerH: 1 | 2 = 1): GridParams {
  const [x0, y0, x1, y1] = p.tank;
  const cell = p.h / cellsPerH;
  return denseGrid(Math.max(1, Math.ceil((x1 - x0) / cell)), Math.max(1, Math.ceil((y1 - y0) / cell)), cell, x0, y0);
}

/** Bins of the density histogram (stats.wgsl, the twin's statsTwin): bin b covers [b, b+1) · 2ρ₀/64. */
export const DENSITY_BINS = 64;
