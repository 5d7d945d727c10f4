// Counting sort, phase 3, for 16-byte records (vec4_count.wgsl): scatter_runs.wgsl's scatter
// with the key computed again from the record's position (the count stored none). Each run
// of equal keys in a subgroup claims its slots with one atomic; every record is copied whole,
// 16 bytes, one aligned store. Clears the block totals as scatter.wgsl does. Composed after
// enable_subgroups.wgsl, the common files and runs.wgsl.
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> dst: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> cursor: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read_write> block_counts: array<u32>;

@compute @workgroup_size(256)
fn scatter_vec4_runs(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
                     @builtin(local_invocation_index) lid: u32,
                     @builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32) {
  let i = thread_index(wid, nwg, lid);
  if (i < grid.scan_blocks) {
    block_counts[i] = 0u;
  }
  let live = i < grid.num_particles;
  var r = vec4<f32>(0.0);
  var key = NO_KEY;
  if (live) {
    r = src[i];
    key = cell_key(grid, r.xy);
  }
  let run = key_run(key, lane, size);
  var first = 0u;
  if (live && run.head == lane) {
    first = atomicAdd(&cursor[key], run.len);
  }
  first = subgroupShuffle(first, run.head);
  if (live) {
    dst[first + lane - run.head] = r;
  }
}
