// Merging, step 1 of 3 (twin: markTwin in components/dust/twin.ts): a pair merges when each
// of its two bodies proposed the other (a body proposes only its lowest-slot candidate, so
// a body merges at most once per substep, and the pair of lowest slots among all candidates
// always agrees: no cycle can stall it). The pair's lower slot survives and takes the other.
// Writes 1 per surviving slot into `flags` (the counts the scan sums: its starts are then
// each survivor's new slot), and clears the running maxima the compaction writes.
// Composed after common/grid.wgsl, common/dispatch.wgsl and dust/common.wgsl.
@group(0) @binding(0) var<uniform> dust: Dust;
@group(0) @binding(1) var<storage, read> partner: array<u32>;
@group(0) @binding(2) var<storage, read> pm: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> flags: array<u32>;
@group(0) @binding(4) var<storage, read_write> state: array<atomic<u32>, STATE_WORDS>;
// the compaction's scan (the sort's scan_single.wgsl, one "cell" per slot): its grid gives the
// scan's blocks, and with several blocks the flags' block totals go to block_counts, as the
// sort's count pass adds them (sort/count.wgsl, count_blocks: per workgroup first, then one
// global add per block); merge_compact clears them after the scan
@group(0) @binding(5) var<uniform> grid: Grid;
@group(0) @binding(6) var<storage, read_write> block_counts: array<atomic<u32>>;

var<workgroup> local_blocks: array<atomic<u32>, 256>;

// essay:begin accept
fn absorbed(i: u32) -> bool {
  let j = partner[i];
  return j != NO_PARTNER && j < i && partner[j] == i;
}
// essay:end accept

@compute @workgroup_size(256)
fn merge_mark(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let i = thread_index(wid, nwg, lid);
  // the maxima and sums the compaction rebuilds: largest mass, total mass, the mass histogram
  if (i < COUNTER_WORDS && i != 0u && i != 2u) {
    atomicStore(&state[i], 0u);
  }
  // no early return: with block totals every thread must reach the barrier
  var flag = 0u;
  if (i < dust.n) {
    flag = select(0u, 1u, pm[i].z > 0.0 && !absorbed(i));
    flags[i] = flag;
  }
  if (grid.scan_blocks > 1u) {
    if (flag != 0u) {
      atomicAdd(&local_blocks[i / grid.block_cells], 1u);
    }
    workgroupBarrier();
    let total = atomicLoad(&local_blocks[lid]);
    if (total != 0u) {
      atomicAdd(&block_counts[lid], total);
    }
  }
}
