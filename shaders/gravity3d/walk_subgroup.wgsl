// The subgroup-cooperative walk over the octree (twin: walkSubgroup3Twin in
// components/gravity3d/walk.ts). Composed after gravity/enable_subgroups.wgsl (`enable
// subgroups;` and the uniformity diagnostic), gravity3d/common.wgsl and gravity3d/walk_common.wgsl
// (the force terms); the bindings are walk.wgsl's.
//
// The lanes of a subgroup (consecutive bodies in Morton order) walk one shared stack: a cell
// is one point-mass term only if EVERY lane lies outside its opening radius (one subgroupAll
// vote), otherwise all lanes open it together. An opened leaf's bodies are summed per lane.
// More terms per body than the per-thread walk (the subgroup opens the union of what its
// lanes would), but no lane ever waits on another's branch, and a node is loaded once for all.
// The stack is a per-lane copy kept identical: every lane pushes and pops the same values.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> wnodes: array<WalkNode>;
@group(0) @binding(3) var<storage, read_write> acc: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> terms: array<u32>;

const STACK: u32 = 80u;
// Threads per workgroup (the pipeline's constant; the dispatch divides the bodies by the same number).
override WALK_WG: u32 = 64u;

@compute @workgroup_size(WALK_WG)
fn walk_subgroup(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  // lanes past the last body stay in the loop and vote "accept", so they never open a cell
  let live = i < params.n;
  let p = pos[min(i, params.n - 1u)].xyz;
  var stack: array<u32, STACK>;
  var sp = 1u;
  stack[0] = 0u;
  var sum = Sum3(vec3<f32>(0.0), 0.0, 0u);
  while (sp > 0u) {
    sp = sp - 1u;
    let w = wnodes[stack[sp]];
    let d = w.com - p;
    if (subgroupAll(dot(d, d) > w.open2 || !live)) {
      add_point(&sum, d, w.mass);
    } else if (w.internal == 1u) {
      for (var c = w.count; c > 0u; c--) {
        stack[sp] = w.link + c - 1u;
        sp = sp + 1u;
      }
    } else {
      add_leaf(&sum, w, i, p);
    }
  }
  if (live) {
    acc[i] = vec4<f32>(sum.a * params.G, sum.phi * params.G);
    terms[i] = sum.count;
  }
}

// The same walk with fewer stack operations and the next node's load issued early: an opened
// cell's first child is visited at once (never pushed nor popped), and the node that comes next
// is fetched before the current one's force terms are added, so that load's latency overlaps
// the arithmetic. Cells come in walk_subgroup's order, so every sum (and term count) is its.
@compute @workgroup_size(WALK_WG)
fn walk_subgroup_next(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  let live = i < params.n;
  let p = pos[min(i, params.n - 1u)].xyz;
  var stack: array<u32, STACK>;
  var sp = 0u;
  var w = wnodes[0];
  var sum = Sum3(vec3<f32>(0.0), 0.0, 0u);
  loop {
    let d = w.com - p;
    let far = subgroupAll(dot(d, d) > w.open2 || !live);
    var next = 0u;
    var last = false;
    if (!far && w.internal == 1u) {
      // children link+1 .. link+count−1 wait on the stack (the last pushed first), link comes next
      for (var c = w.count - 1u; c > 0u; c--) {
        stack[sp] = w.link + c;
        sp = sp + 1u;
      }
      next = w.link;
    } else if (sp > 0u) {
      sp = sp - 1u;
      next = stack[sp];
    } else {
      last = true;
    }
    let upcoming = wnodes[next];
    if (far) {
      add_point(&sum, d, w.mass);
    } else if (w.internal == 0u) {
      add_leaf(&sum, w, i, p);
    }
    if (last) {
      break;
    }
    w = upcoming;
  }
  if (live) {
    acc[i] = vec4<f32>(sum.a * params.G, sum.phi * params.G);
    terms[i] = sum.count;
  }
}

// The same walk with a stack of child ranges instead of cells: an opened cell pushes one entry,
// its children [link, link + count), and the walk takes the top range's next child, popping the
// range when it is used up. Children are contiguous and visited first to last, so cells come in
// walk_subgroup's order (every sum and term count is its), with one stack write per opened cell
// instead of one per child, and a stack one range per level deep (RANGES, not STACK slots).
const RANGES: u32 = MAX_LEVEL + 2u;

@compute @workgroup_size(WALK_WG)
fn walk_subgroup_ranges(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  let live = i < params.n;
  let p = pos[min(i, params.n - 1u)].xyz;
  var next_child: array<u32, RANGES>;
  var end_child: array<u32, RANGES>;
  next_child[0] = 0u;
  end_child[0] = 1u;
  var sp = 1u;
  var sum = Sum3(vec3<f32>(0.0), 0.0, 0u);
  while (sp > 0u) {
    let top = sp - 1u;
    let node = next_child[top];
    next_child[top] = node + 1u;
    if (node + 1u == end_child[top]) {
      sp = top;
    }
    let w = wnodes[node];
    let d = w.com - p;
    if (subgroupAll(dot(d, d) > w.open2 || !live)) {
      add_point(&sum, d, w.mass);
    } else if (w.internal == 1u) {
      next_child[sp] = w.link;
      end_child[sp] = w.link + w.count;
      sp = sp + 1u;
    } else {
      add_leaf(&sum, w, i, p);
    }
  }
  if (live) {
    acc[i] = vec4<f32>(sum.a * params.G, sum.phi * params.G);
    terms[i] = sum.count;
  }
}
