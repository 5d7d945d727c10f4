// Uniform grid shared by the sort and the neighbour kernels. 48 bytes.
// Dense mode: key = iy * dims.x + ix with the cell coordinates clamped into the grid.
// Hashed mode (Teschner et al. 2003): key = (ix * 73856093 xor iy * 19349663) & (num_cells - 1),
// with num_cells a power of two, so an unbounded world maps onto a fixed table.
struct Grid {
  origin: vec2<f32>,   // world position of the lower-left corner of cell (0, 0)
  inv_cell: f32,       // 1 / cell width (world units^-1)
  cell_size: f32,      // cell width (world units)
  dims: vec2<u32>,     // cells along x and y (dense mode)
  num_cells: u32,      // dense: dims.x * dims.y; hashed: table size (power of two)
  num_particles: u32,
  hashed: u32,         // 0 = dense grid, 1 = spatial hash
  scan_blocks: u32,    // blocks of the sort's one-dispatch scan (scan_single.wgsl); 0 or 1: one
  block_cells: u32,    // cells per scan block: ceil(num_cells / scan_blocks)
  count_per_thread: u32, // particles each count.wgsl thread counts (coarsening); 0 or 1: one
}

// The key of no particle (a sort lane without one): larger than any cell key (at most 2^25 cells).
const NO_KEY: u32 = 0xffffffffu;

const HASH_P1: u32 = 73856093u;
const HASH_P2: u32 = 19349663u;
const COORD_LIMIT: f32 = 1073741824.0; // 2^30: keeps the i32 conversion exact and in range

// Integer cell coordinates of a world position (unclamped, saturated at +-2^30).
fn cell_coords(g: Grid, p: vec2<f32>) -> vec2<i32> {
  let f = clamp(floor((p - g.origin) * g.inv_cell), vec2<f32>(-COORD_LIMIT), vec2<f32>(COORD_LIMIT));
  return vec2<i32>(f);
}

// Key of the cell at integer coordinates c (dense: clamped into the grid; hashed: wrapped).
fn cell_key_of(g: Grid, c: vec2<i32>) -> u32 {
  if (g.hashed != 0u) {
    return ((bitcast<u32>(c.x) * HASH_P1) ^ (bitcast<u32>(c.y) * HASH_P2)) & (g.num_cells - 1u);
  }
  let cx = u32(clamp(c.x, 0, i32(g.dims.x) - 1));
  let cy = u32(clamp(c.y, 0, i32(g.dims.y) - 1));
  return cy * g.dims.x + cx;
}

fn cell_key(g: Grid, p: vec2<f32>) -> u32 {
  return cell_key_of(g, cell_coords(g, p));
}
