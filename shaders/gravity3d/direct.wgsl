// The exact O(N²) sum, tiled through workgroup memory (twin: direct3 in components/gravity3d/direct.ts):
// each workgroup loads 256 bodies at a time; every thread adds their softened pulls (but its own).
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> acc: array<vec4<f32>>;

var<workgroup> tile: array<vec4<f32>, 256>;

@compute @workgroup_size(256)
fn direct(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let i = gid.x;
  let n = params.n;
  var p = vec3<f32>(0.0);
  if (i < n) {
    p = pos[i].xyz;
  }
  var a = vec3<f32>(0.0);
  var phi = 0.0;
  for (var t = 0u; t < n; t += 256u) {
    let j = t + lid;
    tile[lid] = select(vec4<f32>(0.0), pos[min(j, n - 1u)], j < n);
    workgroupBarrier();
    for (var k = 0u; k < 256u; k++) {
      let q = tile[k];
      let e = q.xyz - p;
      if (t + k != i) {
        let inv = inverseSqrt(dot(e, e) + params.eps2);
        a = a + e * (q.w * inv * inv * inv);
        phi = phi - q.w * inv;
      }
    }
    workgroupBarrier();
  }
  if (i < n) {
    acc[i] = vec4<f32>(a * params.G, phi * params.G);
  }
}
