// Counting sort, phase 1, for 16-byte records (CountingSortOptions.record "vec4"): each record
// is one vec4<f32> = (position x, position y, velocity x, velocity y), the layout the
// original series' sort moves. Same histogram and block totals as count_runs.wgsl (one
// atomic per run of equal keys, same coarsening), but the key is not stored anywhere: the
// scatter (vec4_scatter.wgsl) computes it again from the position, which costs a few ALU
// operations and saves a 4-byte write and read per record. Composed after
// enable_subgroups.wgsl, the common files, runs.wgsl and count_cell.wgsl.
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read> records: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> counts: array<atomic<u32>>;
@group(0) @binding(3) var<storage, read_write> block_counts: array<atomic<u32>>;

// Key of record i, or NO_KEY past the last record.
fn record_key(i: u32) -> u32 {
  if (i >= grid.num_particles) {
    return NO_KEY;
  }
  return cell_key(grid, records[i].xy);
}

// One scan block: the histogram only.
@compute @workgroup_size(256)
fn count_vec4_runs(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
                   @builtin(local_invocation_index) lid: u32,
                   @builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32) {
  let k = max(grid.count_per_thread, 1u);
  let first = thread_index(wid, nwg, 0u) * k;
  for (var j = 0u; j < k; j++) {
    let key = record_key(first + j * 256u + lid);
    let run = key_run(key, lane, size);
    if (key != NO_KEY && run.head == lane) {
      count_cell(key, run.len);
    }
  }
}

// Several scan blocks: the histogram and the block totals (count.wgsl explains the bins).
@compute @workgroup_size(256)
fn count_vec4_runs_blocks(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
                          @builtin(local_invocation_index) lid: u32,
                          @builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32) {
  let k = max(grid.count_per_thread, 1u);
  let first = thread_index(wid, nwg, 0u) * k;
  for (var j = 0u; j < k; j++) {
    let key = record_key(first + j * 256u + lid);
    let run = key_run(key, lane, size);
    if (key != NO_KEY && run.head == lane) {
      count_cell_blocks(key, run.len);
    }
  }
  workgroupBarrier();
  flush_count_bins(lid);
}
