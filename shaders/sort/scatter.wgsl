// Counting sort, phase 3: the scatter. Each particle claims the next free slot of its
// cell with an atomic add on the cursor (which the scan filled with the cell starts) and
// copies its whole state there. Order inside a cell is whatever the atomics hand out.
// The scan has read the block totals that the count pass added up (scan_single.wgsl), so
// the first grid.scan_blocks threads set them back to zero for the next count: the sort
// needs no clear dispatch. (Any sort of ≥ 1 particle dispatches ≥ 256 ≥ scan_blocks
// threads here; a sort of 0 particles adds nothing to clear.)
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read> src: array<Particle>;
@group(0) @binding(2) var<storage, read_write> dst: array<Particle>;
@group(0) @binding(3) var<storage, read_write> cursor: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read_write> block_counts: array<u32>;

@compute @workgroup_size(256)
fn scatter(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
           @builtin(local_invocation_index) lid: u32) {
  let i = thread_index(wid, nwg, lid);
  if (i < grid.scan_blocks) {
    block_counts[i] = 0u;
  }
  if (i >= grid.num_particles) {
    return;
  }
  let p = src[i];
  let slot = atomicAdd(&cursor[p.key], 1u);
  dst[slot] = p;
}
