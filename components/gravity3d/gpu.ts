/**
 * Barnes–Hut gravity in 3D on the GPU (octree). One step, all passes in one command encoder:
 *
 *   integrate  kick_drift                                v += a·dt/2; x += v·dt
 *   keys       bounds_clear, bounds_reduce, keys_compute  30-bit Morton keys over the root cube
 *   sort       6 × (radix_count_bitmap, scan ×3, radix_scatter_bitmap)  5-bit digits over the 30-bit keys (30)
 *   permute    permute (+ two copies back)                bodies into Morton order
 *   build      tree_init, 10 × (tree_flag_ranked, scan_sums, tree_scatter_ranked)   the octree level by level (31)
 *   com        11 × com_level                             sums and walk nodes, deepest level first
 *   walk       walk                                       accelerations, potentials, term counts
 *   kick       kick                                       v += a·dt/2
 *
 * Node slots of each level start at a fixed offset computed on the CPU (levelBases), so no
 * count is read back and no dispatch is indirect; a level's dispatch covers its capacity and
 * threads past the level's count (written on the GPU) return at once.
 *
 * The sort and build are GRAVITY3_BUILD's (components/gravity3d/bodies.ts), each equal to the twin
 * exactly; the options give back the earlier ones, measured against them on an H200:
 *   sortDigitBits 4    8 × (radix_count, scan ×3, radix_scatter): the 2D page's radix sort as written
 *                      (gravity/radix.wgsl), 40 dispatches; 5 ranks its lanes from per-digit bitmaps
 *                      (gravity/radix_bitmap.wgsl), 6 passes cover the 30-bit keys.
 *   buildLevelDispatches 5   tree_init, 10 × (tree_flag, scan ×3, tree_scatter), 51 dispatches; with 3
 *                      the flag pass scans its block in workgroup memory and the scatter adds the block's
 *                      offset, so scan_local and scan_add go.
 * WGSL: shaders/gravity3d/ (tree_ranked.wgsl or tree.wgsl; and gravity/radix_bitmap.wgsl or radix.wgsl,
 * gravity/scan.wgsl, scan_common.wgsl);
 * twin: components/gravity3d/twin.ts.
 */
import {computePipeline, type WGSLLoader} from "../gpu/wgsl.js";
import type {ResourceScope} from "../gpu/scope.js";
import {readBuffers} from "../gpu/readback.js";
import {ShaderStage, STORAGE_RW, Usage} from "../gpu/usage.js";
import {radixPasses} from "../gravity/radix.js";
import {
  allocBodies3,
  type Bodies3,
  checkBodies3,
  GRAVITY3_BUILD,
  GRAVITY3_DEFAULTS,
  GRAVITY3_GPU_WALK,
  type Gravity3Build,
  type Gravity3Params,
  type Walk3Kernel,
  type Walk3Variant,
} from "./bodies.js";
import {BITS3, LEVELS3, MAX_LEVEL3} from "./morton.js";
import {levelBases, levelCapacity, type Octree} from "./tree.js";
import type {PassTimestamps} from "../sim/timing.js";

/** The timed passes of one step, in order (labels for a PassTimer). */
export const GRAVITY3_PHASES = ["integrate", "keys", "sort", "permute", "build", "com", "walk", "kick"] as const;

export interface Gravity3GPUOptions {
  /** largest body count (buffers sized once; 1..4,194,304) */
  maxBodies: number;
  /** a cell with more bodies is split (default GRAVITY3_DEFAULTS.leafCapacity) */
  leafCapacity?: number;
  /**
   * "thread" (default: walk.wgsl, one stack per body) or "subgroup" (walk_subgroup.wgsl: the lanes of a
   * subgroup share one stack and vote with subgroupAll). "subgroup" needs a device with the 'subgroups'
   * feature; without it the per-thread walk runs (`walkKind` says which).
   */
  walk?: Walk3Kind;
  /**
   * The subgroup walk's kernel: "stack" (walk_subgroup: every cell pushed and popped), "next"
   * (walk_subgroup_next: an opened cell's first child visited at once, the next node loaded before
   * the current one's arithmetic) or "ranges" (walk_subgroup_ranges: one stack entry per opened
   * cell, its range of children); the same cells in the same order. Default GRAVITY3_GPU_WALK.kernel.
   */
  walkKernel?: Walk3Kernel;
  /** Threads per workgroup of the subgroup walk: 32, 64, 128 or 256 (default GRAVITY3_GPU_WALK.workgroup). */
  walkWorkgroup?: number;
  /**
   * Bits of the radix sort's digit: 5 (default, GRAVITY3_BUILD: radix_bitmap.wgsl, 6 passes over the
   * 30-bit keys) or 4 (the 2D page's radix.wgsl, 8 passes). Same sorted keys and permutation.
   */
  sortDigitBits?: SortDigitBits3;
  /**
   * Dispatches per octree level: 3 (default, GRAVITY3_BUILD: the scan's block pass folded into the flag
   * pass, its add into the scatter) or 5 (flag, the three-dispatch scan, scatter). Same octree, node for node.
   */
  buildLevelDispatches?: BuildLevelDispatches3;
}

type SortDigitBits3 = Gravity3Build["sortDigitBits"];
type BuildLevelDispatches3 = Gravity3Build["buildLevelDispatches"];

/** Dispatches of `encodeSort`: passes × (count, scan ×3, scatter). 40 with 4-bit digits, 30 with 5-bit. */
export function gravity3SortDispatches(bits: SortDigitBits3 = GRAVITY3_BUILD.sortDigitBits): number {
  return sortPasses(bits) * 5;
}

/** Dispatches of `encodeBuild`: the root, then MAX_LEVEL3 levels of `perLevel` each (51, or 31 with 3). */
export function gravity3BuildDispatches(perLevel: BuildLevelDispatches3 = GRAVITY3_BUILD.buildLevelDispatches): number {
  return 1 + MAX_LEVEL3 * perLevel;
}

/** Radix passes for a digit width: 4 bits sort all 32 (as the 2D page does), 5 bits the 30 the keys have. */
function sortPasses(bits: SortDigitBits3): number {
  return bits === 4 ? radixPasses(4, 32) : radixPasses(bits, 3 * BITS3);
}

export type Walk3Kind = "thread" | "subgroup";
export type {Walk3Variant};
export {GRAVITY3_GPU_WALK};

/** The workgroup sizes the subgroup walk may run with. */
const WALK3_WORKGROUPS = [32, 64, 128, 256] as const;

const WG = 256;
const WALK_WG = 64;
const SCAN_BLOCK = 1024;
export const MAX_BODIES3 = 1 << 22;

type Kind = "uniform" | "read" | "rw";
const C = ["gravity3d/common.wgsl"];

function layout(device: GPUDevice, label: string, kinds: Kind[]): GPUPipelineLayout {
  const type = {uniform: "uniform", read: "read-only-storage", rw: "storage"} as const;
  const bgl = device.createBindGroupLayout({
    label,
    entries: kinds.map((k, binding) => ({binding, visibility: ShaderStage.COMPUTE, buffer: {type: type[k]}})),
  });
  return device.createPipelineLayout({label, bindGroupLayouts: [bgl]});
}

const FILES = {
  keys: {files: [...C, "gravity3d/keys.wgsl"], kinds: ["uniform", "read", "rw", "rw", "rw"], entries: ["bounds_clear", "bounds_reduce", "keys_compute"]},
  scan: {files: ["gravity/scan_common.wgsl", "gravity/scan.wgsl"], kinds: ["read", "read", "rw", "rw"], entries: ["scan_local", "scan_sums", "scan_add"]},
  radix: {
    files: [...C, "gravity/radix.wgsl"],
    kinds: ["uniform", "uniform", "read", "read", "rw", "read", "rw", "rw"],
    entries: ["radix_count", "radix_scatter"],
  },
  permute: {files: [...C, "gravity3d/permute.wgsl"], kinds: ["uniform", "read", "read", "read", "rw", "rw"], entries: ["permute"]},
  radixBitmap: {
    files: [...C, "gravity/radix_bitmap.wgsl"],
    kinds: ["uniform", "uniform", "read", "read", "rw", "read", "rw", "rw"],
    entries: ["radix_count_bitmap", "radix_scatter_bitmap"],
  },
  tree: {
    files: [...C, "gravity3d/tree_common.wgsl", "gravity3d/tree.wgsl"],
    kinds: ["uniform", "uniform", "read", "rw", "rw", "rw", "read", "rw"],
    entries: ["tree_init", "tree_flag", "tree_scatter"],
  },
  // the 3-dispatch build: rank written by the flag pass, block totals (the scan's sums buffer) at binding 8
  treeRanked: {
    files: [...C, "gravity/scan_common.wgsl", "gravity3d/tree_common.wgsl", "gravity3d/tree_ranked.wgsl"],
    kinds: ["uniform", "uniform", "read", "rw", "rw", "rw", "rw", "rw", "rw"],
    entries: ["tree_flag_ranked", "tree_scatter_ranked"],
  },
  com: {
    files: [...C, "gravity3d/com.wgsl"],
    kinds: ["uniform", "uniform", "read", "read", "rw", "read", "read", "read", "rw"],
    entries: ["com_level"],
  },
  walk: {files: [...C, "gravity3d/walk_common.wgsl", "gravity3d/walk.wgsl"], kinds: ["uniform", "read", "read", "rw", "rw"], entries: ["walk"]},
  direct: {files: [...C, "gravity3d/direct.wgsl"], kinds: ["uniform", "read", "rw"], entries: ["direct"]},
  integrate: {files: [...C, "gravity3d/integrate.wgsl"], kinds: ["uniform", "rw", "rw", "read"], entries: ["kick_drift", "kick"]},
  energy: {files: [...C, "gravity3d/energy.wgsl"], kinds: ["uniform", "read", "read", "read", "rw"], entries: ["energy_partial"]},
} satisfies Record<string, {files: string[]; kinds: Kind[]; entries: string[]}>;

type Pipes = Record<string, GPUComputePipeline>;

/** The subgroup walk's pipeline: `enable subgroups;` (shaders/gravity/enable_subgroups.wgsl) must come before any declaration. */
function compileSubgroupWalk(device: GPUDevice, wgsl: WGSLLoader, kernel: Walk3Kernel, workgroup: number): Promise<GPUComputePipeline> {
  const pl = layout(device, "g3-walk_subgroup", FILES.walk.kinds as Kind[]);
  const entry = {stack: "walk_subgroup", next: "walk_subgroup_next", ranges: "walk_subgroup_ranges"}[kernel];
  return computePipeline(
    device,
    wgsl,
    ["gravity/enable_subgroups.wgsl", ...C, "gravity3d/walk_common.wgsl", "gravity3d/walk_subgroup.wgsl"],
    entry,
    pl,
    "explicit3",
    {WALK_WG: workgroup}
  );
}

/** The entry points one configuration never dispatches (not compiled): the other sort's and the other build's. */
function unused(bits: SortDigitBits3, perLevel: BuildLevelDispatches3): Set<string> {
  const sort = bits === 4 ? ["radix_count_bitmap", "radix_scatter_bitmap"] : ["radix_count", "radix_scatter"];
  const build = perLevel === 5 ? ["tree_flag_ranked", "tree_scatter_ranked"] : ["tree_flag", "tree_scatter"];
  return new Set([...sort, ...build]);
}

async function compile(device: GPUDevice, wgsl: WGSLLoader, bits: SortDigitBits3, perLevel: BuildLevelDispatches3): Promise<Pipes> {
  const skip = unused(bits, perLevel);
  const jobs: Promise<[string, GPUComputePipeline]>[] = [];
  for (const [name, f] of Object.entries(FILES)) {
    const pl = layout(device, `g3-${name}`, f.kinds as Kind[]);
    for (const e of f.entries) {
      if (skip.has(e)) continue;
      // radix_bitmap.wgsl's digit width is an override; its default is 5, set here so the file and the option agree
      const constants = name === "radixBitmap" ? {DIGIT_BITS: bits} : undefined;
      jobs.push(computePipeline(device, wgsl, f.files, e, pl, "explicit3", constants).then((p) => [e, p]));
    }
  }
  return Object.fromEntries(await Promise.all(jobs));
}

/** GPU bytes of the buffers for `maxBodies` (to size a widget's default count to a device's limits). */
export function gravity3BufferBytes(
  maxBodies: number,
  leafCapacity = GRAVITY3_DEFAULTS.leafCapacity,
  sortDigitBits: SortDigitBits3 = GRAVITY3_BUILD.sortDigitBits
): number {
  const n = Math.max(maxBodies, 1);
  const cap = levelBases(n, leafCapacity)[LEVELS3];
  const blocks = Math.ceil(n / WG);
  return n * (5 * 16 + 8 * 4) + cap * (16 + 16 + 32) + blocks * (1 << sortDigitBits) * 8;
}

/** The GPU pipeline of the 3D simulation. Buffers: `pos` (x, y, z, m), `vel` (v, tag), `acc` (a, φ): what a renderer draws from. */
export class Gravity3GPU {
  readonly scope: ResourceScope;
  readonly pos: GPUBuffer;
  readonly vel: GPUBuffer;
  readonly acc: GPUBuffer;
  readonly maxBodies: number;
  readonly leafCapacity: number;
  readonly nodeCapacity: number;
  /** The subgroup walk's kernel and threads per workgroup (used only when `walkKind` is "subgroup"). */
  readonly walkKernel: Walk3Kernel;
  readonly walkWorkgroup: number;
  /** The radix sort's digit width (4: radix.wgsl, 5: radix_bitmap.wgsl) and its passes. */
  readonly sortDigitBits: SortDigitBits3;
  readonly sortPasses: number;
  /** Dispatches per octree level (5 or 3). */
  readonly buildLevelDispatches: BuildLevelDispatches3;
  private readonly buckets: number;
  private n = 0;
  private params: Gravity3Params;
  private bases: Uint32Array;
  private b: ReturnType<Gravity3GPU["allocate"]>;
  private groups: ReturnType<Gravity3GPU["bindAll"]>;

  private constructor(
    readonly device: GPUDevice,
    scope: ResourceScope,
    private pipes: Pipes,
    opts: Gravity3GPUOptions
  ) {
    this.scope = scope;
    this.maxBodies = opts.maxBodies;
    this.leafCapacity = opts.leafCapacity ?? GRAVITY3_DEFAULTS.leafCapacity;
    this.walkKernel = opts.walkKernel ?? GRAVITY3_GPU_WALK.kernel;
    this.walkWorkgroup = opts.walkWorkgroup ?? GRAVITY3_GPU_WALK.workgroup;
    this.sortDigitBits = opts.sortDigitBits ?? GRAVITY3_BUILD.sortDigitBits;
    this.sortPasses = sortPasses(this.sortDigitBits);
    this.buckets = 1 << this.sortDigitBits;
    this.buildLevelDispatches = opts.buildLevelDispatches ?? GRAVITY3_BUILD.buildLevelDispatches;
    this.params = {...GRAVITY3_DEFAULTS, leafCapacity: this.leafCapacity};
    this.bases = levelBases(this.maxBodies, this.leafCapacity);
    this.nodeCapacity = this.bases[LEVELS3];
    this.b = this.allocate();
    this.pos = this.b.pos;
    this.vel = this.b.vel;
    this.acc = this.b.acc;
    this.groups = this.bindAll();
    this.writeParams();
  }

  /**
   * Compiles (or reuses) the kernels and allocates every buffer once, in a child scope of
   * `parentScope`. Errors: RangeError for maxBodies outside 1..4,194,304, leafCapacity < 1, an unknown
   * walk or walk kernel, a walk workgroup size not in WALK3_WORKGROUPS, a sort digit other than 4 or 5
   * bits, or a build other than 5 or 3 dispatches a level.
   */
  static async create(device: GPUDevice, parentScope: ResourceScope, wgsl: WGSLLoader, opts: Gravity3GPUOptions): Promise<Gravity3GPU> {
    if (!(Number.isInteger(opts.maxBodies) && opts.maxBodies >= 1 && opts.maxBodies <= MAX_BODIES3))
      throw new RangeError(`maxBodies must be an integer in 1..${MAX_BODIES3}, got ${opts.maxBodies}`);
    if (opts.leafCapacity !== undefined && !(Number.isInteger(opts.leafCapacity) && opts.leafCapacity >= 1))
      throw new RangeError(`leafCapacity must be an integer ≥ 1, got ${opts.leafCapacity}`);
    if (opts.walk !== undefined && opts.walk !== "thread" && opts.walk !== "subgroup")
      throw new RangeError(`walk must be "thread" or "subgroup", got ${String(opts.walk)}`);
    if (opts.walkKernel !== undefined && opts.walkKernel !== "stack" && opts.walkKernel !== "next" && opts.walkKernel !== "ranges")
      throw new RangeError(`walkKernel must be "stack", "next" or "ranges", got ${String(opts.walkKernel)}`);
    if (opts.walkWorkgroup !== undefined && !(WALK3_WORKGROUPS as readonly number[]).includes(opts.walkWorkgroup))
      throw new RangeError(`walkWorkgroup must be one of ${WALK3_WORKGROUPS.join(", ")}, got ${opts.walkWorkgroup}`);
    if (opts.sortDigitBits !== undefined && opts.sortDigitBits !== 4 && opts.sortDigitBits !== 5)
      throw new RangeError(`sortDigitBits must be 4 or 5, got ${String(opts.sortDigitBits)}`);
    if (opts.buildLevelDispatches !== undefined && opts.buildLevelDispatches !== 5 && opts.buildLevelDispatches !== 3)
      throw new RangeError(`buildLevelDispatches must be 5 or 3, got ${String(opts.buildLevelDispatches)}`);
    const subgroups = opts.walk === "subgroup" && device.features.has("subgroups" as GPUFeatureName);
    const kernel = opts.walkKernel ?? GRAVITY3_GPU_WALK.kernel;
    const workgroup = opts.walkWorkgroup ?? GRAVITY3_GPU_WALK.workgroup;
    const bits = opts.sortDigitBits ?? GRAVITY3_BUILD.sortDigitBits;
    const perLevel = opts.buildLevelDispatches ?? GRAVITY3_BUILD.buildLevelDispatches;
    const [pipes, sub] = await Promise.all([compile(device, wgsl, bits, perLevel), subgroups ? compileSubgroupWalk(device, wgsl, kernel, workgroup) : null]);
    if (sub) pipes.walk_subgroup = sub;
    const scope = parentScope.child(device);
    try {
      return new Gravity3GPU(device, scope, pipes, opts);
    } catch (e) {
      scope.dispose();
      throw e;
    }
  }

  private allocate() {
    const s = this.scope;
    const n = Math.max(this.maxBodies, 1);
    const blocks = Math.ceil(n / WG);
    const histLen = this.buckets * blocks;
    const buf = (label: string, size: number, usage = STORAGE_RW) => s.buffer({label, size: Math.max(16, size), usage});
    const u32 = (label: string, value: number) => {
      const u = s.buffer({label, size: 16, usage: Usage.UNIFORM | Usage.COPY_DST});
      this.device.queue.writeBuffer(u, 0, new Uint32Array([value, 0, 0, 0]));
      return u;
    };
    const cap = this.nodeCapacity;
    return {
      params: s.buffer({label: "g3-params", size: 80, usage: Usage.UNIFORM | Usage.COPY_DST}),
      pos: buf("g3-pos", n * 16),
      vel: buf("g3-vel", n * 16),
      acc: buf("g3-acc", n * 16),
      posB: buf("g3-pos-b", n * 16),
      velB: buf("g3-vel-b", n * 16),
      keysA: buf("g3-keys-a", n * 4),
      valsA: buf("g3-vals-a", n * 4),
      keysB: buf("g3-keys-b", n * 4),
      valsB: buf("g3-vals-b", n * 4),
      bounds: buf("g3-bounds", 24),
      hist: buf("g3-radix-hist", histLen * 4),
      radixOffsets: buf("g3-radix-offsets", (histLen + 1) * 4),
      radixLen: buf("g3-radix-len", 4),
      bodyLen: buf("g3-body-len", 4),
      scanSums: buf("g3-scan-sums", Math.ceil((histLen + n) / SCAN_BLOCK) * 4),
      nodes: buf("g3-nodes", cap * 16),
      sums: buf("g3-sums", cap * 16),
      walkNodes: buf("g3-walk-nodes", cap * 32),
      levelCount: buf("g3-level-count", LEVELS3 * 4),
      parent: buf("g3-parent", n * 4),
      flags: buf("g3-flags", n * 4),
      rank: buf("g3-rank", (n + 1) * 4),
      terms: buf("g3-terms", n * 4),
      partial: buf("g3-energy", blocks * 8),
      levelU: Array.from({length: LEVELS3}, (_, L) => u32(`g3-level-${L}`, L)),
      shiftU: Array.from({length: this.sortPasses}, (_, p) => u32(`g3-radix-shift-${p}`, p * this.sortDigitBits)),
    };
  }

  private bindAll() {
    const b = this.b;
    const group = (entry: string, buffers: GPUBuffer[]) =>
      this.device.createBindGroup({
        label: `g3-${entry}`,
        layout: this.pipes[entry].getBindGroupLayout(0),
        entries: buffers.map((buffer, binding) => ({binding, resource: {buffer}})),
      });
    const count = this.sortDigitBits === 4 ? "radix_count" : "radix_count_bitmap";
    const radix = b.shiftU.map((shift, p) => {
      const [ki, vi, ko, vo] = p % 2 === 0 ? [b.keysA, b.valsA, b.keysB, b.valsB] : [b.keysB, b.valsB, b.keysA, b.valsA];
      return group(count, [b.params, shift, ki, vi, b.hist, b.radixOffsets, ko, vo]);
    });
    const tree = b.levelU.map((u) => group("tree_init", [b.params, u, b.keysA, b.nodes, b.parent, b.flags, b.rank, b.levelCount]));
    const treeRanked = this.pipes.tree_flag_ranked
      ? b.levelU.map((u) => group("tree_flag_ranked", [b.params, u, b.keysA, b.nodes, b.parent, b.flags, b.rank, b.levelCount, b.scanSums]))
      : [];
    return {
      keys: group("bounds_clear", [b.params, b.pos, b.bounds, b.keysA, b.valsA]),
      radix,
      scanRadix: group("scan_local", [b.radixLen, b.hist, b.radixOffsets, b.scanSums]),
      scanFlags: group("scan_local", [b.bodyLen, b.flags, b.rank, b.scanSums]),
      permute: group("permute", [b.params, b.valsA, b.pos, b.vel, b.posB, b.velB]),
      tree,
      treeRanked,
      com: b.levelU.map((u) => group("com_level", [b.params, u, b.pos, b.nodes, b.sums, b.levelCount, b.keysA, b.bounds, b.walkNodes])),
      walk: group("walk", [b.params, b.pos, b.walkNodes, b.acc, b.terms]),
      walkSubgroup: this.pipes.walk_subgroup ? group("walk_subgroup", [b.params, b.pos, b.walkNodes, b.acc, b.terms]) : null,
      direct: group("direct", [b.params, b.pos, b.acc]),
      integrate: group("kick_drift", [b.params, b.pos, b.vel, b.acc]),
      energy: group("energy_partial", [b.params, b.pos, b.vel, b.acc, b.partial]),
    };
  }

  /** The walk that runs: "subgroup" only when asked for and the device has 'subgroups'. */
  get walkKind(): Walk3Kind {
    return this.groups.walkSubgroup ? "subgroup" : "thread";
  }

  /** Current body count. */
  get count() {
    return this.n;
  }

  /** The parameters in use (a copy). */
  get parameters(): Gravity3Params {
    return {...this.params};
  }

  private writeParams() {
    const p = this.params;
    const buf = new ArrayBuffer(80);
    new Uint32Array(buf, 0, 4).set([this.n, this.leafCapacity, Math.max(1, Math.ceil(this.n / WG)), 0]);
    new Float32Array(buf, 16, 4).set([p.G, p.softening * p.softening, p.theta > 0 ? 1 / p.theta : 0, p.dt]);
    // node slots for the current count (levelBases(n) ≤ the capacity's bases, level by level)
    this.bases = levelBases(Math.max(this.n, 1), this.leafCapacity);
    new Uint32Array(buf, 32, 12).set(this.bases);
    this.device.queue.writeBuffer(this.b.params, 0, buf);
    this.device.queue.writeBuffer(this.b.radixLen, 0, new Uint32Array([this.buckets * Math.ceil(this.n / WG)]));
    this.device.queue.writeBuffer(this.b.bodyLen, 0, new Uint32Array([this.n]));
  }

  /** Sets G, softening, dt and θ. Errors: RangeError for dt ≤ 0, softening < 0, θ < 0 or a non-finite value. */
  setParams(p: Partial<Omit<Gravity3Params, "leafCapacity">>) {
    const next = {...this.params, ...p, leafCapacity: this.leafCapacity};
    if (![next.G, next.softening, next.dt, next.theta].every(Number.isFinite) || !(next.dt > 0 && next.softening >= 0 && next.theta >= 0))
      throw new RangeError(
        `gravity parameters must be finite with dt > 0, softening ≥ 0, theta ≥ 0 (got dt ${next.dt}, softening ${next.softening}, theta ${next.theta})`
      );
    this.params = next;
    this.writeParams();
  }

  /**
   * Uploads bodies and computes their first accelerations (method "none" skips them).
   * Errors: RangeError for too many or bad bodies.
   */
  setBodies(b: Bodies3, method: "barnes-hut" | "direct" | "none" = "barnes-hut") {
    if (b.n > this.maxBodies) throw new RangeError(`${b.n} bodies, this pipeline was sized for ${this.maxBodies}`);
    checkBodies3(b);
    this.n = b.n;
    const pos = new Float32Array(b.n * 4);
    const vel = new Float32Array(b.n * 4);
    for (let i = 0; i < b.n; i++) {
      pos[4 * i] = b.x[i];
      pos[4 * i + 1] = b.y[i];
      pos[4 * i + 2] = b.z[i];
      pos[4 * i + 3] = b.m[i];
      vel[4 * i] = b.vx[i];
      vel[4 * i + 1] = b.vy[i];
      vel[4 * i + 2] = b.vz[i];
      vel[4 * i + 3] = b.tag[i];
    }
    this.device.queue.writeBuffer(this.pos, 0, pos);
    this.device.queue.writeBuffer(this.vel, 0, vel);
    this.writeParams();
    if (method === "none") return;
    const enc = this.device.createCommandEncoder({label: "g3-first-forces"});
    if (method === "direct") this.encodeDirect(enc);
    else this.encodeForces(enc);
    this.device.queue.submit([enc.finish()]);
  }

  private pass(enc: GPUCommandEncoder, label: string, timer?: PassTimestamps) {
    return enc.beginComputePass({label: `g3-${label}`, timestampWrites: timer?.writes(label)});
  }

  private scan(pass: GPUComputePassEncoder, group: GPUBindGroup, len: number) {
    const blocks = Math.max(1, Math.ceil(len / SCAN_BLOCK));
    pass.setBindGroup(0, group);
    pass.setPipeline(this.pipes.scan_local);
    pass.dispatchWorkgroups(blocks);
    pass.setPipeline(this.pipes.scan_sums);
    pass.dispatchWorkgroups(1);
    pass.setPipeline(this.pipes.scan_add);
    pass.dispatchWorkgroups(blocks);
  }

  private groupsFor(count: number) {
    return Math.max(1, Math.ceil(count / WG));
  }

  /** keys: bounds and Morton keys (3 dispatches). */
  encodeKeys(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const pass = this.pass(enc, "keys", timer);
    pass.setBindGroup(0, this.groups.keys);
    pass.setPipeline(this.pipes.bounds_clear);
    pass.dispatchWorkgroups(1);
    pass.setPipeline(this.pipes.bounds_reduce);
    pass.dispatchWorkgroups(this.groupsFor(this.n));
    pass.setPipeline(this.pipes.keys_compute);
    pass.dispatchWorkgroups(this.groupsFor(this.n));
    pass.end();
  }

  /**
   * sort: the radix sort of (keys, vals), 6 passes of 5 bits (sortDigitBits 5, the default) or 8 of 4 bits
   * (the 30-bit keys take 8 passes of 4 bits either way); 5 dispatches a pass (gravity3SortDispatches).
   * An even number of passes either way: the result ends in keysA / valsA.
   */
  encodeSort(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const blocks = this.groupsFor(this.n);
    const bitmap = this.sortDigitBits !== 4;
    const count = this.pipes[bitmap ? "radix_count_bitmap" : "radix_count"];
    const scatter = this.pipes[bitmap ? "radix_scatter_bitmap" : "radix_scatter"];
    const pass = this.pass(enc, "sort", timer);
    for (let p = 0; p < this.sortPasses; p++) {
      pass.setBindGroup(0, this.groups.radix[p]);
      pass.setPipeline(count);
      pass.dispatchWorkgroups(blocks);
      this.scan(pass, this.groups.scanRadix, this.buckets * blocks);
      pass.setBindGroup(0, this.groups.radix[p]);
      pass.setPipeline(scatter);
      pass.dispatchWorkgroups(blocks);
    }
    pass.end();
  }

  /** permute: bodies gathered into sorted order, then copied back. */
  encodePermute(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const pass = this.pass(enc, "permute", timer);
    pass.setBindGroup(0, this.groups.permute);
    pass.setPipeline(this.pipes.permute);
    pass.dispatchWorkgroups(this.groupsFor(this.n));
    pass.end();
    enc.copyBufferToBuffer(this.b.posB, 0, this.pos, 0, this.n * 16);
    enc.copyBufferToBuffer(this.b.velB, 0, this.vel, 0, this.n * 16);
  }

  /**
   * build: the root, then per level 1..10 flag → scan → scatter: 1 + 10 × 5 dispatches, or with
   * buildLevelDispatches 3 flag-and-block-scan → scan of the block totals → scatter, 1 + 10 × 3.
   */
  encodeBuild(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const g = this.groups;
    const bodies = this.groupsFor(this.n);
    const pass = this.pass(enc, "build", timer);
    pass.setBindGroup(0, g.tree[0]);
    pass.setPipeline(this.pipes.tree_init);
    pass.dispatchWorkgroups(bodies);
    if (this.buildLevelDispatches === 3) {
      // one flag workgroup per scan block (SCAN_BLOCK bodies), so scan_sums scans exactly its block totals
      const scanBlocks = Math.max(1, Math.ceil(this.n / SCAN_BLOCK));
      for (let L = 1; L <= MAX_LEVEL3; L++) {
        pass.setBindGroup(0, g.treeRanked[L]);
        pass.setPipeline(this.pipes.tree_flag_ranked);
        pass.dispatchWorkgroups(scanBlocks);
        pass.setBindGroup(0, g.scanFlags);
        pass.setPipeline(this.pipes.scan_sums);
        pass.dispatchWorkgroups(1);
        pass.setBindGroup(0, g.treeRanked[L]);
        pass.setPipeline(this.pipes.tree_scatter_ranked);
        pass.dispatchWorkgroups(bodies);
      }
      pass.end();
      return;
    }
    for (let L = 1; L <= MAX_LEVEL3; L++) {
      pass.setBindGroup(0, g.tree[L]);
      pass.setPipeline(this.pipes.tree_flag);
      pass.dispatchWorkgroups(bodies);
      this.scan(pass, g.scanFlags, this.n);
      pass.setBindGroup(0, g.tree[L]);
      pass.setPipeline(this.pipes.tree_scatter);
      pass.dispatchWorkgroups(bodies);
    }
    pass.end();
  }

  /** com: sums and walk nodes, level 10 up to the root (11 dispatches, each over the level's capacity). */
  encodeCentreOfMass(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const pass = this.pass(enc, "com", timer);
    pass.setPipeline(this.pipes.com_level);
    for (let L = MAX_LEVEL3; L >= 0; L--) {
      const cap = levelCapacity(Math.max(this.n, 1), this.leafCapacity, L);
      if (cap === 0) continue;
      pass.setBindGroup(0, this.groups.com[L]);
      pass.dispatchWorkgroups(this.groupsFor(cap));
    }
    pass.end();
  }

  /** walk: accelerations and potentials into acc, term counts into terms (1 dispatch). */
  encodeWalk(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const pass = this.pass(enc, "walk", timer);
    const sub = this.groups.walkSubgroup;
    pass.setBindGroup(0, sub ?? this.groups.walk);
    pass.setPipeline(sub ? this.pipes.walk_subgroup : this.pipes.walk);
    pass.dispatchWorkgroups(Math.max(1, Math.ceil(this.n / (sub ? this.walkWorkgroup : WALK_WG))));
    pass.end();
  }

  /** keys → sort → permute → build → com → walk (bodies end in Morton order). */
  encodeForces(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    if (this.n === 0) return;
    this.encodeKeys(enc, timer);
    this.encodeSort(enc, timer);
    this.encodePermute(enc, timer);
    this.encodeBuild(enc, timer);
    this.encodeCentreOfMass(enc, timer);
    this.encodeWalk(enc, timer);
  }

  /** The exact O(N²) accelerations and potentials into acc (1 dispatch, body order unchanged). */
  encodeDirect(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    if (this.n === 0) return;
    const pass = this.pass(enc, "direct", timer);
    pass.setBindGroup(0, this.groups.direct);
    pass.setPipeline(this.pipes.direct);
    pass.dispatchWorkgroups(this.groupsFor(this.n));
    pass.end();
  }

  private encodeIntegrate(enc: GPUCommandEncoder, entry: "kick_drift" | "kick", timer?: PassTimestamps) {
    const pass = this.pass(enc, entry === "kick" ? "kick" : "integrate", timer);
    pass.setBindGroup(0, this.groups.integrate);
    pass.setPipeline(this.pipes[entry]);
    pass.dispatchWorkgroups(this.groupsFor(this.n));
    pass.end();
  }

  /** One leapfrog step recorded into `enc`. */
  encodeStep(enc: GPUCommandEncoder, timer?: PassTimestamps, method: "barnes-hut" | "direct" = "barnes-hut") {
    if (this.n === 0) return;
    this.encodeIntegrate(enc, "kick_drift", timer);
    if (method === "direct") this.encodeDirect(enc, timer);
    else this.encodeForces(enc, timer);
    this.encodeIntegrate(enc, "kick", timer);
  }

  /** `steps` leapfrog steps in one submit. */
  step(steps = 1, timer?: PassTimestamps, method: "barnes-hut" | "direct" = "barnes-hut") {
    const enc = this.device.createCommandEncoder({label: "g3-step"});
    for (let s = 0; s < steps; s++) this.encodeStep(enc, timer, method);
    this.device.queue.submit([enc.finish()]);
  }

  /** Kinetic, potential and total energy of the current state (GPU partial sums, 8 bytes per 256 bodies read back). */
  async energy(): Promise<{kinetic: number; potential: number; total: number}> {
    const blocks = this.groupsFor(this.n);
    const enc = this.device.createCommandEncoder({label: "g3-energy"});
    const pass = enc.beginComputePass({label: "g3-energy"});
    pass.setBindGroup(0, this.groups.energy);
    pass.setPipeline(this.pipes.energy_partial);
    pass.dispatchWorkgroups(blocks);
    pass.end();
    const [bytes] = await readBuffers(this.device, [{buffer: this.b.partial, size: blocks * 8}], enc);
    const f = new Float32Array(bytes);
    let kinetic = 0,
      potential = 0;
    for (let k = 0; k < blocks; k++) {
      kinetic += f[2 * k];
      potential += f[2 * k + 1];
    }
    return {kinetic, potential, total: kinetic + potential};
  }

  /** Reads bodies (current order) with their accelerations, potentials and term counts. For tests and the error widget. */
  async readBodies(): Promise<Bodies3 & {ax: Float32Array; ay: Float32Array; az: Float32Array; phi: Float32Array; terms: Uint32Array}> {
    const n = this.n;
    const [pb, vb, ab, tb] = await readBuffers(this.device, [
      {buffer: this.pos, size: n * 16},
      {buffer: this.vel, size: n * 16},
      {buffer: this.acc, size: n * 16},
      {buffer: this.b.terms, size: n * 4},
    ]);
    const p = new Float32Array(pb),
      v = new Float32Array(vb),
      a = new Float32Array(ab);
    const f = () => new Float32Array(n);
    const out = {...allocBodies3(n), ax: f(), ay: f(), az: f(), phi: f(), terms: new Uint32Array(tb)};
    for (let i = 0; i < n; i++) {
      out.x[i] = p[4 * i];
      out.y[i] = p[4 * i + 1];
      out.z[i] = p[4 * i + 2];
      out.m[i] = p[4 * i + 3];
      out.vx[i] = v[4 * i];
      out.vy[i] = v[4 * i + 1];
      out.vz[i] = v[4 * i + 2];
      out.tag[i] = v[4 * i + 3];
      out.ax[i] = a[4 * i];
      out.ay[i] = a[4 * i + 1];
      out.az[i] = a[4 * i + 2];
      out.phi[i] = a[4 * i + 3];
    }
    return out;
  }

  /** Reads the sorted keys, the sort's permutation and the ordered-u32 bounds. */
  async readSort(): Promise<{keys: Uint32Array; vals: Uint32Array; bounds: Uint32Array}> {
    const n = this.n;
    const [k, v, b] = await readBuffers(this.device, [
      {buffer: this.b.keysA, size: n * 4},
      {buffer: this.b.valsA, size: n * 4},
      {buffer: this.b.bounds, size: 24},
    ]);
    return {keys: new Uint32Array(k), vals: new Uint32Array(v), bounds: new Uint32Array(b)};
  }

  /**
   * Sorts `keys` (at most maxBodies, each below 2^30 with 5-bit digits) with this pipeline's radix sort,
   * the payload their indices, and reads back the sorted keys and the permutation: the sort tested on
   * keys of any pattern, not only Morton keys of bodies. The body count is restored afterwards; the
   * key buffers are overwritten (the next step computes them again). Errors: RangeError for too many or too wide keys.
   */
  async sortKeys(keys: Uint32Array): Promise<{keys: Uint32Array; vals: Uint32Array}> {
    const n = keys.length;
    if (n > this.maxBodies) throw new RangeError(`${n} keys, this pipeline was sized for ${this.maxBodies}`);
    const keyBits = this.sortPasses * this.sortDigitBits;
    if (keyBits < 32) {
      const wide = keys.findIndex((k) => k >>> keyBits !== 0);
      if (wide >= 0) throw new RangeError(`key ${wide} (${keys[wide]}) has more than the ${keyBits} bits the sort covers`);
    }
    if (n === 0) return {keys: new Uint32Array(0), vals: new Uint32Array(0)};
    const bodies = this.n;
    this.n = n;
    try {
      this.writeParams();
      this.device.queue.writeBuffer(this.b.keysA, 0, Uint32Array.from(keys));
      this.device.queue.writeBuffer(
        this.b.valsA,
        0,
        Uint32Array.from({length: n}, (_, i) => i)
      );
      const enc = this.device.createCommandEncoder({label: "g3-sort-keys"});
      this.encodeSort(enc);
      const [k, v] = await readBuffers(
        this.device,
        [
          {buffer: this.b.keysA, size: n * 4},
          {buffer: this.b.valsA, size: n * 4},
        ],
        enc
      );
      return {keys: new Uint32Array(k), vals: new Uint32Array(v)};
    } finally {
      this.n = bodies;
      this.writeParams();
    }
  }

  /** Reads the octree into the twin's layout (Octree), for tests. */
  async readTree(): Promise<Octree> {
    const cap = this.bases[LEVELS3];
    const [lc, nb, sb] = await readBuffers(this.device, [
      {buffer: this.b.levelCount, size: LEVELS3 * 4},
      {buffer: this.b.nodes, size: cap * 16},
      {buffer: this.b.sums, size: cap * 16},
    ]);
    const u = new Uint32Array(nb),
      s = new Float32Array(sb);
    const t: Octree = {
      n: this.n,
      leafCapacity: this.leafCapacity,
      levelBase: this.bases.slice(),
      levelCount: new Uint32Array(lc),
      lo: new Uint32Array(cap),
      hi: new Uint32Array(cap),
      first: new Uint32Array(cap),
      kids: new Uint32Array(cap),
      sx: new Float32Array(cap),
      sy: new Float32Array(cap),
      sz: new Float32Array(cap),
      mass: new Float32Array(cap),
    };
    for (let j = 0; j < cap; j++) {
      t.lo[j] = u[4 * j];
      t.hi[j] = u[4 * j + 1];
      t.first[j] = u[4 * j + 2];
      t.kids[j] = u[4 * j + 3];
      t.sx[j] = s[4 * j];
      t.sy[j] = s[4 * j + 1];
      t.sz[j] = s[4 * j + 2];
      t.mass[j] = s[4 * j + 3];
    }
    return t;
  }

  /** Releases every buffer (idempotent). */
  dispose() {
    this.scope.dispose();
  }
}
