// Counting sort, phase 1: the histogram. Each particle computes its cell key, stores it
// in its own state, and bumps that cell's counter with an atomic add. One thread per
// particle. The counters start at zero: the previous sort's scan cleared them.
// When the scan runs in several blocks (grid.scan_blocks > 1, scan_single.wgsl), the
// particle is also added to its block's total, so each scan workgroup knows at once how
// many particles come before its block (the previous sort's scatter cleared those).
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(2) var<storage, read_write> counts: array<atomic<u32>>;
@group(0) @binding(3) var<storage, read_write> block_counts: array<atomic<u32>>;

@compute @workgroup_size(256)
fn count(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
         @builtin(local_invocation_index) lid: u32) {
  let i = thread_index(wid, nwg, lid);
  if (i >= grid.num_particles) {
    return;
  }
  let key = cell_key(grid, particles[i].pos);
  particles[i].key = key;
  atomicAdd(&counts[key], 1u);
  if (grid.scan_blocks > 1u) {
    atomicAdd(&block_counts[key / grid.block_cells], 1u);
  }
}
