// The quadtree, one dispatch per level, from the sorted Morton keys (twin: buildTreeTwin in
// components/gravity/tree.ts; the same tree, node for node). A node of level L with more than
// leaf_capacity bodies is split into its non-empty quadrants; the quadrant boundaries are
// found by binary search on the key's two bits below level L.
//   tree_init:  the root, its quadrant boundaries and child count (one thread);
//   tree_level: four threads per node of level L, one per quadrant: the slot of the node's
//               first child (the level's prefix sum over child counts: block totals before
//               this workgroup's block of 64 nodes, then a scan in workgroup memory); each
//               thread writes its quadrant's child at level L + 1 with the child's own
//               quadrant boundaries and child count (added to its block's total); workgroup 0
//               sums every block total: level L + 1's size (and its workgroup count in
//               `indirect`, for the levels the host dispatches indirectly).
// The host dispatches a level directly over a bound on its size computed on the CPU
// (levelWorkgroupBounds in components/gravity/gpu.ts), or indirectly past a threshold; a
// workgroup whose block starts past the level's end returns at once (workgroup 0 always runs:
// it writes the next level's start). Child counts and boundaries are known one level ahead,
// so a level needs no separate count or scan dispatch, and no thread searches more than one
// range. The block totals are integers: the order of the atomic adds does not matter.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<uniform> pass_info: Pass;
@group(0) @binding(2) var<storage, read> keys: array<u32>;
@group(0) @binding(3) var<storage, read_write> nodes: array<Node>;
@group(0) @binding(4) var<storage, read_write> level_start: array<u32>;
// per node, written when the node is: its inner quadrant boundaries b1, b2, b3 and its child count
@group(0) @binding(5) var<storage, read_write> split: array<vec4<u32>>;
// per level, per block of 64 nodes of that level: the block's child-count total (zeroed before the build)
@group(0) @binding(6) var<storage, read_write> totals: array<atomic<u32>>;
// indirect[3L .. 3L + 2]: workgroups (of 64 nodes) over level L (at least 1), for levels dispatched indirectly
@group(0) @binding(7) var<storage, read_write> indirect: array<u32>;

const WG: u32 = 256u;
const BLOCK: u32 = 64u;
const LEVELS: u32 = MAX_LEVEL + 1u;

var<workgroup> counts: array<u32, BLOCK>;
var<workgroup> before: array<u32, WG>;
var<workgroup> level_size: u32;

// The first index of [lo, hi) (non-empty, keys sharing their top 2·level bits) whose digit
// below `level` is ≥ 1, ≥ 2 and ≥ 3: three binary searches, run in step.
fn inner_bounds(lo: u32, hi: u32, level: u32) -> vec3<u32> {
  var a = vec3<u32>(lo);
  var b = vec3<u32>(hi);
  let digit = vec3<u32>(1u, 2u, 3u);
  let shift = vec3<u32>(30u - 2u * level);
  while (any(a < b)) {
    let searching = a < b;
    let mid = (a + b) >> vec3<u32>(1u);
    let at = select(vec3<u32>(lo), mid, searching);
    let k = vec3<u32>(keys[at.x], keys[at.y], keys[at.z]);
    let less = ((k >> shift) & vec3<u32>(3u)) < digit;
    a = select(a, mid + 1u, searching & less);
    b = select(b, mid, searching & !less);
  }
  return a;
}

// essay:begin count-children
// A node [lo, hi) of `level` splits when it holds more than a leaf may; its children are its
// non-empty quadrants. Returns (b1, b2, b3, child count): quadrant q is [b_q, b_q+1), b0 = lo, b4 = hi.
fn child_split(lo: u32, hi: u32, level: u32) -> vec4<u32> {
  if (hi - lo <= params.leaf_capacity || level >= MAX_LEVEL) {
    return vec4<u32>(0u);
  }
  let b = inner_bounds(lo, hi, level);
  let edges = array<u32, 5>(lo, b.x, b.y, b.z, hi);
  var c = 0u;
  for (var q = 0u; q < 4u; q++) {
    c = c + select(0u, 1u, edges[q + 1u] > edges[q]);
  }
  return vec4<u32>(b, c);
}
// essay:end count-children

fn set_args(level: u32, count: u32) {
  indirect[3u * level] = max(1u, (count + BLOCK - 1u) / BLOCK);
  indirect[3u * level + 1u] = 1u;
  indirect[3u * level + 2u] = 1u;
}

@compute @workgroup_size(1)
fn tree_init() {
  nodes[0] = Node(0u, params.n, 0u, 0u, 0.0, 0.0, 0.0, 0u);
  level_start[0] = 0u;
  level_start[1] = 1u;
  let s = child_split(0u, params.n, 0u);
  split[0] = s;
  atomicStore(&totals[0], s.w);
  set_args(0u, 1u);
}

@compute @workgroup_size(256)
fn tree_level(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let L = pass_info.value;
  let start = level_start[L];
  if (lid == 0u) {
    level_size = level_start[L + 1u] - start;
  }
  // uniform across the workgroup, so the early return may come before the barriers: a direct
  // dispatch covers a bound on the level's size, and the workgroups past its blocks do nothing
  let size = workgroupUniformLoad(&level_size);
  if (wid.x > 0u && wid.x * BLOCK >= size) {
    return;
  }
  let end = start + size;
  let slot = lid >> 2u;
  let q = lid & 3u;
  let j = start + wid.x * BLOCK + slot;
  let live = j < end;
  var s = vec4<u32>(0u);
  if (live) {
    s = split[j];
  }
  let c = s.w;
  // the child counts of the blocks before this one (workgroup 0: of every block, the level's total)
  let stride = arrayLength(&totals) / LEVELS;
  let blocks = (end - start + BLOCK - 1u) / BLOCK;
  let upto = select(wid.x, blocks, wid.x == 0u);
  var t = 0u;
  for (var b = lid; b < upto; b += WG) {
    t = t + atomicLoad(&totals[L * stride + b]);
  }
  before[lid] = t;
  if (q == 0u) {
    counts[slot] = c;
  }
  workgroupBarrier();
  for (var off = 1u; off < WG; off = off << 1u) {
    var y = before[lid];
    if (lid >= off) {
      y = y + before[lid - off];
    }
    var x = 0u;
    if (lid < BLOCK) {
      x = counts[lid];
      if (lid >= off) {
        x = x + counts[lid - off];
      }
    }
    workgroupBarrier();
    before[lid] = y;
    if (lid < BLOCK) {
      counts[lid] = x;
    }
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
  let first = end + select(sum, 0u, wid.x == 0u) + counts[slot] - c;
  if (q == 0u) {
    nodes[j].first = first;
    nodes[j].count = c;
  }
  var edges = array<u32, 5>(nodes[j].lo, s.x, s.y, s.z, nodes[j].hi);
  if (edges[q + 1u] <= edges[q]) {
    return;
  }
  var k = first;
  for (var r = 0u; r < q; r++) {
    k = k + select(0u, 1u, edges[r + 1u] > edges[r]);
  }
  nodes[k] = Node(edges[q], edges[q + 1u], 0u, 0u, 0.0, 0.0, 0.0, L + 1u);
  let cs = child_split(edges[q], edges[q + 1u], L + 1u);
  split[k] = cs;
  if (cs.w > 0u) {
    atomicAdd(&totals[(L + 1u) * stride + (k - end) / BLOCK], cs.w);
  }
}
