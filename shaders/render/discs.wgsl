// Instanced discs drawn straight from a particle storage buffer (no CPU copy).
// One instance per particle slot, six vertices (two triangles) per instance forming a
// square of half-width `radius` around the particle; the fragment stage cuts the disc out
// with an anti-aliased edge. Composed after common/particle.wgsl and render/ramp.wgsl (`ramp`).
//
// Colour modes: 0 = by id through a palette (stable while the sort reorders slots),
//               1 = by speed |vel| through a ramp, 2 = by a per-slot f32 scalar through the ramp.
struct DiscView {
  lo: vec2<f32>,        // world position of the canvas's lower-left corner
  hi: vec2<f32>,        // world position of the canvas's upper-right corner
  radius: f32,          // disc radius, world units
  mode: u32,            // 0 id, 1 speed, 2 scalar
  range: vec2<f32>,     // value mapped to the ramp's ends (speed or scalar)
  palette_size: u32,    // colours used from `palette` in id mode (1..8)
  px_per_world: f32,    // target pixels per world unit (for the anti-aliased edge)
  ramp_lo: f32,         // the part of the ramp used, [ramp_lo, ramp_hi] ⊆ [0, 1]: the theme's
  ramp_hi: f32,         // background decides which end is too faint to see
  palette: array<vec4<f32>, 8>,
}

@group(0) @binding(0) var<uniform> view: DiscView;
@group(0) @binding(1) var<storage, read> particles: array<Particle>;
@group(0) @binding(2) var<storage, read> scalars: array<f32>;

struct VOut {
  @builtin(position) clip: vec4<f32>,
  @location(0) uv: vec2<f32>,          // -1..1 across the square
  @location(1) color: vec3<f32>,
  @location(2) radius_px: f32,         // the disc's radius in target pixels
}

// Integer hash (lowbias32) so neighbouring ids get unrelated palette entries.
fn hash_u32(v: u32) -> u32 {
  var x = v;
  x = x ^ (x >> 16u);
  x = x * 0x7feb352du;
  x = x ^ (x >> 15u);
  x = x * 0x846ca68bu;
  x = x ^ (x >> 16u);
  return x;
}

@vertex
fn vs(@builtin(vertex_index) vi: u32, @builtin(instance_index) ii: u32) -> VOut {
  let corners = array<vec2<f32>, 6>(
    vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, -1.0), vec2<f32>(1.0, 1.0),
    vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, 1.0), vec2<f32>(-1.0, 1.0));
  let p = particles[ii];
  let c = corners[vi];
  let world = p.pos + c * view.radius;
  let ndc = (world - view.lo) / (view.hi - view.lo) * 2.0 - 1.0;
  var out: VOut;
  out.clip = vec4<f32>(ndc, 0.0, 1.0);
  out.uv = c;
  var color: vec3<f32>;
  if (view.mode == 0u) {
    color = view.palette[hash_u32(p.id) % max(view.palette_size, 1u)].rgb;
  } else {
    var v: f32;
    if (view.mode == 1u) {
      v = length(p.vel);
    } else {
      v = scalars[ii];
    }
    let span = view.range.y - view.range.x;
    var t = 0.0;
    if (span != 0.0) {
      t = (v - view.range.x) / span;
    }
    color = ramp(mix(view.ramp_lo, view.ramp_hi, clamp(t, 0.0, 1.0)));
  }
  // a non-finite particle is drawn magenta, so a blow-up is visible instead of hidden
  if (!(p.pos.x == p.pos.x) || !(p.pos.y == p.pos.y)) {
    color = vec3<f32>(1.0, 0.0, 1.0);
  }
  out.color = color;
  out.radius_px = view.radius * view.px_per_world;
  return out;
}

@fragment
fn fs(in: VOut) -> @location(0) vec4<f32> {
  // coverage of the pixel by the disc edge, one pixel wide, in pixel units (sharp even
  // for discs only a pixel or two across)
  let d = length(in.uv);
  let alpha = clamp((1.0 - d) * in.radius_px + 0.5, 0.0, 1.0);
  if (alpha <= 0.0) {
    discard;
  }
  return vec4<f32>(in.color * alpha, alpha); // premultiplied
}
