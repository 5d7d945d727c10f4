// The Barnes–Hut walk, one thread per body, bodies in Morton order so that neighbouring
// threads descend along similar paths (twin: walkTwin in components/gravity/walk.ts).
// A private stack of the node indices still to visit (an opened cell's first child is visited
// at once, the others pushed; the next cell is fetched before the current one's arithmetic);
// a cell of side s with centre of mass at distance d is
// one term (cell_pull: its mass and quadrupole) when s² < θ²·d², otherwise it is opened
// (a leaf: its bodies one by one).
// Writes the acceleration to va.zw and the number of force terms to work[i].
// Composed after walk_common.wgsl (bindings, STACK, pull).

@compute @workgroup_size(64)
fn walk(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= params.n) {
    return;
  }
  let sq = root_square(bounds[0], bounds[1], bounds[2], bounds[3]);
  let p = pm[i].xy;
  var acc = vec2<f32>(0.0);
  var terms = 0u;
  var stack: array<u32, STACK>;
  var sp = 0u;
  var node = wnodes[0];
  var more = true;
  while (more) {
    let cell = node;
    // essay:begin walk-loop
    let d = cell.com - p;
    let size = ldexp(1.0, sq.exponent - i32(cell.shape >> 26u));
    let count = cell.shape & WALK_COUNT_MASK;
    if (!(cell.mass > 0.0) || size * size < params.theta2 * dot(d, d)) {
      // far or empty: fetch the next cell, then add this pull
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
    if ((cell.shape & WALK_INTERNAL) != 0u) {
      // opened: push the other children, go on to the first
      for (var c = count; c > 1u; c--) {
        stack[sp] = cell.link + c - 1u;
        sp = sp + 1u;
      }
      node = wnodes[cell.link];
      continue;
    }
    // essay:end walk-loop
    // an opened leaf: fetch the next cell, then sum the leaf's bodies one by one
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
  acc = params.G * acc;
  if (params.ext.z > 0.0) {
    acc = acc + params.G * pull(params.ext.xy - p, params.ext.z);
  }
  va[i] = vec4<f32>(va[i].xy, acc);
  work[i] = terms;
}
