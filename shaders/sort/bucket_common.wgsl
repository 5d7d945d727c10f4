// The bucket pass of the two-pass scatter (CountingSortOptions.scatter "bucketed"): a first,
// coarse scatter that moves every record into the range of its scan block (a "bucket" of
// grid.block_cells consecutive cells, at most 256 buckets), so that the cell scatter after
// it writes inside one bucket's few kilobytes at a time instead of all over the array.
//
// Why: a one-pass counting sort of random input writes each record to a random place among
// 65,536 cells; every write then lands in a different cache sector of memory, and a record
// that is not a whole sector costs a read-modify-write of the sector. Binned first by 256
// buckets, each workgroup's records for one bucket go to consecutive slots (its share of
// the bucket, claimed with one atomic), so its writes come in short contiguous runs; the
// cell scatter that follows reads in bucket order and writes inside the 256 cells of one
// bucket, a window the L2 cache holds while it fills. Two passes over the records instead
// of one: a win only where the one-pass scatter is bound by scattered writes (large, random
// input); on input already in cell order the one-pass scatter is already contiguous.
//
// Ranks: each workgroup counts its records per bucket in workgroup memory (a record's local
// rank is the value its atomicAdd returns), then thread b claims the workgroup's share of
// bucket b with one global atomic and every record goes to share start + local rank. The
// global atomic is an atomicSub on the block totals that the count pass added up and the
// scan read: each bucket fills from its end down, and when the pass ends every block total
// is zero again, as the next count needs (the cell scatter clears them too). Order inside a
// bucket is whatever the atomics hand out; the cell scatter decides the order inside a cell.
//
// The including module declares `grid` (Grid), `starts` (array<u32>, the scan's cell
// starts) and `block_counts` (array<atomic<u32>>).

// Records each thread of the bucket pass moves (a workgroup moves 256 · BUCKET_PER_THREAD
// consecutive records: the larger, the longer each workgroup's run per bucket).
const BUCKET_PER_THREAD: u32 = 8u;

var<workgroup> bucket_hist: array<atomic<u32>, 256>;
var<workgroup> bucket_base: array<u32, 256>;

// The bucket (scan block) of a cell key.
fn bucket_of(key: u32) -> u32 {
  return key / max(grid.block_cells, 1u);
}

// This record's rank among the workgroup's records of bucket b.
fn bucket_rank(b: u32) -> u32 {
  return atomicAdd(&bucket_hist[b], 1u);
}

// After a workgroupBarrier: thread `lid` claims the workgroup's share of bucket lid (if it
// has records there); read bucket_base after the next barrier.
fn bucket_claim(lid: u32) {
  let c = atomicLoad(&bucket_hist[lid]);
  if (c != 0u) {
    bucket_base[lid] = starts[lid * grid.block_cells] + atomicSub(&block_counts[lid], c) - c;
  }
}
