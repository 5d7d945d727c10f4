// Write this kernel: the cell key of every particle.
// The grid's cells are square, 1 / grid.inv_cell wide, counted from grid.origin;
// cell (cx, cy) has key cy * grid.dims.x + cx. A particle outside the grid belongs
// to the nearest cell on the edge.

struct Particle {
  pos: vec2<f32>, // world position
  vel: vec2<f32>,
  id: u32,
  key: u32,
}

struct Grid {
  origin: vec2<f32>,  // world position of the lower-left corner of cell (0, 0)
  inv_cell: f32,      // 1 / cell width
  cell_size: f32,     // cell width
  dims: vec2<u32>,    // cells along x and y
  num_cells: u32,     // dims.x * dims.y
  num_particles: u32,
  _unused: vec4<u32>, // the simulations' sort settings
}

@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read> particles: array<Particle>;
@group(0) @binding(2) var<storage, read_write> keys: array<u32>;

@compute @workgroup_size(256)
fn cell_keys(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= grid.num_particles) {
    return;
  }
  let p = particles[i].pos;
  // TODO: the cell (cx, cy) that holds p, kept inside the grid, and its key.
  keys[i] = 0u;
}
