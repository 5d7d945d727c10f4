// Bodies into Morton order: slot k gets body vals[k] (a gather: coalesced writes, one writer a slot).
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> vals: array<u32>;
@group(0) @binding(2) var<storage, read> pos_in: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> vel_in: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> pos_out: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read_write> vel_out: array<vec4<f32>>;

@compute @workgroup_size(256)
fn permute(@builtin(global_invocation_id) gid: vec3<u32>) {
  let k = gid.x;
  if (k >= params.n) {
    return;
  }
  let i = vals[k];
  pos_out[k] = pos_in[i];
  vel_out[k] = vel_in[i];
}
