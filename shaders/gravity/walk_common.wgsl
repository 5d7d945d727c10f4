// Shared by the two Barnes–Hut walks (walk.wgsl, walk_subgroup.wgsl), composed after
// common.wgsl and before either kernel: their bindings (one layout for both pipelines), the
// stack size and the force terms (twin: the force terms in components/gravity/walk.ts).
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> pm: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> va: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> wnodes: array<WalkNode>;
@group(0) @binding(4) var<storage, read> bounds: array<u32, 4>;
@group(0) @binding(5) var<storage, read_write> work: array<u32>;

// Depth-first; an opened cell pushes at most 3 of its 4 children (the first is visited at once), so 16
// levels hold at most 3·16 = 48 entries.
const STACK: u32 = 64u;

// The acceleration towards a mass m at offset d, per unit G, Plummer-softened:
// d · m / (|d|² + ε²)^(3/2).
fn pull(d: vec2<f32>, m: f32) -> vec2<f32> {
  let inv = inverseSqrt(dot(d, d) + params.eps2);
  return d * (m * inv * inv * inv);
}

// A cell's pull, per unit G, at offset d from the body to its centre of mass: its mass as one
// point plus its quadrupole Q. With r = −d (centre to body) and r² = |d|² + ε², the quadrupole
// potential −rᵀQr / (2 r⁵) adds Q r / r⁵ − (5/2) (rᵀQr) r / r⁷ (the softened multipole expansion).
// One inverse square root serves every power of r.
fn cell_pull(d: vec2<f32>, cell: WalkNode) -> vec2<f32> {
  let r2 = dot(d, d) + params.eps2;
  let inv = inverseSqrt(r2);
  let inv2 = inv * inv;
  let inv3 = inv2 * inv;
  let r = -d;
  let qr = vec2<f32>(cell.qxx * r.x + cell.qxy * r.y, cell.qxy * r.x + cell.qyy * r.y);
  let rqr = dot(r, qr);
  return d * (cell.mass * inv3) + (qr - (2.5 * rqr * inv2) * r) * (inv3 * inv2);
}
