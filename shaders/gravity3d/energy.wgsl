// Energy, per workgroup of 256 bodies (twin: energyFrom in components/gravity3d/direct.ts):
// partial[w] = (Σ ½ m v², Σ ½ m φ) over the workgroup's bodies, a tree reduction in workgroup
// memory; the CPU adds the partials in float64. φ is the walk's (or the O(N²) kernel's) potential.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> vel: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> acc: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> partial: array<vec2<f32>>;

var<workgroup> red: array<vec2<f32>, 256>;

@compute @workgroup_size(256)
fn energy_partial(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let i = gid.x;
  var e = vec2<f32>(0.0);
  if (i < params.n) {
    let m = pos[i].w;
    let v = vel[i].xyz;
    e = vec2<f32>(0.5 * m * dot(v, v), 0.5 * m * acc[i].w);
  }
  red[lid] = e;
  workgroupBarrier();
  for (var s = 128u; s > 0u; s = s >> 1u) {
    if (lid < s) {
      red[lid] = red[lid] + red[lid + s];
    }
    workgroupBarrier();
  }
  if (lid == 0u) {
    partial[wid.x] = red[0];
  }
}
