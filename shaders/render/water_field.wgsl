// The hero's water drawn as one body, not as discs: a density field ("metaballs") straight
// from the particle storage buffer, in two render passes of the frame's one submit.
// Composed after common/particle.wgsl and render/ramp.wgsl (`ramp`).
//
// Why: at a few thousand particles (a CPU-emulated adapter runs 4,000, drawn larger) discs
// big enough to fill the water overlap into one flat slab whose top edge is a row of bumps,
// steps where the rest lattice's columns end; it does not read as water. A field summed
// from soft kernels has a smooth surface at any count, and its value says how much water is
// around a pixel, which the shading turns into depth, a rim and foam.
//
// Pass 1, splat (splat_vs / splat_fs): one quad per particle of half-width `radius` into an
//   rgba16float texture (blendable in core WebGPU) at reduced resolution, blended by adding:
//     r = Σ w            the field (w = (1 − r²/R²)³: smooth, zero with its slope at R)
//     g = Σ w · t        the colour value (speed or density, over `range`, 0..1)
//     b = Σ w · speed    speed over `foam_speed`, for the foam
//   Reduced resolution is enough (the field is smooth over a kernel) and keeps the blending's
//   cost (what an emulated GPU pays for) at about 100 texels a particle at any count.
// Pass 2, shade (shade_vs / shade_fs): one triangle over the canvas samples the field
//   (bilinear) per canvas pixel and keeps the water where r ≥ `threshold`, with an edge one
//   and a half pixels wide from the field's screen derivative (smooth at any resolution).
//   Colour: the ramp at g / r, deeper where there is more water above the pixel (taps up the
//   field: light is absorbed with depth) and nearer the floor, lighter in a rim where the
//   field is thin (the surface, spray) and where the water is fast (foam).
struct FieldView {
  lo: vec2<f32>,        // world position of the canvas's lower-left corner
  hi: vec2<f32>,        // world position of the canvas's upper-right corner
  radius: f32,          // kernel radius R, world units
  mode: u32,            // 1 speed, 2 scalar (the disc renderer's modes)
  range: vec2<f32>,     // value mapped to the ramp's ends (speed or scalar)
  ramp_lo: f32,         // the part of the ramp used, [ramp_lo, ramp_hi] ⊆ [0, 1]
  ramp_hi: f32,
  threshold: f32,       // the field at the water's surface (a lone particle peaks at 1)
  full: f32,            // the field inside still water (πR²/4 per rest spacing²)
  foam_speed: f32,      // the speed (world units/s) at which the water is all foam
  depth_step: f32,      // the distance between depth taps (two kernels), in texture v
  target_size: vec2<f32>, // the canvas in pixels
  tank: vec4<f32>,      // the tank's walls and floor (x0, y0, x1, y1), world units
  inset: f32,           // how far above the floor the water's field is read under it
}

@group(0) @binding(0) var<uniform> view: FieldView;
@group(0) @binding(1) var<storage, read> particles: array<Particle>;
@group(0) @binding(2) var<storage, read> scalars: array<f32>;
@group(0) @binding(3) var field: texture_2d<f32>;
@group(0) @binding(4) var field_sampler: sampler;

struct SplatOut {
  @builtin(position) clip: vec4<f32>,
  @location(0) uv: vec2<f32>,        // -1..1 across the quad
  @location(1) value: vec2<f32>,     // (colour value 0..1, speed / foam_speed)
}

@vertex
fn splat_vs(@builtin(vertex_index) vi: u32, @builtin(instance_index) ii: u32) -> SplatOut {
  let corners = array<vec2<f32>, 6>(
    vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, -1.0), vec2<f32>(1.0, 1.0),
    vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, 1.0), vec2<f32>(-1.0, 1.0));
  let p = particles[ii];
  let c = corners[vi];
  let ndc = (p.pos + c * view.radius - view.lo) / (view.hi - view.lo) * 2.0 - 1.0;
  let speed = length(p.vel);
  var v = speed;
  if (view.mode == 2u) {
    v = scalars[ii];
  }
  let span = view.range.y - view.range.x;
  var t = 0.0;
  if (span != 0.0) {
    t = clamp((v - view.range.x) / span, 0.0, 1.0);
  }
  var out: SplatOut;
  out.clip = vec4<f32>(ndc, 0.0, 1.0);
  // a non-finite particle lands nowhere (NaN positions are clipped); the discs show it magenta
  out.uv = c;
  out.value = vec2<f32>(t, min(speed / view.foam_speed, 2.0));
  return out;
}

@fragment
fn splat_fs(in: SplatOut) -> @location(0) vec4<f32> {
  let q = dot(in.uv, in.uv);
  if (q >= 1.0) {
    discard;
  }
  let a = 1.0 - q;
  let w = a * a * a;
  return vec4<f32>(w, w * in.value.x, w * in.value.y, 0.0);
}

@vertex
fn shade_vs(@builtin(vertex_index) vi: u32) -> @builtin(position) vec4<f32> {
  // one triangle that covers the canvas
  let xy = array<vec2<f32>, 3>(vec2<f32>(-1.0, -1.0), vec2<f32>(3.0, -1.0), vec2<f32>(-1.0, 3.0));
  return vec4<f32>(xy[vi], 0.0, 1.0);
}

fn field_at(uv: vec2<f32>) -> vec4<f32> {
  return textureSampleLevel(field, field_sampler, uv, 0.0);
}

@fragment
fn shade_fs(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
  // over the floor the field is read a little above it: the particles keep off the floor, and
  // the field under the lowest of them, thin, would draw a light rim with gaps along the
  // floor; read above, the water meets the floor flat (the walls keep their gap: the
  // particles keep further off them than a spacing, and a field read inside would draw a slab)
  let span = view.hi - view.lo;
  let p = pos.xy / view.target_size;
  let world = view.lo + vec2<f32>(p.x, 1.0 - p.y) * span;
  var inside = world;
  if (world.x >= view.tank.x && world.x <= view.tank.z) {
    inside.y = max(world.y, view.tank.y + view.inset);
  }
  let q = (inside - view.lo) / span;
  let uv = vec2<f32>(q.x, 1.0 - q.y);
  let s = field_at(uv);
  let f = s.r;
  // the field's change per canvas pixel, for an edge of constant width on screen (taken
  // before any branch: derivatives need every pixel of the quad)
  let df = max(fwidth(f), 1e-4);
  let thr = view.threshold;
  let cover = clamp((f - thr) / (1.5 * df) + 0.5, 0.0, 1.0);
  if (cover <= 0.0) {
    return vec4<f32>(0.0);
  }
  // how far the surface is above the pixel, in steps of two kernels: up the field (v grows
  // downwards) to the first step in air, then three halvings of that step and a linear
  // crossing in the last eighth, so the distance is continuous (a count of wet taps, or one
  // crossing between steps as long as the surface's rise, bands the water along the surface)
  let up = vec2<f32>(0.0, -view.depth_step);
  var dist = 8.0;
  var lo = 0.0;
  var flo = f;
  for (var k = 1; k <= 8; k++) {
    let fk = field_at(uv + f32(k) * up).r;
    if (fk < thr) {
      var hi = f32(k);
      var fhi = fk;
      for (var i = 0; i < 3; i++) {
        let mid = 0.5 * (lo + hi);
        let fm = field_at(uv + mid * up).r;
        if (fm >= thr) {
          lo = mid;
          flo = fm;
        } else {
          hi = mid;
          fhi = fm;
        }
      }
      dist = lo + (hi - lo) * clamp((flo - thr) / max(flo - fhi, 1e-4), 0.0, 1.0);
      break;
    }
    lo = f32(k);
    flo = fk;
  }
  // light absorbed with depth (Beer–Lambert), and the lower part of the view darker still
  let height = 1.0 - uv.y;
  let depth = (1.0 - exp(-dist / 3.0)) * mix(1.0, 0.6, smoothstep(0.0, 0.7, height));
  let w = max(f, 1e-6);
  let base = ramp(mix(view.ramp_lo, view.ramp_hi, clamp(s.g / w, 0.0, 1.0)));
  // absorption: the ramp's colour at the surface, darker and bluer towards the deep
  let deep = base * vec3<f32>(0.45, 0.55, 0.7);
  var color = mix(base * 1.12, deep, depth);
  // the rim: where the field is thin (the surface, a drop, a thin sheet) the water is lighter
  let thin = 1.0 - smoothstep(thr, thr + 0.35 * view.full, f);
  // foam: fast water whitens
  let foam = smoothstep(0.45, 1.0, s.b / w);
  let light = vec3<f32>(0.82, 0.95, 1.0);
  color = mix(color, light, clamp(0.55 * thin + 0.7 * foam, 0.0, 0.85));
  let alpha = cover * 0.96;
  return vec4<f32>(color * alpha, alpha); // premultiplied
}
