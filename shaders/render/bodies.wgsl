// Gravitating bodies drawn straight from the gravity pipeline's buffers (no CPU copy):
// pm[i] = (x, y, mass, id), va[i] = (vx, vy, ax, ay) (components/gravity/gpu.ts).
// One instance per body, six vertices (two triangles) forming a square of `radius_px`
// device pixels; the fragment stage cuts out a soft disc. Additive blending on a dark sky: where
// many bodies overlap (the galaxy's core, its arms) the image brightens, as starlight adds up.
// On a light page (`ink`) the renderer blends "over" instead and the colours are darkened.
// Colour: |v| through a warm ramp over `speed_range`.
struct BodyView {
  lo: vec2<f32>,          // world position of the canvas's lower-left corner
  hi: vec2<f32>,          // world position of the canvas's upper-right corner
  speed_range: vec2<f32>, // speeds mapped to the ramp's ends
  radius_px: f32,         // disc radius, device pixels
  alpha: f32,             // opacity of one body (additive)
  target_px: vec2<f32>,   // target size in pixels
  heavy: f32,             // bodies with mass above this are drawn larger (the central mass); < 0: radius ∝ √mass
  ink: f32,               // 1: light paper, bodies drawn over it as darker ink (normal blending); 0: additive light
}

@group(0) @binding(0) var<uniform> view: BodyView;
@group(0) @binding(1) var<storage, read> pm: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> va: array<vec4<f32>>;

struct VOut {
  @builtin(position) clip: vec4<f32>,
  @location(0) uv: vec2<f32>,
  @location(1) color: vec4<f32>,
}

// deep blue → violet → orange → pale yellow, for t in [0, 1]
fn ramp(t: f32) -> vec3<f32> {
  let stops = array<vec3<f32>, 4>(
    vec3<f32>(0.25, 0.35, 0.95),
    vec3<f32>(0.75, 0.35, 0.85),
    vec3<f32>(1.00, 0.55, 0.20),
    vec3<f32>(1.00, 0.95, 0.60));
  let x = clamp(t, 0.0, 1.0) * 3.0;
  let i = min(u32(floor(x)), 2u);
  return mix(stops[i], stops[i + 1u], x - f32(i));
}

@vertex
fn vs(@builtin(vertex_index) vi: u32, @builtin(instance_index) ii: u32) -> VOut {
  let corners = array<vec2<f32>, 6>(
    vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, -1.0), vec2<f32>(1.0, 1.0),
    vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, 1.0), vec2<f32>(-1.0, 1.0));
  let b = pm[ii];
  let v = va[ii].xy;
  let c = corners[vi];
  var r = view.radius_px;
  if (view.heavy < 0.0) {
    r = r * sqrt(b.z); // size by mass: discs of one surface density (the dust), radius_px is a mass-1 body's
  } else if (b.z > view.heavy) {
    r = 3.0 * r;
  }
  let ndc = (b.xy - view.lo) / (view.hi - view.lo) * 2.0 - 1.0 + c * r * 2.0 / view.target_px;
  var out: VOut;
  out.clip = vec4<f32>(ndc, 0.0, 1.0);
  out.uv = c;
  let span = max(view.speed_range.y - view.speed_range.x, 1e-6);
  var color = ramp((length(v) - view.speed_range.x) / span);
  // a non-finite body is drawn magenta, so a blow-up is visible instead of hidden
  if (!(b.x == b.x) || !(b.y == b.y)) {
    color = vec3<f32>(1.0, 0.0, 1.0);
  }
  var alpha = view.alpha;
  if (view.ink > 0.5) {
    // the ramp's pale end would vanish on a light page: darken it, and draw more opaque
    color = color * 0.62;
    alpha = min(1.0, alpha * 1.4);
  }
  out.color = vec4<f32>(color, alpha);
  return out;
}

@fragment
fn fs(in: VOut) -> @location(0) vec4<f32> {
  let d = length(in.uv);
  let a = in.color.a * clamp(1.0 - d * d, 0.0, 1.0);
  if (a <= 0.0) {
    discard;
  }
  return vec4<f32>(in.color.rgb * a, a); // premultiplied, added
}
