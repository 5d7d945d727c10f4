// Diagnostics of the water for the page's mini-chart (the essay's §5 water section): a histogram of density
// over [0, 2 rho_0) in BINS bins (the last bin also takes everything above) and the
// largest speed. stats[0..BINS) are the bins, stats[BINS] the max speed's f32 bits
// (a non-negative f32 orders like its u32 bits, so atomicMax works on them).
const BINS: u32 = 64u;

@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<uniform> water: Water;
@group(0) @binding(2) var<storage, read> particles: array<Particle>;
@group(0) @binding(3) var<storage, read> density: array<f32>;
@group(0) @binding(4) var<storage, read_write> stats: array<atomic<u32>>;

@compute @workgroup_size(128)
fn stats_clear(@builtin(global_invocation_id) gid: vec3<u32>) {
  if (gid.x <= BINS) {
    atomicStore(&stats[gid.x], 0u);
  }
}

@compute @workgroup_size(256)
fn stats_pass(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
  let i = thread_index(wid, nwg, lid);
  if (i >= grid.num_particles) {
    return;
  }
  let x = density[i] / (2.0 * water.rest_density) * f32(BINS);
  let bin = u32(clamp(x, 0.0, f32(BINS - 1u)));
  atomicAdd(&stats[bin], 1u);
  let speed = length(particles[i].vel);
  atomicMax(&stats[BINS], bitcast<u32>(speed));
}
