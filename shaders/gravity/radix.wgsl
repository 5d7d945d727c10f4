// One pass of the LSD radix sort (4-bit digit at bit `pass.value`), a stable counting sort
// split over blocks of 256 keys (twin: components/gravity/radix.ts):
//   radix_count:   per-block digit histogram, stored digit-major: hist[d · blocks + b];
//   (scan.wgsl):   exclusive scan of hist → offsets: where block b's keys of digit d start;
//   radix_scatter: each key goes to offsets[d · blocks + b] + its rank among the keys of
//                  digit d before it in its block. The rank comes from the block's digits
//                  packed 8 per word (4 bits each), counted with a nibble-equality test, so
//                  the order of equal digits is kept: the pass is stable.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<uniform> pass_info: Pass;
@group(0) @binding(2) var<storage, read> keys_in: array<u32>;
@group(0) @binding(3) var<storage, read> vals_in: array<u32>;
@group(0) @binding(4) var<storage, read_write> hist: array<u32>;
@group(0) @binding(5) var<storage, read> offsets: array<u32>;
@group(0) @binding(6) var<storage, read_write> keys_out: array<u32>;
@group(0) @binding(7) var<storage, read_write> vals_out: array<u32>;

var<workgroup> wcount: array<atomic<u32>, 16>;
var<workgroup> packed: array<atomic<u32>, 32>;

@compute @workgroup_size(256)
fn radix_count(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  if (lid < 16u) {
    atomicStore(&wcount[lid], 0u);
  }
  workgroupBarrier();
  let i = gid.x;
  if (i < params.n) {
    atomicAdd(&wcount[(keys_in[i] >> pass_info.value) & 15u], 1u);
  }
  workgroupBarrier();
  if (lid < 16u) {
    hist[lid * params.num_blocks + wid.x] = atomicLoad(&wcount[lid]);
  }
}

// Number of 4-bit fields of x that are zero, among the fields selected by `mask` (0x1 per field).
fn zero_nibbles(x: u32, mask: u32) -> u32 {
  var t = x | (x >> 1u);
  t = t | (t >> 2u);
  return countOneBits(~t & mask);
}

@compute @workgroup_size(256)
fn radix_scatter(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  if (lid < 32u) {
    atomicStore(&packed[lid], 0u);
  }
  workgroupBarrier();
  let i = gid.x;
  let valid = i < params.n;
  var key = 0u;
  var digit = 0u;
  if (valid) {
    key = keys_in[i];
    digit = (key >> pass_info.value) & 15u;
    atomicOr(&packed[lid >> 3u], digit << ((lid & 7u) * 4u));
  }
  workgroupBarrier();
  if (!valid) {
    return;
  }
  // keys before this one in the block with the same digit
  let pattern = digit * 0x11111111u;
  var rank = 0u;
  let word = lid >> 3u;
  for (var w = 0u; w < word; w++) {
    rank = rank + zero_nibbles(atomicLoad(&packed[w]) ^ pattern, 0x11111111u);
  }
  let before = lid & 7u;
  if (before > 0u) {
    let mask = 0x11111111u & ((1u << (before * 4u)) - 1u);
    rank = rank + zero_nibbles(atomicLoad(&packed[word]) ^ pattern, mask);
  }
  let dst = offsets[digit * params.num_blocks + wid.x] + rank;
  keys_out[dst] = key;
  vals_out[dst] = vals_in[i];
}
