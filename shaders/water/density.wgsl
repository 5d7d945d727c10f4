// SPH pass 1, density (brief §5): over the particles of the 3x3 window (nine contiguous
// ranges of the sorted array), for every neighbour j != i closer than h, with q = 1 - r/h:
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
fn density_pass(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= grid.num_particles) {
    return;
  }
  let pi = particles[i].pos;
  let inv_h = 1.0 / water.h;
  let h2 = water.h * water.h;
  let keys = cell_window(grid, cell_coords(grid, pi)).keys;
  var rho = 0.0;
  var rho_near = 0.0;
  // essay:begin
  for (var w = 0u; w < 9u; w++) {
    let key = keys[w];
    if (key == NO_CELL) {
      break;
    }
    let end = starts[key + 1u];
    for (var j = starts[key]; j < end; j++) {
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
  // essay:end
  density[i] = rho;
  near_density[i] = rho_near;
}
