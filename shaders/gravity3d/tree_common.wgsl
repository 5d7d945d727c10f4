// The per-body steps of one octree level, shared by the two builds (twin: buildOctreeTwin in
// components/gravity3d/tree.ts): tree.wgsl (flag, the three-dispatch scan, scatter) and
// tree_ranked.wgsl (flag and block scan, scan of the block totals, scatter). Each of those files
// declares the bindings read here (params, pass_info, keys, nodes, parent, flags, rank,
// level_count) and `rank_of(i)`, body i's exclusive rank among the level's flags (i = n: the count).

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

// Body i (any thread of the dispatch) at level L = pass_info.value: a flagged body writes node
// level_base(L) + rank = [i, end), end from a binary search of the keys inside the parent; a parent's
// first body writes its first child and child count; every body records its node (or NONE in a leaf).
fn scatter_level(i: u32) {
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
  let r = rank_of(i);
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
    nodes[p].w = rank_of(phi) - r;
  }
  parent[i] = j;
}
