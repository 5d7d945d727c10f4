/**
 * SPH water on the GPU (the essay's §5 water section), runnable from the
 * browser and from Node (Dawn).
 *
 * Per substep, all in one compute pass, the phases of `WATER_PHASES`:
 *   counting sort A → B (scan, scatter; components/sort/gpu-sort.ts)
 *   → density pass on B (shaders/water/density.wgsl)
 *   → force pass: reads B, writes each particle's new state to the same slot of A
 *     (shaders/water/force.wgsl), and counts it at its new cell for the next sort.
 * The count has no dispatch of its own (`foldCount`, on by default: FOLDED_COUNT_PHASE in
 * components/sort/gpu-sort.ts); `upload` submits one count pass of the new particles. With
 * `foldCount` false the substep is `WATER_PHASES_UNFOLDED` (count → scan → scatter → density → pressure).
 * After every substep A holds the whole state (in the last sort's cell order), so the
 * renderer draws A and `density` lines up with A slot by slot.
 * Twin: components/water/twin.ts. Buffers are sized once for `maxParticles`.
 */
import {computePipeline, type WGSLLoader} from "../gpu/wgsl.js";
import type {ResourceScope} from "../gpu/scope.js";
import {readBuffers} from "../gpu/readback.js";
import {STORAGE_RW, Usage} from "../gpu/usage.js";
import {
  CountingSortGPU,
  defaultScanBlocks,
  FOLDED_SORT_PHASES,
  foldCountConstants,
  foldCountPaths,
  resolveRanks,
  SORT_PHASES,
  type SortRanks,
} from "../sort/gpu-sort.js";
import {dispatchesPerSubstep, encodePhases, type PipelinePhase} from "../gpu/phases.js";
import {dispatchItems, ITEM_WORKGROUP, MAX_WORKGROUPS_PER_DIMENSION} from "../gpu/dispatch.js";
import type {GridParams} from "../sort/grid.js";
import {PARTICLE_BYTES, wrapParticles, type PackedParticles} from "../sort/particles.js";
import {packWaterParams, WATER_UNIFORM_BYTES, validateParams, waterGrid, type PointerState, type WaterParams} from "./params.js";
import {DENSITY_BINS} from "./twin.js";
import {adapterInfoOf, isSoftwareAdapter} from "../gpu/adapter.js";

const DENSITY_PHASE = {
  key: "density",
  label: "density",
  does: "each particle's density and near-density from the neighbours within h, on the sorted copy B",
  dispatches: 1,
  role: "compute",
  note: "ρ, ρ near",
} as const satisfies PipelinePhase;
const FORCE_PHASE = {
  key: "force",
  label: "pressure",
  does: "pressure, near-pressure, viscosity and walls from the neighbours' densities, and one integration step, B → A",
  dispatches: 1,
  role: "compute",
  note: "B → A",
} as const satisfies PipelinePhase;

/**
 * The phases of one water substep, in order, declared once (components/gpu/phases.ts): the
 * sort's (its count folded into the pressure pass: no dispatch of its own), then the two
 * neighbour passes. Keys are the benchmark's pass labels; `encodeSubsteps` walks this list
 * (phases of 0 dispatches record nothing).
 */
export const WATER_PHASES = [
  ...FOLDED_SORT_PHASES,
  DENSITY_PHASE,
  {...FORCE_PHASE, does: `${FORCE_PHASE.does}; then the next sort's count of the particle at its new position`},
] as const satisfies readonly PipelinePhase[];
/** The substep with the count as its own pass (`foldCount: false`, the benchmark's baseline). */
export const WATER_PHASES_UNFOLDED = [...SORT_PHASES, DENSITY_PHASE, FORCE_PHASE] as const satisfies readonly PipelinePhase[];
type WaterPhase = (typeof WATER_PHASES)[number]["key"];
/** Dispatches per substep, from `WATER_PHASES`. */
export const WATER_DISPATCHES_PER_SUBSTEP = dispatchesPerSubstep(WATER_PHASES);

const WATER_PATHS = ["common/particle.wgsl", "common/grid.wgsl", "common/dispatch.wgsl", "common/window.wgsl", "water/water.wgsl"];
/** Bytes of the stats buffer: 64 histogram bins + the max speed's bits. */
export const STATS_BYTES = (DENSITY_BINS + 1) * 4;

export interface WaterGPUOptions {
  /** Largest particle count (buffers are sized for it once). */
  maxParticles: number;
  /** The grid (default: the dense 256 × 256 grid of h = 2/256; `waterGridFor` covers any tank). */
  grid?: GridParams;
  /** Workgroups per dispatch dimension before per-particle passes go 2D (default 65,535; tests lower it). */
  maxWorkgroupsPerDimension?: number;
  /** Blocks of the sort's one-dispatch scan (CountingSortOptions.scanBlocks; default: by adapter). */
  scanBlocks?: number;
  /**
   * Threads per particle in the density and force passes (a power of two from 1 to 256);
   * default: `defaultWaterLanes(device, count)` at each upload.
   */
  lanes?: number;
  /** The sort's atomics (CountingSortOptions.ranks; default `defaultRanks(device)`). */
  ranks?: SortRanks;
  /**
   * Fold the next sort's count into the pressure pass (default true: `WATER_PHASES`, one
   * dispatch fewer per substep); false runs the count as its own pass (`WATER_PHASES_UNFOLDED`).
   */
  foldCount?: boolean;
}

/** Particles × lanes that the lane choice stays within (tuned on the H200: data/bench/water-lanes-h200.json). */
const WATER_LANE_THREADS = 160_000;
/** The most threads that share one particle by default. */
const WATER_MAX_LANES = 8;

/**
 * Threads per particle in the density and force passes for `count` particles: the largest
 * power of two L ≤ WATER_MAX_LANES with count · L ≤ WATER_LANE_THREADS, at least 1
 * (10,000 → 8, 30,000 → 4, 50,000 and 80,000 → 2, 250,000 → 1). Lanes split a particle's
 * neighbour loop (shaders/water/density.wgsl, force.wgsl); past the thread budget the extra
 * threads' repeated range search costs more than the shorter loops save (measured on the
 * H200, docs/records/water-neighbour-loops.md).
 */
export function waterLanes(count: number): number {
  let lanes = 1;
  while (lanes < WATER_MAX_LANES && count * lanes * 2 <= WATER_LANE_THREADS) lanes *= 2;
  return lanes;
}

/**
 * `waterLanes(count)` on a hardware GPU; 1 on a software adapter (isSoftwareAdapter): a CPU
 * emulation runs the extra lanes' range searches and barriers one after another (a 10,000-particle
 * substep on SwiftShader: ≈2 s at 1 lane, ≈5.6 s at 8).
 */
export function defaultWaterLanes(device: GPUDevice, count: number): number {
  return isSoftwareAdapter(adapterInfoOf(device)) ? 1 : waterLanes(count);
}

function checkLanes(lanes: number) {
  if (!(Number.isInteger(lanes) && lanes >= 1 && lanes <= 256 && (lanes & (lanes - 1)) === 0))
    throw new RangeError(`lanes must be a power of two from 1 to 256, got ${lanes}`);
}

interface WaterStats {
  /** particles per density bin; bin b covers [b, b+1) · 2ρ₀/64 (the last also everything above) */
  bins: Uint32Array;
  maxSpeed: number;
}

/** Decodes the stats buffer (stats.wgsl layout). */
export function decodeStats(bytes: ArrayBuffer): WaterStats {
  const u = new Uint32Array(bytes, 0, DENSITY_BINS + 1);
  return {bins: u.slice(0, DENSITY_BINS), maxSpeed: new Float32Array(u.buffer, u.byteOffset + DENSITY_BINS * 4, 1)[0]};
}

export class WaterGPU {
  readonly sorter: CountingSortGPU;
  /** A: the state after each substep (draw this). */
  readonly particles: GPUBuffer;
  /** B: the sorted copy the density and force passes read. */
  readonly sorted: GPUBuffer;
  /** ρ per slot of A (f32) — also the renderer's scalar for colour by density. */
  readonly density: GPUBuffer;
  readonly nearDensity: GPUBuffer;
  readonly uniform: GPUBuffer;
  /** 64 bins + max speed (stats.wgsl). */
  readonly stats: GPUBuffer;
  readonly grid: GridParams;
  private n = 0;
  private params: WaterParams | null = null;
  private pointer: PointerState | null = null;
  private dirty = true;
  private laneCount = 1;
  private bgDensity: GPUBindGroup;
  private bgForce: GPUBindGroup;
  private bgStats: GPUBindGroup;
  private bgStatsClear: GPUBindGroup;
  private bgFold: GPUBindGroup | null;
  /** The phases one substep runs: `WATER_PHASES` (count folded) or `WATER_PHASES_UNFOLDED`. */
  readonly phases: typeof WATER_PHASES | typeof WATER_PHASES_UNFOLDED;

  private constructor(
    readonly device: GPUDevice,
    /** This pipeline's own child scope (the sorter's parent too). */
    readonly scope: ResourceScope,
    readonly maxParticles: number,
    sorter: CountingSortGPU,
    grid: GridParams,
    private pipes: {density: GPUComputePipeline; force: GPUComputePipeline; statsClear: GPUComputePipeline; stats: GPUComputePipeline},
    private maxPerDim: number,
    /** Threads per particle fixed by WaterGPUOptions.lanes, or 1 on a CPU emulation (undefined: by count). */
    private fixedLanes: number | undefined,
    /** Whether the pressure pass counts the particles for the next sort (WaterGPUOptions.foldCount). */
    readonly foldCount: boolean
  ) {
    this.sorter = sorter;
    this.grid = grid;
    const bytes = Math.max(1, maxParticles) * PARTICLE_BYTES;
    this.particles = scope.buffer({label: "water-a", size: bytes, usage: STORAGE_RW | Usage.VERTEX});
    this.sorted = scope.buffer({label: "water-b", size: bytes, usage: STORAGE_RW});
    this.density = scope.buffer({label: "water-density", size: Math.max(1, maxParticles) * 4, usage: STORAGE_RW});
    this.nearDensity = scope.buffer({label: "water-near-density", size: Math.max(1, maxParticles) * 4, usage: STORAGE_RW});
    this.uniform = scope.buffer({label: "water-params", size: WATER_UNIFORM_BYTES, usage: Usage.UNIFORM | Usage.COPY_DST});
    this.stats = scope.buffer({label: "water-stats", size: STATS_BYTES, usage: STORAGE_RW});
    const bind = (pipe: GPUComputePipeline, buffers: GPUBuffer[]) =>
      device.createBindGroup({layout: pipe.getBindGroupLayout(0), entries: buffers.map((buffer, binding) => ({binding, resource: {buffer}}))});
    const g = sorter.gridBuffer;
    this.bgDensity = bind(pipes.density, [g, this.uniform, this.sorted, sorter.starts, this.density, this.nearDensity]);
    this.bgForce = bind(pipes.force, [g, this.uniform, this.sorted, sorter.starts, this.density, this.nearDensity, this.particles]);
    this.bgStats = bind(pipes.stats, [g, this.uniform, this.particles, this.density, this.stats]);
    this.bgStatsClear = device.createBindGroup({layout: pipes.statsClear.getBindGroupLayout(0), entries: [{binding: 4, resource: {buffer: this.stats}}]});
    this.bgFold = foldCount ? sorter.foldBindGroup(pipes.force) : null;
    this.phases = foldCount ? WATER_PHASES : WATER_PHASES_UNFOLDED;
  }

  /**
   * Compiles the kernels (cached per device) and allocates every buffer, the sorter
   * included, in one child scope of `parentScope`.
   * Errors: RangeError for a negative maxParticles or a grid of more than 65,536 cells.
   */
  static async create(device: GPUDevice, parentScope: ResourceScope, wgsl: WGSLLoader, options: WaterGPUOptions): Promise<WaterGPU> {
    const grid = options.grid ?? waterGrid();
    if (!(Number.isInteger(options.maxParticles) && options.maxParticles >= 0))
      throw new RangeError(`maxParticles must be a non-negative integer, got ${options.maxParticles}`);
    if (options.lanes !== undefined) checkLanes(options.lanes);
    const scope = parentScope.child(device);
    try {
      // one thread per particle, compiled without the lanes' workgroup exchange, where lanes are
      // fixed at 1 or the adapter is a CPU emulation (whose default is 1 lane): the `lane_partials`
      // override of density.wgsl / force.wgsl; its barrier alone costs SwiftShader 2.4× the CPU
      // per frame (docs/records/gpu-core.md, "No barrier in a CPU emulation's frame")
      const singleLane = options.lanes === 1 || (options.lanes === undefined && isSoftwareAdapter(adapterInfoOf(device)));
      const ranks = resolveRanks(device, options.ranks);
      const fold = options.foldCount ?? true;
      const {before, after} = foldCountPaths(ranks, fold);
      const blocks = options.scanBlocks ?? defaultScanBlocks(device);
      const densityConstants = singleLane ? {lane_partials: 0} : undefined;
      const forceConstants = {...densityConstants, ...foldCountConstants(ranks, fold, blocks)};
      const [sorter, density, force, statsClear, stats] = await Promise.all([
        CountingSortGPU.create(device, scope, wgsl, {
          maxParticles: options.maxParticles,
          maxCells: grid.numCells,
          maxWorkgroupsPerDimension: options.maxWorkgroupsPerDimension,
          scanBlocks: blocks,
          ranks,
        }),
        computePipeline(device, wgsl, [...WATER_PATHS, "water/neighbours.wgsl", "water/density.wgsl"], "density_pass", "auto", "", densityConstants),
        computePipeline(
          device,
          wgsl,
          [...before, ...WATER_PATHS, ...after, "water/neighbours.wgsl", "water/force.wgsl"],
          "force_pass",
          "auto",
          "",
          forceConstants
        ),
        computePipeline(device, wgsl, [...WATER_PATHS, "water/stats.wgsl"], "stats_clear"),
        computePipeline(device, wgsl, [...WATER_PATHS, "water/stats.wgsl"], "stats_pass"),
      ]);
      const maxPerDim = options.maxWorkgroupsPerDimension ?? MAX_WORKGROUPS_PER_DIMENSION;
      return new WaterGPU(
        device,
        scope,
        options.maxParticles,
        sorter,
        grid,
        {density, force, statsClear, stats},
        maxPerDim,
        singleLane ? 1 : options.lanes,
        fold
      );
    } catch (e) {
      scope.dispose();
      throw e;
    }
  }

  /** Threads per particle in the density and force passes (Water.lane_shift = log2 of it), set at upload. */
  get lanes() {
    return this.laneCount;
  }

  /** True when the density and force passes were built for one thread per particle (no workgroup barrier): lanes fixed at 1, or a CPU emulation. */
  get singleLane() {
    return this.fixedLanes === 1;
  }

  get count() {
    return this.n;
  }

  /** Uploads a new particle state (replaces everything; count ≤ maxParticles). */
  upload(p: PackedParticles) {
    if (p.count > this.maxParticles) throw new RangeError(`${p.count} particles exceed this simulation's maximum of ${this.maxParticles}`);
    this.n = p.count;
    let lanes = this.fixedLanes ?? defaultWaterLanes(this.device, this.n);
    // never more threads than a 2D dispatch holds (only with a lowered per-dimension limit)
    while (lanes > 1 && Math.ceil((this.n * lanes) / ITEM_WORKGROUP) > this.maxPerDim ** 2) lanes /= 2;
    if (lanes !== this.laneCount) {
      this.laneCount = lanes;
      this.dirty = true;
    }
    this.sorter.setGrid(this.grid, this.n);
    if (p.count) this.device.queue.writeBuffer(this.particles, 0, p.buffer, 0, p.count * PARTICLE_BYTES);
    // with the count folded, the counters must hold the histogram of A: a recount is due before
    // the next substep (it rides in the caller's frame: encodeRecount; else flushRecount submits it)
    if (this.foldCount) this.recountDue = true;
  }

  private recountDue = false;

  /**
   * Records a due recount (after an upload: the counters zeroed, one count pass over A) into
   * `encoder`, before the frame's compute pass, so that the frame stays one submit. Nothing
   * when none is due.
   */
  encodeRecount(encoder: GPUCommandEncoder) {
    if (!this.recountDue) return;
    this.recountDue = false;
    this.sorter.encodeRecount(encoder, this.particles);
  }

  /** Submits a due recount on its own now (the queue runs it before any later submit); nothing when none is due. */
  flushRecount() {
    if (!this.recountDue) return;
    this.recountDue = false;
    this.sorter.submitCount(this.particles);
  }

  /** Sets the parameters (validated; RangeError names a bad field). Written before the next frame. */
  setParams(params: WaterParams) {
    validateParams(params);
    this.params = {...params, tank: [...params.tank] as WaterParams["tank"]};
    this.dirty = true;
  }

  /** The pointer for the next frames (null or inactive = no stirring). */
  setPointer(pointer: PointerState | null) {
    this.pointer = pointer ? {...pointer} : null;
    this.dirty = true;
  }

  /** Writes the uniform if anything changed (call before encoding a frame). */
  flush() {
    if (!this.params) throw new Error("WaterGPU: call setParams() first");
    if (this.dirty) {
      const bytes = packWaterParams(this.params, this.pointer);
      // the uniform's last word (Water.lane_shift): log2 of the threads per particle
      new Uint32Array(bytes)[WATER_UNIFORM_BYTES / 4 - 1] = Math.log2(this.lanes);
      this.device.queue.writeBuffer(this.uniform, 0, bytes);
      this.dirty = false;
    }
  }

  /** The sort of A into B as a substep runs it: scan and scatter with the count folded (2 dispatches), else count, scan, scatter (3). */
  encodeSort(pass: GPUComputePassEncoder) {
    const enc = this.phaseEncoders();
    for (const p of this.phases) if (p.role === "organise") enc[p.key](pass);
  }

  /** Density pass on B (1 dispatch of count × lanes threads). */
  encodeDensity(pass: GPUComputePassEncoder) {
    if (!this.n) return;
    pass.setPipeline(this.pipes.density);
    pass.setBindGroup(0, this.bgDensity);
    dispatchItems(pass, this.n * this.lanes, this.maxPerDim);
  }

  /** Force pass B → A (1 dispatch of count × lanes threads). */
  encodeForce(pass: GPUComputePassEncoder) {
    if (!this.n) return;
    pass.setPipeline(this.pipes.force);
    pass.setBindGroup(0, this.bgForce);
    if (this.bgFold) pass.setBindGroup(1, this.bgFold);
    dispatchItems(pass, this.n * this.lanes, this.maxPerDim);
  }

  /** What each phase of `this.phases` records into an open compute pass (the folded count: nothing). */
  phaseEncoders(): Record<WaterPhase, (pass: GPUComputePassEncoder) => void> {
    this.flushRecount(); // a pass recorded from these must not run before a due recount
    const sort = this.sorter.phaseEncoders(this.particles, this.sorted);
    return {...sort, count: this.foldCount ? () => {} : sort.count, density: (p) => this.encodeDensity(p), force: (p) => this.encodeForce(p)};
  }

  /** The phases as the benchmark times them, one pass each (labels = keys of `this.phases` that dispatch). */
  benchPasses(): {label: string; encode: (pass: GPUComputePassEncoder) => void}[] {
    const enc = this.phaseEncoders();
    return this.phases.filter((p) => p.dispatches > 0).map((p) => ({label: p.key, encode: enc[p.key]}));
  }

  /** `substeps` whole substeps into one pass, each the phases of `this.phases` in order. */
  encodeSubsteps(pass: GPUComputePassEncoder, substeps: number) {
    this.flushRecount();
    const enc = this.phaseEncoders();
    for (let s = 0; s < substeps; s++) encodePhases(pass, this.phases, enc);
  }

  /** Density histogram + max speed into `stats` (2 dispatches). */
  encodeStats(pass: GPUComputePassEncoder) {
    pass.setPipeline(this.pipes.statsClear);
    pass.setBindGroup(0, this.bgStatsClear);
    pass.dispatchWorkgroups(1);
    if (!this.n) return;
    pass.setPipeline(this.pipes.stats);
    pass.setBindGroup(0, this.bgStats);
    dispatchItems(pass, this.n, this.maxPerDim);
  }

  /** Runs `substeps` substeps in one submit and waits for the GPU (tests, bench). */
  async step(substeps = 1) {
    this.flush();
    const enc = this.device.createCommandEncoder({label: "water-steps"});
    const pass = enc.beginComputePass({label: "water"});
    this.encodeSubsteps(pass, substeps);
    pass.end();
    this.device.queue.submit([enc.finish()]);
    await this.device.queue.onSubmittedWorkDone();
  }

  /** Reads A, density and near-density back (one-shot; tests and the teaching views). */
  async read(): Promise<{particles: PackedParticles; density: Float32Array; near: Float32Array}> {
    const n = this.n;
    const [a, d, near] = await readBuffers(this.device, [
      {buffer: this.particles, size: n * PARTICLE_BYTES},
      {buffer: this.density, size: n * 4},
      {buffer: this.nearDensity, size: n * 4},
    ]);
    return {particles: wrapParticles(a, n), density: new Float32Array(d), near: new Float32Array(near)};
  }

  /** Runs the stats pass and reads it back (one-shot). */
  async readStats(): Promise<WaterStats> {
    this.flush();
    const enc = this.device.createCommandEncoder();
    const pass = enc.beginComputePass();
    this.encodeStats(pass);
    pass.end();
    const [bytes] = await readBuffers(this.device, [{buffer: this.stats, size: STATS_BYTES}], enc);
    return decodeStats(bytes);
  }

  /** Releases every buffer, the sorter's too (disposes its child scope; idempotent). */
  dispose() {
    this.scope.dispose();
  }
}
