// Bodies into Morton order: slot k of the output gets body vals[k] of the input (a gather,
// so every write is coalesced and no two threads write one slot).
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> vals: array<u32>;
@group(0) @binding(2) var<storage, read> pm_in: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> va_in: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> pm_out: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read_write> va_out: array<vec4<f32>>;

@compute @workgroup_size(256)
fn permute(@builtin(global_invocation_id) gid: vec3<u32>) {
  let k = gid.x;
  if (k >= params.n) {
    return;
  }
  let i = vals[k];
  pm_out[k] = pm_in[i];
  va_out[k] = va_in[i];
}
