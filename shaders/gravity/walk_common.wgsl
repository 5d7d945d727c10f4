// Shared by the two Barnes–Hut walks (walk.wgsl, walk_subgroup.wgsl), composed after
// common.wgsl and before either kernel: their bindings (one layout for both pipelines), the
// stack size and the softened point-mass pull (twin: the force terms in components/gravity/walk.ts).
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> pm: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> va: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> nodes: array<Node>;
@group(0) @binding(4) var<storage, read> bounds: array<u32, 4>;
@group(0) @binding(5) var<storage, read_write> work: array<u32>;

// Depth-first with up to 4 children pushed per opened cell and 16 levels: at most 3·16 + 4 = 52 entries.
const STACK: u32 = 64u;

// The acceleration towards a mass m at offset d, per unit G, Plummer-softened:
// d · m / (|d|² + ε²)^(3/2).
fn pull(d: vec2<f32>, m: f32) -> vec2<f32> {
  let r2 = dot(d, d) + params.eps2;
  return d * (m / (r2 * sqrt(r2)));
}
