/**
 * Uniform-grid parameters shared by the CPU twins and the WGSL kernels
 * (`shaders/common/grid.wgsl`). The twin's key function reproduces the shader's f32
 * arithmetic exactly (Math.fround after each IEEE operation), so GPU and CPU agree on
 * every key, including positions on cell borders.
 */
export interface GridParams {
  /** World position of the lower-left corner of cell (0, 0). */
  originX: number;
  originY: number;
  /** Cell width in world units (must be > 0). */
  cellSize: number;
  /** Cells along x and y (dense mode). */
  dimX: number;
  dimY: number;
  /** Dense: dimX * dimY. Hashed: the table size, a power of two. */
  numCells: number;
  /** true: Teschner et al. (2003) spatial hash of (ix, iy) instead of the dense index. */
  hashed: boolean;
}

export const GRID_UNIFORM_BYTES = 48;
/**
 * Most cells (dense) or buckets (hashed) a grid may have: 2^25, whose 4-byte counts fill
 * WebGPU's default 128 MiB storage-binding limit. The one-dispatch scan takes any size.
 */
export const MAX_CELLS = 1 << 25;
/** Most cells of the three-dispatch block scan (256 blocks of 256). */
export const BLOCK_SCAN_MAX_CELLS = 65536;
const HASH_P1 = 73856093;
const HASH_P2 = 19349663;
const COORD_LIMIT = 1073741824;

/** A dense grid of dimX × dimY cells of width cellSize with its corner at (originX, originY). */
export function denseGrid(dimX: number, dimY: number, cellSize: number, originX = 0, originY = 0): GridParams {
  const g: GridParams = {originX, originY, cellSize, dimX, dimY, numCells: dimX * dimY, hashed: false};
  validateGrid(g);
  return g;
}

/** Throws a RangeError naming the bad field when the grid cannot be used by the kernels. */
export function validateGrid(g: GridParams): void {
  if (!(g.cellSize > 0) || !Number.isFinite(g.cellSize)) throw new RangeError(`grid cellSize must be a positive number, got ${g.cellSize}`);
  if (!Number.isInteger(g.numCells) || g.numCells < 1 || g.numCells > MAX_CELLS)
    throw new RangeError(`grid numCells must be an integer in 1..${MAX_CELLS}, got ${g.numCells}`);
  if (g.hashed) {
    if ((g.numCells & (g.numCells - 1)) !== 0) throw new RangeError(`hashed grid needs a power-of-two table size, got ${g.numCells}`);
  } else if (!Number.isInteger(g.dimX) || !Number.isInteger(g.dimY) || g.dimX < 1 || g.dimY < 1 || g.dimX * g.dimY !== g.numCells) {
    throw new RangeError(`dense grid needs integer dims with dimX * dimY = numCells, got ${g.dimX} × ${g.dimY} vs ${g.numCells}`);
  }
}

/**
 * Packs the grid into the 48-byte `Grid` uniform of grid.wgsl. `scanBlocks` (1..256) is the
 * number of blocks of the sort's one-dispatch scan; the uniform also carries their size,
 * ceil(numCells / scanBlocks) cells (`scanBlockCells`). `countPerThread` (≥ 1) is how many
 * particles each thread of the sort's count pass handles (count.wgsl).
 */
export function packGrid(g: GridParams, numParticles: number, scanBlocks = 1, countPerThread = 1): ArrayBuffer {
  const buf = new ArrayBuffer(GRID_UNIFORM_BYTES);
  const f = new Float32Array(buf);
  const u = new Uint32Array(buf);
  f[0] = g.originX;
  f[1] = g.originY;
  f[2] = 1 / g.cellSize;
  f[3] = g.cellSize;
  u[4] = g.dimX;
  u[5] = g.dimY;
  u[6] = g.numCells;
  u[7] = numParticles;
  u[8] = g.hashed ? 1 : 0;
  u[9] = scanBlocks;
  u[10] = scanBlockCells(g.numCells, scanBlocks);
  u[11] = countPerThread;
  return buf;
}

/** Cells per block of a scan in `scanBlocks` blocks: ceil(numCells / scanBlocks) (the last block may be shorter or empty). */
export function scanBlockCells(numCells: number, scanBlocks: number): number {
  return Math.ceil(numCells / scanBlocks);
}

const fr = Math.fround;

/** Integer cell coordinate along one axis: floor((p - origin) * invCell) in f32, saturated at ±2^30. */
export function cellCoord(p: number, origin: number, invCell: number): number {
  const f = Math.floor(fr(fr(fr(p) - fr(origin)) * fr(invCell)));
  if (Number.isNaN(f)) return 0;
  return Math.max(-COORD_LIMIT, Math.min(COORD_LIMIT, f));
}

/** Key of integer cell (cx, cy): dense clamps into the grid, hashed wraps through the table. */
function cellKeyOf(g: GridParams, cx: number, cy: number): number {
  if (g.hashed) {
    return ((Math.imul(cx | 0, HASH_P1) ^ Math.imul(cy | 0, HASH_P2)) & (g.numCells - 1)) >>> 0;
  }
  const x = Math.max(0, Math.min(g.dimX - 1, cx));
  const y = Math.max(0, Math.min(g.dimY - 1, cy));
  return y * g.dimX + x;
}

/** Cell key of world position (x, y), bit-identical to `cell_key` in grid.wgsl. */
export function cellKey(g: GridParams, x: number, y: number): number {
  const inv = fr(1 / g.cellSize);
  return cellKeyOf(g, cellCoord(x, g.originX, inv), cellCoord(y, g.originY, inv));
}

/** One bucket of a 3×3 window: its key and the window cell that first gave it. */
interface WindowBucket {
  key: number;
  cx: number;
  cy: number;
}

/**
 * The distinct buckets of the 3×3 window around cell (cx, cy), in row-major visiting
 * order, with the cell of each (twin of cell_window in shaders/common/window.wgsl):
 * dense grid — cells outside the grid are left out; spatial hash — a bucket two window
 * cells share is kept once, with its first cell.
 */
export function cellWindow(g: GridParams, cx: number, cy: number): WindowBucket[] {
  const out: WindowBucket[] = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const x = cx + dx,
        y = cy + dy;
      if (!g.hashed && (x < 0 || y < 0 || x >= g.dimX || y >= g.dimY)) continue;
      const key = cellKeyOf(g, x, y);
      if (out.some((b) => b.key === key)) continue;
      out.push({key, cx: x, cy: y});
    }
  }
  return out;
}
