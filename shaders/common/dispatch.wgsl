// The item index of a thread in a dispatch of 256-thread workgroups laid out in rows
// (components/gpu/dispatch.ts): past 65,535 workgroups per dimension the dispatch is 2D,
// so the index is (row * workgroups per row + column) * 256 + the thread's place in its
// workgroup. Threads past the item count exist in the last row; kernels skip them.
fn thread_index(wid: vec3<u32>, nwg: vec3<u32>, lid: u32) -> u32 {
  return (wid.y * nwg.x + wid.x) * 256u + lid;
}
