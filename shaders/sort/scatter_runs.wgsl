// Counting sort, phase 3, with one atomic per run of equal keys (runs.wgsl): what
// scatter.wgsl does, for devices with the `subgroups` feature. A run's head claims the
// run's length of slots in its cell with one atomic add on the cursor and hands the first
// slot to the run's lanes by a shuffle; each lane copies its particle whole to first slot +
// its rank in the run. Inside a run the particles keep their source order; between runs and
// subgroups the order inside a cell is whatever the atomics hand out, as in scatter.wgsl.
// Clears the block totals as scatter.wgsl does. No early return: the subgroup operations
// need every lane.
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read> src: array<Particle>;
@group(0) @binding(2) var<storage, read_write> dst: array<Particle>;
@group(0) @binding(3) var<storage, read_write> cursor: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read_write> block_counts: array<u32>;
// keys[i]: the key count_runs.wgsl's `..._keys` entry points wrote for src[i] (src's own key
// field is then stale: `scatter_runs_keys` writes the fresh one into the copy).
@group(0) @binding(5) var<storage, read> keys: array<u32>;

@compute @workgroup_size(256)
fn scatter_runs(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
                @builtin(local_invocation_index) lid: u32,
                @builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32) {
  let i = thread_index(wid, nwg, lid);
  if (i < grid.scan_blocks) {
    block_counts[i] = 0u;
  }
  let live = i < grid.num_particles;
  var p: Particle;
  var key = NO_KEY;
  if (live) {
    p = src[i];
    key = p.key;
  }
  let run = key_run(key, lane, size);
  var first = 0u;
  if (live && run.head == lane) {
    first = atomicAdd(&cursor[key], run.len);
  }
  first = subgroupShuffle(first, run.head);
  if (live) {
    dst[first + lane - run.head] = p;
  }
}

// scatter_runs with the keys read from their own array.
@compute @workgroup_size(256)
fn scatter_runs_keys(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
                @builtin(local_invocation_index) lid: u32,
                @builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32) {
  let i = thread_index(wid, nwg, lid);
  if (i < grid.scan_blocks) {
    block_counts[i] = 0u;
  }
  let live = i < grid.num_particles;
  var p: Particle;
  var key = NO_KEY;
  if (live) {
    p = src[i];
    key = keys[i];
    p.key = key;
  }
  let run = key_run(key, lane, size);
  var first = 0u;
  if (live && run.head == lane) {
    first = atomicAdd(&cursor[key], run.len);
  }
  first = subgroupShuffle(first, run.head);
  if (live) {
    dst[first + lane - run.head] = p;
  }
}
