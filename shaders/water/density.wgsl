// SPH pass 1, density (the essay's §5 water section): over the slot ranges that can hold a
// neighbour (neighbour_ranges in water.wgsl: one contiguous run of the sorted array per row of
// cells the disc crosses), for every neighbour j != i closer than h, with q = 1 - r/h:
//   rho_i      = sum q^2
//   rho_near_i = sum q^3        (Clavet, Beaudoin & Poulin 2005)
// One thread per particle, indexed by its slot in the sorted buffer.
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<uniform> water: Water;
@group(0) @binding(2) var<storage, read> particles: array<Particle>;
@group(0) @binding(3) var<storage, read> starts: array<u32>;
@group(0) @binding(4) var<storage, read_write> density: array<f32>;
@group(0) @binding(5) var<storage, read_write> near_density: array<f32>;

@compute @workgroup_size(256)
fn density_pass(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
  let i = thread_index(wid, nwg, lid);
  if (i >= grid.num_particles) {
    return;
  }
  let pi = particles[i].pos;
  let inv_h = 1.0 / water.h;
  let h2 = water.h * water.h;
  let ranges = neighbour_ranges(grid, pi, water.h);
  var rho = 0.0;
  var rho_near = 0.0;
  // essay:begin density-loop
  for (var w = 0u; w < ranges.count; w++) {
    let run = ranges.r[w];
    for (var j = run.x; j < run.y; j++) {
      let d = particles[j].pos - pi;
      let r2 = dot(d, d);
      if (j != i && r2 < h2) {
        let q = 1.0 - sqrt(r2) * inv_h;
        let q2 = q * q;
        rho += q2;
        rho_near += q2 * q;
      }
    }
  }
  // essay:end density-loop
  density[i] = rho;
  near_density[i] = rho_near;
}
