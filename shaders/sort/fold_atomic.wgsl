// The next sort's count folded into a simulation's integrating pass (sand/forces.wgsl,
// water/force.wgsl), one atomicAdd per particle: the count.wgsl path, for devices without
// subgroups and CPU emulations. Composed after count_cell.wgsl, whose functions do the adds.
// The pass has just written the particle's new state into slot i of the buffer the next
// substep sorts; it stores the new key into that particle itself (scatter.wgsl reads it
// there), then calls fold_count, so the next substep's sort needs only its scan and scatter.
// components/sort/gpu-sort.ts (foldCountPaths) picks this file or fold_runs.wgsl.
@group(1) @binding(0) var<storage, read_write> counts: array<atomic<u32>>;
@group(1) @binding(1) var<storage, read_write> block_counts: array<atomic<u32>>;

// Whether the caller should hand each of a particle's lanes its key (fold_runs.wgsl does).
const FOLD_SHARES_KEYS: bool = false;

// false: built for one scan block, without the block-total branch and its barrier (which a CPU
// emulation pays for even when the branch is never taken): foldCountConstants in gpu-sort.ts.
override fold_blocks: bool = true;

// Counts particle i at cell `key` when `live` (the lane that wrote it). Every thread of the
// workgroup must call it, in uniform control flow (the block totals take a barrier).
fn fold_count(i: u32, key: u32, live: bool, lid: u32) {
  if (fold_blocks && grid.scan_blocks > 1u) {
    if (live) {
      count_cell_blocks(key, 1u);
    }
    workgroupBarrier();
    flush_count_bins(lid);
  } else if (live) {
    count_cell(key, 1u);
  }
}
