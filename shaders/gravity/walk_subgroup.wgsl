// The subgroup-cooperative Barnes–Hut walk (twin: walkSubgroupTwin in components/gravity/walk.ts).
// Composed after enable_subgroups.wgsl (`enable subgroups;` and the uniformity diagnostic)
// and walk_common.wgsl (the bindings, STACK and pull it shares with walk.wgsl).

// One thread per body as in walk.wgsl, but the lanes of a subgroup (consecutive bodies in
// Morton order, so near one another) descend together: a cell is one term (mass and quadrupole) only if ALL
// active lanes accept it (s² < θ²·d² for each), otherwise it is opened for all of them. An
// opened leaf's bodies are still summed per lane. The subgroup thus opens a superset of the
// cells any of its lanes would open alone: more force terms, no divergent branches, and one
// node load shared by the subgroup.
//
// The shared stack is held in registers, one copy per lane: every lane pushes and pops the
// same values, so the copies stay identical whatever the subgroup size (4..128) and no
// workgroup memory has to be sized for the number of subgroups per workgroup.

@compute @workgroup_size(64)
fn walk_subgroup(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  // Lanes past the last body stay in the loop (an early return would make the subgroup's
  // control flow differ from the twin's only in who votes): they vote "accept" so that they
  // never force a cell open, and write nothing.
  let live = i < params.n;
  let sq = root_square(bounds[0], bounds[1], bounds[2], bounds[3]);
  let p = pm[min(i, params.n - 1u)].xy;
  var acc = vec2<f32>(0.0);
  var terms = 0u;
  var stack: array<u32, STACK>;
  var sp = 0u;
  var node = wnodes[0];
  var more = true;
  while (more) {
    let cell = node;
    // essay:begin vote
    let d = cell.com - p;
    let size = ldexp(1.0, sq.exponent - i32(cell.shape >> 26u));
    let accept = size * size < params.theta2 * dot(d, d);
    if (!(cell.mass > 0.0) || subgroupAll(accept || !live)) {
      // taken whole (or empty): fetch the next cell first, add this one's pull while it loads
      more = sp > 0u;
      if (more) {
        sp = sp - 1u;
        node = wnodes[stack[sp]];
      }
      if (cell.mass > 0.0) {
        acc = acc + cell_pull(d, cell);
        terms = terms + 1u;
      }
      continue;
    }
    // essay:end vote
    let count = cell.shape & WALK_COUNT_MASK;
    if ((cell.shape & WALK_INTERNAL) != 0u) {
      // opened: push the other children (last first) and go straight on to the first
      for (var c = count; c > 1u; c--) {
        stack[sp] = cell.link + c - 1u;
        sp = sp + 1u;
      }
      node = wnodes[cell.link];
      continue;
    }
    // an opened leaf: fetch the next cell, then each lane sums the leaf's bodies
    more = sp > 0u;
    if (more) {
      sp = sp - 1u;
      node = wnodes[stack[sp]];
    }
    for (var k = cell.link; k < cell.link + count; k++) {
      if (k == i) {
        continue;
      }
      let b = pm[k];
      acc = acc + pull(b.xy - p, b.z);
      terms = terms + 1u;
    }
  }
  if (!live) {
    return;
  }
  acc = params.G * acc;
  if (params.ext.z > 0.0) {
    acc = acc + params.G * pull(params.ext.xy - p, params.ext.z);
  }
  va[i] = vec4<f32>(va[i].xy, acc);
  work[i] = terms;
}
