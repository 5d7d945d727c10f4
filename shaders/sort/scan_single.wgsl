// The exclusive scan of the cell counts that the simulations run: ONE dispatch, for any
// number of cells (the essay's §3 counting-sort section explains the three-dispatch block
// scan of scan.wgsl as the idea; this is the same sum, reorganised).
//
// The cells are split into grid.scan_blocks blocks of grid.block_cells consecutive cells,
// one workgroup each (1 block on a CPU-emulated adapter, where every workgroup costs its
// barrier rounds; 256 on a real GPU, where one workgroup alone is latency-bound). The count
// pass has already added each particle to its block's total (block_counts), so no
// workgroup ever waits for another: workgroup b
//   1. loads all block totals and scans them together with step 2's run totals, which
//      gives the number of particles in all earlier blocks (its offset);
//   2. gives each of its 256 threads a contiguous run of ceil(block_cells / 256) cells,
//      which the thread adds up serially (no barrier: nobody else reads it), and scans the
//      256 run totals (Hillis–Steele in workgroup memory, 8 rounds, both scans at once);
//   3. has each thread walk its run again, writing each cell's exclusive start into starts
//      and into the scatter's cursor, and set the count back to zero, so the histogram is
//      clear for the next sort's count pass (the clear needs no dispatch of its own).
// The scatter pass clears block_counts (it runs after this scan in every sort).
// starts has num_cells + 1 entries: starts[num_cells] is the total, written by the last block.
const SCAN_THREADS: u32 = 256u;

@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read_write> counts: array<u32>;
@group(0) @binding(2) var<storage, read_write> starts: array<u32>;
@group(0) @binding(3) var<storage, read_write> cursor: array<u32>;
@group(0) @binding(4) var<storage, read> block_counts: array<u32>;

// x: block totals, y: run totals of this block
var<workgroup> totals: array<array<vec2<u32>, 256>, 2>;

@compute @workgroup_size(256)
fn scan_single(@builtin(local_invocation_index) t: u32, @builtin(workgroup_id) wid: vec3<u32>,
               @builtin(num_workgroups) nwg: vec3<u32>) {
  let n = grid.num_cells;
  let b = wid.x;
  // one block: the whole grid (block_counts unused: the count pass skipped them)
  let blocks = nwg.x;
  let block_cells = select(n, grid.block_cells, blocks > 1u);
  let block_lo = min(b * block_cells, n);
  let block_hi = min(block_lo + block_cells, n);
  let run = (block_hi - block_lo + SCAN_THREADS - 1u) / SCAN_THREADS;
  let lo = min(block_lo + t * run, block_hi);
  let hi = min(lo + run, block_hi);
  // essay:begin runs-then-scan
  var sum = 0u;
  for (var c = lo; c < hi; c++) {
    sum += counts[c];
  }
  var block_total = 0u;
  if (blocks > 1u && t < blocks) {
    block_total = block_counts[t];
  }
  totals[0][t] = vec2<u32>(block_total, sum);
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
  // essay:end runs-then-scan
  // particles in all earlier blocks: the inclusive block scan one entry before this block
  var offset = 0u;
  if (b > 0u) {
    offset = totals[src][b - 1u].x;
  }
  let inclusive = totals[src][t].y;
  var start = offset + inclusive - sum; // how many particles live in all earlier runs
  for (var c = lo; c < hi; c++) {
    let k = counts[c];
    starts[c] = start;
    cursor[c] = start;
    counts[c] = 0u;
    start += k;
  }
  if (b == blocks - 1u && t == SCAN_THREADS - 1u) {
    starts[n] = offset + inclusive;
  }
}
