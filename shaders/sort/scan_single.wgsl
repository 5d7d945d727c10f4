// The exclusive scan of the cell counts that the simulations run: ONE dispatch of one
// workgroup, for any number of cells (the essay's §3 counting-sort section explains the
// three-dispatch block scan of scan.wgsl as the idea; this is the same sum, reorganised).
// Each of the 256 threads owns a contiguous run of ceil(num_cells / 256) cells:
//   1. it adds up its run serially (no barrier needed: nobody else reads it);
//   2. the workgroup scans the 256 run totals (Hillis–Steele in workgroup memory, 8 rounds);
//   3. it walks its run again, writing each cell's exclusive start into starts and into
//      the scatter's cursor, and sets the count back to zero, so the histogram is clear
//      for the next sort's count pass (the clear needs no dispatch of its own).
// starts has num_cells + 1 entries: starts[num_cells] is the total.
const SCAN_THREADS: u32 = 256u;

@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read_write> counts: array<u32>;
@group(0) @binding(2) var<storage, read_write> starts: array<u32>;
@group(0) @binding(3) var<storage, read_write> cursor: array<u32>;

var<workgroup> totals: array<array<u32, 256>, 2>;

@compute @workgroup_size(256)
fn scan_single(@builtin(local_invocation_index) t: u32) {
  let n = grid.num_cells;
  let run = (n + SCAN_THREADS - 1u) / SCAN_THREADS;
  let lo = min(t * run, n);
  let hi = min(lo + run, n);
  var sum = 0u;
  for (var c = lo; c < hi; c++) {
    sum += counts[c];
  }
  totals[0][t] = sum;
  workgroupBarrier();
  var src = 0u;
  for (var stride = 1u; stride < SCAN_THREADS; stride = stride << 1u) {
    var s = totals[src][t];
    if (t >= stride) {
      s += totals[src][t - stride];
    }
    totals[1u - src][t] = s;
    workgroupBarrier();
    src = 1u - src;
  }
  let inclusive = totals[src][t];
  var start = inclusive - sum; // how many particles live in all earlier runs
  for (var c = lo; c < hi; c++) {
    let k = counts[c];
    starts[c] = start;
    cursor[c] = start;
    counts[c] = 0u;
    start += k;
  }
  if (t == SCAN_THREADS - 1u) {
    starts[n] = inclusive;
  }
}
