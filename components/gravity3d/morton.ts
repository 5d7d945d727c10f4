/**
 * 3D Morton keys: each body's cell on a 2^10 × 2^10 × 2^10 grid over the bounding cube,
 * the three 10-bit cell coordinates interleaved into the low 30 bits of one u32 (x in bits
 * 0, 3, 6, …, y in 1, 4, …, z in 2, 5, …). The top 3L of the 30 bits name the body's octree
 * cell at level L, so sorting by key puts every cell's bodies in one contiguous run.
 *
 * Why 30 bits in one word (and not 63 in two): the radix sort of the 2D page sorts u32
 * keys and is reused unchanged; ten levels give cells of 1/1024 of the cube, about the
 * softening length for the scenes here, and a cell at the last level is a leaf with however
 * many bodies it holds (the walk sums them directly), so depth only costs accuracy nothing.
 *
 * The twin of shaders/gravity3d/keys.wgsl, bit for bit: the cube's side is 2^e, so scaling
 * is an exact multiply by 2^(10−e), and the only rounding is the float32 subtraction.
 */

/** Bits per axis: the octree is at most this many levels below the root. */
export const BITS3 = 10;
/** Deepest level (the root is level 0). */
export const MAX_LEVEL3 = BITS3;
/** Levels 0..MAX_LEVEL3. */
export const LEVELS3 = MAX_LEVEL3 + 1;
const CELLS = 1 << BITS3;

/** The root cell: a cube with corner (minX, minY, minZ) and side 2^exponent. */
export interface BoundingCube {
  minX: number;
  minY: number;
  minZ: number;
  exponent: number;
  size: number;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The exponent e with extent < 2^e, from the float32's exponent bits (0 for 0 or a denormal). */
function cubeExponent(extent: number): number {
  f32[0] = extent;
  const biased = (u32[0] >>> 23) & 0xff;
  return biased === 0 ? 0 : biased - 127 + 1;
}

/** The smallest power-of-two cube at (min x, min y, min z) holding every body. Errors: RangeError for non-finite positions. */
export function boundingCube(x: Float32Array, y: Float32Array, z: Float32Array, n = x.length): BoundingCube {
  if (n === 0) return {minX: 0, minY: 0, minZ: 0, exponent: 0, size: 1};
  const lo = [Infinity, Infinity, Infinity],
    hi = [-Infinity, -Infinity, -Infinity];
  const axes = [x, y, z];
  for (let a = 0; a < 3; a++) {
    const v = axes[a];
    for (let i = 0; i < n; i++) {
      if (v[i] < lo[a]) lo[a] = v[i];
      if (v[i] > hi[a]) hi[a] = v[i];
    }
  }
  const extent = Math.max(Math.fround(hi[0] - lo[0]), Math.fround(hi[1] - lo[1]), Math.fround(hi[2] - lo[2]));
  if (!Number.isFinite(extent)) throw new RangeError(`bodies must have finite positions (extent ${extent})`);
  const exponent = cubeExponent(extent);
  return {minX: lo[0], minY: lo[1], minZ: lo[2], exponent, size: 2 ** exponent};
}

/** Cell coordinate 0..1023 of one float32 coordinate: floor((v − min)·2^(10−e)), clamped. */
function cellCoord3(v: number, min: number, exponent: number): number {
  const c = Math.floor(Math.fround(v - min) * 2 ** (BITS3 - exponent));
  return c < 0 ? 0 : c >= CELLS ? CELLS - 1 : c;
}

/** Spreads the 10 low bits of v to every third bit (bit k → bit 3k). */
export function spread3(v: number): number {
  v &= 0x3ff;
  v = (v | (v << 16)) & 0x030000ff;
  v = (v | (v << 8)) & 0x0300f00f;
  v = (v | (v << 4)) & 0x030c30c3;
  v = (v | (v << 2)) & 0x09249249;
  return v >>> 0;
}

/** Inverse of spread3: bits 0, 3, 6, … of v packed into 10 bits. */
export function compact3(v: number): number {
  v &= 0x09249249;
  v = (v | (v >>> 2)) & 0x030c30c3;
  v = (v | (v >>> 4)) & 0x0300f00f;
  v = (v | (v >>> 8)) & 0x030000ff;
  v = (v | (v >>> 16)) & 0x3ff;
  return v >>> 0;
}

/** The key of cell (cx, cy, cz): x in bits 3k, y in 3k+1, z in 3k+2. */
export function interleave3(cx: number, cy: number, cz: number): number {
  return (spread3(cx) | (spread3(cy) << 1) | (spread3(cz) << 2)) >>> 0;
}

/** Morton key of every body over `cube`. */
export function mortonKeys3(x: Float32Array, y: Float32Array, z: Float32Array, cube: BoundingCube, n = x.length): Uint32Array {
  const keys = new Uint32Array(n);
  const e = cube.exponent;
  for (let i = 0; i < n; i++) keys[i] = interleave3(cellCoord3(x[i], cube.minX, e), cellCoord3(y[i], cube.minY, e), cellCoord3(z[i], cube.minZ, e));
  return keys;
}

/** The key's cell at level L as a prefix (key >> (30 − 3L)). */
export function cellPrefix(key: number, level: number): number {
  return key >>> (3 * (BITS3 - level));
}
