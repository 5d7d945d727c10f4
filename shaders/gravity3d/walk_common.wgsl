// The force terms every 3D walk adds (walk.wgsl and the three kernels of walk_subgroup.wgsl),
// written once: one softened point-mass term, and a leaf's bodies but the body itself. They
// read the walks' `params` and `pos` bindings. `Sum3` is a body's running sum: acceleration,
// potential and the number of terms.
struct Sum3 {
  a: vec3<f32>,
  phi: f32,
  count: u32,
}

// Adds the term of mass m at offset d from the body (softened by params.eps2).
fn add_point(s: ptr<function, Sum3>, d: vec3<f32>, m: f32) {
  let inv = inverseSqrt(dot(d, d) + params.eps2);
  (*s).a = (*s).a + d * (m * inv * inv * inv);
  (*s).phi = (*s).phi - m * inv;
  (*s).count = (*s).count + 1u;
}

// Adds every body of leaf w but body i itself, from position p.
fn add_leaf(s: ptr<function, Sum3>, w: WalkNode, i: u32, p: vec3<f32>) {
  for (var k = w.link; k < w.link + w.count; k++) {
    if (k != i) {
      let q = pos[k];
      add_point(s, q.xyz - p, q.w);
    }
  }
}
