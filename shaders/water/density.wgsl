// SPH pass 1, density (the essay's §5 water section): over the slot ranges that can hold a
// neighbour (neighbour_ranges in water.wgsl: one contiguous run of the sorted array per row of
// cells the disc crosses), for every neighbour j != i closer than h, with q = 1 - r/h:
//   rho_i      = sum q^2
//   rho_near_i = sum q^3        (Clavet, Beaudoin & Poulin 2005)
// `lanes` consecutive threads share one particle (lanes = 1 << water.lane_shift, a power of two
// ≤ 256 that the host picks from the particle count: components/water/pipeline.ts, waterLanes):
// lane r takes the slots run.x + r, run.x + r + lanes, … of every run, and the lanes' partial
// sums meet in workgroup memory, added by lane 0 in lane order (so the result does not depend
// on the device's subgroups). Particle i = thread >> lane_shift, its slot in the sorted buffer.
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<uniform> water: Water;
@group(0) @binding(2) var<storage, read> particles: array<Particle>;
@group(0) @binding(3) var<storage, read> starts: array<u32>;
@group(0) @binding(4) var<storage, read_write> density: array<f32>;
@group(0) @binding(5) var<storage, read_write> near_density: array<f32>;

var<workgroup> lane_rho: array<vec2<f32>, 256>;
// false: the pipeline is built for one thread per particle and has no workgroup exchange (the
// host then keeps lane_shift at 0). A CPU emulation runs every invocation of a shader that holds
// a barrier as a coroutine, switching at each one; without it the water frame costs it 2.4× less
// (components/water/pipeline.ts, singleLane).
override lane_partials: bool = true;

@compute @workgroup_size(256)
fn density_pass(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
  let t = thread_index(wid, nwg, lid);
  let lanes = 1u << water.lane_shift;
  let i = (t >> water.lane_shift);
  let lane = t & (lanes - 1u);
  var rho = 0.0;
  var rho_near = 0.0;
  if (i < grid.num_particles) {
    let pi = particles[i].pos;
    let inv_h = 1.0 / water.h;
    let h2 = water.h * water.h;
    let ranges = neighbour_ranges(grid, pi, water.h);
    // essay:begin density-loop
    for (var w = 0u; w < ranges.count; w++) {
      let run = ranges.r[w];
      for (var j = run.x + lane; j < run.y; j += lanes) {
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
  }
  if (lane_partials && lanes > 1u) {
    lane_rho[lid] = vec2<f32>(rho, rho_near);
    workgroupBarrier();
    if (lane == 0u) {
      for (var k = 1u; k < lanes; k++) {
        rho += lane_rho[lid + k].x;
        rho_near += lane_rho[lid + k].y;
      }
    }
  }
  if (lane == 0u && i < grid.num_particles) {
    density[i] = rho;
    near_density[i] = rho_near;
  }
}
