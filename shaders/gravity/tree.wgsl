// The quadtree, one level per dispatch pair, from the sorted Morton keys (twin:
// buildTreeTwin in components/gravity/tree.ts). A node of level L with more than
// leaf_capacity bodies is split into its non-empty quadrants; the quadrant boundaries are
// found by binary search on the key's two bits below level L.
//   tree_count: child count of each node of level L → ccount (then scan.wgsl → offsets);
//   tree_link:  children written at level_start[L + 1] + offsets[j]; first/count set on the parent.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<uniform> pass_info: Pass;
@group(0) @binding(2) var<storage, read> keys: array<u32>;
@group(0) @binding(3) var<storage, read_write> nodes: array<Node>;
@group(0) @binding(4) var<storage, read> level_start: array<u32>;
@group(0) @binding(5) var<storage, read_write> ccount: array<u32>;
@group(0) @binding(6) var<storage, read> offsets: array<u32>;

fn child_digit(key: u32, level: u32) -> u32 {
  return (key >> (30u - 2u * level)) & 3u;
}

fn lower_bound_digit(lo: u32, hi: u32, level: u32, digit: u32) -> u32 {
  var a = lo;
  var b = hi;
  while (a < b) {
    let mid = (a + b) >> 1u;
    if (child_digit(keys[mid], level) < digit) {
      a = mid + 1u;
    } else {
      b = mid;
    }
  }
  return a;
}

fn quadrant_bounds(lo: u32, hi: u32, level: u32) -> array<u32, 5> {
  return array<u32, 5>(lo, lower_bound_digit(lo, hi, level, 1u), lower_bound_digit(lo, hi, level, 2u), lower_bound_digit(lo, hi, level, 3u), hi);
}

// essay:begin count-children
fn splits(node: Node) -> bool {
  return node.hi - node.lo > params.leaf_capacity && node.level < MAX_LEVEL;
}

@compute @workgroup_size(256)
fn tree_count(@builtin(global_invocation_id) gid: vec3<u32>) {
  let L = pass_info.value;
  let j = level_start[L] + gid.x;
  if (j >= level_start[L + 1u]) {
    return;
  }
  let node = nodes[j];
  var c = 0u;
  if (splits(node)) {
    let b = quadrant_bounds(node.lo, node.hi, L);
    for (var q = 0u; q < 4u; q++) {
      c = c + select(0u, 1u, b[q + 1u] > b[q]);
    }
  }
  ccount[gid.x] = c;
}
// essay:end count-children

@compute @workgroup_size(256)
fn tree_link(@builtin(global_invocation_id) gid: vec3<u32>) {
  let L = pass_info.value;
  let j = level_start[L] + gid.x;
  if (j >= level_start[L + 1u]) {
    return;
  }
  let c = ccount[gid.x];
  if (c == 0u) {
    nodes[j].first = 0u;
    nodes[j].count = 0u;
    return;
  }
  let node = nodes[j];
  let first = level_start[L + 1u] + offsets[gid.x];
  nodes[j].first = first;
  nodes[j].count = c;
  let b = quadrant_bounds(node.lo, node.hi, L);
  var k = first;
  for (var q = 0u; q < 4u; q++) {
    if (b[q + 1u] > b[q]) {
      nodes[k] = Node(b[q], b[q + 1u], 0u, 0u, 0.0, 0.0, 0.0, L + 1u);
      k = k + 1u;
    }
  }
}
