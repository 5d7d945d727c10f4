// Counting sort, phase 1, with one atomic per run of equal keys (runs.wgsl) instead of one
// per particle: what count.wgsl computes (same keys, same histogram, same block totals),
// for devices with the `subgroups` feature. On input already in cell order, one particle
// per atomic serialises on the few counters a subgroup shares; a run's head adds the whole
// run at once. Same coarsening and block totals as count.wgsl (read its comments); every
// thread stays to the end of the loop, because the subgroup operations need all lanes. The
// histogram and block-total adds are count_cell.wgsl's.
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(2) var<storage, read_write> counts: array<atomic<u32>>;
@group(0) @binding(3) var<storage, read_write> block_counts: array<atomic<u32>>;
// keys[i]: particle i's cell key, for the entry points that keep the keys in their own array
// (`..._keys`): they leave the particle untouched, so the count reads 8 B of position per
// particle and writes 4 B, where storing the key into the 24-byte particle rewrites its
// every cache sector. scatter_runs.wgsl's `scatter_runs_keys` reads the key from here.
@group(0) @binding(4) var<storage, read_write> keys: array<u32>;

const RUN_COUNT_THREADS: u32 = 256u;

// Key of particle i (written into its state), or NO_KEY past the last particle.
fn key_of_particle(i: u32) -> u32 {
  if (i >= grid.num_particles) {
    return NO_KEY;
  }
  let key = cell_key(grid, particles[i].pos);
  particles[i].key = key;
  return key;
}

// The same into keys[i], the particle left as it is.
fn key_into_array(i: u32) -> u32 {
  if (i >= grid.num_particles) {
    return NO_KEY;
  }
  let key = cell_key(grid, particles[i].pos);
  keys[i] = key;
  return key;
}

// One scan block (grid.scan_blocks <= 1): the histogram only.
@compute @workgroup_size(256)
fn count_runs(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
              @builtin(local_invocation_index) lid: u32,
              @builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32) {
  let k = max(grid.count_per_thread, 1u);
  let first = thread_index(wid, nwg, 0u) * k;
  for (var j = 0u; j < k; j++) {
    let key = key_of_particle(first + j * RUN_COUNT_THREADS + lid);
    let run = key_run(key, lane, size);
    if (key != NO_KEY && run.head == lane) {
      count_cell(key, run.len);
    }
  }
}

// Several scan blocks: the histogram and the block totals (per workgroup, then one global
// add per non-empty block, as count.wgsl's count_blocks).
@compute @workgroup_size(256)
fn count_runs_blocks(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
                     @builtin(local_invocation_index) lid: u32,
                     @builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32) {
  let k = max(grid.count_per_thread, 1u);
  let first = thread_index(wid, nwg, 0u) * k;
  for (var j = 0u; j < k; j++) {
    let key = key_of_particle(first + j * RUN_COUNT_THREADS + lid);
    let run = key_run(key, lane, size);
    if (key != NO_KEY && run.head == lane) {
      count_cell_blocks(key, run.len);
    }
  }
  workgroupBarrier();
  flush_count_bins(lid);
}

// count_runs with the keys in their own array.
@compute @workgroup_size(256)
fn count_runs_keys(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
              @builtin(local_invocation_index) lid: u32,
              @builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32) {
  let k = max(grid.count_per_thread, 1u);
  let first = thread_index(wid, nwg, 0u) * k;
  for (var j = 0u; j < k; j++) {
    let key = key_into_array(first + j * RUN_COUNT_THREADS + lid);
    let run = key_run(key, lane, size);
    if (key != NO_KEY && run.head == lane) {
      count_cell(key, run.len);
    }
  }
}

// count_runs_blocks with the keys in their own array.
@compute @workgroup_size(256)
fn count_runs_blocks_keys(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
                     @builtin(local_invocation_index) lid: u32,
                     @builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32) {
  let k = max(grid.count_per_thread, 1u);
  let first = thread_index(wid, nwg, 0u) * k;
  for (var j = 0u; j < k; j++) {
    let key = key_into_array(first + j * RUN_COUNT_THREADS + lid);
    let run = key_run(key, lane, size);
    if (key != NO_KEY && run.head == lane) {
      count_cell_blocks(key, run.len);
    }
  }
  workgroupBarrier();
  flush_count_bins(lid);
}
