// The colour ramp of the particles' speeds and densities, shared by the disc renderer (render/discs.wgsl) and
// the hero's water field (render/water_field.wgsl); components/water/chart.ts holds the same
// stops for the legends and the 2D fallback.
// A perceptual ramp (viridis, 5 stops, linear in between) for t in [0, 1].
fn ramp(t: f32) -> vec3<f32> {
  let stops = array<vec3<f32>, 5>(
    vec3<f32>(0.267, 0.005, 0.329),
    vec3<f32>(0.230, 0.322, 0.546),
    vec3<f32>(0.128, 0.567, 0.551),
    vec3<f32>(0.369, 0.789, 0.383),
    vec3<f32>(0.993, 0.906, 0.144));
  let x = clamp(t, 0.0, 1.0) * 4.0;
  let i = min(u32(floor(x)), 3u);
  return mix(stops[i], stops[i + 1u], x - f32(i));
}
