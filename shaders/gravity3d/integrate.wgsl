// Leapfrog, kick–drift–kick (twin: Gravity3Twin.step in components/gravity3d/twin.ts).
//   kick_drift: v += a·dt/2; x += v·dt   (before the forces)
//   kick:       v += a·dt/2              (after the forces, with the new a)
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> vel: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> acc: array<vec4<f32>>;

@compute @workgroup_size(256)
fn kick_drift(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= params.n) {
    return;
  }
  let v = vel[i].xyz + acc[i].xyz * (0.5 * params.dt);
  vel[i] = vec4<f32>(v, vel[i].w);
  pos[i] = vec4<f32>(pos[i].xyz + v * params.dt, pos[i].w);
}

@compute @workgroup_size(256)
fn kick(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= params.n) {
    return;
  }
  vel[i] = vec4<f32>(vel[i].xyz + acc[i].xyz * (0.5 * params.dt), vel[i].w);
}
