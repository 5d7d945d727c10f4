// Reference kernel of the benchmark harness: a plain streaming copy, 16 bytes per thread.
// Its bytes moved per second (read + write) are the yardstick the pipelines' effective
// bandwidth is compared with. 2D dispatch: the x extent stays under the 65,535 limit.
@group(0) @binding(0) var<storage, read> src: array<vec4<u32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4<u32>>;

@compute @workgroup_size(256)
fn copy(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = gid.x + gid.y * groups.x * 256u;
  if (i < arrayLength(&dst)) {
    dst[i] = src[i];
  }
}
