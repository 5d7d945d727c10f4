// Write this kernel: the scatter that finishes the counting sort. Every particle
// knows its cell (key); cursor[c] starts at cell c's first slot. Each particle
// must take the next free slot of its cell, without two particles of one cell
// taking the same slot, and copy itself there. The order inside a cell is free.

struct Particle {
  pos: vec2<f32>, // world position
  vel: vec2<f32>,
  id: u32,
  key: u32,       // cell key, written by the count
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
@group(0) @binding(1) var<storage, read> src: array<Particle>;
@group(0) @binding(2) var<storage, read_write> dst: array<Particle>;
@group(0) @binding(3) var<storage, read_write> cursor: array<atomic<u32>>;

@compute @workgroup_size(256)
fn scatter(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= grid.num_particles) {
    return;
  }
  let p = src[i];
  // TODO: claim a slot of cell p.key and copy p there.
  dst[i] = p;
}
