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
// The flag and the scatter themselves are in tree_common.wgsl (shared with tree_ranked.wgsl, the
// same level in 3 dispatches instead of 5).
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<uniform> pass_info: Pass;
@group(0) @binding(2) var<storage, read> keys: array<u32>;
@group(0) @binding(3) var<storage, read_write> nodes: array<vec4<u32>>;
@group(0) @binding(4) var<storage, read_write> parent: array<u32>;
@group(0) @binding(5) var<storage, read_write> flags: array<u32>;
@group(0) @binding(6) var<storage, read> rank: array<u32>;
@group(0) @binding(7) var<storage, read_write> level_count: array<u32>;

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

@compute @workgroup_size(256)
fn tree_flag(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= params.n) {
    return;
  }
  flags[i] = starts_node(i, pass_info.value);
}

// rank[] is the whole scan's output here
fn rank_of(i: u32) -> u32 {
  return rank[i];
}

@compute @workgroup_size(256)
fn tree_scatter(@builtin(global_invocation_id) gid: vec3<u32>) {
  scatter_level(gid.x);
}
