// Write this kernel: turn the inclusive scan of the cell counts into each cell's
// start. inclusive[c] counts the particles in cells 0..c; the start of cell c is
// the number of particles in the cells before it. starts has n + 1 entries: the
// last is the total, so cell c always spans starts[c] .. starts[c + 1].

struct Size {
  n: u32,
  _pad: u32,
}

@group(0) @binding(0) var<uniform> size: Size;
@group(0) @binding(1) var<storage, read> inclusive: array<u32>;
@group(0) @binding(2) var<storage, read_write> starts: array<u32>;

@compute @workgroup_size(256)
fn shift_exclusive(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= size.n) {
    return;
  }
  // TODO: cell i starts where cell i - 1 ends; and somebody writes starts[n].
  starts[i] = inclusive[i];
}
