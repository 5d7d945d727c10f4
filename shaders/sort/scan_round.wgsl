// One round of the Hillis–Steele (1986) inclusive scan, as its own dispatch so that the
// teaching widgets can read every round back. Round k uses stride 2^k: each element adds
// the value `stride` places to its left. Ping-pong: reads src, writes dst.
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
  var sum = src[i];
  if (i >= round.stride) {
    sum = sum + src[i - round.stride];
  }
  dst[i] = sum;
}
