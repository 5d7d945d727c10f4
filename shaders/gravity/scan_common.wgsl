// The block size and the workgroup scan of scan.wgsl, in a file of their own so that a kernel with
// other bindings (shaders/gravity3d/tree_ranked.wgsl's flag pass) can scan in workgroup memory the same way.
const SCAN_BLOCK: u32 = 1024u;
var<workgroup> wsum: array<array<u32, 256>, 2>;

fn workgroup_inclusive(lid: u32, v: u32) -> u32 {
  wsum[0][lid] = v;
  workgroupBarrier();
  var src = 0u;
  for (var stride = 1u; stride < 256u; stride = stride << 1u) {
    var s = wsum[src][lid];
    if (lid >= stride) {
      s = s + wsum[src][lid - stride];
    }
    wsum[1u - src][lid] = s;
    workgroupBarrier();
    src = 1u - src;
  }
  return wsum[src][lid];
}
