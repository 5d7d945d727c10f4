// The exact O(N²) sum with workgroup-shared tiles (twin: directAccelerations in
// components/gravity/direct.ts; the tiling of Nyland, Harris & Prins 2007, "Fast N-body
// simulation with CUDA", GPU Gems 3 ch. 31): each workgroup loads 256 bodies into workgroup
// memory once, and all its threads read them from there, so each body is fetched from
// global memory N/256 times instead of N times. The self term is skipped by its zero distance.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> pm: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> va: array<vec4<f32>>;

const TILE: u32 = 256u;
var<workgroup> tile: array<vec4<f32>, TILE>;

@compute @workgroup_size(256)
fn direct(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let i = gid.x;
  var p = vec2<f32>(0.0);
  if (i < params.n) {
    p = pm[i].xy;
  }
  // essay:begin tile-loop
  var acc = vec2<f32>(0.0);
  let tiles = (params.n + TILE - 1u) / TILE;
  for (var t = 0u; t < tiles; t++) {
    let j = t * TILE + lid;
    var b = vec4<f32>(0.0);
    if (j < params.n) {
      b = pm[j];
    }
    tile[lid] = b;
    workgroupBarrier();
    for (var k = 0u; k < TILE; k++) {
      let q = tile[k];
      let d = q.xy - p;
      let r2 = dot(d, d) + params.eps2;
      // r2 = 0 only for the body itself with no softening: skip it
      let w = select(0.0, q.z / (r2 * sqrt(r2)), r2 > 0.0);
      acc = acc + d * w;
    }
    workgroupBarrier();
  }
  // essay:end tile-loop
  if (i >= params.n) {
    return;
  }
  acc = params.G * acc;
  if (params.ext.z > 0.0) {
    let d = params.ext.xy - p;
    let r2 = dot(d, d) + params.eps2;
    acc = acc + params.G * d * (params.ext.z / (r2 * sqrt(r2)));
  }
  va[i] = vec4<f32>(va[i].xy, acc);
}
