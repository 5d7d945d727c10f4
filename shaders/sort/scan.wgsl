// The production exclusive scan of up to 65,536 cell counts in three dispatches (the
// essay's §3 counting-sort section):
//   scan_blocks:        each workgroup of 256 threads scans its 256 counts in workgroup
//                       memory (Hillis–Steele, two ping-pong arrays, a barrier per round,
//                       8 rounds) and writes its block total;
//   scan_block_sums:    one workgroup scans the (at most 256) block totals into offsets;
//   add_block_offsets:  every cell adds its block's offset, subtracts its own count
//                       (inclusive -> exclusive) and copies the start into the cursor.
// starts has num_cells + 1 entries: starts[num_cells] is the total.
const BLOCK: u32 = 256u;

@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read> counts: array<u32>;
@group(0) @binding(2) var<storage, read_write> starts: array<u32>;
@group(0) @binding(3) var<storage, read_write> block_sums: array<u32>;
@group(0) @binding(4) var<storage, read_write> cursor: array<u32>;

// essay:begin scan-loop
var<workgroup> pingpong: array<array<u32, 256>, 2>;

// Inclusive Hillis–Steele scan of pingpong[0] across the workgroup; returns this
// thread's inclusive sum.
fn scan_workgroup(lid: u32) -> u32 {
  var src = 0u;
  for (var stride = 1u; stride < BLOCK; stride = stride << 1u) {
    var sum = pingpong[src][lid];
    if (lid >= stride) {
      sum = sum + pingpong[src][lid - stride];
    }
    pingpong[1u - src][lid] = sum;
    workgroupBarrier();
    src = 1u - src;
  }
  return pingpong[src][lid];
}
// essay:end scan-loop

@compute @workgroup_size(256)
fn scan_blocks(@builtin(local_invocation_id) lid: vec3<u32>,
               @builtin(workgroup_id) wid: vec3<u32>) {
  let i = wid.x * BLOCK + lid.x;
  var value = 0u;
  if (i < grid.num_cells) {
    value = counts[i];
  }
  pingpong[0][lid.x] = value;
  workgroupBarrier();
  let inclusive = scan_workgroup(lid.x);
  if (i < grid.num_cells) {
    starts[i] = inclusive;
  }
  if (lid.x == BLOCK - 1u) {
    block_sums[wid.x] = inclusive;
  }
}

@compute @workgroup_size(256)
fn scan_block_sums(@builtin(local_invocation_id) lid: vec3<u32>) {
  let num_blocks = (grid.num_cells + BLOCK - 1u) / BLOCK;
  var value = 0u;
  if (lid.x < num_blocks) {
    value = block_sums[lid.x];
  }
  pingpong[0][lid.x] = value;
  workgroupBarrier();
  let inclusive = scan_workgroup(lid.x);
  if (lid.x < num_blocks) {
    block_sums[lid.x] = inclusive - value; // exclusive: the offset of this block
  }
}

@compute @workgroup_size(256)
fn add_block_offsets(@builtin(global_invocation_id) gid: vec3<u32>,
                     @builtin(workgroup_id) wid: vec3<u32>) {
  let i = gid.x;
  if (i >= grid.num_cells) {
    return;
  }
  let inclusive = starts[i] + block_sums[wid.x];
  let start = inclusive - counts[i];
  starts[i] = start;
  cursor[i] = start;
  if (i == grid.num_cells - 1u) {
    starts[grid.num_cells] = inclusive;
  }
}
