// Morton keys over the bounding square (twin: components/gravity/morton.ts).
//   bounds_clear: reset the four ordered bounds (1 thread);
//   bounds:       min/max of x and y, a workgroup reduction then one atomic per workgroup;
//   keys:         key = interleave(cell x, cell y) with cell = floor((v − min)·2^(16−e)),
//                 an exact power-of-two scaling; vals = body index (the sort's payload).
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> pm: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> bounds: array<atomic<u32>, 4>;
@group(0) @binding(3) var<storage, read_write> keys: array<u32>;
@group(0) @binding(4) var<storage, read_write> vals: array<u32>;

var<workgroup> wb: array<atomic<u32>, 4>;

@compute @workgroup_size(1)
fn bounds_clear() {
  atomicStore(&bounds[0], 0xffffffffu);
  atomicStore(&bounds[1], 0xffffffffu);
  atomicStore(&bounds[2], 0u);
  atomicStore(&bounds[3], 0u);
}

@compute @workgroup_size(256)
fn bounds_reduce(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    atomicStore(&wb[0], 0xffffffffu);
    atomicStore(&wb[1], 0xffffffffu);
    atomicStore(&wb[2], 0u);
    atomicStore(&wb[3], 0u);
  }
  workgroupBarrier();
  let i = gid.x;
  if (i < params.n) {
    let p = pm[i];
    let ox = float_to_ordered(p.x);
    let oy = float_to_ordered(p.y);
    atomicMin(&wb[0], ox);
    atomicMin(&wb[1], oy);
    atomicMax(&wb[2], ox);
    atomicMax(&wb[3], oy);
  }
  workgroupBarrier();
  if (lid == 0u) {
    atomicMin(&bounds[0], atomicLoad(&wb[0]));
    atomicMin(&bounds[1], atomicLoad(&wb[1]));
    atomicMax(&bounds[2], atomicLoad(&wb[2]));
    atomicMax(&bounds[3], atomicLoad(&wb[3]));
  }
}

fn spread_bits(v0: u32) -> u32 {
  var v = v0 & 0xffffu;
  v = (v | (v << 8u)) & 0x00ff00ffu;
  v = (v | (v << 4u)) & 0x0f0f0f0fu;
  v = (v | (v << 2u)) & 0x33333333u;
  v = (v | (v << 1u)) & 0x55555555u;
  return v;
}

fn cell_coord(v: f32, mn: f32, e: i32) -> u32 {
  let c = floor(ldexp(v - mn, i32(BITS_PER_AXIS) - e));
  return u32(clamp(c, 0.0, 65535.0));
}

@compute @workgroup_size(256)
fn keys_compute(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= params.n) {
    return;
  }
  let sq = root_square(atomicLoad(&bounds[0]), atomicLoad(&bounds[1]), atomicLoad(&bounds[2]), atomicLoad(&bounds[3]));
  let p = pm[i];
  let cx = cell_coord(p.x, sq.min.x, sq.exponent);
  let cy = cell_coord(p.y, sq.min.y, sq.exponent);
  keys[i] = spread_bits(cx) | (spread_bits(cy) << 1u);
  vals[i] = i;
}
