// The octree, level by level, from the sorted keys (twin: buildOctreeTwin in
// components/gravity3d/tree.ts). No locks, no pointers followed: per level L = 1..10, two
// dispatches over the bodies, 256 bodies a workgroup:
//   tree_flag:    flags[i] = 1 if body i starts a node of level L: its level-(L−1) node
//                 (parent[i]) holds more than leaf_capacity bodies, and i is that node's first
//                 body or its top 3L key bits differ from body i − 1's; block_total[w] = the
//                 flags of workgroup w, summed in workgroup memory;
//   tree_scatter: rank[i] = the exclusive scan of the flags = Σ block_total[0..w) + the
//                 exclusive scan of the workgroup's 256 flags in workgroup memory (the numbers
//                 a global scan gives); a flagged body writes node level_base(L) + rank[i] =
//                 [i, end), end from a binary search of the keys inside the parent; a parent's
//                 first body writes its first child and child count (the flags of the parent's
//                 bodies: a parent reaching past its workgroup adds the block totals and flags
//                 after it, summed by the whole workgroup); every body records its node (or
//                 NONE in a leaf); level_count[L] = Σ block_total, written by the last workgroup.
//   tree_init:    the root [0, n) and parent[i] = 0.
// Barriers sit in uniform control flow: no thread returns before the workgroup's sums.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<uniform> pass_info: Pass;
@group(0) @binding(2) var<storage, read> keys: array<u32>;
@group(0) @binding(3) var<storage, read_write> nodes: array<vec4<u32>>;
@group(0) @binding(4) var<storage, read_write> parent: array<u32>;
@group(0) @binding(5) var<storage, read_write> flags: array<u32>;
@group(0) @binding(6) var<storage, read_write> block_total: array<u32>;
@group(0) @binding(7) var<storage, read_write> level_count: array<u32>;

const TREE_WG: u32 = 256u;

var<workgroup> wg_sum: array<vec2<u32>, 256>;
// wg_scan[k] = the flags of the workgroup's bodies [0, k), k = 0..256.
var<workgroup> wg_scan: array<u32, 257>;
// The end of the one split parent whose first body is in this workgroup and whose bodies reach
// past it (0: none; parents are disjoint ranges, so there is at most one).
var<workgroup> wg_span_end: u32;

// Σ v over the workgroup (every thread gets it). Call in uniform control flow, once a kernel.
fn workgroup_total(t: u32, v: vec2<u32>) -> vec2<u32> {
  wg_sum[t] = v;
  workgroupBarrier();
  for (var s = TREE_WG / 2u; s > 0u; s = s >> 1u) {
    if (t < s) {
      wg_sum[t] = wg_sum[t] + wg_sum[t + s];
    }
    workgroupBarrier();
  }
  return wg_sum[0];
}

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
fn tree_flag(
  @builtin(global_invocation_id) gid: vec3<u32>,
  @builtin(local_invocation_id) lid: vec3<u32>,
  @builtin(workgroup_id) wid: vec3<u32>,
) {
  let i = gid.x;
  var f = 0u;
  if (i < params.n) {
    let p = parent[i];
    if (p != NONE) {
      let lo = nodes[p].x;
      let hi = nodes[p].y;
      if (hi - lo > params.leaf_capacity) {
        let shift = 3u * (BITS3 - pass_info.value);
        if (i == lo) {
          f = 1u;
        } else if ((keys[i] >> shift) != (keys[i - 1u] >> shift)) {
          f = 1u;
        }
      }
    }
    flags[i] = f;
  }
  let total = workgroup_total(lid.x, vec2<u32>(f, 0u));
  if (lid.x == 0u) {
    block_total[wid.x] = total.x;
  }
}

@compute @workgroup_size(256)
fn tree_scatter(
  @builtin(global_invocation_id) gid: vec3<u32>,
  @builtin(local_invocation_id) lid: vec3<u32>,
  @builtin(workgroup_id) wid: vec3<u32>,
) {
  let i = gid.x;
  let t = lid.x;
  let w = wid.x;
  let L = pass_info.value;
  let start = w * TREE_WG;
  let stop = start + TREE_WG;

  var f = 0u;
  var p = NONE;
  var plo = 0u;
  var phi = 0u;
  var split = false;
  if (i < params.n) {
    f = flags[i];
    p = parent[i];
    if (p != NONE) {
      plo = nodes[p].x;
      phi = nodes[p].y;
      split = phi - plo > params.leaf_capacity;
    }
  }

  // The exclusive scan of the workgroup's flags (Hillis–Steele, inclusive into wg_scan[t + 1]).
  wg_scan[t + 1u] = f;
  if (t == 0u) {
    wg_scan[0] = 0u;
    wg_span_end = 0u;
  }
  workgroupBarrier();
  if (split && i == plo && phi > stop) {
    wg_span_end = phi;
  }
  for (var d = 1u; d < TREE_WG; d = d << 1u) {
    var add = 0u;
    if (t >= d) {
      add = wg_scan[t + 1u - d];
    }
    workgroupBarrier();
    wg_scan[t + 1u] = wg_scan[t + 1u] + add;
    workgroupBarrier();
  }

  // x: Σ block_total[0..w), this workgroup's offset. y: the flags of [stop, span end) for the
  // parent reaching past this workgroup: whole blocks up to the end's block, then its flags.
  let span_end = wg_span_end;
  var part = vec2<u32>(0u, 0u);
  for (var k = t; k < w; k += TREE_WG) {
    part.x += block_total[k];
  }
  if (span_end > 0u) {
    let last = span_end / TREE_WG;
    for (var k = w + 1u + t; k < last; k += TREE_WG) {
      part.y += block_total[k];
    }
    let q = last * TREE_WG + t;
    if (q < span_end) {
      part.y += flags[q];
    }
  }
  let sums = workgroup_total(t, part);
  let offset = sums.x;
  let local_total = wg_scan[TREE_WG];
  if (t == 0u && w + 1u == params.num_blocks) {
    level_count[L] = offset + local_total;
  }

  if (p == NONE) {
    return;
  }
  if (!split) {
    parent[i] = NONE;
    return;
  }
  let base = level_base(L);
  let r = offset + wg_scan[t];
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
    var end_rank = offset + local_total + sums.y;
    if (phi <= stop) {
      end_rank = offset + wg_scan[phi - start];
    }
    nodes[p].z = base + r;
    nodes[p].w = end_rank - r;
  }
  parent[i] = j;
}
