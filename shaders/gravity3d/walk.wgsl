// The Barnes–Hut walk, one thread per body with its own stack (twin: walk3Twin in
// components/gravity3d/walk.ts). A cell whose opening radius the body lies outside adds one
// softened point-mass term; a closer internal cell pushes its children (first child on top);
// a closer leaf adds its bodies but the body itself (the terms: walk_common.wgsl, composed
// before this file). acc = (a, φ); terms[i] = force terms.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> wnodes: array<WalkNode>;
@group(0) @binding(3) var<storage, read_write> acc: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> terms: array<u32>;

const STACK: u32 = 80u;

@compute @workgroup_size(64)
fn walk(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= params.n) {
    return;
  }
  let p = pos[i].xyz;
  var stack: array<u32, STACK>;
  var sp = 1u;
  stack[0] = 0u;
  var sum = Sum3(vec3<f32>(0.0), 0.0, 0u);
  while (sp > 0u) {
    sp = sp - 1u;
    let w = wnodes[stack[sp]];
    let d = w.com - p;
    if (dot(d, d) > w.open2) {
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
  acc[i] = vec4<f32>(sum.a * params.G, sum.phi * params.G);
  terms[i] = sum.count;
}
