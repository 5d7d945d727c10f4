// One octree level in 3 dispatches instead of tree.wgsl's 5 (flag, scan ×3, scatter), the same
// nodes (twin: buildOctreeTwin in components/gravity3d/tree.ts):
//   tree_flag_ranked:    the flags of a block of SCAN_BLOCK bodies, scanned in workgroup memory
//                        (scan_common.wgsl's scan): rank[i] = the flags before i in its block, and
//                        block_offset[b] = the block's total (what scan_local writes);
//   (scan_sums):         the block totals scanned in one workgroup into block offsets, and rank[n]
//                        = the level's node count (scan.wgsl, bound to flags, rank, block_offset);
//   tree_scatter_ranked: tree.wgsl's scatter with rank[i] + block_offset[i / SCAN_BLOCK] as the rank
//                        (what scan_add would have added).
// One flag workgroup per scan block, so no workgroup reads another's total: the scan of the totals
// is its own dispatch (a build that summed them in every workgroup was slower at 1M bodies).
// The root comes from tree.wgsl's tree_init; the flag and the scatter from tree_common.wgsl.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<uniform> pass_info: Pass;
@group(0) @binding(2) var<storage, read> keys: array<u32>;
@group(0) @binding(3) var<storage, read_write> nodes: array<vec4<u32>>;
@group(0) @binding(4) var<storage, read_write> parent: array<u32>;
@group(0) @binding(5) var<storage, read_write> flags: array<u32>;
@group(0) @binding(6) var<storage, read_write> rank: array<u32>;
@group(0) @binding(7) var<storage, read_write> level_count: array<u32>;
@group(0) @binding(8) var<storage, read_write> block_offset: array<u32>;

// A block's flags, first in body order (lane-strided, so that reads of keys and parents coalesce),
// then read back 4 consecutive per lane for the scan; afterwards the same array holds the ranks.
var<workgroup> block_flags: array<u32, SCAN_BLOCK>;

@compute @workgroup_size(256)
fn tree_flag_ranked(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let first = wid.x * SCAN_BLOCK;
  for (var k = 0u; k < 4u; k++) {
    let i = first + k * 256u + lid;
    var f = 0u;
    if (i < params.n) {
      f = starts_node(i, pass_info.value);
      flags[i] = f;
    }
    block_flags[k * 256u + lid] = f;
  }
  workgroupBarrier();
  var v: array<u32, 4>;
  var total = 0u;
  for (var k = 0u; k < 4u; k++) {
    v[k] = total;
    total = total + block_flags[lid * 4u + k];
  }
  // every lane reaches this call: it holds the workgroup barriers of the scan
  let inclusive = workgroup_inclusive(lid, total);
  let before = inclusive - total;
  for (var k = 0u; k < 4u; k++) {
    block_flags[lid * 4u + k] = before + v[k];
  }
  if (lid == 255u) {
    block_offset[wid.x] = inclusive;
  }
  workgroupBarrier();
  for (var k = 0u; k < 4u; k++) {
    let i = first + k * 256u + lid;
    if (i < params.n) {
      rank[i] = block_flags[k * 256u + lid];
    }
  }
}

// Within a block rank[] holds local ranks; rank[n] is scan_sums' total, whole.
fn rank_of(i: u32) -> u32 {
  if (i == params.n) {
    return rank[i];
  }
  return rank[i] + block_offset[i / SCAN_BLOCK];
}

@compute @workgroup_size(256)
fn tree_scatter_ranked(@builtin(global_invocation_id) gid: vec3<u32>) {
  scatter_level(gid.x);
}
