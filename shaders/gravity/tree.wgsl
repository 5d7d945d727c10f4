// The quadtree, one dispatch per level, from the sorted Morton keys (twin: buildTreeTwin in
// components/gravity/tree.ts; the same tree, node for node). A node of level L with more than
// leaf_capacity bodies is split into its non-empty quadrants; the quadrant boundaries are
// found by binary search on the key's two bits below level L.
//   tree_init:  the root, its child count, level 0's workgroup count (one thread);
//   tree_level: over the nodes of level L: the slot of each node's first child (the level's
//               prefix sum over child counts: block totals before this workgroup's block, then
//               a scan in workgroup memory), the children written at level L + 1 with their own
//               child counts (added to their block's total), and level L + 1's size and
//               workgroup count (workgroup 0, which sums every block total).
// Child counts are known one level ahead, so a level needs no separate count or scan
// dispatch. The block totals are integers: the order of the atomic adds does not matter.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<uniform> pass_info: Pass;
@group(0) @binding(2) var<storage, read> keys: array<u32>;
@group(0) @binding(3) var<storage, read_write> nodes: array<Node>;
@group(0) @binding(4) var<storage, read_write> level_start: array<u32>;
// child count of every node, written when the node is created
@group(0) @binding(5) var<storage, read_write> ccount: array<u32>;
// per level, per block of 256 nodes of that level: the block's child-count total (zeroed before the build)
@group(0) @binding(6) var<storage, read_write> totals: array<atomic<u32>>;
// indirect[3L .. 3L + 2]: workgroups (of 256) over level L's nodes (at least 1)
@group(0) @binding(7) var<storage, read_write> indirect: array<u32>;

const WG: u32 = 256u;
const LEVELS: u32 = MAX_LEVEL + 1u;

var<workgroup> counts: array<u32, WG>;
var<workgroup> before: array<u32, WG>;

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
// A node [lo, hi) of `level` splits when it holds more than a leaf may; its children are its
// non-empty quadrants.
fn child_count(lo: u32, hi: u32, level: u32) -> u32 {
  if (hi - lo <= params.leaf_capacity || level >= MAX_LEVEL) {
    return 0u;
  }
  let b = quadrant_bounds(lo, hi, level);
  var c = 0u;
  for (var q = 0u; q < 4u; q++) {
    c = c + select(0u, 1u, b[q + 1u] > b[q]);
  }
  return c;
}
// essay:end count-children

fn set_args(level: u32, count: u32) {
  indirect[3u * level] = max(1u, (count + WG - 1u) / WG);
  indirect[3u * level + 1u] = 1u;
  indirect[3u * level + 2u] = 1u;
}

fn block_stride() -> u32 {
  return arrayLength(&totals) / LEVELS;
}

@compute @workgroup_size(1)
fn tree_init() {
  nodes[0] = Node(0u, params.n, 0u, 0u, 0.0, 0.0, 0.0, 0u);
  level_start[0] = 0u;
  level_start[1] = 1u;
  let c = child_count(0u, params.n, 0u);
  ccount[0] = c;
  atomicStore(&totals[0], c);
  set_args(0u, 1u);
}

@compute @workgroup_size(256)
fn tree_level(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let L = pass_info.value;
  let start = level_start[L];
  let end = level_start[L + 1u];
  let j = start + gid.x;
  let live = j < end;
  var c = 0u;
  if (live) {
    c = ccount[j];
  }
  // the child counts of the blocks before this one (workgroup 0: of every block, the level's total)
  let stride = block_stride();
  let blocks = (end - start + WG - 1u) / WG;
  let upto = select(wid.x, blocks, wid.x == 0u);
  var s = 0u;
  for (var b = lid; b < upto; b += WG) {
    s = s + atomicLoad(&totals[L * stride + b]);
  }
  counts[lid] = c;
  before[lid] = s;
  workgroupBarrier();
  for (var off = 1u; off < WG; off = off << 1u) {
    var x = counts[lid];
    var y = before[lid];
    if (lid >= off) {
      x = x + counts[lid - off];
      y = y + before[lid - off];
    }
    workgroupBarrier();
    counts[lid] = x;
    before[lid] = y;
    workgroupBarrier();
  }
  let sum = before[WG - 1u];
  if (wid.x == 0u && lid == 0u) {
    level_start[L + 2u] = end + sum;
    set_args(L + 1u, sum);
  }
  if (!live || c == 0u) {
    return;
  }
  let base = select(sum, 0u, wid.x == 0u);
  let first = end + base + counts[lid] - c;
  nodes[j].first = first;
  nodes[j].count = c;
  let node = nodes[j];
  let b = quadrant_bounds(node.lo, node.hi, L);
  var k = first;
  for (var q = 0u; q < 4u; q++) {
    if (b[q + 1u] > b[q]) {
      nodes[k] = Node(b[q], b[q + 1u], 0u, 0u, 0.0, 0.0, 0.0, L + 1u);
      let cc = child_count(b[q], b[q + 1u], L + 1u);
      ccount[k] = cc;
      if (cc > 0u) {
        atomicAdd(&totals[(L + 1u) * stride + (k - end) / WG], cc);
      }
      k = k + 1u;
    }
  }
}
