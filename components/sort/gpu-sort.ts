/**
 * The counting sort on the GPU (the essay's §3 sort and §4 sand sections): the phases of
 * `SORT_PHASES` (count → scan → scatter, one dispatch each), with the WGSL of shaders/sort/.
 * Twin: components/sort/twin.ts.
 *
 * The histogram `counts` is zero between sorts: the scan reads it and sets it back to
 * zero, so no clear dispatch is needed (a fresh buffer starts zeroed; `encodeClear` is kept
 * for callers that count without scanning).
 *
 * Three scans:
 *  - production (`encodeScan`): one dispatch of scan_single.wgsl, any number of cells, in
 *    `scanBlocks` workgroups (1 on a CPU-emulated adapter, 256 on a GPU; the count pass
 *    adds up the block totals it needs — per workgroup in workgroup memory, then one global
 *    atomic per block and workgroup — and the scatter pass clears them);
 *  - block scan (`encodeBlockScan`): the three dispatches of scan.wgsl that the essay's §3
 *    explains, 1..65,536 cells (kept for the essay and as the benchmarks' baseline);
 *  - teaching (`runWithSnapshots`): one Hillis–Steele round per dispatch (scan_round.wgsl),
 *    ping-pong buffers, every round copied out, then shift_exclusive.wgsl.
 *
 * Two forms of the count and the scatter (`ranks`): one atomicAdd per particle (count.wgsl,
 * scatter.wgsl, the essay's §3 kernels) or one per run of equal keys in a subgroup
 * (count_runs.wgsl, scatter_runs.wgsl, runs.wgsl; by default with the keys in an array of
 * their own, `keyArray`), the default on a GPU with 'subgroups' (`defaultRanks`).
 *
 * Per-particle passes go past 65,535 workgroups with a 2D dispatch (components/gpu/dispatch.ts).
 * Buffers are sized once for `maxParticles` / `maxCells`; particle buffers are the
 * caller's (any buffer with STORAGE usage holding packed particles, 24 B each).
 */
import {computePipeline, type WGSLLoader} from "../gpu/wgsl.js";
import type {ResourceScope} from "../gpu/scope.js";
import {readBuffers} from "../gpu/readback.js";
import {ShaderStage, STORAGE_RW, Usage} from "../gpu/usage.js";
import {dispatchItems, MAX_WORKGROUPS_PER_DIMENSION} from "../gpu/dispatch.js";
import {adapterInfoOf, isSoftwareAdapter} from "../gpu/adapter.js";
import {encodePhases, type PipelinePhase} from "../gpu/phases.js";
import {BLOCK_SCAN_MAX_CELLS, GRID_UNIFORM_BYTES, MAX_CELLS, packGrid, scanBlockCells, validateGrid, type GridParams} from "./grid.js";
import {PARTICLE_BYTES, PARTICLE_WORDS, wrapParticles, type PackedParticles} from "./particles.js";
import {blockCountsTwin, scanRoundCount, type SortSnapshots} from "./twin.js";

/**
 * The sort as the simulations run it, declared once (components/gpu/phases.ts): the count
 * also adds up the scan's block totals, and the one-dispatch scan also clears the counts,
 * so a sort is three dispatches. `CountingSortGPU.encodeSort` walks this list.
 */
export const SORT_PHASES = [
  {
    key: "count",
    label: "count",
    does: "each particle's cell key, an atomicAdd on its cell's counter (on a GPU with subgroups, one per run of equal keys), and (per workgroup) its block's total for the scan",
    dispatches: 1,
    role: "organise",
    note: "atomicAdd",
  },
  {
    key: "scan",
    label: "scan",
    does: "one dispatch: every cell's start and cursor from the counters and the block totals, each counter set back to zero",
    dispatches: 1,
    role: "organise",
    note: "starts; counts = 0",
  },
  {
    key: "scatter",
    label: "scatter",
    does: "every particle copied whole into the next free slot of its cell (on a GPU with subgroups, one atomicAdd per run of equal keys); the block totals set back to zero",
    dispatches: 1,
    role: "organise",
    note: "A → B",
  },
] as const satisfies readonly PipelinePhase[];

/**
 * The sort with the two-pass scatter (CountingSortOptions.scatter "bucketed"): between the
 * scan and the cell scatter, a bucket pass moves every record into its scan block's range
 * (shaders/sort/bucket_common.wgsl explains why), and the cell scatter then reads that copy.
 * Four dispatches; the benchmarks' variant for large random input, never the simulations'.
 */
export const BUCKETED_SORT_PHASES = [
  SORT_PHASES[0],
  SORT_PHASES[1],
  {
    key: "bucket",
    label: "bucket",
    does: "every record moved into the range of its scan block (256 buckets of consecutive cells): one atomic per workgroup and bucket, ranks from workgroup memory; the block totals counted back to zero",
    dispatches: 1,
    role: "organise",
    note: "A → T",
  },
  {
    ...SORT_PHASES[2],
    does: "every record of the bucketed copy moved into the next free slot of its cell (on a GPU with subgroups, one atomicAdd per run of equal keys)",
    note: "T → B",
  },
] as const satisfies readonly PipelinePhase[];
/** A phase of either sort (`SORT_PHASES`, `BUCKETED_SORT_PHASES`). */
type SortAnyPhaseKey = (typeof BUCKETED_SORT_PHASES)[number]["key"];

/** What the sort moves (CountingSortOptions.record). */
export type SortRecord = "particle" | "vec4";
/** Bytes of one record of each kind: the 24-byte Particle of common/particle.wgsl, or one vec4<f32>. */
export const SORT_RECORD_BYTES: Record<SortRecord, number> = {particle: 24, vec4: 16};
/** How the scatter moves the records (CountingSortOptions.scatter). */
export type SortScatter = "direct" | "bucketed";
/** Records each thread of the bucket pass moves: BUCKET_PER_THREAD of shaders/sort/bucket_common.wgsl (a test holds the two equal). */
export const SORT_BUCKET_PER_THREAD = 8;

/**
 * The count as the simulations run it (`foldCount`, the default of SandGPU and WaterGPU): no
 * dispatch of its own. The previous substep's integrating pass (the sand's forces, the
 * water's pressure pass), having written a particle's new state, stores its new cell key and
 * adds it to the histogram and the block totals with the count's own WGSL
 * (shaders/sort/count_cell.wgsl, through fold_atomic.wgsl or fold_runs.wgsl). Only when the
 * particles or the grid are set from the CPU does a count pass run, submitted on its own
 * (`submitCount`).
 */
export const FOLDED_COUNT_PHASE = {
  key: "count",
  label: "count",
  does: "no pass of its own: the previous substep's last pass, as it writes each particle's new position, stores its cell key and adds it to its cell's counter and its block's total (on a GPU with subgroups, one atomicAdd per run of equal keys)",
  dispatches: 0,
  role: "organise",
  note: "in the last pass",
} as const satisfies PipelinePhase;

/** The sort inside a simulation substep with the count folded (`FOLDED_COUNT_PHASE`): scan and scatter, two dispatches. */
export const FOLDED_SORT_PHASES = [FOLDED_COUNT_PHASE, SORT_PHASES[1], SORT_PHASES[2]] as const satisfies readonly PipelinePhase[];

/**
 * The WGSL files that give a simulation's integrating pass its `fold_count` (and
 * `FOLD_SHARES_KEYS`): `before` goes first in the module (`enable subgroups;` for ranks
 * "runs"), `after` after the common files. `fold` false gives fold_none.wgsl (a no-op, the
 * benchmark's baseline with a count pass). The pass binds the sort's buffers at group 1
 * (`foldBindGroup`).
 */
export function foldCountPaths(ranks: SortRanks, fold: boolean): {before: string[]; after: string[]} {
  if (!fold) return {before: [], after: ["sort/fold_none.wgsl"]};
  return ranks === "runs"
    ? {before: ["sort/enable_subgroups.wgsl"], after: ["sort/runs.wgsl", "sort/count_cell.wgsl", "sort/fold_runs.wgsl"]}
    : {before: [], after: ["sort/count_cell.wgsl", "sort/fold_atomic.wgsl"]};
}

/**
 * Pipeline constants of an integrating pass that folds the count (`foldCountPaths`): with the
 * one-atomic-per-particle fold and a single scan block, `fold_blocks` false compiles the fold
 * without its block-total branch, whose barrier a CPU emulation pays for even when the branch
 * is never taken (docs/records/gpu-core.md, "No barrier in a CPU emulation's frame"). Empty otherwise
 * (an override the module does not use must not be given a value).
 */
export function foldCountConstants(ranks: SortRanks, fold: boolean, scanBlocks: number): Record<string, number> {
  return fold && ranks === "atomic" && scanBlocks === 1 ? {fold_blocks: 0} : {};
}

/**
 * The same sort built literally from §3's pieces (the essay's "before"): a clear pass, the
 * count without block totals, the three-dispatch block scan of scan.wgsl, the scatter — what
 * the simulations ran before the clear went into the scan and the block totals into the
 * count. Encoded by `encodeClear`, `encodeCount`, `encodeBlockScan`, `encodeScatter`
 * (the benchmarks' baseline); tests hold the dispatch counts to this list.
 */
export const BLOCK_SCAN_SORT_PHASES = [
  {key: "clear", label: "clear", does: "every counter set to zero", dispatches: 1, role: "organise", note: "counts = 0"},
  {key: "count", label: "count", does: "each particle's cell key and an atomicAdd on its cell's counter", dispatches: 1, role: "organise", note: "atomicAdd"},
  {
    key: "scan",
    label: "scan",
    does: "block scans, a scan of the block totals, and the add-back (§3)",
    dispatches: 3,
    role: "organise",
    note: "3 dispatches",
  },
  {key: "scatter", label: "scatter", does: "every particle copied whole into the next free slot of its cell", dispatches: 1, role: "organise", note: "A → B"},
] as const satisfies readonly PipelinePhase[];

const WG = 256;
const COMMON = ["common/particle.wgsl", "common/grid.wgsl", "common/dispatch.wgsl"];
/** The run-aggregated kernels' prefix: `enable subgroups;` first, then the common files and runs.wgsl. */
const RUNS_COMMON = ["sort/enable_subgroups.wgsl", ...COMMON, "sort/runs.wgsl"];
const STORAGE = STORAGE_RW;
/** Most blocks of the one-dispatch scan: each of its workgroups loads every block total with one thread. */
export const MAX_SCAN_BLOCKS = 256;
/**
 * Workgroups the count pass aims for on large counts (coarsening, count.wgsl): each
 * workgroup flushes up to 256 block totals to global memory once, so fewer, fuller
 * workgroups mean fewer contended global atomics; 2,048 is about two waves of 256-thread
 * workgroups on a 132-SM GPU (H200), enough to hide memory latency.
 */
export const COUNT_TARGET_WORKGROUPS = 2048;

/**
 * Particles per thread of the count pass for `numParticles` particles:
 * ceil(numParticles / (256 · targetWorkgroups)), at least 1 — so up to 256 · targetWorkgroups
 * particles (524,288 by default: every simulation) are counted one per thread, and more
 * particles run in about `targetWorkgroups` workgroups. Errors: RangeError for a negative or
 * non-integer count or a target below 1.
 */
export function countPerThreadFor(numParticles: number, targetWorkgroups = COUNT_TARGET_WORKGROUPS): number {
  if (!(Number.isInteger(numParticles) && numParticles >= 0)) throw new RangeError(`particle count must be a non-negative integer, got ${numParticles}`);
  if (!(Number.isInteger(targetWorkgroups) && targetWorkgroups >= 1)) throw new RangeError(`target workgroups must be an integer ≥ 1, got ${targetWorkgroups}`);
  return Math.max(1, Math.ceil(numParticles / (WG * targetWorkgroups)));
}

/**
 * Threads the count pass dispatches for `numParticles` particles at `countPerThread` each:
 * ceil(numParticles / countPerThread), in 256-thread workgroups, so workgroup w counts
 * particles [w · 256 · K, (w + 1) · 256 · K) and the ceil(n / (256 · K)) workgroups cover all.
 */
export function countThreads(numParticles: number, countPerThread: number): number {
  return Math.ceil(numParticles / countPerThread);
}

/**
 * Blocks of the one-dispatch scan on `device`: 1 on a CPU-emulated adapter (SwiftShader,
 * llvmpipe: its cost is workgroups × barrier rounds, so one workgroup is fastest there),
 * 256 on a GPU (one workgroup walking 65,536 counts is latency-bound: 0.26 ms on an H200).
 */
export function defaultScanBlocks(device: GPUDevice): number {
  return isSoftwareAdapter(adapterInfoOf(device)) ? 1 : MAX_SCAN_BLOCKS;
}

export interface CountingSortOptions {
  /** Largest particle count this instance will sort (≥ 0; 1,000,000 and more are fine). */
  maxParticles: number;
  /** Largest cell count (1..MAX_CELLS; the block scan handles at most 65,536). */
  maxCells: number;
  /** Workgroups per dispatch dimension before per-particle passes go 2D (default 65,535; tests lower it to exercise the 2D path). */
  maxWorkgroupsPerDimension?: number;
  /** Blocks (workgroups) of the one-dispatch scan, 1..256 (default `defaultScanBlocks(device)`: 1 on a CPU emulation, 256 on a GPU). */
  scanBlocks?: number;
  /** Particles per thread of the count pass, an integer ≥ 1 (default: `countPerThreadFor(n, countWorkgroups)` at each `setGrid`). */
  countPerThread?: number;
  /** Workgroups the count pass aims for when `countPerThread` is not given (default COUNT_TARGET_WORKGROUPS). */
  countWorkgroups?: number;
  /**
   * How the count and the scatter take their atomics (default `defaultRanks(device)`):
   * "atomic" — one atomicAdd per particle (count.wgsl, scatter.wgsl: the essay's §3 kernels);
   * "runs" — one per run of equal keys in a subgroup (count_runs.wgsl, scatter_runs.wgsl; needs
   * a device created with 'subgroups': RangeError otherwise). Same histogram, starts and cells;
   * only the order inside a cell differs (arbitrary in both).
   */
  ranks?: SortRanks;
  /**
   * With ranks "runs": the count writes each particle's key into a key array of its own
   * (`keys`, 4 B per particle) instead of into the particle, and the scatter reads it there and
   * writes it into the copy (count_runs.wgsl and scatter_runs.wgsl, entry points `…_keys`).
   * The sorted particles are the same; the source particles keep their old key field.
   * Default: on with ranks "runs" (H200, 16 M particles in cell order: count pass 0.217 →
   * 0.137 ms, bench/README.md); RangeError when asked for with ranks "atomic".
   */
  keyArray?: boolean;
  /**
   * What one record is (default "particle"): "particle" — the 24-byte Particle of
   * shaders/common/particle.wgsl, its key stored by the count; "vec4" — one vec4<f32> of
   * 16 bytes, (position x, position y, velocity x, velocity y), the record the original
   * series' sort moves: no id and no key field, the key computed from the position in the
   * count and again in the scatter (shaders/sort/vec4_count.wgsl, vec4_scatter.wgsl). The
   * benchmarks' comparison; the simulations keep "particle". "vec4" needs ranks "runs" and
   * no key array (RangeError otherwise), and `runWithSnapshots` refuses it.
   */
  record?: SortRecord;
  /**
   * How the records reach their cells (default "direct"): "direct" — one scatter pass
   * (`SORT_PHASES`); "bucketed" — a bucket pass into a copy of its own, then the cell scatter
   * from that copy (`BUCKETED_SORT_PHASES`, shaders/sort/bucket_common.wgsl), for large random
   * input. "bucketed" needs more than one scan block (RangeError otherwise) and allocates a
   * second record buffer of `maxParticles` records.
   */
  scatter?: SortScatter;
}

/** The three-dispatch block scan's pipelines and their explicit bind group layout (`loadBlockScan`). */
interface BlockScanKernels {
  scanBlocks: GPUComputePipeline;
  scanSums: GPUComputePipeline;
  addOffsets: GPUComputePipeline;
  layout: GPUBindGroupLayout;
}

/** How the sort's count and scatter take their atomics (CountingSortOptions.ranks). */
export type SortRanks = "atomic" | "runs";

/**
 * The sort's default ranks on `device`: "runs" on a GPU whose device has 'subgroups';
 * "atomic" without 'subgroups' and on a CPU-emulated adapter (SwiftShader offers subgroups,
 * but emulates them lane by lane: there the run kernels took 1.3–6× as long).
 */
export function defaultRanks(device: GPUDevice): SortRanks {
  return device.features.has("subgroups" as GPUFeatureName) && !isSoftwareAdapter(adapterInfoOf(device)) ? "runs" : "atomic";
}

/**
 * `ranks`, or the device's default (`defaultRanks`) when undefined. Errors: RangeError for a
 * value other than "atomic" or "runs", and for "runs" on a device without 'subgroups'.
 */
export function resolveRanks(device: GPUDevice, ranks?: SortRanks): SortRanks {
  const r = ranks ?? defaultRanks(device);
  if (r !== "atomic" && r !== "runs") throw new RangeError(`ranks must be "atomic" or "runs", got ${String(r)}`);
  if (r === "runs" && !device.features.has("subgroups" as GPUFeatureName))
    throw new RangeError("ranks \"runs\" needs a device created with the 'subgroups' feature");
  return r;
}

export class CountingSortGPU {
  readonly scope: ResourceScope;
  /** The Grid uniform (48 B) — also bound by the neighbour kernels. */
  readonly gridBuffer: GPUBuffer;
  /** counts[numCells]: the histogram. */
  readonly counts: GPUBuffer;
  /** starts[numCells + 1]: exclusive cell starts; starts[numCells] = particle count. */
  readonly starts: GPUBuffer;
  /** cursor[numCells]: scatter's slot counters (starts at the start of the scatter, cell ends after it). */
  readonly cursor: GPUBuffer;
  /** Block totals of the three-dispatch block scan (256 entries). */
  readonly blockSums: GPUBuffer;
  /** block_counts[scanBlocks]: particles per block of the one-dispatch scan (added up by count, cleared by scatter; unused with 1 block). */
  readonly blockCounts: GPUBuffer;
  /** Blocks (workgroups) of the one-dispatch scan. */
  readonly scanBlocks: number;
  /** How the count and the scatter take their atomics ("atomic" or "runs"). */
  readonly ranks: SortRanks;
  /** keys[maxParticles] when `keyArray` is on (the count's keys, read by the scatter), else null. */
  readonly keys: GPUBuffer | null;
  /** What one record is ("particle", 24 B, or "vec4", 16 B). */
  readonly record: SortRecord;
  /** One pass of scatter or two ("bucketed": bucket, then cell). */
  readonly scatterMode: SortScatter;
  /** The bucket pass's output, maxParticles records, with scatter "bucketed"; else null. */
  readonly bucketed: GPUBuffer | null;
  private grid: GridParams | null = null;
  private n = 0;
  private perThread = 1;
  private bindCache = new Map<string, GPUBindGroup>();
  /** Kernels the simulations never run, compiled on first need (`loadTeachingKernels`, `loadBlockScan`). */
  private teachingPipes: Promise<Record<"clear" | "round" | "shift", GPUComputePipeline>> | null = null;
  private blockScanPipes: Promise<BlockScanKernels> | null = null;
  private ready: {
    teaching?: Record<"clear" | "round" | "shift", GPUComputePipeline>;
    blockScan?: BlockScanKernels;
  } = {};

  private constructor(
    readonly device: GPUDevice,
    /** This sort's own child scope: every buffer below lives in it. */
    scope: ResourceScope,
    readonly options: CountingSortOptions,
    private wgsl: WGSLLoader,
    /** The simulations' kernels, compiled by `create`: count, the one-dispatch scan, scatter. */
    private pipes: Record<"count" | "scatter" | "scanSingle", GPUComputePipeline> & {bucket?: GPUComputePipeline},
    ranks: SortRanks,
    keyArray: boolean
  ) {
    this.ranks = ranks;
    this.record = options.record ?? "particle";
    this.scatterMode = options.scatter ?? "direct";
    this.scope = scope;
    this.scope.onDispose(() => this.bindCache.clear());
    const cells = options.maxCells;
    this.gridBuffer = this.scope.buffer({label: "grid", size: GRID_UNIFORM_BYTES, usage: Usage.UNIFORM | Usage.COPY_DST});
    this.counts = this.scope.buffer({label: "counts", size: cells * 4, usage: STORAGE});
    this.starts = this.scope.buffer({label: "starts", size: (cells + 1) * 4, usage: STORAGE});
    this.cursor = this.scope.buffer({label: "cursor", size: cells * 4, usage: STORAGE});
    this.blockSums = this.scope.buffer({label: "block-sums", size: WG * 4, usage: STORAGE});
    this.scanBlocks = options.scanBlocks ?? defaultScanBlocks(device);
    this.blockCounts = this.scope.buffer({label: "scan-block-counts", size: this.scanBlocks * 4, usage: STORAGE});
    this.keys = keyArray ? this.scope.buffer({label: "sort-keys", size: Math.max(1, options.maxParticles) * 4, usage: STORAGE}) : null;
    this.bucketed =
      this.scatterMode === "bucketed"
        ? this.scope.buffer({label: "sort-bucketed", size: Math.max(1, options.maxParticles) * SORT_RECORD_BYTES[this.record], usage: STORAGE})
        : null;
  }

  /** Bytes of one record (24 for "particle", 16 for "vec4"). */
  get recordBytes(): number {
    return SORT_RECORD_BYTES[this.record];
  }

  /** The phases `encodeSort` walks: `SORT_PHASES`, or `BUCKETED_SORT_PHASES` with scatter "bucketed". */
  get phases(): readonly PipelinePhase<SortAnyPhaseKey>[] {
    return this.scatterMode === "bucketed" ? BUCKETED_SORT_PHASES : SORT_PHASES;
  }

  /**
   * Compiles (or reuses) the kernels and allocates the sort's buffers in one child scope of
   * `parentScope` (released by `dispose()` or with the parent).
   */
  static async create(device: GPUDevice, parentScope: ResourceScope, wgsl: WGSLLoader, options: CountingSortOptions): Promise<CountingSortGPU> {
    if (!(Number.isInteger(options.maxCells) && options.maxCells >= 1 && options.maxCells <= MAX_CELLS))
      throw new RangeError(`maxCells must be in 1..${MAX_CELLS}, got ${options.maxCells}`);
    if (!(options.maxParticles >= 0)) throw new RangeError(`maxParticles must be ≥ 0, got ${options.maxParticles}`);
    const blocks = options.scanBlocks;
    if (blocks !== undefined && !(Number.isInteger(blocks) && blocks >= 1 && blocks <= MAX_SCAN_BLOCKS))
      throw new RangeError(`scanBlocks must be an integer in 1..${MAX_SCAN_BLOCKS}, got ${blocks}`);
    const k = options.countPerThread;
    if (k !== undefined && !(Number.isInteger(k) && k >= 1)) throw new RangeError(`countPerThread must be an integer ≥ 1, got ${k}`);
    const target = options.countWorkgroups;
    if (target !== undefined && !(Number.isInteger(target) && target >= 1)) throw new RangeError(`countWorkgroups must be an integer ≥ 1, got ${target}`);
    const ranks = resolveRanks(device, options.ranks);
    if (options.keyArray && ranks !== "runs") throw new RangeError('keyArray needs ranks "runs"');
    const record = options.record ?? "particle";
    if (!(record in SORT_RECORD_BYTES)) throw new RangeError(`record must be "particle" or "vec4", got ${String(record)}`);
    const scatterMode = options.scatter ?? "direct";
    if (scatterMode !== "direct" && scatterMode !== "bucketed") throw new RangeError(`scatter must be "direct" or "bucketed", got ${String(scatterMode)}`);
    const vec4 = record === "vec4";
    if (vec4 && ranks !== "runs") throw new RangeError('record "vec4" needs ranks "runs"');
    if (vec4 && options.keyArray) throw new RangeError('record "vec4" keeps no keys: keyArray must be off');
    const manyBlocks = (blocks ?? defaultScanBlocks(device)) > 1;
    if (scatterMode === "bucketed" && !manyBlocks) throw new RangeError('scatter "bucketed" needs more than one scan block');
    const keyArray = !vec4 && (options.keyArray ?? ranks === "runs");
    const keyed = keyArray ? "_keys" : "";
    // the cell scatter of the bucketed sort reads the key the bucket pass stored in each copy
    const scatterKeyed = scatterMode === "bucketed" ? "" : keyed;
    const bucketPaths = [...COMMON, "sort/bucket_common.wgsl", vec4 ? "sort/vec4_bucket.wgsl" : "sort/bucket.wgsl"];
    const [count, scatter, scanSingle, bucket] = await Promise.all([
      // one scan block: the entry point without block totals (no workgroup memory to zero)
      vec4
        ? computePipeline(
            device,
            wgsl,
            RUNS_COMMON.concat("sort/count_cell.wgsl", "sort/vec4_count.wgsl"),
            manyBlocks ? "count_vec4_runs_blocks" : "count_vec4_runs"
          )
        : ranks === "runs"
          ? computePipeline(
              device,
              wgsl,
              RUNS_COMMON.concat("sort/count_cell.wgsl", "sort/count_runs.wgsl"),
              (manyBlocks ? "count_runs_blocks" : "count_runs") + keyed
            )
          : computePipeline(device, wgsl, [...COMMON, "sort/count_cell.wgsl", "sort/count.wgsl"], manyBlocks ? "count_blocks" : "count"),
      vec4
        ? computePipeline(device, wgsl, RUNS_COMMON.concat("sort/vec4_scatter.wgsl"), "scatter_vec4_runs")
        : ranks === "runs"
          ? computePipeline(device, wgsl, RUNS_COMMON.concat("sort/scatter_runs.wgsl"), `scatter_runs${scatterKeyed}`)
          : computePipeline(device, wgsl, [...COMMON, "sort/scatter.wgsl"], "scatter"),
      computePipeline(device, wgsl, [...COMMON, "sort/scan_single.wgsl"], "scan_single"),
      scatterMode === "bucketed" ? computePipeline(device, wgsl, bucketPaths, vec4 ? "bucket_vec4" : "bucket_particles") : Promise.resolve(undefined),
    ]);
    const scope = parentScope.child(device);
    try {
      return new CountingSortGPU(device, scope, options, wgsl, {count, scatter, scanSingle, bucket}, ranks, keyArray);
    } catch (e) {
      scope.dispose();
      throw e;
    }
  }

  /** Sets the grid and particle count for the following encodes (writes the uniform). */
  setGrid(grid: GridParams, numParticles: number) {
    validateGrid(grid);
    if (grid.numCells > this.options.maxCells) throw new RangeError(`grid has ${grid.numCells} cells, this sort was sized for ${this.options.maxCells}`);
    if (!(Number.isInteger(numParticles) && numParticles >= 0 && numParticles <= this.options.maxParticles))
      throw new RangeError(`particle count must be an integer in 0..${this.options.maxParticles}, got ${numParticles}`);
    this.grid = grid;
    this.n = numParticles;
    this.perThread = this.options.countPerThread ?? countPerThreadFor(numParticles, this.options.countWorkgroups);
    this.device.queue.writeBuffer(this.gridBuffer, 0, packGrid(grid, numParticles, this.scanBlocks, this.perThread));
  }

  /** Particles each thread of the count pass handles for the current particle count (set by `setGrid`). */
  get countPerThread() {
    return this.perThread;
  }

  get numParticles() {
    return this.n;
  }
  get numCells() {
    return this.requireGrid().numCells;
  }

  private requireGrid(): GridParams {
    if (!this.grid) throw new Error("CountingSortGPU: call setGrid() first");
    return this.grid;
  }

  /** A bind group of `buffers` at bindings 0, 1, …; a null entry leaves its binding out. */
  private bind(key: string, pipe: GPUComputePipeline | GPUBindGroupLayout, buffers: (GPUBuffer | null)[]): GPUBindGroup {
    let bg = this.bindCache.get(key);
    if (!bg) {
      const layout = "getBindGroupLayout" in pipe ? pipe.getBindGroupLayout(0) : pipe;
      const entries = buffers.flatMap((buffer, binding) => (buffer ? [{binding, resource: {buffer}}] : []));
      bg = this.device.createBindGroup({layout, entries});
      this.bindCache.set(key, bg);
    }
    return bg;
  }

  private ids = new WeakMap<GPUBuffer, number>();
  private nextId = 1;
  private idOf(b: GPUBuffer) {
    let id = this.ids.get(b);
    if (!id) this.ids.set(b, (id = this.nextId++));
    return id;
  }

  private get maxPerDim() {
    return this.options.maxWorkgroupsPerDimension ?? MAX_WORKGROUPS_PER_DIMENSION;
  }

  /**
   * Compiles (once per sorter; the pipelines themselves are cached per device) the teaching
   * sort's kernels: the clear, one Hillis–Steele round (scan_round.wgsl) and the shift to an
   * exclusive scan. `runWithSnapshots` awaits it; call it before `encodeClear`. Kept out of
   * `create` because the simulations never run them and a CPU-emulated adapter spends about a
   * second of a page's start compiling them (bench/README.md).
   */
  loadTeachingKernels(): Promise<void> {
    this.teachingPipes ??= Promise.all([
      computePipeline(this.device, this.wgsl, [...COMMON, "sort/clear.wgsl"], "clear"),
      computePipeline(this.device, this.wgsl, ["sort/scan_round.wgsl"], "scan_round"),
      computePipeline(this.device, this.wgsl, ["sort/shift_exclusive.wgsl"], "shift_exclusive"),
    ]).then(([clear, round, shift]) => (this.ready.teaching = {clear, round, shift}));
    this.teachingPipes.catch(() => (this.teachingPipes = null));
    return this.teachingPipes.then(() => undefined);
  }

  /**
   * Compiles (once) the three-dispatch block scan of scan.wgsl, the essay's §3 idea, which only
   * tests and benchmarks run; call it (and `loadTeachingKernels` for the clear) before
   * `encodeBlockScan`.
   */
  loadBlockScan(): Promise<void> {
    if (!this.blockScanPipes) {
      const storage = (type: GPUBufferBindingType): GPUBindGroupLayoutEntry["buffer"] => ({type});
      const layout = this.device.createBindGroupLayout({
        label: "scan",
        entries: [
          {binding: 0, visibility: ShaderStage.COMPUTE, buffer: {type: "uniform"}},
          {binding: 1, visibility: ShaderStage.COMPUTE, buffer: storage("read-only-storage")},
          {binding: 2, visibility: ShaderStage.COMPUTE, buffer: storage("storage")},
          {binding: 3, visibility: ShaderStage.COMPUTE, buffer: storage("storage")},
          {binding: 4, visibility: ShaderStage.COMPUTE, buffer: storage("storage")},
        ],
      });
      const pipeLayout = this.device.createPipelineLayout({bindGroupLayouts: [layout]});
      const paths = [...COMMON, "sort/scan.wgsl"];
      this.blockScanPipes = Promise.all(
        ["scan_blocks", "scan_block_sums", "add_block_offsets"].map((entry) => computePipeline(this.device, this.wgsl, paths, entry, pipeLayout, "explicit"))
      ).then(([scanBlocks, scanSums, addOffsets]) => {
        // pipelines are cached per device: the bind group layout must come from the cached pipeline
        const r = {scanBlocks, scanSums, addOffsets, layout: scanBlocks.getBindGroupLayout(0)};
        this.ready.blockScan = r;
        return r;
      });
      this.blockScanPipes.catch(() => (this.blockScanPipes = null));
    }
    return this.blockScanPipes.then(() => undefined);
  }

  private teaching() {
    if (!this.ready.teaching) throw new Error("CountingSortGPU: await loadTeachingKernels() before encoding the clear or the teaching scan");
    return this.ready.teaching;
  }

  /** clear: zero the histogram (1 dispatch). Not part of `encodeSort`: the scan clears it. Needs `loadTeachingKernels`. */
  encodeClear(pass: GPUComputePassEncoder) {
    const {clear} = this.teaching();
    pass.setPipeline(clear);
    pass.setBindGroup(0, this.bind("clear", clear, [this.gridBuffer, this.counts]));
    dispatchItems(pass, this.numCells, this.maxPerDim);
  }

  /**
   * count: keys + atomic histogram of `particles`, and with several scan blocks their block
   * totals, added up per workgroup before one global add per block (1 dispatch of
   * ceil(n / countPerThread) threads; `counts` and `blockCounts` must be zero, as every scan
   * and scatter leave them).
   */
  encodeCount(pass: GPUComputePassEncoder, particles: GPUBuffer) {
    pass.setPipeline(this.pipes.count);
    // the one-block entry points have no binding 3; the key array is binding 4
    const buffers = [this.gridBuffer, particles, this.counts, this.scanBlocks > 1 ? this.blockCounts : null];
    if (this.keys) buffers.push(this.keys);
    pass.setBindGroup(0, this.bind(`count${this.idOf(particles)}`, this.pipes.count, buffers));
    dispatchItems(pass, countThreads(this.n, this.perThread), this.maxPerDim);
  }

  /**
   * scan: the one-dispatch exclusive scan of counts into starts and cursor
   * (scan_single.wgsl: one workgroup per non-empty block, at most `scanBlocks`); it also
   * zeroes `counts` for the next count pass. Reads `blockCounts`, so with several blocks
   * it must follow a count pass (or `writeCounts`), and a scatter must follow it.
   */
  encodeScan(pass: GPUComputePassEncoder) {
    const cells = this.numCells;
    pass.setPipeline(this.pipes.scanSingle);
    pass.setBindGroup(0, this.bind("scan-single", this.pipes.scanSingle, [this.gridBuffer, this.counts, this.starts, this.cursor, this.blockCounts]));
    pass.dispatchWorkgroups(Math.ceil(cells / scanBlockCells(cells, this.scanBlocks)));
  }

  /**
   * Writes a histogram (numCells entries) and its block totals, as a count pass would
   * leave them — for tests and benchmarks that scan given counts. Errors: RangeError when
   * the length is not the grid's cell count.
   */
  writeCounts(counts: Uint32Array<ArrayBuffer>) {
    if (counts.length !== this.numCells) throw new RangeError(`expected ${this.numCells} counts, got ${counts.length}`);
    this.device.queue.writeBuffer(this.counts, 0, counts);
    const totals = this.scanBlocks > 1 ? blockCountsTwin(counts, this.scanBlocks) : new Uint32Array(this.scanBlocks);
    this.device.queue.writeBuffer(this.blockCounts, 0, totals);
  }

  /**
   * The three-dispatch block scan of scan.wgsl (the essay's §3 idea), same outputs as
   * `encodeScan` except that `counts` is left as it is (encode a clear before the next
   * count). Needs `loadBlockScan`. Errors: RangeError above 65,536 cells; Error before
   * `loadBlockScan` has resolved.
   */
  encodeBlockScan(pass: GPUComputePassEncoder) {
    if (this.numCells > BLOCK_SCAN_MAX_CELLS) throw new RangeError(`the block scan handles at most ${BLOCK_SCAN_MAX_CELLS} cells, got ${this.numCells}`);
    const k = this.ready.blockScan;
    if (!k) throw new Error("CountingSortGPU: await loadBlockScan() before encodeBlockScan");
    const bg = this.bind("scan", k.layout, [this.gridBuffer, this.counts, this.starts, this.blockSums, this.cursor]);
    const blocks = Math.ceil(this.numCells / WG);
    pass.setBindGroup(0, bg);
    pass.setPipeline(k.scanBlocks);
    pass.dispatchWorkgroups(blocks);
    pass.setPipeline(k.scanSums);
    pass.dispatchWorkgroups(1);
    pass.setPipeline(k.addOffsets);
    pass.dispatchWorkgroups(blocks);
  }

  /**
   * scatter: every particle of `src` copied to its slot in `dst`, and the scan's block
   * totals set back to zero for the next count (1 dispatch; with 0 particles nothing was
   * counted, so nothing is dispatched).
   */
  encodeScatter(pass: GPUComputePassEncoder, src: GPUBuffer, dst: GPUBuffer) {
    pass.setPipeline(this.pipes.scatter);
    pass.setBindGroup(
      0,
      this.bind(`scatter${this.idOf(src)}-${this.idOf(dst)}`, this.pipes.scatter, [
        this.gridBuffer,
        src,
        dst,
        this.cursor,
        this.blockCounts,
        this.scatterMode === "bucketed" ? null : this.keys,
      ])
    );
    // ≥ scanBlocks threads, so every block total is cleared (one workgroup of 256 already is)
    dispatchItems(pass, this.n && Math.max(this.n, this.scanBlocks), this.maxPerDim);
  }

  /**
   * bucket (scatter "bucketed" only): every record of `src` moved into its scan block's range
   * of the bucket copy (`bucketed`), and the block totals counted back down to zero (1
   * dispatch of ceil(n / SORT_BUCKET_PER_THREAD) threads). Must follow the scan. Errors: Error
   * when this sort was not created with scatter "bucketed".
   */
  encodeBucket(pass: GPUComputePassEncoder, src: GPUBuffer) {
    const pipe = this.pipes.bucket;
    if (!pipe || !this.bucketed) throw new Error('CountingSortGPU: encodeBucket needs scatter "bucketed"');
    pass.setPipeline(pipe);
    pass.setBindGroup(0, this.bind(`bucket${this.idOf(src)}`, pipe, [this.gridBuffer, src, this.bucketed, this.starts, this.blockCounts]));
    dispatchItems(pass, Math.ceil(this.n / SORT_BUCKET_PER_THREAD), this.maxPerDim);
  }

  /**
   * For a pass that folds the next sort's count into itself (`foldCountPaths`): the bind
   * group of its group 1 — counts, block totals and, with ranks "runs", the key array.
   * Errors: Error for ranks "runs" without a key array (fold_runs.wgsl writes the keys there).
   */
  foldBindGroup(pipeline: GPUComputePipeline): GPUBindGroup {
    if (this.ranks === "runs" && !this.keys) throw new Error('CountingSortGPU: a folded count with ranks "runs" needs the key array (keyArray)');
    const buffers = [this.counts, this.blockCounts, ...(this.ranks === "runs" && this.keys ? [this.keys] : [])];
    return this.device.createBindGroup({
      label: "fold-count",
      layout: pipeline.getBindGroupLayout(1),
      entries: buffers.map((buffer, binding) => ({binding, resource: {buffer}})),
    });
  }

  /**
   * Sets the histogram and block totals to zero and submits one count pass of `particles`
   * now (its own command buffer): what a simulation that folds the count into its
   * integrating pass runs whenever its particles or its grid are set from the CPU, so that
   * the counters always hold the histogram of its current particles. Call after `setGrid`.
   */
  submitCount(particles: GPUBuffer) {
    const enc = this.device.createCommandEncoder({label: "sort-count"});
    this.encodeRecount(enc, particles);
    this.device.queue.submit([enc.finish()]);
  }

  /** What `submitCount` submits, recorded into `encoder` instead (counters zeroed, then one count pass): a frame's own submit can carry it. */
  encodeRecount(encoder: GPUCommandEncoder, particles: GPUBuffer) {
    encoder.clearBuffer(this.counts);
    encoder.clearBuffer(this.blockCounts);
    if (this.n) {
      const pass = encoder.beginComputePass({label: "sort-count"});
      this.encodeCount(pass, particles);
      pass.end();
    }
  }

  /**
   * Each phase of this sort's `phases` for a sort of `src` into `dst`: what it records into an
   * open pass (with scatter "bucketed", the bucket pass writes `bucketed` and the cell scatter
   * reads it; otherwise `bucket` records nothing).
   */
  phaseEncoders(src: GPUBuffer, dst: GPUBuffer): Record<SortAnyPhaseKey, (pass: GPUComputePassEncoder) => void> {
    const bucketed = this.bucketed;
    return {
      count: (p) => this.encodeCount(p, src),
      scan: (p) => this.encodeScan(p),
      bucket: (p) => (bucketed ? this.encodeBucket(p, src) : undefined),
      scatter: (p) => this.encodeScatter(p, bucketed ?? src, dst),
    };
  }

  /** The whole sort of `src` into `dst` in one compute pass: the phases of `phases` in order (3 dispatches, 4 bucketed). */
  encodeSort(pass: GPUComputePassEncoder, src: GPUBuffer, dst: GPUBuffer) {
    encodePhases(pass, this.phases, this.phaseEncoders(src, dst));
  }

  /**
   * Sorts `input` with the teaching scan (one dispatch per Hillis–Steele round) and reads
   * back every phase's array: keys, counts, each round, starts, order, sorted particles.
   * Temporary buffers are destroyed before returning. Errors: RangeError on sizes.
   */
  async runWithSnapshots(grid: GridParams, input: PackedParticles): Promise<SortSnapshots> {
    if (this.record !== "particle" || this.scatterMode !== "direct")
      throw new RangeError('runWithSnapshots sorts particles with the direct scatter (record "particle", scatter "direct")');
    await this.loadTeachingKernels();
    const {round, shift} = this.teaching();
    this.setGrid(grid, input.count);
    const n = input.count;
    const cells = grid.numCells;
    const tmp = this.scope.child();
    try {
      const bytes = Math.max(n, 1) * PARTICLE_BYTES;
      const a = tmp.buffer({label: "teach-a", size: bytes, usage: STORAGE});
      const b = tmp.buffer({label: "teach-b", size: bytes, usage: STORAGE});
      if (n) this.device.queue.writeBuffer(a, 0, input.buffer, 0, n * PARTICLE_BYTES);
      const ping = [tmp.buffer({label: "round-ping", size: cells * 4, usage: STORAGE}), tmp.buffer({label: "round-pong", size: cells * 4, usage: STORAGE})];
      const rounds = scanRoundCount(cells);
      const uniforms: GPUBuffer[] = [];
      for (let r = 0; r <= rounds; r++) {
        const u = tmp.buffer({label: `round-${r}`, size: 16, usage: Usage.UNIFORM | Usage.COPY_DST});
        this.device.queue.writeBuffer(u, 0, new Uint32Array(r < rounds ? [1 << r, cells, 0, 0] : [cells, 0, 0, 0])); // Round{stride, n} or Size{n}
        uniforms.push(u);
      }
      const enc = this.device.createCommandEncoder({label: "teaching-sort"});
      let pass = enc.beginComputePass({label: "clear+count"});
      this.encodeClear(pass);
      this.encodeCount(pass, a);
      pass.end();
      const reads: {buffer: GPUBuffer; size: number}[] = [];
      const snap = (buffer: GPUBuffer, size: number) => {
        // copy now (inside this encoder, between passes) so later passes cannot change it
        const s = tmp.buffer({label: "snapshot", size, usage: Usage.COPY_DST | Usage.COPY_SRC});
        if (size) enc.copyBufferToBuffer(buffer, 0, s, 0, size);
        reads.push({buffer: s, size});
      };
      snap(this.counts, cells * 4);
      let cur = this.counts;
      for (let r = 0; r < rounds; r++) {
        const out = ping[r % 2];
        pass = enc.beginComputePass({label: `scan-round-${r}`});
        pass.setPipeline(round);
        pass.setBindGroup(
          0,
          this.device.createBindGroup({
            layout: round.getBindGroupLayout(0),
            entries: [uniforms[r], cur, out].map((buffer, binding) => ({binding, resource: {buffer}})),
          })
        );
        pass.dispatchWorkgroups(Math.ceil(cells / WG));
        pass.end();
        snap(out, cells * 4);
        cur = out;
      }
      pass = enc.beginComputePass({label: "shift+scatter"});
      pass.setPipeline(shift);
      pass.setBindGroup(
        0,
        this.device.createBindGroup({
          layout: shift.getBindGroupLayout(0),
          entries: [uniforms[rounds], cur, this.starts, this.cursor].map((buffer, binding) => ({binding, resource: {buffer}})),
        })
      );
      pass.dispatchWorkgroups(Math.ceil(cells / WG));
      pass.end();
      snap(this.starts, (cells + 1) * 4);
      pass = enc.beginComputePass({label: "scatter"});
      this.encodeScatter(pass, a, b);
      pass.end();
      snap(b, n * PARTICLE_BYTES);
      snap(a, n * PARTICLE_BYTES);
      // the teaching scan leaves the histogram full; the production count expects it zero
      enc.clearBuffer(this.counts);
      const out = await readBuffers(this.device, reads, enc);
      const counts = new Uint32Array(out[0]);
      const scanRounds = out.slice(1, 1 + rounds).map((x) => new Uint32Array(x));
      const starts = new Uint32Array(out[1 + rounds]);
      const sorted = wrapParticles(out[2 + rounds], n);
      const keyed = wrapParticles(out[3 + rounds], n);
      const keys = new Uint32Array(n);
      const order = new Uint32Array(n);
      for (let i = 0; i < n; i++) {
        keys[i] = keyed.u32[i * PARTICLE_WORDS + 5];
        order[i] = sorted.u32[i * PARTICLE_WORDS + 4];
      }
      return {keys, counts, scanRounds, starts, order, sorted};
    } finally {
      tmp.dispose();
      this.bindCache.forEach((_, k) => (k.startsWith("count") || k.startsWith("scatter") ? this.bindCache.delete(k) : 0));
    }
  }

  /** Releases every buffer of this sort (disposes its child scope; idempotent). */
  dispose() {
    this.scope.dispose();
  }
}
