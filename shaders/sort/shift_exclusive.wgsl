// Turns an inclusive scan into exclusive cell starts: starts[0] = 0, starts[c] = inclusive[c - 1],
// and starts[n] = the total (so cell c spans starts[c] .. starts[c + 1]). Also fills the
// scatter cursor with the starts.
struct Size {
  n: u32,
  _pad: u32,
}

@group(0) @binding(0) var<uniform> size: Size;
@group(0) @binding(1) var<storage, read> inclusive: array<u32>;
@group(0) @binding(2) var<storage, read_write> starts: array<u32>;
@group(0) @binding(3) var<storage, read_write> cursor: array<u32>;

@compute @workgroup_size(256)
fn shift_exclusive(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= size.n) {
    return;
  }
  var start = 0u;
  if (i > 0u) {
    start = inclusive[i - 1u];
  }
  starts[i] = start;
  cursor[i] = start;
  if (i == size.n - 1u) {
    starts[size.n] = inclusive[i];
  }
}
