/**
 * The combined substep of the dust on the GPU: one particle buffer (the gravity pipeline's
 * pm = (x, y, mass, id) and va = (vx, vy, ax, ay)), two structures built from it every
 * substep, and merging with a compaction. The phases of `DUST_PHASES`:
 *
 *   integrate  kick_drift (gravity/integrate.wgsl)          v += a·dt/2; x += v·dt
 *   far        keys → sort → permute → build → com → walk   Barnes–Hut (components/gravity/gpu.ts), into va.zw
 *   near       pack → count → scan → scatter → contacts     the hashed grid of the sort (components/sort/gpu-sort.ts),
 *                                                           contacts added to va.zw, merge proposals
 *   kick       kick (gravity/integrate.wgsl)                v += a·dt/2
 *   momentum   momentum_partial → momentum_total            Σ m v, Σ m |v|, the star's impulse (dust/momentum.wgsl)
 *   merge      merge_mark → scan → merge_compact (+ copy)   the §3 scan (scan_single.wgsl) of the survivor flags,
 *                                                           in blocks: merge_mark adds the flags' block totals
 *
 * The body count falls on the GPU; the CPU learns it through `state` (read by a staging ring)
 * and calls `setCount`. Until then the slots past the live count hold dead bodies (mass 0),
 * which weigh nothing in the tree, touch nothing and do not move. WGSL: shaders/dust/; twin:
 * components/dust/twin.ts. Merging off (merge = 0): the merge phase is not encoded. `setForces`
 * leaves out the far or the near field (the three-way comparison); merging then stays off.
 */
import {computePipeline, type WGSLLoader} from "../gpu/wgsl.js";
import type {ResourceScope} from "../gpu/scope.js";
import {readBuffers} from "../gpu/readback.js";
import {ShaderStage, STORAGE_RW, Usage} from "../gpu/usage.js";
import {dispatchItems} from "../gpu/dispatch.js";
import type {PipelinePhase} from "../gpu/phases.js";
import {forceDispatches, GravityGPU} from "../gravity/gpu.js";
import type {PassTimestamps} from "../sim/timing.js";
import {allocBodies, type Bodies} from "../gravity/bodies.js";
import {CountingSortGPU} from "../sort/gpu-sort.js";
import {denseGrid, type GridParams} from "../sort/grid.js";
import {PARTICLE_BYTES} from "../sort/particles.js";
import {checkDustParams, DUST_UNIFORM_BYTES, packDust, type DustForces, type DustParams} from "./params.js";
import {checkDustBodies, momentumSums} from "./twin.js";

/** The phases of one substep, in order (labels for a PassTimer and the page's list). */
export const DUST_PHASES = [
  {key: "integrate", label: "kick–drift", does: "half a kick with the last accelerations, then the drift", dispatches: 1, role: "compute", note: "x += v·dt"},
  {
    key: "far",
    label: "far field",
    does: "the Barnes–Hut quadtree rebuilt from the bodies (keys, radix sort, permute, levels, centres of mass) and walked",
    // keys, radix sort, permute, build, centres of mass, walk: as GravityGPU.encodeForces records them
    dispatches: forceDispatches(),
    role: "organise",
    note: "tree",
  },
  {
    key: "near",
    label: "near field",
    does: "the bodies sorted into the hashed grid (count, scan, scatter) and each body's contacts and merge proposal",
    dispatches: 5,
    role: "compute",
    note: "grid",
  },
  {key: "kick", label: "kick", does: "the second half kick with far + near accelerations", dispatches: 1, role: "compute", note: "v += a·dt/2"},
  {
    key: "momentum",
    label: "momentum ledger",
    does: "the bodies' momentum summed (per workgroup, then once) and the star's impulse added to the ledger",
    dispatches: 2,
    role: "compute",
    note: "Σ m v",
  },
  {
    key: "merge",
    label: "merge",
    does: "mutual proposals accepted, survivors flagged, the flags scanned, survivors compacted",
    dispatches: 3,
    role: "organise",
    note: "scan",
  },
] as const satisfies readonly PipelinePhase[];

const NEAR_FILES = ["common/particle.wgsl", "common/grid.wgsl", "common/dispatch.wgsl", "dust/common.wgsl"];
const MERGE_FILES = ["common/dispatch.wgsl", "dust/common.wgsl"];

/** Hash-table buckets for `maxBodies`: the power of two ≥ 2 × bodies (at least 4,096). */
export function dustTableSize(maxBodies: number): number {
  return Math.max(4096, 2 ** Math.ceil(Math.log2(2 * Math.max(1, maxBodies))));
}

/** The contact grid: hashed, origin 0, cells of `cellSize` (the page uses 4 grain radii). */
function dustGrid(cellSize: number, tableSize: number): GridParams {
  return {originX: 0, originY: 0, cellSize, dimX: 1, dimY: 1, numCells: tableSize, hashed: true};
}

/** u32 words of `state`: count, largest mass, unused, total mass, MASS_BINS octaves, then the momentum ledger (8 words of f32 bits from MOMENTUM_AT). */
export const DUST_STATE_WORDS = 36;
/** First word of the momentum ledger in `state`: Σ m v (2), Σ m |v|, unused, J (2), the star's last pull (2). */
export const MOMENTUM_AT = 28;
/** Mass octaves of the spectrum: bin k counts bodies with 2^k ≤ m < 2^(k+1). */
const MASS_BINS = 24;

/** The counters the GPU keeps (u32 each): what `readState` and the widgets' staging ring decode. */
export interface DustState {
  /** live bodies after the last compaction */
  count: number;
  /** the largest body's mass (whole grains) */
  largestMass: number;
  /** total mass of the live bodies (whole grains; exact) */
  totalMass: number;
  /** bodies per mass octave: spectrum[k] = bodies with 2^k ≤ m < 2^(k+1) */
  spectrum: number[];
  /** the momentum ledger at the last substep: Σ m v, Σ m |v| and the star's impulse J since the start */
  momentum: {px: number; py: number; speedSum: number; jx: number; jy: number};
}

/** Decodes the bytes of `state` (DUST_STATE_WORDS words). */
export function decodeDustState(bytes: ArrayBuffer): DustState {
  const u = new Uint32Array(bytes, 0, DUST_STATE_WORDS);
  const f = new Float32Array(bytes, MOMENTUM_AT * 4, 8);
  return {
    count: u[0],
    largestMass: u[1],
    totalMass: u[3],
    spectrum: Array.from(u.subarray(4, 4 + MASS_BINS)),
    momentum: {px: f[0], py: f[1], speedSum: f[2], jx: f[4], jy: f[5]},
  };
}

/**
 * The state words of a set of bodies (what the GPU's compaction would write for them), and with
 * `p` the momentum ledger's start (Σ m v, Σ m |v|, J = 0, the star's pull now; no star term when
 * `forces` is "contacts").
 */
export function dustStateWords(b: Bodies, p?: DustParams, forces: DustForces = "both"): Uint32Array<ArrayBuffer> {
  const {largestMass, totalMass} = checkDustBodies(b, true);
  const w = new Uint32Array(DUST_STATE_WORDS);
  let live = 0;
  for (let i = 0; i < b.n; i++) {
    if (!(b.m[i] > 0)) continue;
    live++;
    w[4 + Math.floor(Math.log2(b.m[i]))]++;
  }
  w.set([live, largestMass, 0, totalMass]);
  if (p) {
    const m = momentumSums(b, p, forces !== "contacts");
    new Float32Array(w.buffer, MOMENTUM_AT * 4, 8).set([m.px, m.py, m.speedSum, 0, 0, 0, m.fx, m.fy]);
  }
  return w;
}

/** Bodies each thread of momentum_partial adds before the workgroup's tree sum (LEDGER_PER_THREAD in dust/momentum.wgsl). */
const LEDGER_PER_THREAD = 16;

const layouts = new WeakMap<GPUDevice, GPUBindGroupLayout>();
/** The ledger kernels' bind group layout (dust/momentum.wgsl): the uniform, pm, va (read), partials, state. */
function ledgerLayout(device: GPUDevice): GPUBindGroupLayout {
  let l = layouts.get(device);
  if (!l) {
    const storage = (type: GPUBufferBindingType) => ({visibility: ShaderStage.COMPUTE, buffer: {type}});
    l = device.createBindGroupLayout({
      label: "dust-ledger",
      entries: [
        {binding: 0, ...storage("uniform")},
        {binding: 1, ...storage("read-only-storage")},
        {binding: 2, ...storage("read-only-storage")},
        {binding: 3, ...storage("storage")},
        {binding: 4, ...storage("storage")},
      ],
    });
    layouts.set(device, l);
  }
  return l;
}

interface DustGPUOptions {
  maxBodies: number;
  /** contact grid cell side, world units (default: 4 × the unit radius of the first setParams) */
  cellSize?: number;
  /** blocks of the contact sort's scan and of the compaction's (CountingSortOptions.scanBlocks; default: by adapter, 256 on a GPU, 1 on a CPU emulation) */
  scanBlocks?: number;
}

export class DustGPU {
  readonly scope: ResourceScope;
  readonly gravity: GravityGPU;
  /** the contact grid's counting sort (particles packed from pm/va) */
  readonly sorter: CountingSortGPU;
  /** the compaction's scan: a counting sort's one-dispatch scan over one "cell" per slot */
  readonly compactor: CountingSortGPU;
  readonly params: GPUBuffer;
  /** u32 × DUST_STATE_WORDS: live count, largest mass, unused, total mass, the mass spectrum (see DustState) */
  readonly state: GPUBuffer;
  /** merge proposal per slot (0xffffffff: none) */
  readonly partner: GPUBuffer;
  /** contacts per slot of the last near-field pass (for the tests against the brute-force list) */
  readonly touching: GPUBuffer;
  private packed: GPUBuffer;
  private sortedP: GPUBuffer;
  private pmOut: GPUBuffer;
  private vaOut: GPUBuffer;
  private n = 0;
  private p: DustParams | null = null;
  private cell: number | null;
  private forceMode: DustForces = "both";
  private partials: GPUBuffer;
  private groups: Record<"pack" | "contacts" | "mark" | "compact" | "ledger", GPUBindGroup>;
  readonly tableSize: number;

  private constructor(
    readonly device: GPUDevice,
    scope: ResourceScope,
    gravity: GravityGPU,
    sorter: CountingSortGPU,
    compactor: CountingSortGPU,
    private pipes: Record<"pack" | "contacts" | "mark" | "compact" | "partial" | "total", GPUComputePipeline>,
    readonly maxBodies: number,
    cellSize: number | undefined
  ) {
    this.scope = scope;
    this.gravity = gravity;
    this.sorter = sorter;
    this.compactor = compactor;
    this.cell = cellSize ?? null;
    this.tableSize = dustTableSize(maxBodies);
    const n = Math.max(1, maxBodies);
    const buf = (label: string, size: number) => scope.buffer({label, size, usage: STORAGE_RW});
    this.params = scope.buffer({label: "dust-params", size: DUST_UNIFORM_BYTES, usage: Usage.UNIFORM | Usage.COPY_DST});
    this.state = buf("dust-state", DUST_STATE_WORDS * 4);
    this.partner = buf("dust-partner", n * 4);
    this.touching = buf("dust-touching", n * 4);
    this.packed = buf("dust-packed", n * PARTICLE_BYTES);
    this.sortedP = buf("dust-sorted", n * PARTICLE_BYTES);
    this.pmOut = buf("dust-pm-out", n * 16);
    this.vaOut = buf("dust-va-out", n * 16);
    // two vec4 per workgroup of momentum_partial (256 threads × LEDGER_PER_THREAD bodies)
    this.partials = buf("dust-momentum-partials", Math.ceil(n / (256 * LEDGER_PER_THREAD)) * 32);
    const g = (pipe: GPUComputePipeline, buffers: GPUBuffer[]) =>
      device.createBindGroup({layout: pipe.getBindGroupLayout(0), entries: buffers.map((buffer, binding) => ({binding, resource: {buffer}}))});
    const {pm, va} = gravity;
    this.groups = {
      pack: g(pipes.pack, [this.params, pm, va, this.packed]),
      contacts: g(pipes.contacts, [sorter.gridBuffer, this.params, this.sortedP, sorter.starts, pm, va, this.partner, this.touching, this.state]),
      mark: g(pipes.mark, [this.params, this.partner, pm, compactor.counts, this.state, compactor.gridBuffer, compactor.blockCounts]),
      compact: g(pipes.compact, [this.params, this.partner, pm, va, compactor.starts, this.pmOut, this.vaOut, this.state, compactor.blockCounts]),
      ledger: device.createBindGroup({
        layout: ledgerLayout(device),
        entries: [this.params, pm, va, this.partials, this.state].map((buffer, binding) => ({binding, resource: {buffer}})),
      }),
    };
  }

  /** Compiles every kernel and allocates every buffer in one child scope. Errors: RangeError on maxBodies. */
  static async create(device: GPUDevice, parentScope: ResourceScope, wgsl: WGSLLoader, options: DustGPUOptions): Promise<DustGPU> {
    const max = options.maxBodies;
    if (!(Number.isInteger(max) && max >= 1 && max <= 1 << 22)) throw new RangeError(`maxBodies must be an integer in 1..${1 << 22}, got ${max}`);
    const scope = parentScope.child(device);
    try {
      const layout = device.createPipelineLayout({bindGroupLayouts: [ledgerLayout(device)]});
      const [gravity, sorter, compactor, pack, contacts, mark, compact, partial, total] = await Promise.all([
        GravityGPU.create(device, scope, wgsl, {maxBodies: max}),
        CountingSortGPU.create(device, scope, wgsl, {maxParticles: max, maxCells: dustTableSize(max), scanBlocks: options.scanBlocks}),
        // the compaction uses this sort's scan only (one cell per slot), in as many blocks as the
        // contact sort's: merge_mark adds the flags' block totals, merge_compact clears them
        CountingSortGPU.create(device, scope, wgsl, {maxParticles: 0, maxCells: max, scanBlocks: options.scanBlocks, ranks: "atomic"}),
        computePipeline(device, wgsl, [...NEAR_FILES, "dust/pack.wgsl"], "pack"),
        computePipeline(device, wgsl, [...NEAR_FILES, "dust/contacts.wgsl"], "contacts"),
        computePipeline(device, wgsl, ["common/grid.wgsl", ...MERGE_FILES, "dust/merge_mark.wgsl"], "merge_mark"),
        computePipeline(device, wgsl, [...MERGE_FILES, "dust/merge_compact.wgsl"], "merge_compact"),
        // the two ledger kernels share one explicit layout (momentum_total leaves pm and va unused)
        computePipeline(device, wgsl, [...MERGE_FILES, "dust/momentum.wgsl"], "momentum_partial", layout, "explicit"),
        computePipeline(device, wgsl, [...MERGE_FILES, "dust/momentum.wgsl"], "momentum_total", layout, "explicit"),
      ]);
      return new DustGPU(device, scope, gravity, sorter, compactor, {pack, contacts, mark, compact, partial, total}, max, options.cellSize);
    } catch (e) {
      scope.dispose();
      throw e;
    }
  }

  /**
   * The three-way comparison's modes: "both" (default), "gravity" (no near field, no merging:
   * collisionless) or "contacts" (no far field, no merging: loose sand).
   */
  setForces(forces: DustForces) {
    if (forces !== "both" && forces !== "gravity" && forces !== "contacts")
      throw new RangeError(`forces must be "both", "gravity" or "contacts", got ${String(forces)}`);
    this.forceMode = forces;
    this.writeUniforms();
  }

  get forces(): DustForces {
    return this.forceMode;
  }

  /** Slots the passes cover (the live count, or more until `setCount` hears of merges). */
  get count() {
    return this.n;
  }

  /** The contact grid's cell side in use. */
  get cellSize(): number {
    return this.cell ?? 0;
  }

  private writeUniforms() {
    if (!this.p) return;
    this.device.queue.writeBuffer(this.params, 0, packDust(this.p, this.n, this.forceMode));
    this.sorter.setGrid(dustGrid(this.cellSize, this.tableSize), this.n);
    this.compactor.setGrid(denseGrid(Math.max(1, this.n), 1, 1), 0);
  }

  /** Sets every parameter (the gravity pipeline's too: G, softening, θ, dt, the star). Errors: RangeError on a bad value. */
  setParams(p: DustParams) {
    checkDustParams(p);
    this.p = structuredClone(p);
    if (this.cell === null) this.cell = 4 * p.unitRadius;
    this.gravity.setParams({G: p.G, softening: p.softening, theta: p.theta, dt: p.dt});
    this.gravity.setExternal(p.star && p.star.m > 0 ? p.star : null);
    this.writeUniforms();
  }

  /**
   * Uploads bodies (masses whole numbers ≥ 1, total < 2^24) and computes their first far-field
   * accelerations; the near field starts at the first substep. Call `setParams` first.
   * Errors: RangeError for too many bodies or bad masses.
   */
  setBodies(b: Bodies) {
    if (!this.p) throw new Error("DustGPU: call setParams() before setBodies()");
    if (b.n > this.maxBodies) throw new RangeError(`${b.n} bodies, this pipeline was sized for ${this.maxBodies}`);
    checkDustBodies(b);
    this.n = b.n;
    this.gravity.setBodies(b, this.forceMode === "contacts" ? "none" : "barnes-hut");
    this.device.queue.writeBuffer(this.state, 0, dustStateWords(b, this.p, this.forceMode));
    this.writeUniforms();
  }

  /**
   * Tells the pipeline the live count the GPU reported (`state`): the slots past it are dead,
   * so the passes stop covering them. Counts above the current one are ignored (a stale read).
   */
  setCount(live: number) {
    if (!(Number.isInteger(live) && live >= 0) || live >= this.n) return;
    this.n = live;
    this.gravity.setCount(live);
    this.writeUniforms();
  }

  private pass(enc: GPUCommandEncoder, label: string, timer?: PassTimestamps) {
    return enc.beginComputePass({label: `dust-${label}`, timestampWrites: timer?.writes(label)});
  }

  /** near: pack → the sort's count, scan, scatter → contacts (va.zw += near field; proposals). */
  encodeNear(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const pass = this.pass(enc, "near", timer);
    pass.setPipeline(this.pipes.pack);
    pass.setBindGroup(0, this.groups.pack);
    dispatchItems(pass, this.n);
    this.sorter.encodeSort(pass, this.packed, this.sortedP);
    pass.setPipeline(this.pipes.contacts);
    pass.setBindGroup(0, this.groups.contacts);
    dispatchItems(pass, this.n);
    pass.end();
  }

  /** merge: mark → the §3 scan of the flags → compact into the spare buffers, then copied back. */
  encodeMerge(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const pass = this.pass(enc, "merge", timer);
    pass.setPipeline(this.pipes.mark);
    pass.setBindGroup(0, this.groups.mark);
    dispatchItems(pass, Math.max(1, this.n));
    this.compactor.encodeScan(pass);
    pass.setPipeline(this.pipes.compact);
    pass.setBindGroup(0, this.groups.compact);
    dispatchItems(pass, Math.max(1, this.n));
    pass.end();
    enc.copyBufferToBuffer(this.pmOut, 0, this.gravity.pm, 0, this.n * 16);
    enc.copyBufferToBuffer(this.vaOut, 0, this.gravity.va, 0, this.n * 16);
  }

  /** momentum: Σ m v, Σ m |v| and the star's pull, partial sums per workgroup then one total, entered in the ledger of `state`. */
  encodeMomentum(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const pass = this.pass(enc, "momentum", timer);
    pass.setBindGroup(0, this.groups.ledger);
    pass.setPipeline(this.pipes.partial);
    dispatchItems(pass, Math.ceil(this.n / LEDGER_PER_THREAD));
    pass.setPipeline(this.pipes.total);
    pass.dispatchWorkgroups(1);
    pass.end();
  }

  /** One substep (the phases of DUST_PHASES) into `enc`. */
  encodeSubstep(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    if (this.n === 0 || !this.p) return;
    const f = this.forceMode;
    this.gravity.encodeKickDrift(enc, timer);
    if (f !== "contacts") this.gravity.encodeForces(enc, timer);
    if (f !== "gravity") this.encodeNear(enc, timer);
    this.gravity.encodeKick(enc, timer);
    this.encodeMomentum(enc, timer);
    if (this.p.merge > 0 && f === "both") this.encodeMerge(enc, timer);
  }

  /** `substeps` substeps in one submit. */
  step(substeps = 1) {
    const enc = this.device.createCommandEncoder({label: "dust-step"});
    for (let s = 0; s < substeps; s++) this.encodeSubstep(enc);
    this.device.queue.submit([enc.finish()]);
  }

  /** Reads the counters (tests; the widgets use a staging ring on `state`). */
  async readState(): Promise<DustState> {
    const [bytes] = await readBuffers(this.device, [{buffer: this.state, size: DUST_STATE_WORDS * 4}]);
    return decodeDustState(bytes);
  }

  /** Reads the bodies of the slots in use (current order), their last accelerations, proposals and contact counts. */
  async readBodies(): Promise<Bodies & {ax: Float32Array; ay: Float32Array; partner: Uint32Array; touching: Uint32Array}> {
    const n = this.n;
    const [pmB, vaB, pa, to] = await readBuffers(this.device, [
      {buffer: this.gravity.pm, size: Math.max(16, n * 16)},
      {buffer: this.gravity.va, size: Math.max(16, n * 16)},
      {buffer: this.partner, size: Math.max(4, n * 4)},
      {buffer: this.touching, size: Math.max(4, n * 4)},
    ]);
    const pm = new Float32Array(pmB),
      va = new Float32Array(vaB);
    const out = {
      ...allocBodies(n),
      ax: new Float32Array(n),
      ay: new Float32Array(n),
      partner: new Uint32Array(pa).slice(0, n),
      touching: new Uint32Array(to).slice(0, n),
    };
    for (let i = 0; i < n; i++) {
      out.x[i] = pm[4 * i];
      out.y[i] = pm[4 * i + 1];
      out.m[i] = pm[4 * i + 2];
      out.id[i] = pm[4 * i + 3];
      out.vx[i] = va[4 * i];
      out.vy[i] = va[4 * i + 1];
      out.ax[i] = va[4 * i + 2];
      out.ay[i] = va[4 * i + 3];
    }
    return out;
  }

  /**
   * For tests: uploads bodies as they are (no first forces), with given accelerations, and
   * runs only the near field (`"near"`) or only the merge phase with given proposals (`"merge"`).
   */
  runPhaseForTest(phase: "near" | "merge", b: Bodies, acc?: {ax: ArrayLike<number>; ay: ArrayLike<number>}, partner?: Uint32Array) {
    if (!this.p) throw new Error("DustGPU: call setParams() first");
    this.n = b.n;
    const words = dustStateWords(b, this.p, this.forceMode);
    this.gravity.setBodies(b, "none");
    if (acc) {
      const va = new Float32Array(b.n * 4);
      for (let i = 0; i < b.n; i++) va.set([b.vx[i], b.vy[i], acc.ax[i], acc.ay[i]], 4 * i);
      this.device.queue.writeBuffer(this.gravity.va, 0, va);
    }
    if (partner) this.device.queue.writeBuffer(this.partner, 0, partner as Uint32Array<ArrayBuffer>);
    this.device.queue.writeBuffer(this.state, 0, words);
    this.writeUniforms();
    const enc = this.device.createCommandEncoder();
    if (phase === "near") this.encodeNear(enc);
    else this.encodeMerge(enc);
    this.device.queue.submit([enc.finish()]);
  }

  dispose() {
    this.scope.dispose();
  }
}
