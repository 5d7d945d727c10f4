// Exclusive scan of len[0] u32 values (any length; len is read from a buffer so that a GPU
// pass can set it): out[i] = Σ_{k<i} data[k], out[len] = the total. Three dispatches:
//   scan_local: each workgroup scans 1,024 values (4 per thread, then a Hillis–Steele scan
//               of the 256 thread totals in workgroup memory) and writes its block total;
//   scan_sums:  one workgroup scans the block totals (each thread a contiguous run);
//   scan_add:   every value adds its block's offset.
// SCAN_BLOCK and workgroup_inclusive come from scan_common.wgsl (composed with this file).
@group(0) @binding(0) var<storage, read> len: array<u32>;
@group(0) @binding(1) var<storage, read> data: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<u32>;
@group(0) @binding(3) var<storage, read_write> sums: array<u32>;

@compute @workgroup_size(256)
fn scan_local(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let n = len[0];
  let base = wid.x * SCAN_BLOCK + lid * 4u;
  var v: array<u32, 4>;
  var total = 0u;
  for (var k = 0u; k < 4u; k++) {
    var x = 0u;
    if (base + k < n) {
      x = data[base + k];
    }
    v[k] = total;
    total = total + x;
  }
  let inclusive = workgroup_inclusive(lid, total);
  let offset = inclusive - total;
  for (var k = 0u; k < 4u; k++) {
    if (base + k < n) {
      out[base + k] = offset + v[k];
    }
  }
  if (lid == 255u) {
    sums[wid.x] = inclusive;
  }
}

@compute @workgroup_size(256)
fn scan_sums(@builtin(local_invocation_index) lid: u32) {
  let n = len[0];
  let blocks = (n + SCAN_BLOCK - 1u) / SCAN_BLOCK;
  let per = (blocks + 255u) / 256u;
  let b0 = lid * per;
  var total = 0u;
  for (var b = b0; b < min(b0 + per, blocks); b++) {
    total = total + sums[b];
  }
  let inclusive = workgroup_inclusive(lid, total);
  var run = inclusive - total;
  for (var b = b0; b < min(b0 + per, blocks); b++) {
    let s = sums[b];
    sums[b] = run;
    run = run + s;
  }
  if (lid == 255u) {
    out[n] = inclusive;
  }
}

@compute @workgroup_size(256)
fn scan_add(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let n = len[0];
  let base = wid.x * SCAN_BLOCK + lid * 4u;
  let add = sums[wid.x];
  for (var k = 0u; k < 4u; k++) {
    if (base + k < n) {
      out[base + k] = out[base + k] + add;
    }
  }
}
