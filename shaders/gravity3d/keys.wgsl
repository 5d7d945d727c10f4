// Morton keys over the bounding cube (twin: components/gravity3d/morton.ts).
//   bounds_clear:  reset the six ordered bounds (1 thread);
//   bounds_reduce: min/max of x, y, z: a workgroup reduction, then one atomic each per workgroup;
//   keys_compute:  key = x, y, z cell bits interleaved (10 each, x lowest), cell = floor((v − min)·2^(10−e)),
//                  an exact power-of-two scaling; vals = body index (the sort's payload).
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> bounds: array<atomic<u32>, 6>;
@group(0) @binding(3) var<storage, read_write> keys: array<u32>;
@group(0) @binding(4) var<storage, read_write> vals: array<u32>;

var<workgroup> wb: array<atomic<u32>, 6>;

@compute @workgroup_size(1)
fn bounds_clear() {
  for (var k = 0u; k < 3u; k++) {
    atomicStore(&bounds[k], 0xffffffffu);
    atomicStore(&bounds[k + 3u], 0u);
  }
}

@compute @workgroup_size(256)
fn bounds_reduce(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  if (lid < 3u) {
    atomicStore(&wb[lid], 0xffffffffu);
    atomicStore(&wb[lid + 3u], 0u);
  }
  workgroupBarrier();
  let i = gid.x;
  if (i < params.n) {
    let p = pos[i];
    for (var k = 0u; k < 3u; k++) {
      let o = float_to_ordered(p[k]);
      atomicMin(&wb[k], o);
      atomicMax(&wb[k + 3u], o);
    }
  }
  workgroupBarrier();
  if (lid < 3u) {
    atomicMin(&bounds[lid], atomicLoad(&wb[lid]));
    atomicMax(&bounds[lid + 3u], atomicLoad(&wb[lid + 3u]));
  }
}

fn spread3(v0: u32) -> u32 {
  var v = v0 & 0x3ffu;
  v = (v | (v << 16u)) & 0x030000ffu;
  v = (v | (v << 8u)) & 0x0300f00fu;
  v = (v | (v << 4u)) & 0x030c30c3u;
  v = (v | (v << 2u)) & 0x09249249u;
  return v;
}

fn cell_coord(v: f32, mn: f32, e: i32) -> u32 {
  let c = floor(ldexp(v - mn, i32(BITS3) - e));
  return u32(clamp(c, 0.0, 1023.0));
}

fn read_bounds() -> array<u32, 6> {
  return array<u32, 6>(atomicLoad(&bounds[0]), atomicLoad(&bounds[1]), atomicLoad(&bounds[2]), atomicLoad(&bounds[3]), atomicLoad(&bounds[4]), atomicLoad(&bounds[5]));
}

@compute @workgroup_size(256)
fn keys_compute(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= params.n) {
    return;
  }
  let cube = root_cube(read_bounds());
  let p = pos[i];
  let cx = cell_coord(p.x, cube.min.x, cube.exponent);
  let cy = cell_coord(p.y, cube.min.y, cube.exponent);
  let cz = cell_coord(p.z, cube.min.z, cube.exponent);
  keys[i] = spread3(cx) | (spread3(cy) << 1u) | (spread3(cz) << 2u);
  vals[i] = i;
}
