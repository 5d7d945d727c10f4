// Counting sort: zero the histogram. One thread per cell. The production sort does not
// run it (its scan leaves the counts at zero); the teaching sort does, before counting.
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read_write> counts: array<u32>;

@compute @workgroup_size(256)
fn clear(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
         @builtin(local_invocation_index) lid: u32) {
  let c = thread_index(wid, nwg, lid);
  if (c < grid.num_cells) {
    counts[c] = 0u;
  }
}
