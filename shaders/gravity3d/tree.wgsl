// The octree, level by level, from the sorted keys (twin: buildOctreeTwin in
// components/gravity3d/tree.ts). No locks, no pointers followed: per level L = 1..10,
//   tree_flag:    flags[i] = 1 if body i starts a node of level L: its level-(L−1) node
//                 (parent[i]) holds more than leaf_capacity bodies, and i is that node's first
//                 body or its top 3L key bits differ from body i − 1's;
//   (scan.wgsl):  rank = exclusive scan of the flags, rank[n] = the level's node count;
//   tree_scatter: a flagged body writes node level_base(L) + rank[i] = [i, end), end from a
//                 binary search of the keys inside the parent; a parent's first body writes its
//                 first child and child count; every body records its node (or NONE in a leaf).
//   tree_init:    the root [0, n) and parent[i] = 0.
// The same level in 3 dispatches instead of 5 (flag, scan ×3, scatter):
//   tree_flag_ranked:   the flags of a block of SCAN_BLOCK bodies, scanned in workgroup memory
//                       (scan_common.wgsl): rank[i] = the flags before i in its block, and
//                       block_offset[b] = the block's total (what scan_local writes);
//   (scan_sums):        the block totals scanned into block offsets, rank[n] = the node count;
//   tree_scatter_ranked: tree_scatter with rank[i] + block_offset[i / SCAN_BLOCK] as the rank
//                       (what scan_add would have added).
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<uniform> pass_info: Pass;
@group(0) @binding(2) var<storage, read> keys: array<u32>;
@group(0) @binding(3) var<storage, read_write> nodes: array<vec4<u32>>;
@group(0) @binding(4) var<storage, read_write> parent: array<u32>;
@group(0) @binding(5) var<storage, read_write> flags: array<u32>;
@group(0) @binding(6) var<storage, read_write> rank: array<u32>;
@group(0) @binding(7) var<storage, read_write> level_count: array<u32>;
@group(0) @binding(8) var<storage, read_write> block_offset: array<u32>;

@compute @workgroup_size(256)
fn tree_init(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i == 0u) {
    nodes[0] = vec4<u32>(0u, params.n, NONE, 0u);
    level_count[0] = 1u;
  }
  if (i < params.n) {
    parent[i] = 0u;
  }
}

// 1 if body i (< n) starts a node of level L.
fn starts_node(i: u32, L: u32) -> u32 {
  let p = parent[i];
  if (p == NONE) {
    return 0u;
  }
  let lo = nodes[p].x;
  let hi = nodes[p].y;
  if (hi - lo <= params.leaf_capacity) {
    return 0u;
  }
  let shift = 3u * (BITS3 - L);
  if (i == lo || (keys[i] >> shift) != (keys[i - 1u] >> shift)) {
    return 1u;
  }
  return 0u;
}

@compute @workgroup_size(256)
fn tree_flag(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= params.n) {
    return;
  }
  flags[i] = starts_node(i, pass_info.value);
}

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

// The exclusive rank of body i ≤ n among the level's flags: rank[i] after the three scan
// dispatches; after tree_flag_ranked and scan_sums, its block's offset added (rank[n], the
// total, is written by scan_sums whole).
fn rank_of(i: u32, ranked: bool) -> u32 {
  if (!ranked || i == params.n) {
    return rank[i];
  }
  return rank[i] + block_offset[i / SCAN_BLOCK];
}

fn scatter(i: u32, ranked: bool) {
  let L = pass_info.value;
  if (i == 0u) {
    level_count[L] = rank[params.n];
  }
  if (i >= params.n) {
    return;
  }
  let p = parent[i];
  if (p == NONE) {
    return;
  }
  let plo = nodes[p].x;
  let phi = nodes[p].y;
  if (phi - plo <= params.leaf_capacity) {
    parent[i] = NONE;
    return;
  }
  let base = level_base(L);
  let r = rank_of(i, ranked);
  let f = flags[i];
  let j = base + r + f - 1u;
  if (f == 1u) {
    let shift = 3u * (BITS3 - L);
    let mine = keys[i] >> shift;
    var a = i + 1u;
    var b = phi;
    while (a < b) {
      let mid = (a + b) >> 1u;
      if ((keys[mid] >> shift) == mine) {
        a = mid + 1u;
      } else {
        b = mid;
      }
    }
    nodes[j] = vec4<u32>(i, a, NONE, 0u);
  }
  if (i == plo) {
    nodes[p].z = base + r;
    nodes[p].w = rank_of(phi, ranked) - r;
  }
  parent[i] = j;
}

@compute @workgroup_size(256)
fn tree_scatter(@builtin(global_invocation_id) gid: vec3<u32>) {
  scatter(gid.x, false);
}

@compute @workgroup_size(256)
fn tree_scatter_ranked(@builtin(global_invocation_id) gid: vec3<u32>) {
  scatter(gid.x, true);
}
