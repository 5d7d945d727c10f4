// The bucket pass (bucket_common.wgsl) for 16-byte records (vec4_count.wgsl): the key is
// computed from the position here and again in the cell scatter (vec4_scatter.wgsl).
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> dst: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> starts: array<u32>;
@group(0) @binding(4) var<storage, read_write> block_counts: array<atomic<u32>>;

@compute @workgroup_size(256)
fn bucket_vec4(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
               @builtin(local_invocation_index) lid: u32) {
  let first = thread_index(wid, nwg, 0u) * BUCKET_PER_THREAD;
  var items: array<vec4<f32>, BUCKET_PER_THREAD>;
  var rank: array<u32, BUCKET_PER_THREAD>;
  var bucket: array<u32, BUCKET_PER_THREAD>;
  for (var j = 0u; j < BUCKET_PER_THREAD; j++) {
    let i = first + j * 256u + lid;
    bucket[j] = NO_KEY;
    if (i < grid.num_particles) {
      items[j] = src[i];
      bucket[j] = bucket_of(cell_key(grid, items[j].xy));
      rank[j] = bucket_rank(bucket[j]);
    }
  }
  workgroupBarrier();
  bucket_claim(lid);
  workgroupBarrier();
  for (var j = 0u; j < BUCKET_PER_THREAD; j++) {
    if (bucket[j] != NO_KEY) {
      dst[bucket_base[bucket[j]] + rank[j]] = items[j];
    }
  }
}
