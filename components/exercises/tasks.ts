/**
 * The exercises, in the essay's order: each asks the reader for one WGSL kernel of the
 * neighbour search (the cell key, the histogram, one scan round, the workgroup scan, the
 * exclusive shift, the scatter, the 3×3 neighbour count, the compaction of part four) and
 * checks it against the project's CPU twin of that step (components/sort/twin.ts,
 * components/sort/grid.ts, components/dust/twin.ts). Each task's WGSL is in
 * shaders/exercises/<id>/ (`taskSource`). Node-safe: the checkers, the worker and the tests
 * import it.
 */
import type {WGSLLoader} from "../gpu/wgsl.js";
import {NO_PARTNER, compactTwin} from "../dust/twin.js";
import {allocBodies} from "../gravity/bodies.js";
import {cellKey, cellWindow, denseGrid} from "../sort/grid.js";
import {PARTICLE_WORDS} from "../sort/particles.js";
import {blockScanTwin, countTwin, exclusiveFromInclusive, exclusiveScan, hillisSteeleRound, scanRoundCount, scatterTwin, sortTwin} from "../sort/twin.js";
import {f32Of, gridOf, gridWords, onLattice, particlesAt, particlesOf, random, smallCounts, u32Of, workgroupsFor} from "./inputs.js";
import type {Task, TaskInput} from "./task.js";

/** Input sizes every task checks on the GPU: the edges around one workgroup, a size no multiple of it, and a large one. */
export const GPU_SIZES = [1, 255, 256, 257, 777, 10_000];
/** Sizes for the CPU interpreter (~20–70 µs a step): one, a part-filled workgroup, two workgroups of which one holds a single item. */
const INTERPRETER_SIZES = [1, 100, 257];

const SECTION_GRID = "2-buckets-a-uniform-grid";
const SECTION_SORT = "3-sorting-counting-sort-and-the-prefix-sum";
const SECTION_WATER = "5-water-smoothed-particle-hydrodynamics";
/** On the Worlds from Dust page (/worlds-from-dust), part four. */
const SECTION_MERGE = "3-merging-needs-a-compaction";

/** The grid of the cell-key and histogram tasks: 16 × 12 cells of 1/8 with its corner at (−1, −0.75). */
const KEY_GRID = denseGrid(16, 12, 0.125, -1, -0.75);

/**
 * Positions for the key tasks: on a 1/1024 lattice, a quarter cell beyond the grid on every
 * side (so clamping matters), and every 8th exactly on a cell border (so floor matters).
 */
function keyInput(size: number, seed: number, output: (n: number) => Uint32Array): TaskInput {
  const rand = random(size, seed);
  const g = KEY_GRID;
  const xs = new Float32Array(size);
  const ys = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const w = g.dimX * g.cellSize;
    const h = g.dimY * g.cellSize;
    if (i % 8 === 7) {
      xs[i] = g.originX + Math.floor(rand() * (g.dimX + 1)) * g.cellSize;
      ys[i] = g.originY + Math.floor(rand() * (g.dimY + 1)) * g.cellSize;
    } else {
      xs[i] = onLattice(g.originX - 0.25 + rand() * (w + 0.5), 10);
      ys[i] = onLattice(g.originY - 0.25 + rand() * (h + 0.5), 10);
    }
  }
  const p = particlesAt(xs, ys);
  return {size, buffers: {0: gridWords(g, size), 1: p.u32, 2: output(size)}, workgroups: workgroupsFor(size)};
}

const cellKeyTask: Task = {
  id: "cell-key",
  title: "The cell key of a position",
  anchor: SECTION_GRID,
  goal: "Give every particle the key of the grid cell it lies in: one thread per particle writes keys[i].",
  requirements: [
    "Cell (cx, cy) has key cy · dims.x + cx: the cells are numbered row by row.",
    "A position exactly on a cell border belongs to the cell on its right (or above): round down, never to the nearest.",
    "A particle outside the grid belongs to the nearest cell on the grid's edge.",
    "Works for any particle count, not only multiples of 256: threads past the end write nothing.",
  ],
  hints: [
    "Subtract the grid's origin and multiply by grid.inv_cell: the position is then measured in cells. What turns 3.7 cells into cell 3, and −0.2 into −1?",
    "floor() first, then convert to i32 and clamp each coordinate into 0 … dims − 1 with clamp(); only then convert to u32 (a negative i32 has no u32).",
    "let c = vec2<i32>(floor((p - grid.origin) * grid.inv_cell)); let cx = u32(clamp(c.x, 0, i32(grid.dims.x) - 1)); the same for cy; keys[i] = cy * grid.dims.x + cx;",
  ],
  elsewhere:
    "Simon Green's CUDA particles sample computes the same key before sorting ([Particle Simulation using CUDA](https://developer.download.nvidia.com/assets/cuda/files/particles.pdf)). A grid without edges hashes the cell coordinates instead of clamping them (Teschner et al. 2003, the essay's spatial hash). Keys that keep nearby cells near in memory interleave the bits of cx and cy: a Morton (Z-order) key, as the gravity page's octree does.",
  entryPoint: "cell_keys",
  bindings: [
    {binding: 0, name: "grid", kind: "uniform"},
    {binding: 1, name: "particles", kind: "storage-read"},
    {binding: 2, name: "keys", kind: "storage-read-write"},
  ],
  output: 2,
  sizes: GPU_SIZES,
  interpreterSizes: INTERPRETER_SIZES,
  input: (size, seed) => keyInput(size, seed, (n) => new Uint32Array(n)),
  twin(input) {
    const g = gridOf(input.buffers[0]);
    const p = particlesOf(input.buffers[1]);
    const keys = new Uint32Array(input.size);
    for (let i = 0; i < input.size; i++) keys[i] = cellKey(g, p.f32[i * PARTICLE_WORDS], p.f32[i * PARTICLE_WORDS + 1]);
    return keys;
  },
};

const histogramTask: Task = {
  id: "histogram",
  title: "The histogram: counting with atomicAdd",
  anchor: SECTION_SORT,
  goal: "Count the particles in every cell: counts[c] must end as the number of particles whose key is c.",
  requirements: [
    "Every particle is counted exactly once, however many threads hit the same cell at the same moment.",
    "counts is all zeros when the kernel starts: add to it, never clear or overwrite it.",
    "Works for any particle count, not only multiples of 256.",
  ],
  hints: [
    "counts[key] = counts[key] + 1 is a read, an add and a write: two threads can both read 5 and both write 6. WGSL has one operation that does all three at once.",
    "The counters are declared array<atomic<u32>>; the atomic builtins take a pointer: &counts[key].",
    "atomicAdd(&counts[key], 1u);",
  ],
  elsewhere:
    "CUB's [DeviceHistogram](https://nvidia.github.io/cccl/cub/api/structcub_1_1DeviceHistogram.html) and rocPRIM's histogram_even first count into per-block bins in shared memory and add each bin to global memory once, as this repository's count pass does for its scan blocks. Metal spells the same operation atomic_fetch_add_explicit; with WGSL subgroups, the threads of a subgroup holding the same key can elect one to add for all of them (subgroupBallot, subgroupBroadcast), the sort's \"runs\" variant.",
  entryPoint: "count",
  bindings: [
    {binding: 0, name: "grid", kind: "uniform"},
    {binding: 1, name: "particles", kind: "storage-read-write"},
    {binding: 2, name: "counts", kind: "storage-read-write"},
  ],
  output: 2,
  sizes: GPU_SIZES,
  interpreterSizes: INTERPRETER_SIZES,
  input: (size, seed) => keyInput(size, seed, () => new Uint32Array(KEY_GRID.numCells)),
  twin: (input) => countTwin(gridOf(input.buffers[0]), particlesOf(input.buffers[1])),
  drives: {widget: "counting-sort", kernel: "count"},
};

const scanRoundTask: Task = {
  id: "scan-round",
  title: "One round of the Hillis–Steele scan",
  anchor: SECTION_SORT,
  goal: "Run one round of the parallel prefix sum: dst[i] = src[i] + src[i − stride] where i ≥ stride, else src[i].",
  requirements: [
    "Read only src and write only dst: a thread must never see a value another thread wrote in the same round.",
    "The first `stride` elements have no partner and keep their value.",
    "Works for any n and any power-of-two stride, including a stride larger than n.",
  ],
  hints: [
    "Each thread owns one element i. Which element does it add, and when is there none?",
    "i and stride are u32: i − stride below zero wraps to about four billion. Test i ≥ stride before you subtract.",
    "var sum = src[i]; if (i >= round.stride) { sum = sum + src[i - round.stride]; } dst[i] = sum;",
  ],
  elsewhere:
    "Hillis and Steele's scan (1986) does n·log n additions in log n steps; Blelloch's up-sweep and down-sweep (1990) does only about 2n, and is what [GPU Gems 3, chapter 39](https://developer.nvidia.com/gpugems/gpugems3/part-vi-gpu-computing/chapter-39-parallel-prefix-sum-scan-cuda) builds on. CUB's [BlockScan](https://nvidia.github.io/cccl/cub/api/classcub_1_1BlockScan.html) and rocPRIM's block_scan pick between such algorithms per GPU; WGSL subgroups give a whole subgroup's scan in one call, subgroupInclusiveAdd, and Metal the same as simd_prefix_inclusive_sum.",
  entryPoint: "scan_round",
  bindings: [
    {binding: 0, name: "round", kind: "uniform"},
    {binding: 1, name: "src", kind: "storage-read"},
    {binding: 2, name: "dst", kind: "storage-read-write"},
  ],
  output: 2,
  sizes: GPU_SIZES,
  interpreterSizes: INTERPRETER_SIZES,
  input(size, seed) {
    const rand = random(size, seed);
    const stride = 2 ** Math.floor(rand() * (scanRoundCount(size) + 1));
    return {size, buffers: {0: new Uint32Array([stride, size]), 1: smallCounts(size, rand), 2: new Uint32Array(size)}, workgroups: workgroupsFor(size)};
  },
  twin: (input) => hillisSteeleRound(u32Of(input.buffers[1]), u32Of(input.buffers[0])[0]),
  drives: {widget: "counting-sort", kernel: "scan_round"},
};

const workgroupScanTask: Task = {
  id: "workgroup-scan",
  title: "The workgroup scan and its barriers",
  anchor: SECTION_SORT,
  goal: "Scan each block of 256 values inside one workgroup's shared memory: out[i] is the sum of the block's values up to and including i.",
  requirements: [
    "All eight rounds run inside the kernel, on the workgroup array `tile`, not as eight dispatches.",
    "No thread reads a slot of `tile` in the round another thread writes it: a workgroupBarrier() separates the rounds.",
    "Every thread of the workgroup reaches every barrier, also the threads past the end of the input.",
    "Each block of 256 is scanned on its own (adding the blocks' totals is a later pass).",
  ],
  hints: [
    "This is the previous exercise eight times over, with tile[src] and tile[1 − src] in the roles of src and dst, and the stride doubling from 1 to 128.",
    "A round's writes must all land before the next round reads them, and the next round overwrites the row this round read. One barrier at the end of each round orders both.",
    "for (var stride = 1u; stride < BLOCK; stride = stride << 1u) { var sum = tile[src][t]; if (t >= stride) { sum = sum + tile[src][t - stride]; } tile[1u - src][t] = sum; workgroupBarrier(); src = 1u - src; }",
  ],
  elsewhere:
    "This is the first of the essay's three-dispatch scan (scan.wgsl). CUB's [BlockScan](https://nvidia.github.io/cccl/cub/api/classcub_1_1BlockScan.html) and rocPRIM's block_scan do the same with fewer barriers: each warp scans with shuffles, then one warp scans the warps' totals. In WGSL that is subgroupInclusiveAdd per subgroup and one barrier; Metal writes threadgroup_barrier(mem_flags::mem_threadgroup) where WGSL writes workgroupBarrier(). Merrill and Garland's decoupled look-back (used by CUB's DeviceScan) scans a whole array in one pass.",
  entryPoint: "scan_block",
  bindings: [
    {binding: 0, name: "size", kind: "uniform"},
    {binding: 1, name: "values", kind: "storage-read"},
    {binding: 2, name: "out", kind: "storage-read-write"},
  ],
  output: 2,
  sizes: GPU_SIZES,
  interpreterSizes: [1, 257],
  input(size, seed) {
    const rand = random(size, seed);
    return {size, buffers: {0: new Uint32Array([size, 0]), 1: smallCounts(size, rand), 2: new Uint32Array(size)}, workgroups: workgroupsFor(size)};
  },
  twin: (input) => blockScanTwin(u32Of(input.buffers[1])).blockInclusive,
};

const exclusiveShiftTask: Task = {
  id: "exclusive-shift",
  title: "From the inclusive scan to cell starts",
  anchor: SECTION_SORT,
  goal: "Shift the inclusive scan one place to the right: starts[0] = 0, starts[c] = inclusive[c − 1], and starts[n] = the total.",
  requirements: [
    "starts has n + 1 entries: the last one is the particle total, so every cell c spans starts[c] … starts[c + 1].",
    "Exactly one thread writes starts[n].",
    "Works for n = 1 and for any n that is not a multiple of 256.",
  ],
  hints: [
    "The start of a cell is how many particles come before it: everything the inclusive scan counted up to the previous cell.",
    "Cell 0 has no previous cell, and the thread of the last cell knows the total.",
    "var start = 0u; if (i > 0u) { start = inclusive[i - 1u]; } starts[i] = start; if (i == size.n - 1u) { starts[size.n] = inclusive[i]; }",
  ],
  elsewhere:
    "Libraries give both forms: CUB's [DeviceScan](https://nvidia.github.io/cccl/cub/api/structcub_1_1DeviceScan.html) has InclusiveSum and ExclusiveSum, Thrust inclusive_scan and exclusive_scan, rocPRIM inclusive_scan and exclusive_scan. WGSL subgroups have subgroupExclusiveAdd beside subgroupInclusiveAdd, and Metal simd_prefix_exclusive_sum: inside a block the exclusive value is the inclusive one minus the element itself.",
  entryPoint: "shift_exclusive",
  bindings: [
    {binding: 0, name: "size", kind: "uniform"},
    {binding: 1, name: "inclusive", kind: "storage-read"},
    {binding: 2, name: "starts", kind: "storage-read-write"},
  ],
  output: 2,
  sizes: GPU_SIZES,
  interpreterSizes: INTERPRETER_SIZES,
  input(size, seed) {
    const counts = smallCounts(size, random(size, seed), 5);
    const inclusive = exclusiveScan(counts).slice(1);
    return {size, buffers: {0: new Uint32Array([size, 0]), 1: inclusive, 2: new Uint32Array(size + 1)}, workgroups: workgroupsFor(size)};
  },
  twin: (input) => exclusiveFromInclusive(u32Of(input.buffers[1])),
  drives: {widget: "counting-sort", kernel: "shift_exclusive"},
};

/** The scatter's grid: 8 × 8 cells of 1/4 over the 2 × 2 box. */
const SCATTER_GRID = denseGrid(8, 8, 0.25, 0, 0);

/** Cell ranges of the scatter's input: starts from the keys in its source particles. */
function scatterStarts(input: TaskInput): Uint32Array {
  const src = particlesOf(input.buffers[1]);
  const counts = new Uint32Array(SCATTER_GRID.numCells);
  for (let i = 0; i < src.count; i++) counts[src.u32[i * PARTICLE_WORDS + 5]]++;
  return exclusiveScan(counts);
}

/** The scatter's output with each cell's records ordered by id (the twin's order), any other words kept. */
function scatterCanonical(input: TaskInput, got: Uint32Array | Float32Array): Uint32Array {
  const starts = scatterStarts(input);
  const words = u32Of(got).slice();
  for (let c = 0; c + 1 < starts.length; c++) {
    const records: Uint32Array[] = [];
    for (let s = starts[c]; s < starts[c + 1]; s++) records.push(words.slice(s * PARTICLE_WORDS, (s + 1) * PARTICLE_WORDS));
    records.sort((a, b) => a[4] - b[4] || a[0] - b[0]);
    records.forEach((r, k) => words.set(r, (starts[c] + k) * PARTICLE_WORDS));
  }
  return words;
}

const scatterTask: Task = {
  id: "scatter",
  title: "The scatter with an atomic cursor",
  anchor: SECTION_SORT,
  goal: "Copy every particle into the next free slot of its cell: dst ends with cell 0's particles first, then cell 1's, and so on.",
  requirements: [
    "No two particles take the same slot, and no slot stays empty.",
    "The particle is copied whole (position, velocity, id, key).",
    "Any order inside a cell is right: the threads of one cell may arrive in any order.",
  ],
  hints: [
    "cursor[c] holds the first free slot of cell c. A thread that takes it must move it on by one, in the same indivisible step, or two threads take the same slot.",
    "atomicAdd returns the value the counter had before the add.",
    "let slot = atomicAdd(&cursor[p.key], 1u); dst[slot] = p;",
  ],
  elsewhere:
    "This is the last pass of a counting sort, and each digit pass of a radix sort: CUB's [DeviceRadixSort](https://nvidia.github.io/cccl/cub/api/structcub_1_1DeviceRadixSort.html) and rocPRIM's radix_sort rank keys inside a block first, so that the scatter keeps the input order (a stable sort) and writes neighbouring slots together. With WGSL subgroups, one atomic per run of equal keys serves the whole run (subgroupBallot and a count of the lower lanes), this repository's scatter_runs.wgsl.",
  entryPoint: "scatter",
  bindings: [
    {binding: 0, name: "grid", kind: "uniform"},
    {binding: 1, name: "src", kind: "storage-read"},
    {binding: 2, name: "dst", kind: "storage-read-write"},
    {binding: 3, name: "cursor", kind: "storage-read-write"},
  ],
  output: 2,
  sizes: GPU_SIZES,
  interpreterSizes: INTERPRETER_SIZES,
  input(size, seed) {
    const rand = random(size, seed);
    const xs = Array.from({length: size}, () => onLattice(rand() * 2, 10));
    const ys = Array.from({length: size}, () => onLattice(rand() * 2, 10));
    const src = particlesAt(xs, ys);
    const starts = exclusiveScan(countTwin(SCATTER_GRID, src));
    const buffers = {0: gridWords(SCATTER_GRID, size), 1: src.u32, 2: new Uint32Array(size * PARTICLE_WORDS), 3: starts.slice(0, SCATTER_GRID.numCells)};
    return {size, buffers, workgroups: workgroupsFor(size)};
  },
  twin: (input) => scatterTwin(particlesOf(input.buffers[1]), scatterStarts(input)).u32,
  canonical: scatterCanonical,
  accepts(input, got) {
    const want = scatterTwin(particlesOf(input.buffers[1]), scatterStarts(input)).u32;
    const mine = scatterCanonical(input, got);
    return mine.length === want.length && mine.every((w, i) => w === want[i]);
  },
  drives: {widget: "counting-sort", kernel: "scatter"},
};

/** The neighbour task's grid: 16 × 16 cells of h = 1/8 over the 2 × 2 box. */
const NEIGHBOUR_GRID = denseGrid(16, 16, 0.125, 0, 0);

/**
 * Particles on the 1/256 lattice of the box, sorted by cell (sortTwin); every 5th has a
 * partner exactly h to its right (the `< h` edge), every 9th one on the same spot.
 */
function neighbourInput(size: number, seed: number): TaskInput {
  const rand = random(size, seed);
  const g = NEIGHBOUR_GRID;
  const xs: number[] = [];
  const ys: number[] = [];
  while (xs.length < size) {
    const i = xs.length;
    if (i % 5 === 4 && xs[i - 1] + g.cellSize < 2) xs.push(xs[i - 1] + g.cellSize), ys.push(ys[i - 1]);
    else if (i % 9 === 8) xs.push(xs[i - 1]), ys.push(ys[i - 1]);
    else xs.push(onLattice(rand() * 1.99, 8)), ys.push(onLattice(rand() * 1.99, 8));
  }
  const {sorted, starts} = sortTwin(g, particlesAt(xs, ys));
  return {size, buffers: {0: gridWords(g, size), 1: sorted.u32, 2: starts, 3: new Uint32Array(size)}, workgroups: workgroupsFor(size)};
}

const neighbourCountTask: Task = {
  id: "neighbour-count",
  title: "The 3×3 query: neighbours within h",
  anchor: SECTION_WATER,
  goal: "For every particle of the sorted list, count the other particles closer than h (the cell width): the question SPH asks before every density sum.",
  requirements: [
    "Closer than h means |d| < h: a particle exactly h away does not count; a particle on the same spot does.",
    "A particle is not its own neighbour.",
    "Only the 3 × 3 cells around the particle's cell are searched, never the whole list, and cells outside the grid are skipped.",
  ],
  hints: [
    "The starter finds the neighbours in the particle's own cell. Which cells can hold a particle less than one cell width away?",
    "Loop dy and dx over −1 … 1 (as i32), skip a cell outside 0 … dims − 1, and walk that cell's slots starts[key] … starts[key + 1] as the starter walks its own.",
    "for (var dy = -1; dy <= 1; dy++) { for (var dx = -1; dx <= 1; dx++) { let c = cell + vec2<i32>(dx, dy); if (c.x < 0 || c.y < 0 || c.x >= i32(grid.dims.x) || c.y >= i32(grid.dims.y)) { continue; } let key = u32(c.y) * grid.dims.x + u32(c.x); /* the starter's loop over starts[key] … */ } }",
  ],
  elsewhere:
    "The same loop is the heart of Green's CUDA particles ([Particle Simulation using CUDA](https://developer.download.nvidia.com/assets/cuda/files/particles.pdf)) and of SPH codes such as DualSPHysics; the essay's water reads the three cells of a row as one run of slots (a row of the sorted grid is contiguous). Metal's and CUDA's versions often give each particle several threads, or store the neighbours in a list once per step (a Verlet list) when the same particles are asked many times.",
  entryPoint: "count_neighbours",
  bindings: [
    {binding: 0, name: "grid", kind: "uniform"},
    {binding: 1, name: "sorted", kind: "storage-read"},
    {binding: 2, name: "starts", kind: "storage-read"},
    {binding: 3, name: "neighbours", kind: "storage-read-write"},
  ],
  output: 3,
  sizes: GPU_SIZES,
  interpreterSizes: INTERPRETER_SIZES,
  input: neighbourInput,
  twin(input) {
    const g = gridOf(input.buffers[0]);
    const sorted = particlesOf(input.buffers[1]);
    const starts = u32Of(input.buffers[2]);
    const h2 = g.cellSize * g.cellSize;
    const out = new Uint32Array(input.size);
    for (let s = 0; s < input.size; s++) {
      const x = sorted.f32[s * PARTICLE_WORDS];
      const y = sorted.f32[s * PARTICLE_WORDS + 1];
      const key = sorted.u32[s * PARTICLE_WORDS + 5];
      for (const b of cellWindow(g, key % g.dimX, Math.floor(key / g.dimX))) {
        for (let j = starts[b.key]; j < starts[b.key + 1]; j++) {
          const dx = sorted.f32[j * PARTICLE_WORDS] - x;
          const dy = sorted.f32[j * PARTICLE_WORDS + 1] - y;
          if (j !== s && dx * dx + dy * dy < h2) out[s]++;
        }
      }
    }
    return out;
  },
};

const compactionTask: Task = {
  id: "compaction",
  title: "The compaction after a merge",
  anchor: SECTION_MERGE,
  goal: "Close the gaps that merging leaves: every body with mass moves to the front in its old order, the absorbed bodies (mass 0) follow in theirs.",
  requirements: [
    "Survivor i goes to slot starts[i]; starts is the exclusive scan of the survivor flags and starts[n] their number.",
    "Absorbed body i goes to slot starts[n] + (i − starts[i]): after every survivor and after the absorbed bodies before it.",
    "Every slot 0 … n − 1 is written exactly once.",
  ],
  hints: [
    "The scan has already done the hard part: for a survivor, starts[i] is how many survivors come before it.",
    "For an absorbed body, i − starts[i] counts the absorbed bodies before it, and they all follow the starts[n] survivors.",
    "if (mass[i] > 0.0) { out_ids[starts[i]] = ids[i]; } else { out_ids[live + i - starts[i]] = ids[i]; }",
  ],
  elsewhere:
    "A stream compaction: scan the flags, then scatter the kept items. CUB has it as [DeviceSelect::Flagged](https://nvidia.github.io/cccl/cub/api/structcub_1_1DeviceSelect.html) and DevicePartition (which keeps the rejected too, as here), Thrust as copy_if and partition, rocPRIM as select and partition. Within a subgroup, WGSL's subgroupBallot and a count of the lower lanes' bits give each kept item its place without a scan in memory.",
  entryPoint: "compact",
  bindings: [
    {binding: 0, name: "size", kind: "uniform"},
    {binding: 1, name: "mass", kind: "storage-read"},
    {binding: 2, name: "ids", kind: "storage-read"},
    {binding: 3, name: "starts", kind: "storage-read"},
    {binding: 4, name: "out_ids", kind: "storage-read-write"},
  ],
  output: 4,
  sizes: GPU_SIZES,
  interpreterSizes: INTERPRETER_SIZES,
  input(size, seed) {
    const rand = random(size, seed);
    const mass = new Float32Array(size);
    for (let i = 0; i < size; i++) mass[i] = rand() < 0.3 ? 0 : 1 + Math.floor(rand() * 4);
    const ids = Uint32Array.from({length: size}, (_, i) => i * 7 + 3);
    const starts = exclusiveScan(Uint32Array.from(mass, (m) => (m > 0 ? 1 : 0)));
    return {size, buffers: {0: new Uint32Array([size, 0]), 1: mass, 2: ids, 3: starts, 4: new Uint32Array(size)}, workgroups: workgroupsFor(size)};
  },
  twin(input) {
    const b = allocBodies(input.size);
    b.m.set(f32Of(input.buffers[1]));
    b.id.set(u32Of(input.buffers[2]));
    const acc = {ax: new Float64Array(input.size), ay: new Float64Array(input.size)};
    return compactTwin(b, acc, new Uint32Array(input.size).fill(NO_PARTNER)).bodies.id;
  },
};

/** Every task, in the essay's order. */
export const TASKS: readonly Task[] = [
  cellKeyTask,
  histogramTask,
  scanRoundTask,
  workgroupScanTask,
  exclusiveShiftTask,
  scatterTask,
  neighbourCountTask,
  compactionTask,
];

/** The task of that id. Errors: RangeError for an unknown id. */
export function taskById(id: string): Task {
  const t = TASKS.find((x) => x.id === id);
  if (!t) throw new RangeError(`no exercise "${id}"; known: ${TASKS.map((x) => x.id).join(", ")}`);
  return t;
}

/** Which of a task's WGSL files: the reader's start, the reference, or the classic wrong answer (only some tasks). */
type TaskSourceKind = "starter" | "solution" | "race";

/** Tasks that ship a race.wgsl (a classic wrong answer the interpreter shows as a race). */
export const TASKS_WITH_RACE = new Set(["workgroup-scan"]);

/** The text of shaders/exercises/<id>/<kind>.wgsl through `load` (components/gpu/node.ts or the browser's loader). */
export function taskSource(task: Task, kind: TaskSourceKind, load: WGSLLoader): Promise<string> {
  return load(`exercises/${task.id}/${kind}.wgsl`);
}
