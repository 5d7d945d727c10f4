// Counting sort, phase 1: the histogram. Each particle computes its cell key, stores it
// in its own state, and bumps that cell's counter with an atomic add. The counters start
// at zero: the previous sort's scan cleared them.
//
// Coarsening: workgroup w counts the contiguous chunk of 256 * K particles starting at
// w * 256 * K (K = grid.count_per_thread), in K tiles of 256 consecutive particles, so
// every tile's loads are coalesced and a workgroup's particles stay neighbours in the
// array. The host picks K so that huge counts run in a bounded number of workgroups
// (components/sort/gpu-sort.ts, countPerThreadFor); small simulations use K = 1.
//
// Block totals: when the scan runs in several blocks (grid.scan_blocks > 1,
// scan_single.wgsl), each scan workgroup must know at once how many particles come before
// its block, so the count pass also adds every particle to its block's total. Adding each
// particle straight to block_counts puts one global atomic per particle onto at most 256
// addresses (a handful of cache lines), which serialises: 16 M random particles took three
// times as long as the whole sort without them. Instead each workgroup adds its particles
// to its own 256 bins in workgroup memory (fast, spread over the banks), and after a
// barrier thread t adds bin t to block_counts[t] once, if it is non-zero. A workgroup of
// the re-sorted simulations (its particles in 1-2 blocks) then does 1-2 global atomics
// instead of 256 * K; one of random keys at most 256 per 256 * K particles.
// The previous sort's scatter cleared block_counts. The histogram and the bins are added by
// count_cell.wgsl's functions, which the simulations' integrating passes share. Two entry points: `count` for one scan
// block (no totals), `count_blocks` for several; the host picks by its scan-block count.
@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(2) var<storage, read_write> counts: array<atomic<u32>>;
@group(0) @binding(3) var<storage, read_write> block_counts: array<atomic<u32>>;

const COUNT_THREADS: u32 = 256u;

// Particle i's cell key, stored into its state (the histogram is count_cell.wgsl's).
fn key_particle(i: u32) -> u32 {
  let key = cell_key(grid, particles[i].pos);
  particles[i].key = key;
  return key;
}

// One scan block (grid.scan_blocks <= 1): no block totals, and no workgroup memory, so a
// CPU emulation pays no zeroing barrier per workgroup.
@compute @workgroup_size(256)
fn count(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
         @builtin(local_invocation_index) lid: u32) {
  let k = max(grid.count_per_thread, 1u);
  let first = thread_index(wid, nwg, 0u) * k; // this workgroup's first particle
  for (var j = 0u; j < k; j++) {
    let i = first + j * COUNT_THREADS + lid;
    if (i < grid.num_particles) {
      count_cell(key_particle(i), 1u);
    }
  }
}

// The bins are count_cell.wgsl's `count_bins`, one per scan block. WGSL zero-initialises
// workgroup memory at the start of every workgroup (the WebGPU spec guarantees it;
// implementations insert the zeroing and its barrier), so they need no clear of their own.
// Several scan blocks (grid.scan_blocks > 1): the histogram and the block totals.
@compute @workgroup_size(256)
fn count_blocks(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
                @builtin(local_invocation_index) lid: u32) {
  let k = max(grid.count_per_thread, 1u);
  let first = thread_index(wid, nwg, 0u) * k;
  for (var j = 0u; j < k; j++) {
    let i = first + j * COUNT_THREADS + lid;
    // no early return for threads past the end: every thread must reach the barrier
    if (i < grid.num_particles) {
      count_cell_blocks(key_particle(i), 1u);
    }
  }
  workgroupBarrier();
  flush_count_bins(lid);
}
