// The next sort's count folded into a simulation's integrating pass, with one atomicAdd per
// run of equal keys in a subgroup (runs.wgsl): the count_runs.wgsl path, for GPUs with the
// `subgroups` feature. Composed after enable_subgroups.wgsl (first), runs.wgsl and
// count_cell.wgsl. Same contract as fold_atomic.wgsl; besides the particle's own key field it
// writes the key into the sort's key array, where scatter_runs.wgsl's `scatter_runs_keys`
// reads it.
@group(1) @binding(0) var<storage, read_write> counts: array<atomic<u32>>;
@group(1) @binding(1) var<storage, read_write> block_counts: array<atomic<u32>>;
@group(1) @binding(2) var<storage, read_write> keys: array<u32>;

// Every lane of a particle should carry its key (NO_KEY for lanes without a particle), so
// that the lanes of neighbouring particles in one cell form one run.
const FOLD_SHARES_KEYS: bool = true;

// Counts particle i at cell `key` when `live`; lanes that share a particle pass its key with
// live false and are not counted. A run's head adds the live lanes of its run. Every thread
// of the workgroup must call it, in uniform control flow, so every lane of each subgroup is
// active: a lane's place in the subgroup is then the count of lanes before it.
fn fold_count(i: u32, key: u32, live: bool, lid: u32) {
  if (live) {
    keys[i] = key;
  }
  let lane = subgroupExclusiveAdd(1u);
  let size = subgroupAdd(1u);
  let run = key_run(key, lane, size);
  let counted = subgroupBallot(live) & run_lanes(run);
  let n = countOneBits(counted.x) + countOneBits(counted.y) + countOneBits(counted.z) + countOneBits(counted.w);
  let head = key != NO_KEY && run.head == lane && n > 0u;
  if (grid.scan_blocks > 1u) {
    if (head) {
      count_cell_blocks(key, n);
    }
    workgroupBarrier();
    flush_count_bins(lid);
  } else if (head) {
    count_cell(key, n);
  }
}
