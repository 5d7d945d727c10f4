// Counting sort, phase 1: the histogram. Each particle computes its cell key, stores it
// in its own state, and bumps that cell's counter with an atomic add. One thread per particle.
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(2) var<storage, read_write> counts: array<atomic<u32>>;

@compute @workgroup_size(256)
fn count(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= grid.num_particles) {
    return;
  }
  let key = cell_key(grid, particles[i].pos);
  particles[i].key = key;
  atomicAdd(&counts[key], 1u);
}
