// The count's body, one source for every pass that counts particles into the sort's
// histogram: the count pass itself (count.wgsl, count_runs.wgsl) and the simulations'
// integrating passes, which count each particle at its new position for the next substep's
// sort (fold_atomic.wgsl, fold_runs.wgsl). The including module declares `grid` (Grid),
// `counts` and `block_counts` (both array<atomic<u32>>). count.wgsl explains why the block
// totals go through workgroup memory first.

// This workgroup's particles per scan block (MAX_SCAN_BLOCKS = 256 = the workgroup size, so
// thread t owns bin t). WGSL zero-initialises workgroup memory at the start of every
// workgroup, and only entry points that use the bins pay for it.
var<workgroup> count_bins: array<atomic<u32>, 256>;

// Adds `len` particles of cell `key` to the histogram.
fn count_cell(key: u32, len: u32) {
  atomicAdd(&counts[key], len);
}

// The same, and `len` to this workgroup's bin of the key's scan block.
fn count_cell_blocks(key: u32, len: u32) {
  atomicAdd(&counts[key], len);
  atomicAdd(&count_bins[key / grid.block_cells], len);
}

// After a workgroupBarrier: thread `lid` adds bin lid to block_counts[lid] once, if non-zero.
fn flush_count_bins(lid: u32) {
  let total = atomicLoad(&count_bins[lid]);
  if (total != 0u) {
    atomicAdd(&block_counts[lid], total);
  }
}
