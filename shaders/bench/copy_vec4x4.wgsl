// Reference kernel of the benchmark harness: the fastest plain copy we have, four
// vec4<f32> (64 bytes) per thread. Thread t copies elements t, t + T, t + 2T and t + 3T
// (T = the number of threads), so each of its four loads is coalesced with its
// neighbours' and four independent loads are in flight per thread. Its bytes moved per
// second (read + write) bound what a kernel that streams memory can reach on the device.
// 2D dispatch: the x extent stays under the 65,535 limit.
@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;

@compute @workgroup_size(256)
fn copy4(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let t = gid.x + gid.y * groups.x * 256u;
  let stride = arrayLength(&dst) / 4u;
  if (t < stride) {
    let a = src[t];
    let b = src[t + stride];
    let c = src[t + 2u * stride];
    let d = src[t + 3u * stride];
    dst[t] = a;
    dst[t + stride] = b;
    dst[t + 2u * stride] = c;
    dst[t + 3u * stride] = d;
  }
}
