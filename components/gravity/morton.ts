/**
 * Morton keys (Z-order; Morton 1966): each body's cell coordinates on a 2^16 × 2^16 grid
 * over the bounding square, their bits interleaved into one 32-bit key, x in the even bits
 * and y in the odd bits. Sorting by key puts bodies of the same quadtree cell next to each
 * other at every level: the top 2L bits of a key name the body's cell at level L.
 *
 * The twin of shaders/gravity/keys.wgsl (bounds, keys), bit for bit: the bounding square's
 * side is a power of two (2^e), so scaling a coordinate is an exact multiply by 2^(16−e)
 * and the only rounding is the float32 subtraction x − minX, which WGSL also rounds
 * correctly. Float division (not correctly rounded in WGSL) is never used.
 */

/** Bits per axis; the tree is at most this many levels below the root. */
export const BITS_PER_AXIS = 16;
/** Deepest level of the quadtree (level 0 is the root). */
export const MAX_LEVEL = BITS_PER_AXIS;
const CELLS = 1 << BITS_PER_AXIS;

/** The root cell: a square with corner (minX, minY) and side 2^exponent. */
export interface BoundingSquare {
  minX: number;
  minY: number;
  /** the side is 2^exponent length units */
  exponent: number;
  /** 2^exponent */
  size: number;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/**
 * The exponent e with extent < 2^e (from the float32's exponent bits, as keys.wgsl does);
 * 0 for an extent of 0 or a denormal one (all bodies at one point).
 */
function squareExponent(extent: number): number {
  f32[0] = extent;
  const biased = (u32[0] >>> 23) & 0xff;
  if (biased === 0) return 0;
  return biased - 127 + 1;
}

/** The smallest power-of-two square at (min x, min y) holding every body (float32 arithmetic). */
export function boundingSquare(x: Float32Array, y: Float32Array, n = x.length): BoundingSquare {
  if (n === 0) return {minX: 0, minY: 0, exponent: 0, size: 1};
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    if (x[i] < minX) minX = x[i];
    if (x[i] > maxX) maxX = x[i];
    if (y[i] < minY) minY = y[i];
    if (y[i] > maxY) maxY = y[i];
  }
  const extent = Math.max(Math.fround(maxX - minX), Math.fround(maxY - minY));
  if (!Number.isFinite(extent)) throw new RangeError(`bodies must have finite positions (extent ${extent})`);
  const exponent = squareExponent(extent);
  return {minX, minY, exponent, size: 2 ** exponent};
}

/** Cell coordinate in 0..65535 of one float32 coordinate (floor((v − min) · 2^(16−e)), clamped). */
export function cellCoord(v: number, min: number, exponent: number): number {
  const c = Math.floor(Math.fround(v - min) * 2 ** (BITS_PER_AXIS - exponent));
  return c < 0 ? 0 : c >= CELLS ? CELLS - 1 : c;
}

/** Spreads the 16 low bits of v to the even bits of a 32-bit word ("part 1 by 1"). */
function spreadBits(v: number): number {
  v &= 0xffff;
  v = (v | (v << 8)) & 0x00ff00ff;
  v = (v | (v << 4)) & 0x0f0f0f0f;
  v = (v | (v << 2)) & 0x33333333;
  v = (v | (v << 1)) & 0x55555555;
  return v >>> 0;
}

/** The Morton key of cell (cx, cy): x bits even, y bits odd. */
export function interleave(cx: number, cy: number): number {
  return (spreadBits(cx) | (spreadBits(cy) << 1)) >>> 0;
}

/** Morton key of every body over `square` (Uint32Array of length n). */
export function mortonKeys(x: Float32Array, y: Float32Array, square: BoundingSquare, n = x.length): Uint32Array {
  const keys = new Uint32Array(n);
  for (let i = 0; i < n; i++) keys[i] = interleave(cellCoord(x[i], square.minX, square.exponent), cellCoord(y[i], square.minY, square.exponent));
  return keys;
}

/** The 2-bit child digit of `key` below level `level` (0..15): which quadrant at level + 1 (bit 0 = x half, bit 1 = y half). */
export function childDigit(key: number, level: number): number {
  return (key >>> (30 - 2 * level)) & 3;
}
