// The Barnes–Hut walk, one thread per body, bodies in Morton order so that neighbouring
// threads descend along similar paths (twin: walkTwin in components/gravity/walk.ts).
// A private stack of node indices; a cell of side s with centre of mass at distance d is
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
  var sp = 1u;
  stack[0] = 0u;
  while (sp > 0u) {
    sp = sp - 1u;
    // essay:begin walk-loop
    let node = wnodes[stack[sp]];
    if (!(node.mass > 0.0)) {
      continue;
    }
    let d = node.com - p;
    let size = ldexp(1.0, sq.exponent - i32(node.shape >> 26u));
    if (size * size < params.theta2 * dot(d, d)) {
      acc = acc + cell_pull(d, node);
      terms = terms + 1u;
      continue;
    }
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
    // essay:end walk-loop
  }
  acc = params.G * acc;
  if (params.ext.z > 0.0) {
    acc = acc + params.G * pull(params.ext.xy - p, params.ext.z);
  }
  va[i] = vec4<f32>(va[i].xy, acc);
  work[i] = terms;
}
