/**
 * Barnes–Hut gravity on the GPU (2D quadtree). One step, all passes in one command encoder:
 *
 *   integrate  kick_drift                           v += a·dt/2; x += v·dt
 *   keys       bounds_clear, bounds_reduce, keys    Morton keys over the root square
 *   sort       8 × (radix_count, scan ×3, radix_scatter)   LSD radix sort, 4 bits a pass
 *   permute    permute (+ a copy back)              bodies into Morton order
 *   build      tree_init, 16 × tree_level           one dispatch a level (block totals cleared first)
 *   com        8 × com_pair, com_level              masses and quadrupoles, deepest levels first, two a dispatch
 *   walk       walk or walk_subgroup                accelerations (+ per-body term counts)
 *   kick       kick                                 v += a·dt/2
 *
 * Only the GPU knows a level's size, and nothing is read back: each level of the build and of
 * the centres of mass is dispatched directly over a bound on its size computed on the CPU
 * from the body count (`levelWorkgroupBounds`; the workgroups past the level's end return at
 * once), except a level whose bound needs more than `directLevelWorkgroups` workgroups (default
 * 1,024: only past about 147,000 bodies at leaf capacity 8), which is dispatched indirectly
 * with the workgroup count the level above wrote. (Dawn, like browsers, validates each
 * indirect dispatch's arguments with work of its own: ≈ 9–14 µs a level against ≈ 3 µs.)
 * `encodeDirect` is the exact O(N²) tiled kernel for comparison. WGSL: shaders/gravity/;
 * twin: components/gravity/twin.ts.
 */
import {computePipeline, type WGSLLoader} from "../gpu/wgsl.js";
import type {ResourceScope} from "../gpu/scope.js";
import {readBuffers} from "../gpu/readback.js";
import {ShaderStage, STORAGE_RW, Usage} from "../gpu/usage.js";
import {allocBodies, checkBodies, GRAVITY_DEFAULTS, packBodies, type Bodies, type GravityParams} from "./bodies.js";
import type {ExternalMass} from "./direct.js";
import {MAX_LEVEL} from "./morton.js";
import {RADIX_BITS, RADIX_BUCKETS, RADIX_PASSES} from "./radix.js";
import {maxNodes, type QuadTree} from "./tree.js";
import type {PassTimestamps} from "../sim/timing.js";

/** The timed passes of one step, in order (labels for a PassTimer; "integrate" and "kick" are the two halves of the leapfrog). */
export const GRAVITY_PHASES = ["integrate", "keys", "sort", "permute", "build", "com", "walk", "kick"] as const;

/** Dispatches of the tree build (`encodeBuild`): the root, then one per level below it. */
export const BUILD_DISPATCHES = 1 + MAX_LEVEL;

/** Dispatches of the centres of mass (`encodeCentreOfMass`): two levels a dispatch from the deepest, then what is left up to the root. */
export const COM_DISPATCHES = (() => {
  let com = 0;
  let L = MAX_LEVEL - 1;
  for (; L >= 1; L -= 2) com++;
  for (L += 1; L >= 0; L--) com++;
  return com;
})();

/**
 * Dispatches `GravityGPU.encodeForces` records (keys 3, sort RADIX_PASSES × 5, permute 1,
 * build BUILD_DISPATCHES, centres of mass COM_DISPATCHES, walk 1), counted by the same loops
 * as the encoders so that pages quoting it follow the code (tests/unit/bench-harness.test.ts
 * holds it against a recorded step).
 */
export function forceDispatches(): number {
  return 3 + RADIX_PASSES * 5 + 1 + BUILD_DISPATCHES + COM_DISPATCHES + 1;
}

/** Nodes per workgroup of the build (tree.wgsl's BLOCK: 256 threads, four per node) and of the centres of mass (com.wgsl: one thread per node). */
const TREE_BLOCK = 64;

/** Default of GravityGPUOptions.directLevelWorkgroups. */
export const DIRECT_LEVEL_WORKGROUPS = 1024;

/**
 * Workgroups (of 64 nodes) that cover level L = 0..16 of the tree of n bodies, for any
 * positions: ceil(bound / 64), at least 1, where the bound on the level's node count is 1 for
 * the root and min(4^L, 4·⌊n / (leafCapacity + 1)⌋, n) below it: a node of level L ≥ 1 is a
 * non-empty quadrant of a split node of level L − 1, split nodes of one level hold disjoint
 * sets of more than leafCapacity bodies each, and the nodes of one level are disjoint and
 * non-empty. Never more than the build's block totals hold per level (maxNodes bounds every level).
 */
export function levelWorkgroupBounds(n: number, leafCapacity: number): number[] {
  const split = Math.floor(n / (leafCapacity + 1));
  return Array.from({length: MAX_LEVEL + 1}, (_, L) => {
    const nodes = L === 0 ? 1 : Math.min(4 ** L, 4 * split, n);
    return Math.max(1, Math.ceil(nodes / TREE_BLOCK));
  });
}

interface GravityGPUOptions {
  /** largest body count (buffers are sized for it once; 1..16,777,216, ids must stay exact in float32) */
  maxBodies: number;
  /** a cell with more bodies is split (default GRAVITY_DEFAULTS.leafCapacity) */
  leafCapacity?: number;
  /**
   * Which Barnes–Hut walk to run (default GRAVITY_DEFAULT_WALK, "thread"): "thread" = one thread per body with its
   * own stack (walk.wgsl); "subgroup" = the lanes of a subgroup walk together, a cell taken as
   * a point mass only when every lane accepts it (walk_subgroup.wgsl). "subgroup" needs a
   * device created with the optional 'subgroups' feature; without it the per-thread walk runs
   * (`walkKind` says which one does).
   */
  walk?: WalkKind;
  /**
   * A level of the build or of the centres of mass whose bound (`levelWorkgroupBounds`) needs
   * at most this many workgroups is dispatched directly over the bound; a larger one
   * indirectly, over its size as the GPU wrote it (default DIRECT_LEVEL_WORKGROUPS; 0 = every
   * level indirectly; capped at the device's maxComputeWorkgroupsPerDimension). The tree is
   * the same either way.
   */
  directLevelWorkgroups?: number;
}

/** The two Barnes–Hut walk kernels (see GravityGPUOptions.walk). */
export type WalkKind = "thread" | "subgroup";

/** The walk `GravityGPU` runs unless asked for another (`GravityGPUOptions.walk`): one thread per body; the galaxy asks for "subgroup". */
export const GRAVITY_DEFAULT_WALK: WalkKind = "thread";

/** Does this device support the subgroup walk (created with the optional 'subgroups' feature)? */
export function supportsSubgroupWalk(device: GPUDevice): boolean {
  return device.features.has("subgroups" as GPUFeatureName);
}

const WG = 256;
const WALK_WG = 64;
const NODE_BYTES = 32;
const WALK_NODE_BYTES = 32;
const SCAN_BLOCK = 1024;
const LEVELS = MAX_LEVEL + 1;
const MAX_BODIES = 1 << 24;

type Kind = "uniform" | "read" | "rw";
const C = ["gravity/common.wgsl"];

/** Explicit layouts: every entry point of a file shares one bind group. */
function layout(device: GPUDevice, label: string, kinds: Kind[]): GPUPipelineLayout {
  const type = {uniform: "uniform", read: "read-only-storage", rw: "storage"} as const;
  const bgl = device.createBindGroupLayout({
    label,
    entries: kinds.map((k, binding) => ({binding, visibility: ShaderStage.COMPUTE, buffer: {type: type[k]}})),
  });
  return device.createPipelineLayout({label, bindGroupLayouts: [bgl]});
}

const FILES = {
  keys: {path: "gravity/keys.wgsl", kinds: ["uniform", "read", "rw", "rw", "rw"], entries: ["bounds_clear", "bounds_reduce", "keys_compute"]},
  scan: {path: "gravity/scan.wgsl", kinds: ["read", "read", "rw", "rw"], entries: ["scan_local", "scan_sums", "scan_add"]},
  radix: {path: "gravity/radix.wgsl", kinds: ["uniform", "uniform", "read", "read", "rw", "read", "rw", "rw"], entries: ["radix_count", "radix_scatter"]},
  permute: {path: "gravity/permute.wgsl", kinds: ["uniform", "read", "read", "read", "rw", "rw"], entries: ["permute"]},
  tree: {path: "gravity/tree.wgsl", kinds: ["uniform", "uniform", "read", "rw", "rw", "rw", "rw", "rw"], entries: ["tree_init", "tree_level"]},
  com: {path: "gravity/com.wgsl", kinds: ["uniform", "uniform", "read", "rw", "read", "rw"], entries: ["com_level", "com_pair"]},
  walk: {path: "gravity/walk.wgsl", kinds: ["uniform", "read", "rw", "read", "read", "rw"], entries: ["walk"]},
  direct: {path: "gravity/direct.wgsl", kinds: ["uniform", "read", "rw"], entries: ["direct"]},
  integrate: {path: "gravity/integrate.wgsl", kinds: ["uniform", "rw", "rw"], entries: ["kick_drift", "kick"]},
} satisfies Record<string, {path: string; kinds: Kind[]; entries: string[]}>;

/**
 * Files composed between common.wgsl and a kernel's own file: the two walks share their bindings, stack size and `pull`;
 * the scan's workgroup scan lives in scan_common.wgsl, which the 3D octree's flag pass also composes.
 */
const WALK_COMMON = "gravity/walk_common.wgsl";
const BEFORE: Partial<Record<keyof typeof FILES, string[]>> = {walk: [WALK_COMMON], scan: ["gravity/scan_common.wgsl"]};

type Pipes = Record<string, GPUComputePipeline>;

async function compile(device: GPUDevice, wgsl: WGSLLoader): Promise<Pipes> {
  const jobs: Promise<[string, GPUComputePipeline]>[] = [];
  for (const [name, f] of Object.entries(FILES)) {
    const pl = layout(device, name, f.kinds as Kind[]);
    const files = [...C, ...(BEFORE[name as keyof typeof FILES] ?? []), f.path];
    for (const e of f.entries) jobs.push(computePipeline(device, wgsl, files, e, pl, "explicit").then((p) => [e, p]));
  }
  return Object.fromEntries(await Promise.all(jobs));
}

/**
 * The subgroup walk's pipeline (the bindings of walk_common.wgsl, as walk.wgsl). enable_subgroups.wgsl goes first:
 * WGSL requires `enable subgroups;` before any declaration of common.wgsl.
 */
function compileSubgroupWalk(device: GPUDevice, wgsl: WGSLLoader): Promise<GPUComputePipeline> {
  const pl = layout(device, "walk_subgroup", FILES.walk.kinds as Kind[]);
  return computePipeline(device, wgsl, ["gravity/enable_subgroups.wgsl", ...C, WALK_COMMON, "gravity/walk_subgroup.wgsl"], "walk_subgroup", pl, "explicit");
}

/** Bytes of the GPU buffers for `maxBodies` (to size a widget's default count to a device's limits). */
export function gravityBufferBytes(maxBodies: number, leafCapacity = GRAVITY_DEFAULTS.leafCapacity): number {
  const n = Math.max(maxBodies, 1);
  const blocks = Math.ceil(n / WG);
  const nodes = maxNodes(n, leafCapacity);
  return n * (4 * 16 + 5 * 4) + nodes * (NODE_BYTES + WALK_NODE_BYTES + 16) + treeBlockWords(nodes) * 4 + blocks * RADIX_BUCKETS * 8;
}

/** Words of the build's block totals: one per 64 nodes of a level, for every level (tree.wgsl reads the stride as length / 17). */
function treeBlockWords(nodeCapacity: number): number {
  return LEVELS * Math.ceil(nodeCapacity / TREE_BLOCK);
}

export class GravityGPU {
  readonly scope: ResourceScope;
  /** bodies in Morton order after each step: vec4 (x, y, mass, id) — what a renderer draws */
  readonly pm: GPUBuffer;
  /** vec4 (vx, vy, ax, ay) per body, same order as pm */
  readonly va: GPUBuffer;
  /** the quadtree: 8 words per node (lo, hi, first, count, mass, Σm·x, Σm·y, level) */
  readonly nodes: GPUBuffer;
  /** what the walk reads of each node (WalkNode in shaders/gravity/common.wgsl): centre of mass, mass, quadrupole, link, shape */
  readonly walkNodes: GPUBuffer;
  /** level_start[0..17]: first node of each level; [17] = node count */
  readonly levelStart: GPUBuffer;
  /** ordered-u32 (min x, min y, max x, max y) of the last key pass */
  readonly bounds: GPUBuffer;
  /** sorted Morton keys and the input index of each sorted slot */
  readonly keys: GPUBuffer;
  readonly vals: GPUBuffer;
  /** force terms each body's walk evaluated (u32 per body) */
  readonly work: GPUBuffer;
  readonly maxBodies: number;
  readonly leafCapacity: number;
  readonly nodeCapacity: number;
  /** levels whose bound needs more workgroups than this are dispatched indirectly (GravityGPUOptions.directLevelWorkgroups, capped) */
  readonly directLevelWorkgroups: number;
  private kind: WalkKind = "thread";
  private n = 0;
  private params: GravityParams;
  private external: ExternalMass | null = null;
  private b: ReturnType<GravityGPU["allocate"]>;
  private groups: ReturnType<GravityGPU["bindAll"]>;

  private constructor(
    readonly device: GPUDevice,
    scope: ResourceScope,
    private pipes: Pipes,
    opts: GravityGPUOptions
  ) {
    this.scope = scope;
    this.maxBodies = opts.maxBodies;
    this.leafCapacity = opts.leafCapacity ?? GRAVITY_DEFAULTS.leafCapacity;
    this.params = {...GRAVITY_DEFAULTS, leafCapacity: this.leafCapacity};
    this.nodeCapacity = maxNodes(Math.max(this.maxBodies, 1), this.leafCapacity);
    this.directLevelWorkgroups = Math.min(opts.directLevelWorkgroups ?? DIRECT_LEVEL_WORKGROUPS, device.limits.maxComputeWorkgroupsPerDimension);
    this.b = this.allocate();
    this.pm = this.b.pm;
    this.va = this.b.va;
    this.nodes = this.b.nodes;
    this.walkNodes = this.b.walkNodes;
    this.levelStart = this.b.levelStart;
    this.bounds = this.b.bounds;
    this.keys = this.b.keysA;
    this.vals = this.b.valsA;
    this.work = this.b.work;
    this.groups = this.bindAll();
    if (pipes.walk_subgroup) this.kind = "subgroup";
    this.writeParams();
  }

  /**
   * Compiles (or reuses) the kernels and allocates every buffer once, in one child scope of
   * `parentScope`. Errors: RangeError for maxBodies outside 1..16,777,216, leafCapacity < 1,
   * an unknown walk or a negative or fractional directLevelWorkgroups.
   */
  static async create(device: GPUDevice, parentScope: ResourceScope, wgsl: WGSLLoader, opts: GravityGPUOptions): Promise<GravityGPU> {
    if (!(Number.isInteger(opts.maxBodies) && opts.maxBodies >= 1 && opts.maxBodies <= MAX_BODIES))
      throw new RangeError(`maxBodies must be an integer in 1..${MAX_BODIES}, got ${opts.maxBodies}`);
    if (opts.leafCapacity !== undefined && !(Number.isInteger(opts.leafCapacity) && opts.leafCapacity >= 1))
      throw new RangeError(`leafCapacity must be an integer ≥ 1, got ${opts.leafCapacity}`);
    if (opts.walk !== undefined && opts.walk !== "thread" && opts.walk !== "subgroup")
      throw new RangeError(`walk must be "thread" or "subgroup", got ${String(opts.walk)}`);
    const d = opts.directLevelWorkgroups;
    if (d !== undefined && !(d >= 0 && (Number.isInteger(d) || d === Number.POSITIVE_INFINITY)))
      throw new RangeError(`directLevelWorkgroups must be an integer ≥ 0 (or Infinity), got ${d}`);
    const [pipes, sub] = await Promise.all([
      compile(device, wgsl),
      (opts.walk ?? GRAVITY_DEFAULT_WALK) === "subgroup" && supportsSubgroupWalk(device) ? compileSubgroupWalk(device, wgsl) : null,
    ]);
    if (sub) pipes.walk_subgroup = sub;
    const scope = parentScope.child(device);
    try {
      return new GravityGPU(device, scope, pipes, opts);
    } catch (e) {
      scope.dispose();
      throw e;
    }
  }

  private allocate() {
    const s = this.scope;
    const n = Math.max(this.maxBodies, 1);
    const blocks = Math.ceil(n / WG);
    const histLen = RADIX_BUCKETS * blocks;
    const buf = (label: string, size: number, usage = STORAGE_RW) => s.buffer({label, size, usage});
    const u32 = (label: string, value: number) => {
      const u = s.buffer({label, size: 16, usage: Usage.UNIFORM | Usage.COPY_DST});
      this.device.queue.writeBuffer(u, 0, new Uint32Array([value, 0, 0, 0]));
      return u;
    };
    return {
      params: s.buffer({label: "gravity-params", size: 48, usage: Usage.UNIFORM | Usage.COPY_DST}),
      pm: buf("pm", n * 16),
      va: buf("va", n * 16),
      pmB: buf("pm-b", n * 16),
      vaB: buf("va-b", n * 16),
      keysA: buf("keys-a", n * 4),
      valsA: buf("vals-a", n * 4),
      keysB: buf("keys-b", n * 4),
      valsB: buf("vals-b", n * 4),
      bounds: buf("bounds", 16),
      hist: buf("radix-hist", histLen * 4),
      radixOffsets: buf("radix-offsets", (histLen + 1) * 4),
      radixLen: buf("radix-len", 4),
      scanSums: buf("scan-sums", Math.ceil(histLen / SCAN_BLOCK) * 4),
      nodes: buf("nodes", this.nodeCapacity * NODE_BYTES),
      walkNodes: buf("walk-nodes", this.nodeCapacity * WALK_NODE_BYTES),
      levelStart: buf("level-start", (LEVELS + 1) * 4),
      split: buf("node-split", this.nodeCapacity * 16),
      treeTotals: buf("tree-block-totals", treeBlockWords(this.nodeCapacity) * 4, STORAGE_RW | Usage.COPY_DST),
      // level L's workgroup count at word 3L of indirect[L % 2], for the levels dispatched indirectly: a dispatch cannot read its own arguments from a buffer it writes
      indirect: [0, 1].map((k) => buf(`indirect-${k}`, 3 * LEVELS * 4, Usage.STORAGE | Usage.INDIRECT | Usage.COPY_SRC)),
      work: buf("work", n * 4),
      levelU: Array.from({length: LEVELS}, (_, L) => u32(`level-${L}`, L)),
      shiftU: Array.from({length: RADIX_PASSES}, (_, p) => u32(`radix-shift-${p}`, p * RADIX_BITS)),
      blocks,
    };
  }

  private bindAll() {
    const b = this.b;
    const group = (entry: string, buffers: GPUBuffer[]) =>
      this.device.createBindGroup({
        label: entry,
        layout: this.pipes[entry].getBindGroupLayout(0),
        entries: buffers.map((buffer, binding) => ({binding, resource: {buffer}})),
      });
    const radix = b.shiftU.map((shift, p) => {
      const [ki, vi, ko, vo] = p % 2 === 0 ? [b.keysA, b.valsA, b.keysB, b.valsB] : [b.keysB, b.valsB, b.keysA, b.valsA];
      return group("radix_count", [b.params, shift, ki, vi, b.hist, b.radixOffsets, ko, vo]);
    });
    return {
      keys: group("bounds_clear", [b.params, b.pm, b.bounds, b.keysA, b.valsA]),
      radix,
      scanRadix: group("scan_local", [b.radixLen, b.hist, b.radixOffsets, b.scanSums]),
      permute: group("permute", [b.params, b.valsA, b.pm, b.va, b.pmB, b.vaB]),
      treeInit: group("tree_init", [b.params, b.levelU[0], b.keysA, b.nodes, b.levelStart, b.split, b.treeTotals, b.indirect[0]]),
      // tree_level over level L writes level L + 1's arguments
      tree: b.levelU.map((u, L) => group("tree_level", [b.params, u, b.keysA, b.nodes, b.levelStart, b.split, b.treeTotals, b.indirect[(L + 1) % 2]])),
      com: b.levelU.map((u) => group("com_level", [b.params, u, b.pm, b.nodes, b.levelStart, b.walkNodes])),
      walk: group("walk", [b.params, b.pm, b.va, b.walkNodes, b.bounds, b.work]),
      walkSubgroup: this.pipes.walk_subgroup ? group("walk_subgroup", [b.params, b.pm, b.va, b.walkNodes, b.bounds, b.work]) : null,
      direct: group("direct", [b.params, b.pm, b.va]),
      integrate: group("kick_drift", [b.params, b.pm, b.va]),
    };
  }

  /** The walk that runs: "subgroup" only when asked for and the device has 'subgroups'. */
  get walkKind(): WalkKind {
    return this.kind;
  }

  /**
   * Switches the walk (compiling the subgroup kernel on first use); resolves to the walk that
   * now runs: "thread" when "subgroup" is asked of a device without 'subgroups'.
   */
  async setWalk(kind: WalkKind, wgsl: WGSLLoader): Promise<WalkKind> {
    if (kind !== "thread" && kind !== "subgroup") throw new RangeError(`walk must be "thread" or "subgroup", got ${String(kind)}`);
    if (kind === "subgroup" && supportsSubgroupWalk(this.device)) {
      if (!this.pipes.walk_subgroup) {
        this.pipes.walk_subgroup = await compileSubgroupWalk(this.device, wgsl);
        this.groups = this.bindAll();
      }
      this.kind = "subgroup";
    } else this.kind = "thread";
    return this.kind;
  }

  /** Current body count. */
  get count() {
    return this.n;
  }

  /** The parameters in use (a copy). */
  get parameters(): GravityParams {
    return {...this.params};
  }

  private writeParams() {
    const p = this.params;
    const buf = new ArrayBuffer(48);
    // the 4th word is `zero`: always 0, read at run time so com.wgsl can keep products from fusing
    new Uint32Array(buf, 0, 4).set([this.n, this.leafCapacity, Math.max(1, Math.ceil(this.n / WG)), 0]);
    const e = this.external;
    new Float32Array(buf, 16, 8).set([p.G, p.softening * p.softening, p.theta * p.theta, p.dt, e?.x ?? 0, e?.y ?? 0, e?.m ?? 0, 0]);
    this.device.queue.writeBuffer(this.b.params, 0, buf);
    this.device.queue.writeBuffer(this.b.radixLen, 0, new Uint32Array([RADIX_BUCKETS * Math.ceil(this.n / WG)]));
  }

  /**
   * Sets G, softening, dt and θ (leafCapacity is fixed at create). Errors: RangeError for
   * dt ≤ 0, softening < 0, θ < 0 or a non-finite value.
   */
  setParams(p: Partial<Omit<GravityParams, "leafCapacity">>) {
    const next = {...this.params, ...p, leafCapacity: this.leafCapacity};
    if (![next.G, next.softening, next.dt, next.theta].every(Number.isFinite) || !(next.dt > 0 && next.softening >= 0 && next.theta >= 0))
      throw new RangeError(
        `gravity parameters must be finite with dt > 0, softening ≥ 0, theta ≥ 0 (got dt ${next.dt}, softening ${next.softening}, theta ${next.theta})`
      );
    this.params = next;
    this.writeParams();
  }

  /** An external point mass pulling every body (the galaxy's perturber); null removes it. */
  setExternal(ext: ExternalMass | null) {
    if (ext && ![ext.x, ext.y, ext.m].every(Number.isFinite)) throw new RangeError("the external mass needs finite x, y and m");
    this.external = ext;
    this.writeParams();
  }

  /**
   * Uploads bodies (ids as float32, exact below 2^24) and computes their first accelerations
   * (one submit; method "none" skips them: for tests of single passes), so the next `step` can kick. Errors: RangeError for too many or non-finite bodies.
   */
  setBodies(b: Bodies, method: "barnes-hut" | "direct" | "none" = "barnes-hut") {
    if (b.n > this.maxBodies) throw new RangeError(`${b.n} bodies, this pipeline was sized for ${this.maxBodies}`);
    checkBodies(b);
    this.n = b.n;
    const {pm, va} = packBodies(b);
    this.device.queue.writeBuffer(this.pm, 0, pm);
    this.device.queue.writeBuffer(this.va, 0, va);
    this.writeParams();
    if (method === "none") return;
    const enc = this.device.createCommandEncoder({label: "gravity-first-forces"});
    if (method === "direct") this.encodeDirect(enc);
    else this.encodeForces(enc);
    this.device.queue.submit([enc.finish()]);
  }

  private pass(enc: GPUCommandEncoder, label: string, timer?: PassTimestamps) {
    return enc.beginComputePass({label, timestampWrites: timer?.writes(label)});
  }

  private scan(pass: GPUComputePassEncoder, group: GPUBindGroup, blocks: number | [GPUBuffer, number]) {
    pass.setBindGroup(0, group);
    const dispatch = () => (Array.isArray(blocks) ? pass.dispatchWorkgroupsIndirect(blocks[0], blocks[1]) : pass.dispatchWorkgroups(blocks));
    pass.setPipeline(this.pipes.scan_local);
    dispatch();
    pass.setPipeline(this.pipes.scan_sums);
    pass.dispatchWorkgroups(1);
    pass.setPipeline(this.pipes.scan_add);
    dispatch();
  }

  /** keys: bounds and Morton keys (3 dispatches). */
  encodeKeys(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const pass = this.pass(enc, "keys", timer);
    pass.setBindGroup(0, this.groups.keys);
    pass.setPipeline(this.pipes.bounds_clear);
    pass.dispatchWorkgroups(1);
    pass.setPipeline(this.pipes.bounds_reduce);
    pass.dispatchWorkgroups(Math.ceil(this.n / WG));
    pass.setPipeline(this.pipes.keys_compute);
    pass.dispatchWorkgroups(Math.ceil(this.n / WG));
    pass.end();
  }

  /** sort: the radix sort of (keys, vals) in place (8 passes × 5 dispatches). */
  encodeSort(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const blocks = Math.ceil(this.n / WG);
    const pass = this.pass(enc, "sort", timer);
    for (let p = 0; p < RADIX_PASSES; p++) {
      pass.setBindGroup(0, this.groups.radix[p]);
      pass.setPipeline(this.pipes.radix_count);
      pass.dispatchWorkgroups(blocks);
      this.scan(pass, this.groups.scanRadix, Math.ceil((RADIX_BUCKETS * blocks) / SCAN_BLOCK));
      pass.setBindGroup(0, this.groups.radix[p]);
      pass.setPipeline(this.pipes.radix_scatter);
      pass.dispatchWorkgroups(blocks);
    }
    pass.end();
  }

  /** permute: bodies gathered into sorted order, then copied back (1 dispatch + 2 copies). */
  encodePermute(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const pass = this.pass(enc, "permute", timer);
    pass.setBindGroup(0, this.groups.permute);
    pass.setPipeline(this.pipes.permute);
    pass.dispatchWorkgroups(Math.ceil(this.n / WG));
    pass.end();
    enc.copyBufferToBuffer(this.b.pmB, 0, this.pm, 0, this.n * 16);
    enc.copyBufferToBuffer(this.b.vaB, 0, this.va, 0, this.n * 16);
  }

  /** Level L's dispatch: direct over its bound (`groups[L]` workgroups) up to directLevelWorkgroups, else indirect. */
  private dispatchLevel(pass: GPUComputePassEncoder, groups: number[], L: number) {
    if (groups[L] <= this.directLevelWorkgroups) pass.dispatchWorkgroups(groups[L]);
    else pass.dispatchWorkgroupsIndirect(this.b.indirect[L % 2], 12 * L);
  }

  /**
   * build: the tree level by level, each level dispatched over a bound on its size from the
   * body count (indirectly past directLevelWorkgroups; a buffer clear, then 1 + 16 dispatches).
   */
  encodeBuild(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const g = this.groups;
    const groups = levelWorkgroupBounds(this.n, this.leafCapacity);
    enc.clearBuffer(this.b.treeTotals);
    const pass = this.pass(enc, "build", timer);
    pass.setBindGroup(0, g.treeInit);
    pass.setPipeline(this.pipes.tree_init);
    pass.dispatchWorkgroups(1);
    pass.setPipeline(this.pipes.tree_level);
    for (let L = 0; L < MAX_LEVEL; L++) {
      pass.setBindGroup(0, g.tree[L]);
      this.dispatchLevel(pass, groups, L);
    }
    pass.end();
  }

  /** com: masses and weighted positions, deepest levels first, two levels a dispatch (levels 16 + 15, …, 2 + 1, then the root: 9 dispatches, each over its level's bound as the build's). */
  encodeCentreOfMass(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const groups = levelWorkgroupBounds(this.n, this.leafCapacity);
    const pass = this.pass(enc, "com", timer);
    pass.setPipeline(this.pipes.com_pair);
    let L = MAX_LEVEL - 1;
    for (; L >= 1; L -= 2) {
      pass.setBindGroup(0, this.groups.com[L]);
      this.dispatchLevel(pass, groups, L);
    }
    pass.setPipeline(this.pipes.com_level);
    for (L += 1; L >= 0; L--) {
      pass.setBindGroup(0, this.groups.com[L]);
      this.dispatchLevel(pass, groups, L);
    }
    pass.end();
  }

  /** walk: Barnes–Hut accelerations into va.zw and term counts into `work` (1 dispatch; the walk of `walkKind`). */
  encodeWalk(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    const pass = this.pass(enc, "walk", timer);
    const sub = this.kind === "subgroup" && this.groups.walkSubgroup;
    pass.setBindGroup(0, sub || this.groups.walk);
    pass.setPipeline(sub ? this.pipes.walk_subgroup : this.pipes.walk);
    pass.dispatchWorkgroups(Math.ceil(this.n / WALK_WG));
    pass.end();
  }

  /** keys → sort → permute → build → com → walk: new accelerations at the current positions (bodies end in Morton order). */
  encodeForces(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    if (this.n === 0) return;
    this.encodeKeys(enc, timer);
    this.encodeSort(enc, timer);
    this.encodePermute(enc, timer);
    this.encodeBuild(enc, timer);
    this.encodeCentreOfMass(enc, timer);
    this.encodeWalk(enc, timer);
  }

  /** The exact O(N²) accelerations (tiled kernel) into va.zw, body order unchanged (1 dispatch). */
  encodeDirect(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    if (this.n === 0) return;
    const pass = this.pass(enc, "direct", timer);
    pass.setBindGroup(0, this.groups.direct);
    pass.setPipeline(this.pipes.direct);
    pass.dispatchWorkgroups(Math.ceil(this.n / WG));
    pass.end();
  }

  private encodeIntegrate(enc: GPUCommandEncoder, entry: "kick_drift" | "kick", label: string, timer?: PassTimestamps) {
    const pass = this.pass(enc, label, timer);
    pass.setBindGroup(0, this.groups.integrate);
    pass.setPipeline(this.pipes[entry]);
    pass.dispatchWorkgroups(Math.ceil(this.n / WG));
    pass.end();
  }

  /** The first half of a leapfrog step alone (v += a·dt/2; x += v·dt): for pipelines that add their own forces between the halves. */
  encodeKickDrift(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    if (this.n > 0) this.encodeIntegrate(enc, "kick_drift", "integrate", timer);
  }

  /** The second half kick alone (v += a·dt/2), with whatever accelerations va.zw holds. */
  encodeKick(enc: GPUCommandEncoder, timer?: PassTimestamps) {
    if (this.n > 0) this.encodeIntegrate(enc, "kick", "kick", timer);
  }

  /**
   * Shrinks (or restores) the number of bodies the passes cover, without uploading: for a
   * pipeline that compacts the buffers on the GPU (components/dust/gpu.ts), which learns the
   * new count later. Errors: RangeError outside 0..maxBodies.
   */
  setCount(n: number) {
    if (!(Number.isInteger(n) && n >= 0 && n <= this.maxBodies)) throw new RangeError(`body count must be an integer in 0..${this.maxBodies}, got ${n}`);
    this.n = n;
    this.writeParams();
  }

  /** One leapfrog step (kick–drift, forces, kick) recorded into `enc`; the caller submits. */
  encodeStep(enc: GPUCommandEncoder, timer?: PassTimestamps, method: "barnes-hut" | "direct" = "barnes-hut") {
    if (this.n === 0) return;
    this.encodeIntegrate(enc, "kick_drift", "integrate", timer);
    if (method === "direct") this.encodeDirect(enc, timer);
    else this.encodeForces(enc, timer);
    this.encodeIntegrate(enc, "kick", "kick", timer);
  }

  /** `steps` leapfrog steps in one submit. */
  step(steps = 1, timer?: PassTimestamps, method: "barnes-hut" | "direct" = "barnes-hut") {
    const enc = this.device.createCommandEncoder({label: "gravity-step"});
    for (let s = 0; s < steps; s++) this.encodeStep(enc, timer, method);
    this.device.queue.submit([enc.finish()]);
  }

  /** Reads the bodies (current order) and their last accelerations. For tests, diagrams and the energy read-out. */
  async readBodies(): Promise<Bodies & {ax: Float32Array; ay: Float32Array}> {
    const n = this.n;
    const [pmBytes, vaBytes] = await readBuffers(this.device, [
      {buffer: this.pm, size: n * 16},
      {buffer: this.va, size: n * 16},
    ]);
    const pm = new Float32Array(pmBytes),
      va = new Float32Array(vaBytes);
    const out = {...allocBodies(n), ax: new Float32Array(n), ay: new Float32Array(n)};
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

  /** Reads the sorted keys, the sort's permutation, the bounds (ordered u32) and per-body term counts. */
  async readSort(): Promise<{keys: Uint32Array; vals: Uint32Array; bounds: Uint32Array; work: Uint32Array}> {
    const n = this.n;
    const [k, v, b, w] = await readBuffers(this.device, [
      {buffer: this.keys, size: n * 4},
      {buffer: this.vals, size: n * 4},
      {buffer: this.bounds, size: 16},
      {buffer: this.work, size: n * 4},
    ]);
    return {keys: new Uint32Array(k), vals: new Uint32Array(v), bounds: new Uint32Array(b), work: new Uint32Array(w)};
  }

  /** Reads the tree into the twin's layout (QuadTree), for tests and drawing. */
  async readTree(): Promise<QuadTree> {
    const [ls] = await readBuffers(this.device, [{buffer: this.levelStart, size: (LEVELS + 1) * 4}]);
    const levelStart = new Uint32Array(ls);
    const count = levelStart[LEVELS];
    const [nb] = await readBuffers(this.device, [{buffer: this.nodes, size: count * NODE_BYTES}]);
    const u = new Uint32Array(nb),
      f = new Float32Array(nb);
    const t: QuadTree = {
      numNodes: count,
      levelStart,
      lo: new Uint32Array(count),
      hi: new Uint32Array(count),
      firstChild: new Uint32Array(count),
      childCount: new Uint32Array(count),
      level: new Uint32Array(count),
      mass: new Float32Array(count),
      mx: new Float32Array(count),
      my: new Float32Array(count),
    };
    for (let j = 0; j < count; j++) {
      const o = 8 * j;
      t.lo[j] = u[o];
      t.hi[j] = u[o + 1];
      t.firstChild[j] = u[o + 2];
      t.childCount[j] = u[o + 3];
      t.mass[j] = f[o + 4];
      t.mx[j] = f[o + 5];
      t.my[j] = f[o + 6];
      t.level[j] = u[o + 7];
    }
    return t;
  }

  /** Releases every buffer (disposes this pipeline's child scope; idempotent). */
  dispose() {
    this.scope.dispose();
  }
}
