// The 3×3 grid query on the sorted layout (brief §2). Composed after common/particle.wgsl,
// common/grid.wgsl and common/window.wgsl; runs after the counting sort (sort/*.wgsl) in
// the same pass. One thread per sorted slot s:
//   - the disc's window is its cell and the 8 around it (clipped to the dense grid,
//     cell_window); each cell of the window is one contiguous range of slots,
//     starts[key]..starts[key+1];
//   - adds (discs in its window − 1) to result[0]: every candidate pair counted from both ends;
//   - if its cell lies in the window around query.cell, appends its id to window_ids
//     (result[1] counts them; order is whatever the atomics hand out).
// CPU twin: gridQueryTwin in components/contacts/grid-query.ts.
struct Query {
  cell: vec2<i32>,  // the query cell (cx, cy), inside the grid
  max_ids: u32,     // capacity of window_ids
  _pad: u32,
}

@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<uniform> query: Query;
@group(0) @binding(2) var<storage, read> sorted: array<Particle>;
@group(0) @binding(3) var<storage, read> starts: array<u32>;
@group(0) @binding(4) var<storage, read_write> result: array<atomic<u32>>;
@group(0) @binding(5) var<storage, read_write> window_ids: array<u32>;

@compute @workgroup_size(256)
fn query_window(@builtin(global_invocation_id) gid: vec3<u32>) {
  let s = gid.x;
  if (s >= grid.num_particles) {
    return;
  }
  let p = sorted[s];
  let c = vec2<i32>(i32(p.key % grid.dims.x), i32(p.key / grid.dims.x));
  let win = cell_window(grid, c);
  var w = 0u;
  for (var k = 0u; k < win.count; k++) {
    w += starts[win.keys[k] + 1u] - starts[win.keys[k]];
  }
  atomicAdd(&result[0], w - 1u);
  if (all(abs(c - query.cell) <= vec2<i32>(1))) {
    let slot = atomicAdd(&result[1], 1u);
    if (slot < query.max_ids) {
      window_ids[slot] = p.id;
    }
  }
}
