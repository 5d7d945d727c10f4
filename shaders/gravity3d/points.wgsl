// The 3D bodies drawn straight from the simulation's buffers (no copy, no readback):
// pos[i] = (x, y, z, mass), vel[i] = (vx, vy, vz, galaxy tag) (components/gravity3d/gpu.ts).
// One instance per body: a square billboard of `radius_px` device pixels around the body's
// projected position (view_proj: the orbit camera, components/widgets/galaxy-3d/camera.ts),
// a soft disc cut out in the fragment stage, added onto the night sky (or laid over a light
// page as ink). Colour: speed through a warm ramp, or galaxy of origin (tag 0 / 1).
struct PointView {
  view_proj: mat4x4<f32>,
  target_px: vec2<f32>,   // canvas size, device pixels
  speed_range: vec2<f32>, // speeds at the ramp's ends
  radius_px: f32,
  alpha: f32,
  by_galaxy: f32,         // 1: colour by tag; 0: by speed
  ink: f32,               // 1: light page (normal blending, darker colours)
  heavy: f32,             // bodies heavier than this are drawn three times larger (central masses)
  _pad: vec3<f32>,
}

@group(0) @binding(0) var<uniform> view: PointView;
@group(0) @binding(1) var<storage, read> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> vel: array<vec4<f32>>;

struct VOut {
  @builtin(position) clip: vec4<f32>,
  @location(0) uv: vec2<f32>,
  @location(1) color: vec4<f32>,
}

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
  let p = pos[ii];
  let v = vel[ii];
  let c = corners[vi];
  var r = view.radius_px;
  if (p.w > view.heavy) {
    r = 3.0 * r;
  }
  var clip = view.view_proj * vec4<f32>(p.xyz, 1.0);
  clip = vec4<f32>(clip.xy + c * r * 2.0 / view.target_px * clip.w, clip.zw);
  var out: VOut;
  out.clip = clip;
  out.uv = c;
  var color: vec3<f32>;
  if (view.by_galaxy > 0.5) {
    color = select(vec3<f32>(0.35, 0.65, 1.0), vec3<f32>(1.0, 0.6, 0.3), v.w > 0.5);
  } else {
    let span = max(view.speed_range.y - view.speed_range.x, 1e-6);
    color = ramp((length(v.xyz) - view.speed_range.x) / span);
  }
  if (!(p.x == p.x) || !(p.y == p.y) || !(p.z == p.z)) {
    color = vec3<f32>(1.0, 0.0, 1.0);
  }
  var alpha = view.alpha;
  if (view.ink > 0.5) {
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
  return vec4<f32>(in.color.rgb * a, a);
}
