/**
 * The pipelines the benchmark times — the counting sort alone, one sand substep and one
 * SPH water substep here, one Barnes–Hut gravity step in components/bench/gravity.ts — as `PipelineSpec`s: a scene builder, the GPU pipeline at a
 * particle count, the list of passes one substep runs (each timed on its own), the CPU
 * twin, and the comparison that decides whether the GPU result may be reported.
 *
 * The harness (components/bench/harness.ts) only sees this interface, so it times
 * whatever passes a pipeline reports: a pipeline class that exposes
 * `benchPasses(): {label, encode(pass)}[]` is timed by that list; otherwise the list
 * is built below from the class's public encode methods.
 *
 * Runs in the browser (the bench page) and in Node (bench/run.ts, unit tests).
 */
import type {ResourceScope} from "../gpu/scope.js";
import type {WGSLLoader} from "../gpu/wgsl.js";
import {readBuffers} from "../gpu/readback.js";
import {STORAGE_RW} from "../gpu/usage.js";
import {CountingSortGPU, MAX_SCAN_BLOCKS, SORT_RECORD_BYTES, type SortRanks, type SortRecord, type SortScatter} from "../sort/gpu-sort.js";
import {cellKey, denseGrid, type GridParams} from "../sort/grid.js";
import {allocParticles, PARTICLE_BYTES, PARTICLE_WORDS, wrapParticles, type PackedParticles} from "../sort/particles.js";
import {sortTwin} from "../sort/twin.js";
import {SandGPU} from "../sand/gpu-sand.js";
import {SAND_BOX, SAND_DEFAULTS, SAND_MAX_GRAINS, sandGrid, type SandParams} from "../sand/params.js";
import {sandSubstepTwin} from "../sand/twin.js";
import {mulberry32} from "../sim/rng.js";
import {WaterGPU} from "../water/pipeline.js";
import {WATER_DEFAULTS, waterGrid, waterGridFor, type WaterParams} from "../water/params.js";
import {damBreak, fitTank} from "../water/scene.js";
import {substepTwin} from "../water/twin.js";
import type {PassTimestamps} from "../sim/timing.js";

export type PipelineName =
  | "sort"
  | "sand"
  | "water"
  | "gravity"
  | "dust"
  | "gravity3d"
  | "gravity3d-direct"
  | "gravity3d-variants"
  | "sand-unfolded"
  | "water-unfolded";
/** The pipelines of PIPELINE_SPECS (the bench page's). */
export type PagePipelineName = Exclude<
  PipelineName,
  "gravity" | "dust" | "gravity3d" | "gravity3d-direct" | "gravity3d-variants" | "sand-unfolded" | "water-unfolded"
>;

/** One timed pass of a substep: a label and what it records into an open compute pass. */
export interface BenchPass {
  label: string;
  encode(pass: GPUComputePassEncoder): void;
}

/**
 * The GPU objects of one pipeline at one particle count, ready to time. Two kinds:
 *  - compute-pass pipelines (sort, sand, water): `passes` and `encodeSubstep`, one substep
 *    recordable into one open compute pass;
 *  - command-encoder pipelines (gravity: copies between passes): `encodeStep`, which records
 *    one step's passes itself, each with the timestampWrites `timer` gives for its label;
 *    `passes` then only names them (their `encode` is never called).
 */
export interface BenchPipeline<S = PackedParticles> {
  particles: number;
  /** The scene in words (grid, tank, how the particles are placed). */
  scene: string;
  /** The passes of one substep, in order (each is timed in its own compute pass). */
  passes: BenchPass[];
  /** One whole substep in one open compute pass, as the page runs it. */
  encodeSubstep?(pass: GPUComputePassEncoder): void;
  /** One step recorded into `enc`, every pass labelled for `timer` (command-encoder pipelines). */
  encodeStep?(enc: GPUCommandEncoder, timer?: PassTimestamps): void;
  /** Reads the state the twin check compares (after one substep); pipelines with a `check` of their own may leave it out. */
  read?(): Promise<S>;
  dispose(): void;
}

/** Outcome of a GPU-vs-twin comparison. */
export interface TwinCheck {
  ok: boolean;
  /** Particle count the check ran at. */
  particles: number;
  /** true when that is smaller than the benchmarked count (huge counts: the twin would take minutes). */
  capped: boolean;
  /** What was compared, in words. */
  what: string;
  /** The worst deviation found (same unit as `tolerance`). */
  worst: number;
  tolerance: number;
  /** The first disagreement, in words, or "". */
  detail: string;
  /** Further figures of the check, not part of `ok` (gravity3d: the walk's force error against the exact sum, terms per body). */
  figures?: Record<string, number>;
}

interface BuildContext {
  device: GPUDevice;
  scope: ResourceScope;
  wgsl: WGSLLoader;
}

export interface PipelineSpec<S = PackedParticles> {
  name: PipelineName;
  /** Largest count the twin check runs at; above it the check runs at this count with the same kind of scene. */
  checkCap: number;
  /** Bytes of the largest single GPU buffer and of all buffers at `n` particles (to skip what cannot fit). */
  memory(n: number): {largestBuffer: number; total: number};
  /**
   * Bytes one substep must move at the least (every particle read once and written once
   * per kernel that has to touch it; neighbour reads assumed served by cache), and the formula in words.
   */
  compulsoryBytes(n: number): {bytes: number; formula: string};
  /** The scene at `n` particles, built as it would be for a benchmark of `benchCount` particles. */
  scene(n: number, benchCount: number): S;
  /** The GPU pipeline holding `input` (sized for its count). */
  create(ctx: BuildContext, input: S, benchCount: number): Promise<BenchPipeline<S>>;
  /** Compares the GPU state after one substep with the twin's from `input`. */
  compare?(input: S, gpu: S, benchCount: number): Omit<TwinCheck, "particles" | "capped">;
  /** A twin check of its own at `checkN` (instead of one substep through `compare`): gravity compares its tree bit for bit. */
  check?(ctx: BuildContext, checkN: number, benchCount: number): Promise<Omit<TwinCheck, "particles" | "capped">>;
  /** The CPU twin's substep from `input` (timed by `twinReps`; the result is not used). */
  twinStep?(input: S, benchCount: number): unknown;
  /**
   * Simulated seconds one substep advances (simulations only: the water's `dt`): the row then
   * also gives ms per simulated second, the figure to compare across substep lengths.
   */
  substepSeconds?(benchCount: number): number;
  /**
   * At most this many timed frames per series and substeps per frame at `n` particles (each
   * below the run's `reps` and `substeps`): for a pipeline whose step takes a large part of a
   * second there (the O(N²) kernel at a million bodies). The warm-ups stay as long as the run's.
   */
  frameLimits?(n: number): {reps?: number; substeps?: number};
}

/** The pass list a pipeline object reports itself (`benchPasses()`), or `fallback`. */
function reportedPasses(obj: unknown, fallback: () => BenchPass[]): BenchPass[] {
  const own = (obj as {benchPasses?: () => BenchPass[]} | null)?.benchPasses;
  return typeof own === "function" ? own.call(obj) : fallback();
}

/** Dispatches one call of `encode` records (counted on a stand-in pass encoder that records nothing). */
function countDispatches(encode: (pass: GPUComputePassEncoder) => void): number {
  let n = 0;
  encode(fakePass(() => n++));
  return n;
}

/** Dispatches one substep of `p` records: `encodeSubstep` on a stand-in pass, or `encodeStep` on a stand-in command encoder. */
export function countPipelineDispatches(p: Pick<BenchPipeline<unknown>, "encodeSubstep" | "encodeStep">): number {
  if (p.encodeSubstep) return countDispatches((x) => p.encodeSubstep!(x));
  let n = 0;
  const pass = fakePass(() => n++);
  const enc = {beginComputePass: () => pass, copyBufferToBuffer() {}, clearBuffer() {}};
  p.encodeStep?.(enc as unknown as GPUCommandEncoder);
  return n;
}

function fakePass(onDispatch: () => void): GPUComputePassEncoder {
  const fake = {
    setPipeline() {},
    setBindGroup() {},
    end() {},
    dispatchWorkgroups: onDispatch,
    dispatchWorkgroupsIndirect: onDispatch,
  };
  return fake as unknown as GPUComputePassEncoder;
}

/** Reads the first `n` particles of `buffer` back. */
async function readParticles(device: GPUDevice, buffer: GPUBuffer, n: number): Promise<PackedParticles> {
  if (!n) return allocParticles(0);
  const [bytes] = await readBuffers(device, [{buffer, size: n * PARTICLE_BYTES}]);
  return wrapParticles(bytes, n);
}

/**
 * Worst per-particle deviation of x, y, vx, vy between two states matched by particle id
 * (word 4): |gpu − twin| / max(|twin|, floor). Ids missing or duplicated count as infinite.
 */
function stateDeviation(gpu: PackedParticles, twin: PackedParticles, floor: number): {worst: number; detail: string} {
  if (gpu.count !== twin.count) return {worst: Infinity, detail: `${gpu.count} particles on the GPU, ${twin.count} in the twin`};
  const slot = new Int32Array(gpu.count).fill(-1);
  for (let s = 0; s < gpu.count; s++) {
    const id = gpu.u32[s * PARTICLE_WORDS + 4];
    if (id >= gpu.count || slot[id] >= 0) return {worst: Infinity, detail: `particle id ${id} missing or repeated on the GPU`};
    slot[id] = s;
  }
  let worst = 0;
  let detail = "";
  const names = ["x", "y", "vx", "vy"];
  for (let s = 0; s < twin.count; s++) {
    const id = twin.u32[s * PARTICLE_WORDS + 4];
    for (let c = 0; c < 4; c++) {
      const t = twin.f32[s * PARTICLE_WORDS + c];
      const g = gpu.f32[slot[id] * PARTICLE_WORDS + c];
      const d = Math.abs(g - t) / Math.max(Math.abs(t), floor);
      if (!(d <= worst)) {
        worst = Number.isFinite(d) ? d : Infinity;
        detail = `particle ${id}: ${names[c]} is ${g} on the GPU, ${t} in the twin`;
      }
    }
  }
  return {worst, detail};
}

// ---- sort only ---------------------------------------------------------------------------

/** The sort's grid: dense 256 × 256 cells of width 2/256 over [0, 2]² (the essay's grid). */
export const SORT_GRID: GridParams = denseGrid(256, 256, 2 / 256);

/** `n` particles at uniformly random positions in [0, 2)², ids 0..n−1 (seeded). */
export function randomParticles(n: number, seed = 1): PackedParticles {
  const rand = mulberry32(seed);
  const p = allocParticles(n);
  for (let i = 0; i < n; i++) {
    const o = i * PARTICLE_WORDS;
    p.f32[o] = 2 * rand();
    p.f32[o + 1] = 2 * rand();
    p.f32[o + 2] = rand() - 0.5;
    p.f32[o + 3] = rand() - 0.5;
    p.u32[o + 4] = i;
  }
  return p;
}

/**
 * Checks a sorted state against the twin: every slot's particle lies in the cell whose
 * range holds the slot, and every id appears once. Returns the number of wrong slots.
 */
function sortDeviation(g: GridParams, input: PackedParticles, gpu: PackedParticles): {worst: number; detail: string} {
  const {starts} = sortTwin(g, input);
  if (gpu.count !== input.count) return {worst: Infinity, detail: `${gpu.count} particles out, ${input.count} in`};
  const seen = new Uint8Array(gpu.count);
  let wrong = 0;
  let detail = "";
  let cell = 0;
  for (let s = 0; s < gpu.count; s++) {
    while (starts[cell + 1] <= s) cell++;
    const o = s * PARTICLE_WORDS;
    const id = gpu.u32[o + 4];
    const key = cellKey(g, gpu.f32[o], gpu.f32[o + 1]);
    const dup = id >= gpu.count || seen[id];
    if (!dup) seen[id] = 1;
    if (key !== cell || dup) {
      if (!wrong)
        detail = dup ? `slot ${s}: particle id ${id} repeated or unknown` : `slot ${s} holds a particle of cell ${key}, the twin puts cell ${cell} there`;
      wrong++;
    }
  }
  return {worst: wrong, detail};
}

/** The sort benchmark's variants: how its atomics are taken, and the order of its input. */
export interface SortBenchVariant {
  /** CountingSortOptions.ranks (default: the device's, `defaultRanks`). */
  ranks?: SortRanks;
  /** CountingSortOptions.keyArray (with ranks "runs": the keys in their own array). */
  keyArray?: boolean;
  /**
   * "random": uniformly random positions in input order (the default); "coherent": the same
   * particles already in cell order (as the simulations sort them again after each substep).
   */
  order?: "random" | "coherent";
  /**
   * CountingSortOptions.record: "particle" (24 B, the default) or "vec4" (16 B, the original
   * series' record). The benchmark's vec4 records are (x, y, vx, id as a float: exact below
   * 2^24 = 16,777,216), so the check can still find every id once.
   */
  record?: SortRecord;
  /** CountingSortOptions.scatter: "direct" (the default) or "bucketed" (a bucket pass, then the cell scatter). */
  scatter?: SortScatter;
  /** CountingSortOptions.countWorkgroups (default COUNT_TARGET_WORKGROUPS). */
  countWorkgroups?: number;
}

/** `p` as the benchmark's 16-byte records: (x, y, vx, id as a float) per particle. */
export function vec4Records(p: PackedParticles): Float32Array<ArrayBuffer> {
  const r = new Float32Array(p.count * 4);
  for (let i = 0; i < p.count; i++) {
    const o = i * PARTICLE_WORDS;
    r[4 * i] = p.f32[o];
    r[4 * i + 1] = p.f32[o + 1];
    r[4 * i + 2] = p.f32[o + 2];
    r[4 * i + 3] = p.u32[o + 4];
  }
  return r;
}

/** The benchmark's 16-byte records read back as particles (x, y, vx; vy 0; id from the fourth float). */
export function particlesOfVec4(r: Float32Array): PackedParticles {
  const n = r.length / 4;
  const p = allocParticles(n);
  for (let i = 0; i < n; i++) {
    const o = i * PARTICLE_WORDS;
    p.f32[o] = r[4 * i];
    p.f32[o + 1] = r[4 * i + 1];
    p.f32[o + 2] = r[4 * i + 2];
    p.u32[o + 4] = r[4 * i + 3];
  }
  return p;
}

/** The sort alone as a benchmark pipeline, for one variant (`sortSpec` is the default one). */
export function sortSpecFor(variant: SortBenchVariant = {}): PipelineSpec {
  const coherent = variant.order === "coherent";
  const record = variant.record ?? "particle";
  const bytes = SORT_RECORD_BYTES[record];
  const copies = variant.scatter === "bucketed" ? 3 : 2;
  return {
    name: "sort",
    checkCap: 4_000_000,
    memory: (n) => ({largestBuffer: n * bytes, total: copies * n * bytes + 4 * 65_537 * 4}),
    compulsoryBytes: (n) => ({
      bytes: 2 * n * bytes + 3 * SORT_GRID.numCells * 4,
      formula: `2 × ${bytes} B × N (each record read once, written once in cell order) + 3 × 4 B × cells`,
    }),
    scene: (n) => (coherent ? sortTwin(SORT_GRID, randomParticles(n, 11)).sorted : randomParticles(n, 11)),
    async create(ctx, input) {
      const n = input.count;
      const sorter = await CountingSortGPU.create(ctx.device, ctx.scope, ctx.wgsl, {
        maxParticles: n,
        maxCells: SORT_GRID.numCells,
        // the vec4 records exist only with runs, the bucket pass only with several scan blocks
        ranks: variant.ranks ?? (record === "vec4" ? "runs" : undefined),
        keyArray: variant.keyArray,
        scanBlocks: variant.scatter === "bucketed" ? MAX_SCAN_BLOCKS : undefined,
        record,
        scatter: variant.scatter,
        countWorkgroups: variant.countWorkgroups,
      });
      const a = sorter.scope.buffer({label: "bench-sort-in", size: Math.max(1, n) * bytes, usage: STORAGE_RW});
      const b = sorter.scope.buffer({label: "bench-sort-out", size: Math.max(1, n) * bytes, usage: STORAGE_RW});
      if (n) {
        if (record === "vec4") ctx.device.queue.writeBuffer(a, 0, vec4Records(input));
        else ctx.device.queue.writeBuffer(a, 0, input.buffer, 0, n * PARTICLE_BYTES);
      }
      sorter.setGrid(SORT_GRID, n);
      const place = coherent ? "already in cell order" : "in random order";
      const what = record === "vec4" ? "16-byte records (x, y, vx, id)" : "24-byte particles";
      const how = `${sorter.scatterMode === "bucketed" ? ", bucket pass then cell scatter" : ""}${variant.countWorkgroups ? `, count aims at ${variant.countWorkgroups} workgroups` : ""}`;
      return {
        particles: n,
        scene: `${what}, uniformly random positions in [0, 2)², ${place}, dense 256 × 256 grid; ranks "${sorter.ranks}"${sorter.keys ? ", keys in their own array" : ""}${how}`,
        passes: reportedPasses(sorter, () => {
          const enc = sorter.phaseEncoders(a, b);
          return sorter.phases.map((ph) => ({label: ph.key, encode: enc[ph.key]}));
        }),
        encodeSubstep: (p) => sorter.encodeSort(p, a, b),
        read: async () => {
          if (record === "particle") return readParticles(ctx.device, b, n);
          if (!n) return allocParticles(0);
          const [out] = await readBuffers(ctx.device, [{buffer: b, size: n * bytes}]);
          return particlesOfVec4(new Float32Array(out));
        },
        dispose: () => sorter.dispose(),
      };
    },
    twinStep: (input) => sortTwin(SORT_GRID, input),
    compare(input, gpu) {
      const {worst, detail} = sortDeviation(SORT_GRID, input, gpu);
      return {ok: worst === 0, what: "every slot holds a particle of the twin's cell for that slot; every id once", worst, tolerance: 0, detail};
    },
  };
}

/** The sort alone: random input, the device's default ranks. */
export const sortSpec: PipelineSpec = sortSpecFor();

// ---- sand ---------------------------------------------------------------------------------

/** Above SAND_MAX_GRAINS the closed 2 × 2 box cannot hold the grains: open side walls, spatial hash. */
const sandOpen = (benchCount: number) => benchCount > SAND_MAX_GRAINS;

/** Sand parameters of a benchmark of `benchCount` grains. */
function sandBenchParams(benchCount: number): SandParams {
  const p = structuredClone(SAND_DEFAULTS) as SandParams;
  p.openWalls = sandOpen(benchCount);
  return p;
}

/**
 * `n` grains on a jittered lattice slightly closer than a diameter (0.98), so that every
 * grain starts in contact and the forces kernel does real work, with small random
 * velocities; on the floor, left-aligned. Closed box (≤ SAND_MAX_GRAINS grains) or a wide
 * block on an open floor. Errors: RangeError when the closed box cannot hold them.
 */
function sandBlock(n: number, benchCount: number, seed = 5): PackedParticles {
  const r = SAND_DEFAULTS.radius;
  const spacing = 1.96 * r;
  const open = sandOpen(benchCount);
  const cols = open ? Math.max(1, Math.ceil(Math.sqrt(4 * n))) : Math.max(1, Math.min(Math.floor((0.9 * SAND_BOX) / spacing), Math.ceil(Math.sqrt(2 * n))));
  const rows = Math.ceil(n / cols);
  if (!open && (rows + 1) * spacing > SAND_BOX) throw new RangeError(`${n} grains do not fit the closed sand box`);
  const rand = mulberry32(seed);
  const p = allocParticles(n);
  for (let i = 0; i < n; i++) {
    const o = i * PARTICLE_WORDS;
    p.f32[o] = 2 * r + (i % cols) * spacing + (rand() - 0.5) * 0.04 * r;
    p.f32[o + 1] = 1.5 * r + Math.floor(i / cols) * spacing + (rand() - 0.5) * 0.04 * r;
    p.f32[o + 2] = (rand() - 0.5) * 0.1;
    p.f32[o + 3] = (rand() - 0.5) * 0.1;
    p.u32[o + 4] = i;
  }
  return p;
}

/** Buckets of the open box's spatial hash: a power of two ≥ the grain count (at least the dense grid's 65,536), so the table never overflows into long bucket chains. */
const sandTableSize = (benchCount: number) => Math.max(65_536, 2 ** Math.ceil(Math.log2(Math.max(1, benchCount))));
const sandGridFor = (benchCount: number) => sandGrid(sandOpen(benchCount), sandTableSize(benchCount));

/**
 * The sand benchmark; `foldCount` false (pipeline "sand-unfolded") runs the count as its own
 * pass each substep (SandGPUOptions.foldCount), the baseline the folded count is measured against.
 */
export const sandSpecFor = (foldCount = true): PipelineSpec => ({
  name: foldCount ? "sand" : "sand-unfolded",
  checkCap: 50_000,
  memory: (n) => ({largestBuffer: n * PARTICLE_BYTES, total: 2 * n * PARTICLE_BYTES + 4 * (sandTableSize(n) + 1) * 4}),
  compulsoryBytes: (n) => ({bytes: 4 * n * PARTICLE_BYTES, formula: "4 × particle bytes × N (sort: read + write; forces: read + write)"}),
  scene: (n, benchCount) => sandBlock(n, benchCount),
  async create(ctx, input, benchCount) {
    const n = input.count;
    const sand = await SandGPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxParticles: Math.max(1, n), maxCells: sandTableSize(benchCount), foldCount});
    sand.setHashed(sandOpen(benchCount), sandTableSize(benchCount));
    sand.load(input);
    sand.setParams(sandBenchParams(benchCount));
    return {
      particles: n,
      scene:
        (sandOpen(benchCount)
          ? `grains in contact on a wide lattice, open side walls, spatial hash of ${sandTableSize(benchCount).toLocaleString("en-US")} buckets`
          : "grains in contact on a lattice in the closed 2 × 2 box, dense 256 × 256 grid") + (foldCount ? "" : "; the count as its own pass"),
      passes: reportedPasses(sand, () => sand.benchPasses()),
      encodeSubstep: (p) => sand.encodeSubstep(p),
      read: () => readParticles(ctx.device, sand.a, n),
      dispose: () => sand.dispose(),
    };
  },
  twinStep: (input, benchCount) => sandSubstepTwin(sandBenchParams(benchCount), sandGridFor(benchCount), input),
  compare(input, gpu, benchCount) {
    const twin = sandSubstepTwin(sandBenchParams(benchCount), sandGridFor(benchCount), input).next;
    // velocities of order 0.1 and positions of order 1: a floor of 0.1 keeps the relative
    // error meaningful near zero; the GPU sums contacts in another order (float rounding)
    const {worst, detail} = stateDeviation(gpu, twin, 0.1);
    return {ok: worst <= 1e-3, what: "x, y, vx, vy of every grain after one substep, matched by id", worst, tolerance: 1e-3, detail};
  },
});

const sandSpec: PipelineSpec = sandSpecFor();

// ---- water --------------------------------------------------------------------------------

/** Up to this count the essay's tank (2 × 1) and dense 256 × 256 grid; above it a larger tank and a dense grid sized to it. */
const WATER_DENSE_MAX = 80_000;

/**
 * Water parameters of a benchmark of `benchCount` particles: the essay's defaults, and
 * above WATER_DENSE_MAX a 2k × k tank whose dam (at most 85 % of the height) holds every
 * particle — never particles stacked against the lid.
 */
function waterBenchParams(benchCount: number): WaterParams {
  const p: WaterParams = {...WATER_DEFAULTS, tank: [...WATER_DEFAULTS.tank] as WaterParams["tank"]};
  return benchCount <= WATER_DENSE_MAX ? p : fitTank(benchCount, p);
}

/** The essay's 256 × 256 grid up to WATER_DENSE_MAX; above it a dense grid of cells of h over the whole (larger) tank, sized to the count rather than a fixed 65,536-bucket hash. */
const benchWaterGrid = (benchCount: number): GridParams => (benchCount <= WATER_DENSE_MAX ? waterGrid() : waterGridFor(waterBenchParams(benchCount)));

/**
 * The water benchmark with the density and force passes at `lanes` threads per particle
 * (WaterGPUOptions.lanes; default: waterLanes(count)). bench/water-lanes.ts times several.
 * `foldCount` false (pipeline "water-unfolded") runs the count as its own pass each substep,
 * the baseline the folded count is measured against.
 */
export const waterSpecWith = (lanes?: number, foldCount = true): PipelineSpec => ({
  name: foldCount ? "water" : "water-unfolded",
  checkCap: 50_000,
  memory: (n) => ({largestBuffer: n * PARTICLE_BYTES, total: 2 * n * PARTICLE_BYTES + 8 * n + 4 * (benchWaterGrid(n).numCells + 1) * 4}),
  compulsoryBytes: (n) => ({
    bytes: n * (5 * PARTICLE_BYTES + 16),
    formula: "N × (5 × particle bytes + 16 B): sort read + write, density read + 8 B written, force read + 8 B read + write",
  }),
  scene(n, benchCount) {
    const p = waterBenchParams(benchCount);
    const s = damBreak(n, p, 4);
    // a velocity field, so the check also exercises the viscosity and wall terms
    for (let i = 0; i < n; i++) s.f32[i * PARTICLE_WORDS + 2] = Math.sin(i) * 0.5;
    return s;
  },
  async create(ctx, input, benchCount) {
    const n = input.count;
    const sim = await WaterGPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxParticles: n, grid: benchWaterGrid(benchCount), lanes, foldCount});
    sim.setParams(waterBenchParams(benchCount));
    sim.upload(input);
    sim.flush();
    const t = waterBenchParams(benchCount).tank;
    return {
      particles: n,
      scene:
        (benchCount <= WATER_DENSE_MAX
          ? "dam break in the 2 × 1 tank, dense 256 × 256 grid"
          : `dam break in a ${+t[2].toFixed(2)} × ${+t[3].toFixed(2)} tank, dense grid of ${benchWaterGrid(benchCount).numCells.toLocaleString("en-US")} cells of h`) +
        (foldCount ? "" : "; the count as its own pass"),
      passes: reportedPasses(sim, () => sim.benchPasses()),
      encodeSubstep: (p) => sim.encodeSubsteps(p, 1),
      read: async () => (await sim.read()).particles,
      dispose: () => sim.dispose(),
    };
  },
  twinStep: (input, benchCount) => substepTwin(benchWaterGrid(benchCount), waterBenchParams(benchCount), input),
  substepSeconds: (benchCount) => waterBenchParams(benchCount).dt,
  compare(input, gpu, benchCount) {
    const twin = substepTwin(benchWaterGrid(benchCount), waterBenchParams(benchCount), input).particles;
    const {worst, detail} = stateDeviation(gpu, twin, 0.1);
    return {ok: worst < 1e-4, what: "x, y, vx, vy of every particle after one substep, matched by id", worst, tolerance: 1e-4, detail};
  },
});

export const waterSpec: PipelineSpec = waterSpecWith();

/** The pipelines of the bench page; `npm run bench` adds gravity (components/bench/gravity.ts). */
export const PIPELINE_SPECS: Record<PagePipelineName, PipelineSpec> = {
  sort: sortSpec,
  sand: sandSpec,
  water: waterSpec,
};
