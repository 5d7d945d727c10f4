/**
 * The sand pipeline on the GPU (the essay's §4 sand section): every substep re-sorts all grains by cell and
 * then computes contact forces over the 3×3 cells and integrates — the phases of `SAND_PHASES`:
 *
 *   scan (1 dispatch, which also clears the histogram) → scatter A→B → forces B→A (+ the next count)
 *
 * The count has no dispatch of its own (`foldCount`, on by default): the forces pass, having
 * written a grain's new state into A, adds it at its new cell to the next sort's histogram
 * (FOLDED_COUNT_PHASE, components/sort/gpu-sort.ts). When grains or the grid are set from
 * the CPU (`load`, `setHashed`) one count pass is submitted on its own. With `foldCount`
 * false the substep is `SAND_PHASES_UNFOLDED`: count → scan → scatter → forces.
 *
 * The scatter copies each grain's whole state into cell order (buffer B); the forces
 * kernel reads B and writes the next state into the same slots of A, which is therefore
 * also in cell order, is what the renderer draws, and is the next substep's sort input.
 * All substeps of a frame go into one command encoder (one submit, by the caller).
 *
 * Buffers are sized once for `maxParticles` (no allocation per frame); the twin is
 * components/sand/twin.ts. Sort kernels: components/sort/gpu-sort.ts.
 */
import {computePipeline, type WGSLLoader} from "../gpu/wgsl.js";
import {adapterInfoOf, isSoftwareAdapter} from "../gpu/adapter.js";
import type {ResourceScope} from "../gpu/scope.js";
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
import {dispatchItems, MAX_WORKGROUPS_PER_DIMENSION} from "../gpu/dispatch.js";
import {PARTICLE_BYTES, type PackedParticles} from "../sort/particles.js";
import {packSand, SAND_UNIFORM_BYTES, sandGrid, type SandParams} from "./params.js";
import type {PassTimer} from "../sim/timing.js";

const FORCES_PHASE = {
  key: "forces",
  label: "forces",
  does: "each grain's contacts in the 3×3 cells around it (spring, damper, friction) and one integration step, B → A",
  dispatches: 1,
  role: "compute",
  note: "3×3, B → A",
} as const satisfies PipelinePhase;

/**
 * The phases of one sand substep, in order, declared once (components/gpu/phases.ts): the
 * sort's (its count folded into the forces pass: no dispatch of its own), then the forces.
 * Keys are the labels of the timed passes and the fields of the widget's `passMs`;
 * `encodeSubstep` and the timed `encodeFrame` walk this list (phases of 0 dispatches record nothing).
 */
export const SAND_PHASES = [
  ...FOLDED_SORT_PHASES,
  {
    ...FORCES_PHASE,
    does: `${FORCES_PHASE.does}; then the next sort's count of the grain at its new position`,
  },
] as const satisfies readonly PipelinePhase[];
/** The substep with the count as its own pass (`foldCount: false`, the benchmark's baseline): count → scan → scatter → forces. */
export const SAND_PHASES_UNFOLDED = [...SORT_PHASES, FORCES_PHASE] as const satisfies readonly PipelinePhase[];
export type SandPhase = (typeof SAND_PHASES)[number]["key"];
/** Dispatches per substep, from `SAND_PHASES`. */
export const SAND_DISPATCHES_PER_SUBSTEP = dispatchesPerSubstep(SAND_PHASES);

export interface SandGPUOptions {
  /** Largest grain count (buffers are sized for it once). */
  maxParticles: number;
  /** Workgroups per dispatch dimension before per-grain passes go 2D (default 65,535; tests lower it). */
  maxWorkgroupsPerDimension?: number;
  /** Largest spatial-hash table, in buckets (default 65,536, the dense grid's size); the benchmark sizes it to the grain count. */
  maxCells?: number;
  /** Blocks of the sort's one-dispatch scan (CountingSortOptions.scanBlocks; default: by adapter). */
  scanBlocks?: number;
  /**
   * The force pass's counters summed per workgroup before the global add (`wg_sums` of
   * shaders/sand/forces.wgsl). Default: on a hardware GPU (one global add per workgroup), off on a
   * CPU emulation (isSoftwareAdapter), where the barrier it needs costs more than the adds it saves.
   * The counters are the same integers either way.
   */
  workgroupSums?: boolean;
  /** The sort's atomics (CountingSortOptions.ranks; default `defaultRanks(device)`). */
  ranks?: SortRanks;
  /**
   * Fold the next sort's count into the forces pass (default true: `SAND_PHASES`, one dispatch
   * fewer per substep); false runs the count as its own pass (`SAND_PHASES_UNFOLDED`).
   */
  foldCount?: boolean;
}

export class SandGPU {
  readonly scope: ResourceScope;
  readonly sorter: CountingSortGPU;
  /** Grains after the last substep, in cell order: what the renderer draws. */
  readonly a: GPUBuffer;
  /** The scatter's output (grains in cell order before the forces). */
  readonly b: GPUBuffer;
  /** The Sand uniform (80 B). */
  readonly params: GPUBuffer;
  /** u32 × 4: candidates, hash-collision candidates, contacts (both sides), unused — summed over the substeps since the last `clearStats`. */
  readonly stats: GPUBuffer;
  private n = 0;
  private hashedMode = false;
  private tableSize = 65536;
  private forcesBind: GPUBindGroup;
  private foldBind: GPUBindGroup | null;
  /** The phases one substep runs: `SAND_PHASES` (count folded) or `SAND_PHASES_UNFOLDED`. */
  readonly phases: typeof SAND_PHASES | typeof SAND_PHASES_UNFOLDED;

  private constructor(
    readonly device: GPUDevice,
    /** This pipeline's own child scope (the sorter's parent too). */
    scope: ResourceScope,
    sorter: CountingSortGPU,
    private forcesPipe: GPUComputePipeline,
    readonly maxParticles: number,
    private maxPerDim: number,
    /** Whether the forces pass counts the grains for the next sort (SandGPUOptions.foldCount). */
    readonly foldCount: boolean
  ) {
    this.scope = scope;
    this.sorter = sorter;
    const bytes = Math.max(1, maxParticles) * PARTICLE_BYTES;
    this.a = this.scope.buffer({label: "sand-a", size: bytes, usage: STORAGE_RW});
    this.b = this.scope.buffer({label: "sand-b", size: bytes, usage: STORAGE_RW});
    this.params = this.scope.buffer({label: "sand-params", size: SAND_UNIFORM_BYTES, usage: Usage.UNIFORM | Usage.COPY_DST});
    this.stats = this.scope.buffer({label: "sand-stats", size: 16, usage: STORAGE_RW});
    this.forcesBind = device.createBindGroup({
      label: "sand-forces",
      layout: forcesPipe.getBindGroupLayout(0),
      entries: [sorter.gridBuffer, this.params, this.b, this.a, sorter.starts, this.stats].map((buffer, binding) => ({binding, resource: {buffer}})),
    });
    this.foldBind = foldCount ? sorter.foldBindGroup(forcesPipe) : null;
    this.phases = foldCount ? SAND_PHASES : SAND_PHASES_UNFOLDED;
    sorter.setGrid(sandGrid(false), 0);
    this.recount();
  }

  /**
   * With the count folded, the counters must hold the histogram of A's grains on the current
   * grid before the next substep: after a load or a grid switch a recount is due. It rides in
   * the next `encodeFrame`'s command buffer (so a widget's frame stays one submit, and a paused
   * re-pour's redraw submits only the draw); a substep encoded into a caller's pass first submits
   * it on its own (`flushRecount`), which the queue runs before the caller's later submit.
   */
  private recountDue = false;
  private recount() {
    if (this.foldCount) this.recountDue = true;
  }

  /** Submits a due recount now (see `recount`); nothing when none is due. */
  flushRecount() {
    if (!this.recountDue) return;
    this.recountDue = false;
    this.sorter.submitCount(this.a);
  }

  /**
   * Compiles the kernels and allocates every buffer, the sorter included, in one child
   * scope of `parentScope`. Errors: RangeError on maxParticles.
   */
  static async create(device: GPUDevice, parentScope: ResourceScope, wgsl: WGSLLoader, options: SandGPUOptions): Promise<SandGPU> {
    if (!(Number.isInteger(options.maxParticles) && options.maxParticles >= 1))
      throw new RangeError(`maxParticles must be an integer ≥ 1, got ${options.maxParticles}`);
    const scope = parentScope.child(device);
    try {
      const ranks = resolveRanks(device, options.ranks);
      const fold = options.foldCount ?? true;
      const {before, after} = foldCountPaths(ranks, fold);
      const blocks = options.scanBlocks ?? defaultScanBlocks(device);
      const [sorter, forces] = await Promise.all([
        CountingSortGPU.create(device, scope, wgsl, {
          maxParticles: options.maxParticles,
          maxCells: Math.max(65536, options.maxCells ?? 65536),
          maxWorkgroupsPerDimension: options.maxWorkgroupsPerDimension,
          scanBlocks: blocks,
          ranks,
        }),
        computePipeline(
          device,
          wgsl,
          [...before, "common/particle.wgsl", "common/grid.wgsl", "common/dispatch.wgsl", "common/window.wgsl", ...after, "sand/forces.wgsl"],
          "forces",
          "auto",
          "",
          {
            wg_sums: Number(options.workgroupSums ?? !isSoftwareAdapter(adapterInfoOf(device))),
            ...foldCountConstants(ranks, fold, blocks),
          }
        ),
      ]);
      return new SandGPU(device, scope, sorter, forces, options.maxParticles, options.maxWorkgroupsPerDimension ?? MAX_WORKGROUPS_PER_DIMENSION, fold);
    } catch (e) {
      scope.dispose();
      throw e;
    }
  }

  get count() {
    return this.n;
  }
  get hashed() {
    return this.hashedMode;
  }

  /** Uploads a new set of grains into A (a re-pour). Errors: RangeError over maxParticles. */
  load(grains: PackedParticles) {
    if (grains.count > this.maxParticles) throw new RangeError(`${grains.count} grains exceed the ${this.maxParticles} this pipeline was sized for`);
    this.n = grains.count;
    if (grains.count) this.device.queue.writeBuffer(this.a, 0, grains.buffer, 0, grains.count * PARTICLE_BYTES);
    this.sorter.setGrid(sandGrid(this.hashedMode, this.tableSize), this.n);
    this.recount();
  }

  /**
   * Dense 256 × 256 grid, or the spatial hash (Teschner et al. 2003) with `tableSize`
   * buckets (a power of two ≤ the `maxCells` it was created with; default 65,536). Errors: RangeError on a bad size.
   */
  setHashed(hashed: boolean, tableSize = 65536) {
    this.hashedMode = hashed;
    this.tableSize = tableSize;
    this.sorter.setGrid(sandGrid(hashed, tableSize), this.n);
    this.recount();
  }

  /** Writes the physics parameters (pointer included) for the following substeps. */
  setParams(p: SandParams) {
    this.device.queue.writeBuffer(this.params, 0, packSand(p));
  }

  /** Zeroes the stats counters (records a clearBuffer into `encoder`). */
  clearStats(encoder: GPUCommandEncoder) {
    encoder.clearBuffer(this.stats);
  }

  /** The forces + integration dispatch (B → A; with `foldCount`, also the next sort's count of A). */
  encodeForces(pass: GPUComputePassEncoder) {
    pass.setPipeline(this.forcesPipe);
    pass.setBindGroup(0, this.forcesBind);
    if (this.foldBind) pass.setBindGroup(1, this.foldBind);
    dispatchItems(pass, this.n, this.maxPerDim);
  }

  /** What each phase of `this.phases` records into an open compute pass (the folded count: nothing). */
  phaseEncoders(): Record<SandPhase, (pass: GPUComputePassEncoder) => void> {
    this.flushRecount(); // a pass recorded from these must not run before a due recount
    const sort = this.sorter.phaseEncoders(this.a, this.b);
    return {...sort, count: this.foldCount ? () => {} : sort.count, forces: (p) => this.encodeForces(p)};
  }

  /** The phases as the benchmark times them, one pass each (labels = keys of `this.phases` that dispatch). */
  benchPasses(): {label: string; encode: (pass: GPUComputePassEncoder) => void}[] {
    const enc = this.phaseEncoders();
    return this.phases.filter((p) => p.dispatches > 0).map((p) => ({label: p.key, encode: enc[p.key]}));
  }

  /** One whole substep inside an open compute pass: sort A → B, forces B → A (the phases of `this.phases`). */
  encodeSubstep(pass: GPUComputePassEncoder) {
    this.flushRecount();
    encodePhases(pass, this.phases, this.phaseEncoders());
  }

  /**
   * Records `substeps` substeps into `encoder` (stats cleared first). Without a timer:
   * one compute pass holds them all. With a timer: each phase of each substep that dispatches
   * is its own pass with timestamps (labels = `SAND_PHASES` keys), which costs a few µs per pass.
   */
  encodeFrame(encoder: GPUCommandEncoder, substeps: number, timer?: PassTimer | null) {
    if (this.recountDue) {
      this.recountDue = false;
      this.sorter.encodeRecount(encoder, this.a);
    }
    this.clearStats(encoder);
    if (!timer) {
      const pass = encoder.beginComputePass({label: "sand-substeps"});
      for (let s = 0; s < substeps; s++) this.encodeSubstep(pass);
      pass.end();
      return;
    }
    const phase = (label: SandPhase, body: (p: GPUComputePassEncoder) => void) => {
      const pass = encoder.beginComputePass({label: `sand-${label}`, timestampWrites: timer.writes(label)});
      body(pass);
      pass.end();
    };
    const enc = this.phaseEncoders();
    for (let s = 0; s < substeps; s++) for (const p of this.phases) if (p.dispatches > 0) phase(p.key, enc[p.key]);
  }

  /** Releases every buffer, the sorter's too (disposes its child scope; idempotent). */
  dispose() {
    this.scope.dispose();
  }
}
