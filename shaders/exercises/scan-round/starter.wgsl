// Write this kernel: one round of the Hillis–Steele scan.
// Round k reads src and writes dst: every element adds the element `stride`
// places to its left (stride = 2^k); the first `stride` elements have nothing
// there and keep their value. After ceil(log2 n) rounds, dst holds the
// inclusive prefix sums of the first src.

struct Round {
  stride: u32,
  n: u32,
}

@group(0) @binding(0) var<uniform> round: Round;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> dst: array<u32>;

@compute @workgroup_size(256)
fn scan_round(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= round.n) {
    return;
  }
  // TODO: add the value `round.stride` places to the left, where there is one.
  dst[i] = src[i];
}
