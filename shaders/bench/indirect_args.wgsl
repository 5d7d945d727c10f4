// Reference kernel of bench/indirect.ts: a dispatch that does no work but write the next
// dispatch's indirect arguments (one workgroup), as each level of the gravity tree build does.
// Binding 1 is the buffer this dispatch writes; the next dispatch reads its arguments from it
// (a dispatch may not write the buffer its own arguments come from, so two alternate).
@group(0) @binding(0) var<storage, read_write> sink: array<u32>;
@group(0) @binding(1) var<storage, read_write> next_args: array<u32>;

@compute @workgroup_size(64)
fn write_args(@builtin(global_invocation_id) gid: vec3<u32>) {
  if (gid.x == 0u) {
    next_args[0] = 1u;
    next_args[1] = 1u;
    next_args[2] = 1u;
  }
  if (gid.x == 0xffffffffu) {
    sink[0] = 1u;
  }
}
