// Counting sort, phase 0: zero the histogram. One thread per cell.
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read_write> counts: array<u32>;

@compute @workgroup_size(256)
fn clear(@builtin(global_invocation_id) gid: vec3<u32>) {
  let c = gid.x;
  if (c < grid.num_cells) {
    counts[c] = 0u;
  }
}
