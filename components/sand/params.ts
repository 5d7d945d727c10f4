/**
 * Parameters of the sand simulation (the essay's §4 sand section) and their packing into
 * the `Sand` uniform of shaders/sand/forces.wgsl (80 bytes).
 *
 * World: a closed box [0, 2] × [0, 2] covered by a 256 × 256 grid (cell h = 2/256); a grain
 * is one cell across (radius h/2), so every contact lies in the 3×3 cells around a grain.
 * How the defaults were tuned: docs/tuning.md.
 */
import {denseGrid, type GridParams} from "../sort/grid.js";
import type {PointerPush} from "../sim/pointer.js";

const SAND_GRID_SIDE = 256;
export const SAND_BOX = 2;
export const SAND_CELL = SAND_BOX / SAND_GRID_SIDE;
export const SAND_UNIFORM_BYTES = 80;
export const SAND_MIN_GRAINS = 2000;
export const SAND_MAX_GRAINS = 30000;
export const SAND_DEFAULT_GRAINS = 12000;

export interface SandParams {
  /** Downward acceleration, world units/s². */
  gravity: number;
  /** Substep, seconds. */
  dt: number;
  /** Contact spring per unit mass, 1/s². */
  stiffness: number;
  /** Normal damping per unit mass, 1/s. */
  damping: number;
  /** Tangential (viscous friction) damping, 1/s. */
  friction: number;
  /** Grain radius, world units (half a cell). */
  radius: number;
  /** Penalty spring of the walls and floor, 1/s². */
  wallStiffness: number;
  /** Speed limit, world units/s (a substep moves a grain at most half a cell). */
  maxSpeed: number;
  /** Air drag, 1/s: every substep the velocity keeps (1 − drag·dt) of itself. */
  drag: number;
  /** Extra drag, 1/s, on grains touching another grain (damps the whole pile's slow bounce). */
  contactDrag: number;
  /** true: no side walls and no lid (hash mode only: the world is unbounded). */
  openWalls: boolean;
  /**
   * Side of the closed box [0, box]², world units (at most SAND_BOX, which the 256 × 256 grid
   * covers). The widget shrinks it for a reduced grain count (a CPU-emulated adapter, the CPU
   * twin) so that the fewer grains fill it as the full count fills the full box.
   */
  box: number;
  /** Pointer push: the widgets' one pointer model (world position; pushes while `active`), its reach (world units) and strength (units/s²). */
  pointer: PointerPush & {radius: number; strength: number};
}

/** The sand's default parameters (frozen, pointer included: take `structuredClone(SAND_DEFAULTS)` to change them). */
export const SAND_DEFAULTS: Readonly<SandParams> = Object.freeze({
  gravity: 1.5,
  dt: 0.0016,
  stiffness: 60000,
  damping: 200,
  friction: 100,
  radius: SAND_CELL / 2,
  wallStiffness: 60000,
  maxSpeed: (0.5 * SAND_CELL) / 0.0016,
  drag: 0.5,
  contactDrag: 3,
  openWalls: false,
  box: SAND_BOX,
  pointer: Object.freeze({x: 0, y: 0, radius: 0.12, strength: 600, active: false}),
});

/** The full closed box's lower corner (a widget may use a smaller box, `SandParams.box`). */
export const SAND_BOX_LO = {x: 0, y: 0};

/**
 * The sand's grid: dense 256 × 256 over the box, or a spatial-hash table of `tableSize`
 * buckets (a power of two, default 65,536 — the same size as the dense grid).
 */
export function sandGrid(hashed: boolean, tableSize = SAND_GRID_SIDE * SAND_GRID_SIDE): GridParams {
  const g = denseGrid(SAND_GRID_SIDE, SAND_GRID_SIDE, SAND_CELL, SAND_BOX_LO.x, SAND_BOX_LO.y);
  return hashed ? {...g, hashed: true, numCells: tableSize} : g;
}

/** Packs params into the `Sand` uniform (see forces.wgsl for the field order). */
export function packSand(p: SandParams): ArrayBuffer {
  const buf = new ArrayBuffer(SAND_UNIFORM_BYTES);
  const f = new Float32Array(buf);
  const u = new Uint32Array(buf);
  f.set([SAND_BOX_LO.x, SAND_BOX_LO.y, p.box, p.box, p.pointer.x, p.pointer.y, p.pointer.radius, p.pointer.strength]);
  f.set([p.gravity, p.dt, p.stiffness, p.damping, p.radius, p.friction, p.wallStiffness], 8);
  u[15] = p.openWalls ? 1 : 0;
  u[16] = p.pointer.active ? 1 : 0;
  f[17] = p.maxSpeed;
  f[18] = p.drag;
  f[19] = p.contactDrag;
  return buf;
}
