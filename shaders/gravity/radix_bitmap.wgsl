// One pass of the LSD radix sort with a digit of DIGIT_BITS bits (1..5, a pipeline override) at bit
// `pass.value`: the same stable counting sort as radix.wgsl, with the same bindings and the same
// digit-major histogram hist[d · blocks + b], so scan.wgsl runs between the two kernels unchanged
// (twin: radixPass in components/gravity/radix.ts with `bits` = DIGIT_BITS).
// radix.wgsl packs 4-bit digits 8 to a word and counts equal nibbles; a 5-bit digit does not pack
// evenly, so the rank here comes from bitmaps instead: for each digit d, 8 words of 32 bits mark the
// lanes of the block whose key has digit d. A lane's rank among its digit is the number of marked
// lanes before it (countOneBits of the earlier words and of the lower bits of its own word): lanes
// keep their order, so the pass is stable. 30-bit Morton keys need 6 passes of 5 bits, not 8 of 4.
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<uniform> pass_info: Pass;
@group(0) @binding(2) var<storage, read> keys_in: array<u32>;
@group(0) @binding(3) var<storage, read> vals_in: array<u32>;
@group(0) @binding(4) var<storage, read_write> hist: array<u32>;
@group(0) @binding(5) var<storage, read> offsets: array<u32>;
@group(0) @binding(6) var<storage, read_write> keys_out: array<u32>;
@group(0) @binding(7) var<storage, read_write> vals_out: array<u32>;

override DIGIT_BITS: u32 = 5u;
// The arrays are sized for the widest digit (5 bits: 32 digits × 8 words = one word per lane).
const MAX_DIGITS: u32 = 32u;
const LANE_WORDS: u32 = 8u; // 256 lanes / 32 bits

var<workgroup> digit_count: array<atomic<u32>, MAX_DIGITS>;
var<workgroup> lanes_of: array<atomic<u32>, 256>; // lanes_of[d · 8 + w]: bit l = lane 32w + l has digit d

fn digit_of(key: u32) -> u32 {
  return (key >> pass_info.value) & ((1u << DIGIT_BITS) - 1u);
}

@compute @workgroup_size(256)
fn radix_count_bitmap(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let digits = 1u << DIGIT_BITS;
  if (lid < digits) {
    atomicStore(&digit_count[lid], 0u);
  }
  workgroupBarrier();
  let i = gid.x;
  if (i < params.n) {
    atomicAdd(&digit_count[digit_of(keys_in[i])], 1u);
  }
  workgroupBarrier();
  if (lid < digits) {
    hist[lid * params.num_blocks + wid.x] = atomicLoad(&digit_count[lid]);
  }
}

@compute @workgroup_size(256)
fn radix_scatter_bitmap(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  atomicStore(&lanes_of[lid], 0u);
  workgroupBarrier();
  let i = gid.x;
  let valid = i < params.n;
  let word = lid >> 5u;
  let bit = lid & 31u;
  var key = 0u;
  var digit = 0u;
  if (valid) {
    key = keys_in[i];
    digit = digit_of(key);
    atomicOr(&lanes_of[digit * LANE_WORDS + word], 1u << bit);
  }
  workgroupBarrier();
  if (!valid) {
    return;
  }
  // lanes before this one in the block with the same digit
  var rank = 0u;
  for (var w = 0u; w < word; w++) {
    rank = rank + countOneBits(atomicLoad(&lanes_of[digit * LANE_WORDS + w]));
  }
  rank = rank + countOneBits(atomicLoad(&lanes_of[digit * LANE_WORDS + word]) & ((1u << bit) - 1u));
  let dst = offsets[digit * params.num_blocks + wid.x] + rank;
  keys_out[dst] = key;
  vals_out[dst] = vals_in[i];
}
