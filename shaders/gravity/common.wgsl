// Shared declarations of the gravity kernels (2D Barnes–Hut on a quadtree).
// Bodies are two vec4 arrays: pm = (x, y, mass, id as a float: exact below 2^24) and va = (vx, vy, ax, ay).
struct Params {
  n: u32,             // body count
  leaf_capacity: u32, // a cell with more bodies is split
  num_blocks: u32,    // radix blocks: ceil(n / 256)
  zero: u32,          // always 0, but only known at run time (com.wgsl: keeps a product from fusing)
  G: f32,
  eps2: f32,          // softening length squared
  theta2: f32,        // opening angle squared (0 = exact)
  dt: f32,
  ext: vec4<f32>,     // external point mass (x, y, mass, unused); mass 0 = none
}

// One quadtree node: the bodies [lo, hi) of the Morton order, its children
// [first, first + count), and the float32 sums Σm, Σm·x, Σm·y of its bodies.
struct Node {
  lo: u32,
  hi: u32,
  first: u32,
  count: u32,
  mass: f32,
  mx: f32,
  my: f32,
  level: u32,
}

// What the walk reads of a node, written by com.wgsl with the sums: the centre of mass, the
// mass, the quadrupole moment about the centre of mass (Q = Σ m (3 d dᵀ − |d|² I) of the
// bodies at offsets d from it, in the plane: Qxx, Qxy, Qyy) and where to go when opened:
// link = the first child (internal) or the first body (leaf); shape = count of children or
// of bodies (bits 0–24) | WALK_INTERNAL | level << 26.
struct WalkNode {
  com: vec2<f32>,
  mass: f32,
  qxx: f32,
  qxy: f32,
  qyy: f32,
  link: u32,
  shape: u32,
}

const WALK_COUNT_MASK: u32 = 0x1ffffffu;
const WALK_INTERNAL: u32 = 0x2000000u;

// A per-dispatch constant: the tree level, or the radix pass's bit shift.
struct Pass {
  value: u32,
}

const MAX_LEVEL: u32 = 16u;
const BITS_PER_AXIS: u32 = 16u;

// Float ↔ u32 whose unsigned order is the float order (for atomicMin / atomicMax on floats).
fn float_to_ordered(f: f32) -> u32 {
  let u = bitcast<u32>(f);
  if ((u & 0x80000000u) != 0u) {
    return ~u;
  }
  return u | 0x80000000u;
}

fn ordered_to_float(u: u32) -> f32 {
  if ((u & 0x80000000u) != 0u) {
    return bitcast<f32>(u & 0x7fffffffu);
  }
  return bitcast<f32>(~u);
}

// The exponent e with extent < 2^e, read from the float's exponent bits (0 for 0 or a denormal).
fn square_exponent(extent: f32) -> i32 {
  let biased = i32((bitcast<u32>(extent) >> 23u) & 0xffu);
  if (biased == 0) {
    return 0;
  }
  return biased - 127 + 1;
}

// bounds = ordered (min x, min y, max x, max y): the root square's corner and exponent.
struct Square {
  min: vec2<f32>,
  exponent: i32,
}

fn root_square(b0: u32, b1: u32, b2: u32, b3: u32) -> Square {
  let mn = vec2<f32>(ordered_to_float(b0), ordered_to_float(b1));
  let mx = vec2<f32>(ordered_to_float(b2), ordered_to_float(b3));
  let extent = max(mx.x - mn.x, mx.y - mn.y);
  return Square(mn, square_exponent(extent));
}
