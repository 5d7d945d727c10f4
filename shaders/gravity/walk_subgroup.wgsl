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
  var sp = 1u;
  stack[0] = 0u;
  while (sp > 0u) {
    sp = sp - 1u;
    // essay:begin vote
    let node = wnodes[stack[sp]];
    if (!(node.mass > 0.0)) {
      continue;
    }
    let d = node.com - p;
    let size = ldexp(1.0, sq.exponent - i32(node.shape >> 26u));
    let accept = size * size < params.theta2 * dot(d, d);
    if (subgroupAll(accept || !live)) {
      acc = acc + cell_pull(d, node);
      terms = terms + 1u;
      continue;
    }
    // essay:end vote
    let count = node.shape & WALK_COUNT_MASK;
    if ((node.shape & WALK_INTERNAL) == 0u) {
      for (var k = node.link; k < node.link + count; k++) {
        if (k == i) {
          continue;
        }
        let b = pm[k];
        acc = acc + pull(b.xy - p, b.z);
        terms = terms + 1u;
      }
    } else {
      for (var c = count; c > 0u; c--) {
        stack[sp] = node.link + c - 1u;
        sp = sp + 1u;
      }
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
