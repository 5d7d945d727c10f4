// A classic wrong answer: the scan without the barrier in its loop, so a thread
// can read a slot of `tile` before (or after) the round that should write it.
// The inclusive scan of each block of 256 values, in one
// workgroup's shared memory. Thread t of block b ends with
// out[b * 256 + t] = values[b * 256] + … + values[b * 256 + t].
// The threads of a workgroup run side by side but not in step: whatever one
// thread writes to `tile`, another may read only after a barrier.

struct Size {
  n: u32,
  _pad: u32,
}

const BLOCK: u32 = 256u;

@group(0) @binding(0) var<uniform> size: Size;
@group(0) @binding(1) var<storage, read> values: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<u32>;

// Two rows: each round reads one and writes the other.
var<workgroup> tile: array<array<u32, 256>, 2>;

@compute @workgroup_size(256)
fn scan_block(@builtin(global_invocation_id) gid: vec3<u32>,
              @builtin(local_invocation_index) t: u32) {
  let i = gid.x;
  var v = 0u; // threads past the end add zeros
  if (i < size.n) {
    v = values[i];
  }
  tile[0][t] = v;
  workgroupBarrier();
  var src = 0u;
  for (var stride = 1u; stride < BLOCK; stride = stride << 1u) {
    var sum = tile[src][t];
    if (t >= stride) {
      sum = sum + tile[src][t - stride];
    }
    tile[1u - src][t] = sum;
    src = 1u - src;
  }
  if (i < size.n) {
    out[i] = tile[src][t];
  }
}
