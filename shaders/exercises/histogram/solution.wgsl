// Reference solution: the histogram of the cell keys, one counter per cell.
// Thousands of threads run at once and many of them land in the same cell: each
// must add its particle to counts[key] without losing another thread's update.
// The counters start at zero.

struct Particle {
  pos: vec2<f32>, // world position
  vel: vec2<f32>,
  id: u32,
  key: u32,       // this particle's cell key, written here for the scatter
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
@group(0) @binding(1) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(2) var<storage, read_write> counts: array<atomic<u32>>;

// The cell key of a position (the first exercise's answer).
fn cell_key(p: vec2<f32>) -> u32 {
  let c = vec2<i32>(floor((p - grid.origin) * grid.inv_cell));
  let cx = u32(clamp(c.x, 0, i32(grid.dims.x) - 1));
  let cy = u32(clamp(c.y, 0, i32(grid.dims.y) - 1));
  return cy * grid.dims.x + cx;
}

@compute @workgroup_size(256)
fn count(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= grid.num_particles) {
    return;
  }
  let key = cell_key(particles[i].pos);
  particles[i].key = key;
  // One indivisible read-add-write: no other thread's +1 can fall between.
  atomicAdd(&counts[key], 1u);
}
