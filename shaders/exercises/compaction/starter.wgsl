// Write this kernel: the compaction that follows a merge. A body of mass 0 was
// absorbed and must leave the list; the others (survivors) keep their order and
// move to the front. starts is the exclusive scan of the survivor flags
// (flag = mass > 0), with starts[n] = the number of survivors: survivor i goes
// to slot starts[i]. The absorbed follow the survivors, also in their old order,
// so that no slot is left unwritten: i - starts[i] absorbed bodies come before i.

struct Size {
  n: u32,
  _pad: u32,
}

@group(0) @binding(0) var<uniform> size: Size;
@group(0) @binding(1) var<storage, read> mass: array<f32>;
@group(0) @binding(2) var<storage, read> ids: array<u32>;
@group(0) @binding(3) var<storage, read> starts: array<u32>;
@group(0) @binding(4) var<storage, read_write> out_ids: array<u32>;

@compute @workgroup_size(256)
fn compact(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= size.n) {
    return;
  }
  let live = starts[size.n]; // how many survive
  // TODO: survivors to the front, the absorbed after them.
  out_ids[i] = ids[i];
}
