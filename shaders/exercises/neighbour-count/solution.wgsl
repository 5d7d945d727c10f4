// Reference solution: how many other particles lie closer than h to each particle.
// The particles are sorted by cell: the particles of cell c sit in slots
// starts[c] .. starts[c + 1] of `sorted`. The cells are h wide, so every
// neighbour of a particle lies in its own cell or one of the 8 around it.
// One thread per slot s writes neighbours[s].

struct Particle {
  pos: vec2<f32>, // world position
  vel: vec2<f32>,
  id: u32,
  key: u32,       // cell key: cy * dims.x + cx
}

struct Grid {
  origin: vec2<f32>,  // world position of the lower-left corner of cell (0, 0)
  inv_cell: f32,      // 1 / cell width
  cell_size: f32,     // cell width: the smoothing radius h
  dims: vec2<u32>,    // cells along x and y
  num_cells: u32,     // dims.x * dims.y
  num_particles: u32,
  _unused: vec4<u32>, // the simulations' sort settings
}

@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read> sorted: array<Particle>;
@group(0) @binding(2) var<storage, read> starts: array<u32>;
@group(0) @binding(3) var<storage, read_write> neighbours: array<u32>;

@compute @workgroup_size(256)
fn count_neighbours(@builtin(global_invocation_id) gid: vec3<u32>) {
  let s = gid.x;
  if (s >= grid.num_particles) {
    return;
  }
  let p = sorted[s];
  let h = grid.cell_size;
  let cell = vec2<i32>(i32(p.key % grid.dims.x), i32(p.key / grid.dims.x));
  var count = 0u;
  for (var dy = -1; dy <= 1; dy++) {
    for (var dx = -1; dx <= 1; dx++) {
      let c = cell + vec2<i32>(dx, dy);
      // The window is clipped at the grid's edges: there are no cells outside.
      if (c.x < 0 || c.y < 0 || c.x >= i32(grid.dims.x) || c.y >= i32(grid.dims.y)) {
        continue;
      }
      let key = u32(c.y) * grid.dims.x + u32(c.x);
      for (var j = starts[key]; j < starts[key + 1u]; j++) {
        let d = sorted[j].pos - p.pos;
        // Squared distances: no square root needed to compare with h.
        if (j != s && dot(d, d) < h * h) {
          count++;
        }
      }
    }
  }
  neighbours[s] = count;
}
