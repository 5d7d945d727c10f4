// The Barnes–Hut walk, one thread per body, bodies in Morton order so that neighbouring
// threads descend along similar paths (twin: walkTwin in components/gravity/walk.ts).
// A private stack of node indices; a cell of side s with centre of mass at distance d is one
// point mass when s² < θ²·d², otherwise it is opened (a leaf: its bodies one by one).
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
    let node = nodes[stack[sp]];
    if (!(node.mass > 0.0)) {
      continue;
    }
    let d = vec2<f32>(node.mx, node.my) / node.mass - p;
    let size = ldexp(1.0, sq.exponent - i32(node.level));
    if (size * size < params.theta2 * dot(d, d)) {
      acc = acc + pull(d, node.mass);
      terms = terms + 1u;
      continue;
    }
    if (node.count == 0u) {
      for (var k = node.lo; k < node.hi; k++) {
        if (k == i) {
          continue;
        }
        let b = pm[k];
        acc = acc + pull(b.xy - p, b.z);
        terms = terms + 1u;
      }
    } else {
      for (var c = node.count; c > 0u; c--) {
        stack[sp] = node.first + c - 1u;
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
