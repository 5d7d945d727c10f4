// Leapfrog, kick–drift–kick (twin: components/gravity/leapfrog.ts). va = (vx, vy, ax, ay).
//   kick_drift: v += a·dt/2; x += v·dt   (before the forces)
//   kick:       v += a·dt/2              (after the forces, with the new a)
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> pm: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> va: array<vec4<f32>>;

@compute @workgroup_size(256)
fn kick_drift(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= params.n) {
    return;
  }
  var s = va[i];
  let v = s.xy + s.zw * (0.5 * params.dt);
  va[i] = vec4<f32>(v, s.zw);
  pm[i] = vec4<f32>(pm[i].xy + v * params.dt, pm[i].zw);
}

@compute @workgroup_size(256)
fn kick(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= params.n) {
    return;
  }
  let s = va[i];
  va[i] = vec4<f32>(s.xy + s.zw * (0.5 * params.dt), s.zw);
}
