// Composed after water/water.wgsl by the density and force passes (not the stats pass).
// The slot ranges of the sorted array that can hold a neighbour of p (closer than `reach`);
// the kernels that call it declare `starts` (the sort's cell starts).
//  - dense grid: one range per row of cells the disc crosses. A row's cells have
//    consecutive keys, so its particles form one contiguous run; the run is cut to the
//    columns the disc reaches in that row, which leaves out most of the 3×3 window's
//    corners (and, with cells of h/2, most of its far edges too).
//  - spatial hash: one range per distinct bucket of the 3×3 window (cell_window).
// The reach is widened by 0.1 % so that f32 rounding never drops a true neighbour (the
// distance test decides). Particles outside a dense grid sit in its edge cells, which the
// clamped rows and columns always include.
struct SlotRanges {
  r: array<vec2<u32>, 9>,  // [first slot, end slot)
  count: u32,
}

const REACH_SLACK: f32 = 1.001;

fn neighbour_ranges(g: Grid, p: vec2<f32>, reach: f32) -> SlotRanges {
  var out: SlotRanges;
  if (g.hashed != 0u) {
    let win = cell_window(g, cell_coords(g, p));
    for (var w = 0u; w < win.count; w++) {
      out.r[w] = vec2<u32>(starts[win.keys[w]], starts[win.keys[w] + 1u]);
    }
    out.count = win.count;
    return out;
  }
  let rr = reach * REACH_SLACK;
  let top = i32(g.dims.y) - 1;
  let right = i32(g.dims.x) - 1;
  let y0 = clamp(cell_coords(g, p - vec2<f32>(rr)).y, 0, top);
  let y1 = min(clamp(cell_coords(g, p + vec2<f32>(rr)).y, 0, top), y0 + 8);
  var n = 0u;
  for (var cy = y0; cy <= y1; cy++) {
    // distance from p to the row's band of y (0 inside it); cells beyond it are farther
    let band_lo = g.origin.y + f32(cy) * g.cell_size;
    let dy = max(max(band_lo - p.y, p.y - (band_lo + g.cell_size)), 0.0);
    let half = sqrt(max(rr * rr - dy * dy, 0.0));
    let x0 = clamp(cell_coords(g, vec2<f32>(p.x - half, p.y)).x, 0, right);
    let x1 = clamp(cell_coords(g, vec2<f32>(p.x + half, p.y)).x, 0, right);
    let row = u32(cy) * g.dims.x;
    out.r[n] = vec2<u32>(starts[row + u32(x0)], starts[row + u32(x1) + 1u]);
    n++;
  }
  out.count = n;
  return out;
}
