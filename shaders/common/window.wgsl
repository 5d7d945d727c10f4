// The 3×3 window of cells around a cell: the one neighbour loop of the sand forces, the
// water (SPH) density and force passes and the contacts grid query. Composed after
// common/grid.wgsl. CPU twin: cellWindow in components/sort/grid.ts.
//
// Each bucket is listed once, in row-major order of the window (dy outer, dx inner,
// both −1..1), with the window cell that first gave it:
//   - dense grid: window cells outside the grid are left out (so nothing repeats);
//   - spatial hash: two cells of the window can share a bucket; a repeated key would
//     visit (and count) its particles twice, so only its first cell is kept.
// Unused entries of `keys` hold NO_CELL.

const NO_CELL: u32 = 0xffffffffu;

struct CellWindow {
  keys: array<u32, 9>,         // distinct bucket keys, `count` of them, then NO_CELL
  cells: array<vec2<i32>, 9>,  // the window cell that first gave keys[w]
  count: u32,
}

fn cell_window(g: Grid, c: vec2<i32>) -> CellWindow {
  var win: CellWindow;
  var n = 0u;
  for (var dy = -1; dy <= 1; dy++) {
    for (var dx = -1; dx <= 1; dx++) {
      let cc = c + vec2<i32>(dx, dy);
      if (g.hashed == 0u && (cc.x < 0 || cc.y < 0 || cc.x >= i32(g.dims.x) || cc.y >= i32(g.dims.y))) {
        continue;
      }
      let key = cell_key_of(g, cc);
      // dense keys are distinct by construction; only hashed buckets can repeat (checking
      // dense windows too cost the sand frame about 12 % on an H200)
      var seen = false;
      if (g.hashed != 0u) {
        for (var m = 0u; m < n; m++) {
          seen = seen || win.keys[m] == key;
        }
      }
      if (!seen) {
        win.keys[n] = key;
        win.cells[n] = cc;
        n++;
      }
    }
  }
  for (var m = n; m < 9u; m++) {
    win.keys[m] = NO_CELL;
  }
  win.count = n;
  return win;
}
