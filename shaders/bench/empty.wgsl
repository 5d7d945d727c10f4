// Reference kernel of the benchmark harness: a dispatch that does no work. It binds a
// writable buffer (written by no thread in practice) so that the driver orders it after
// the previous dispatch like the pipelines' dependent dispatches: its cost is the fixed
// price of one dispatch in a pass.
@group(0) @binding(0) var<storage, read_write> sink: array<u32>;

@compute @workgroup_size(64)
fn empty(@builtin(global_invocation_id) gid: vec3<u32>) {
  if (gid.x == 0xffffffffu) {
    sink[0] = 1u;
  }
}
