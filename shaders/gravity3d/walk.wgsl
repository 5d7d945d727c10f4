// The Barnes–Hut walk, one thread per body with its own stack (twin: walk3Twin in
// components/gravity3d/walk.ts). A cell whose opening radius the body lies outside adds one
// softened point-mass term; a closer internal cell pushes its children (first child on top);
// a closer leaf adds its bodies but the body itself. acc = (a, φ); terms[i] = force terms.
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
  var a = vec3<f32>(0.0);
  var phi = 0.0;
  var count = 0u;
  while (sp > 0u) {
    sp = sp - 1u;
    let w = wnodes[stack[sp]];
    let d = w.com - p;
    if (dot(d, d) > w.open2) {
      let inv = inverseSqrt(dot(d, d) + params.eps2);
      a = a + d * (w.mass * inv * inv * inv);
      phi = phi - w.mass * inv;
      count = count + 1u;
    } else if (w.internal == 1u) {
      for (var c = w.count; c > 0u; c--) {
        stack[sp] = w.link + c - 1u;
        sp = sp + 1u;
      }
    } else {
      for (var k = w.link; k < w.link + w.count; k++) {
        if (k != i) {
          let q = pos[k];
          let e = q.xyz - p;
          let inv = inverseSqrt(dot(e, e) + params.eps2);
          a = a + e * (q.w * inv * inv * inv);
          phi = phi - q.w * inv;
          count = count + 1u;
        }
      }
    }
  }
  acc[i] = vec4<f32>(a * params.G, phi * params.G);
  terms[i] = count;
}
