// Shared declarations of the 3D gravity kernels (Barnes–Hut on an octree; twin: components/gravity3d/).
// Bodies: pos = (x, y, z, mass), vel = (vx, vy, vz, galaxy tag), acc = (ax, ay, az, potential φ).
// The field names n and num_blocks are the ones shaders/gravity/radix.wgsl reads: that sort is reused as written.
struct Params {
  n: u32,             // body count
  leaf_capacity: u32, // a cell with more bodies is split
  num_blocks: u32,    // radix blocks: ceil(n / 256)
  zero: u32,          // always 0, known only at run time (com.wgsl: keeps a product from fusing)
  G: f32,
  eps2: f32,          // softening length squared
  inv_theta: f32,     // 1/θ (θ = 0: the walk opens every cell)
  dt: f32,
  level_base: array<vec4<u32>, 3>, // first node slot of level L at [L / 4][L % 4]; [11] = capacity
}

// One octree node: bodies [lo, hi) of the sorted order, children [first, first + kids).
// nodes[j] = vec4(lo, hi, first, kids); sums[j] = (Σm·x, Σm·y, Σm·z, Σm).

// What the walk reads of a node (written by com.wgsl): centre of mass and mass; link = first
// child (internal) or first body (leaf); count = children or bodies; open2 = (s/θ + δ)².
struct WalkNode {
  com: vec3<f32>,
  mass: f32,
  link: u32,
  count: u32,
  internal: u32,
  open2: f32,
}

// A per-dispatch constant: the tree level, or the radix pass's bit shift.
struct Pass {
  value: u32,
}

const NONE: u32 = 0xffffffffu;
const MAX_LEVEL: u32 = 10u;
const BITS3: u32 = 10u;

fn level_base(L: u32) -> u32 {
  return params.level_base[L / 4u][L % 4u];
}

// Float ↔ u32 whose unsigned order is the float order (atomicMin / atomicMax on floats).
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

// The exponent e with extent < 2^e, from the float's exponent bits (0 for 0 or a denormal).
fn cube_exponent(extent: f32) -> i32 {
  let biased = i32((bitcast<u32>(extent) >> 23u) & 0xffu);
  if (biased == 0) {
    return 0;
  }
  return biased - 127 + 1;
}

struct Cube {
  min: vec3<f32>,
  exponent: i32,
}

// bounds = ordered (min x, min y, min z, max x, max y, max z): the root cube.
fn root_cube(b: array<u32, 6>) -> Cube {
  let mn = vec3<f32>(ordered_to_float(b[0]), ordered_to_float(b[1]), ordered_to_float(b[2]));
  let mx = vec3<f32>(ordered_to_float(b[3]), ordered_to_float(b[4]), ordered_to_float(b[5]));
  let ext = mx - mn;
  return Cube(mn, cube_exponent(max(ext.x, max(ext.y, ext.z))));
}

// Bits 0, 3, 6, … of v packed into 10 bits (the inverse of keys.wgsl's spread).
fn compact3(v0: u32) -> u32 {
  var v = v0 & 0x09249249u;
  v = (v | (v >> 2u)) & 0x030c30c3u;
  v = (v | (v >> 4u)) & 0x0300f00fu;
  v = (v | (v >> 8u)) & 0x030000ffu;
  v = (v | (v >> 16u)) & 0x3ffu;
  return v;
}
