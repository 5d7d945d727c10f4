/**
 * Gravity in 3D (components/gravity3d/gpu.ts) as pipelines of the benchmark harness: one full
 * octree step (integrate, keys, sort, permute, build, com, walk, kick) of a Plummer sphere at
 * N bodies, one spec per opening angle (GRAVITY3_BENCH_THETAS: θ 0.3, 0.5, 0.8), each pass
 * timed by its label, so a row splits the step into build, sort and walk.
 *
 *   npm run bench -- --pipelines gravity3d --counts 100000,1000000
 *   npm run bench -- --pipelines gravity3d-direct --counts 100000,1000000   (the exact O(N²) step)
 *
 * The twin check (before timing): at 4,000 bodies the GPU's sorted keys, permutation, and
 * every node (ranges, children, float32 sums) equal the CPU twin's exactly, and the walk's
 * accelerations lie within 1e-4 of the RMS of the twin walk's. Node only.
 */
import {GRAVITY3_GPU_WALK, Gravity3GPU, GRAVITY3_PHASES, gravity3BufferBytes, MAX_BODIES3, type Walk3Kind, type Walk3Variant} from "../gravity3d/gpu.js";
import {type Bodies3, GRAVITY3_BUILD, GRAVITY3_UNNAMED_BUILD, type Gravity3Build} from "../gravity3d/bodies.js";
import {buildBarnesHut3, direct3, forceErrors3, nodeSlots, plummer3Scene, walk3Twin, walkSubgroup3Twin} from "../gravity3d/twin.js";
import type {PipelineSpec} from "./pipelines.js";

const GRAVITY3_CHECK_BODIES = 4000;
export const GRAVITY3_BENCH_THETAS = [0.3, 0.5, 0.8] as const;
/** The runs of `--pipelines gravity3d`: the per-thread walk at each θ, and the subgroup walk at θ 0.5 (where the device has subgroups). */
export const GRAVITY3_BENCH_RUNS: {theta: number; walk: Walk3Kind}[] = [
  ...GRAVITY3_BENCH_THETAS.map((theta) => ({theta, walk: "thread" as const})),
  {theta: 0.5, walk: "subgroup"},
];

/**
 * The GPU octree and walk of `g` against the twin at GRAVITY3_CHECK_BODIES bodies: `ok` when the
 * sort and every node equal the twin's and the walk lies within `tolerance` of the RMS of the
 * per-thread twin's accelerations. Also reported (not part of `ok`): the walk's relative force
 * error against the exact O(N²) sum (median, p99, max), and, given `groupSize` (the subgroup
 * size, where it is fixed), the GPU walk against walkSubgroup3Twin in groups of that size.
 */
async function gravity3TwinCheck(g: Gravity3GPU, theta: number, tolerance = 1e-4, groupSize?: number) {
  const b = plummer3Scene(GRAVITY3_CHECK_BODIES, 11);
  g.setParams({theta});
  g.setBodies(b);
  const [gpu, tree, sort] = [await g.readBodies(), await g.readTree(), await g.readSort()];
  const twin = buildBarnesHut3(b, {leafCapacity: g.leafCapacity, theta});
  let sortSame = true;
  for (let i = 0; sortSame && i < b.n; i++) sortSame = sort.keys[i] === twin.sortedKeys[i] && sort.vals[i] === twin.order[i];
  let differing = 0,
    nodes = 0;
  const t = twin.tree;
  for (const [j] of nodeSlots(t)) {
    nodes++;
    if (
      tree.lo[j] !== t.lo[j] ||
      tree.hi[j] !== t.hi[j] ||
      tree.first[j] !== t.first[j] ||
      tree.kids[j] !== t.kids[j] ||
      tree.mass[j] !== t.mass[j] ||
      tree.sx[j] !== t.sx[j] ||
      tree.sy[j] !== t.sy[j] ||
      tree.sz[j] !== t.sz[j]
    )
      differing++;
  }
  const w = walk3Twin(twin.walk, twin.sorted.x, twin.sorted.y, twin.sorted.z, twin.sorted.m, g.parameters.G, g.parameters.softening);
  let rms = 0,
    worst = 0;
  for (let i = 0; i < b.n; i++) rms += w.ax[i] ** 2 + w.ay[i] ** 2 + w.az[i] ** 2;
  rms = Math.sqrt(rms / b.n);
  for (let i = 0; i < b.n; i++) worst = Math.max(worst, Math.hypot(gpu.ax[i] - w.ax[i], gpu.ay[i] - w.ay[i], gpu.az[i] - w.az[i]) / rms);
  const exact = direct3(twin.sorted, g.parameters.G, g.parameters.softening);
  const e = forceErrors3(gpu, exact);
  const p3 = (v: number) => Number(v.toPrecision(3));
  let subgroupTwin: {groupSize: number; walkMaxErrorOfRms: number; sameTerms: number} | null = null;
  if (groupSize && groupSize >= 1) {
    const sg = walkSubgroup3Twin(twin.walk, twin.sorted.x, twin.sorted.y, twin.sorted.z, twin.sorted.m, g.parameters.G, g.parameters.softening, groupSize);
    let sgRms = 0,
      sgWorst = 0,
      same = 0;
    for (let i = 0; i < b.n; i++) sgRms += sg.ax[i] ** 2 + sg.ay[i] ** 2 + sg.az[i] ** 2;
    sgRms = Math.sqrt(sgRms / b.n);
    for (let i = 0; i < b.n; i++) {
      sgWorst = Math.max(sgWorst, Math.hypot(gpu.ax[i] - sg.ax[i], gpu.ay[i] - sg.ay[i], gpu.az[i] - sg.az[i]) / sgRms);
      if (gpu.terms[i] === sg.terms[i]) same++;
    }
    subgroupTwin = {groupSize, walkMaxErrorOfRms: p3(sgWorst), sameTerms: p3(same / b.n)};
  }
  let terms = 0;
  for (let i = 0; i < b.n; i++) terms += gpu.terms[i];
  return {
    bodies: b.n,
    nodes,
    sortEqualsTwin: sortSame,
    differingNodes: differing,
    walkMaxErrorOfRms: p3(worst),
    forceError: {median: p3(e.median), p99: p3(e.p99), max: p3(e.max)},
    meanTerms: Math.round(terms / b.n),
    subgroupTwin,
    ok: sortSame && differing === 0 && worst < tolerance,
  };
}

/** Bytes of a body: pos, vel, acc (16 B each). */
const BODY_BYTES = 48;

/** The subgroup size of `device` where the adapter reports one fixed size (the lanes that vote together), else undefined. */
function fixedSubgroupSize(device: GPUDevice): number | undefined {
  const info = (device as GPUDevice & {adapterInfo?: {subgroupMinSize?: number; subgroupMaxSize?: number}}).adapterInfo;
  const min = info?.subgroupMinSize,
    max = info?.subgroupMaxSize;
  return min && min === max ? min : undefined;
}

export type {Gravity3Build};

/** Gravity3GPU's defaults (GRAVITY3_BUILD: 5-bit digits, 3 dispatches a level). */
const GRAVITY3_DEFAULT_BUILD: Gravity3Build = GRAVITY3_BUILD;

/**
 * The words a row's scene adds for its sort and build (", 5-bit sort, 3-dispatch build"); "" for
 * GRAVITY3_UNNAMED_BUILD, the build of every row measured before the options existed, so that
 * committed rows keep meaning what they meant (step3Rows reads the words back).
 */
export function buildScene(build: Gravity3Build): string {
  const d = GRAVITY3_UNNAMED_BUILD;
  if (build.sortDigitBits === d.sortDigitBits && build.buildLevelDispatches === d.buildLevelDispatches) return "";
  return `, ${build.sortDigitBits}-bit sort, ${build.buildLevelDispatches}-dispatch build`;
}

/**
 * The harness spec of the 3D step at opening angle θ. `variant` (subgroup walk only): its kernel,
 * workgroup size and leaf capacity (default GRAVITY3_GPU_WALK for the subgroup walk, leaf capacity
 * GRAVITY3_DEFAULTS' for the per-thread one); `name` "gravity3d-variants" for the variant runs;
 * `build`: the sort's digit width and the build's dispatches a level (default GRAVITY3_DEFAULT_BUILD).
 */
export function gravity3dSpec(
  theta: number,
  walk: Walk3Kind = "thread",
  variant: Walk3Variant | null = walk === "subgroup" ? GRAVITY3_GPU_WALK : null,
  name: "gravity3d" | "gravity3d-variants" = "gravity3d",
  build: Gravity3Build = GRAVITY3_DEFAULT_BUILD
): PipelineSpec<Bodies3> {
  const opts = {
    walk,
    ...(variant ? {leafCapacity: variant.leafCapacity, walkKernel: variant.kernel, walkWorkgroup: variant.workgroup} : {}),
    ...build,
  };
  return {
    name,
    checkCap: GRAVITY3_CHECK_BODIES,
    memory: (n) => {
      const bytes = (count: number) => gravity3BufferBytes(count, undefined, build.sortDigitBits);
      return {largestBuffer: Math.max(n * 16, bytes(n) / 3), total: bytes(Math.max(n, GRAVITY3_CHECK_BODIES))};
    },
    compulsoryBytes: (n) => ({bytes: 8 * n * BODY_BYTES, formula: "8 × 48 B × N (integrate, keys, permute, walk, kick: each body read or written)"}),
    scene: (n) => plummer3Scene(n, 1),
    async create(ctx, input) {
      const g = await Gravity3GPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxBodies: Math.max(1, input.n), ...opts});
      g.setParams({theta});
      g.setBodies(input);
      const how = g.walkKind === "subgroup" ? ` (${g.walkKernel} kernel, workgroup ${g.walkWorkgroup})` : "";
      return {
        particles: input.n,
        scene: `Plummer sphere (plummer3Scene(n, 1)), θ = ${theta}, leaf capacity ${g.leafCapacity}, ${g.walkKind} walk${how}${buildScene(build)}`,
        passes: GRAVITY3_PHASES.map((label) => ({
          label,
          encode: () => {
            throw new TypeError("gravity3d's passes are recorded by encodeStep");
          },
        })),
        encodeStep: (enc, timer) => g.encodeStep(enc, timer),
        dispose: () => g.dispose(),
      };
    },
    async check(ctx, _checkN, benchCount) {
      const g = await Gravity3GPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxBodies: GRAVITY3_CHECK_BODIES, ...opts});
      // the subgroup walk opens more cells than the per-thread twin: its forces differ by its (smaller) approximation error
      const tolerance = g.walkKind === "subgroup" ? 5e-2 : 1e-4; // the subgroup kernel = its own twin: tests/unit/gravity3d-subgroup.test.ts
      try {
        const sg = g.walkKind === "subgroup" ? fixedSubgroupSize(ctx.device) : undefined;
        const c = await gravity3TwinCheck(g, theta, tolerance, sg);
        return {
          ok: c.ok,
          what: `at ${c.bodies.toLocaleString("en-US")} bodies (Plummer sphere, θ ${theta}, leaf capacity ${g.leafCapacity}) for a ${benchCount.toLocaleString("en-US")}-body run: sorted keys, permutation and all ${c.nodes} octree nodes equal the twin's exactly; walk error = max |a_GPU − a_twin| / RMS |a_twin| (${g.walkKind} walk against the per-thread twin)`,
          worst: c.walkMaxErrorOfRms,
          tolerance,
          detail: c.ok ? "" : `${c.differingNodes} differing nodes; sort equal: ${c.sortEqualsTwin}`,
          figures: {
            medianForceError: c.forceError.median,
            p99ForceError: c.forceError.p99,
            maxForceError: c.forceError.max,
            meanTerms: c.meanTerms,
            ...(c.subgroupTwin
              ? {
                  subgroupTwinGroupSize: c.subgroupTwin.groupSize,
                  subgroupTwinMaxErrorOfRms: c.subgroupTwin.walkMaxErrorOfRms,
                  subgroupTwinSameTerms: c.subgroupTwin.sameTerms,
                }
              : {}),
          },
        };
      } finally {
        g.dispose();
      }
    },
  };
}

/**
 * The cooperative walk's variants that one run of `--pipelines gravity3d-variants` compares at θ 0.5
 * (each twin-checked like the gravity3d rows, its force error against the exact sum in `check.figures`):
 * the kernel (every cell through the stack, or the first child kept and the next node loaded early),
 * the leaf capacity (fewer cells to test, more bodies summed directly) and the workgroup size. The first
 * is the current default. The fastest becomes GRAVITY3_GPU_WALK (components/gravity3d/gpu.ts).
 */
export const GRAVITY3_WALK_VARIANTS: Walk3Variant[] = [
  {kernel: "stack", workgroup: 64, leafCapacity: 8},
  {kernel: "stack", workgroup: 64, leafCapacity: 16},
  {kernel: "stack", workgroup: 64, leafCapacity: 32},
  {kernel: "next", workgroup: 64, leafCapacity: 8},
  {kernel: "next", workgroup: 64, leafCapacity: 16},
  {kernel: "next", workgroup: 64, leafCapacity: 32},
  {kernel: "next", workgroup: 32, leafCapacity: 16},
  {kernel: "next", workgroup: 128, leafCapacity: 16},
  {kernel: "ranges", workgroup: 64, leafCapacity: 8},
  {kernel: "ranges", workgroup: 64, leafCapacity: 16},
  {kernel: "ranges", workgroup: 128, leafCapacity: 16},
  {kernel: "ranges", workgroup: 64, leafCapacity: 24},
  {kernel: "stack", workgroup: 64, leafCapacity: 24},
];

/**
 * The sort and build options that one run of `--pipelines gravity3d-variants` compares at θ 0.5, each
 * with the stack kernel, leaf capacity 16, workgroups of 64: 4- or 5-bit digits (40 or 30 sort
 * dispatches) × 5 or 3 dispatches a level (51 or 31 build dispatches). Off by default in Gravity3GPU
 * until this run says which is faster; the first is the default, the same row as that walk variant's.
 */
export const GRAVITY3_BUILD_VARIANTS: (Walk3Variant & Gravity3Build)[] = [
  {kernel: "stack", workgroup: 64, leafCapacity: 16, sortDigitBits: 4, buildLevelDispatches: 5},
  {kernel: "stack", workgroup: 64, leafCapacity: 16, sortDigitBits: 5, buildLevelDispatches: 5},
  {kernel: "stack", workgroup: 64, leafCapacity: 16, sortDigitBits: 4, buildLevelDispatches: 3},
  {kernel: "stack", workgroup: 64, leafCapacity: 16, sortDigitBits: 5, buildLevelDispatches: 3},
];

const sameWalk = (a: Walk3Variant, b: Walk3Variant) => a.kernel === b.kernel && a.workgroup === b.workgroup && a.leafCapacity === b.leafCapacity;

/**
 * The specs of `--pipelines gravity3d-variants` (with `--variants builds`: only the four
 * GRAVITY3_BUILD_VARIANTS, the default first), all the subgroup walk at θ 0.5: one per GRAVITY3_WALK_VARIANTS
 * entry (default build), then one per GRAVITY3_BUILD_VARIANTS entry, less a default build whose walk variant
 * already has its row (the same pipeline twice would be timed twice).
 */
export const gravity3VariantSpecs = (which: "all" | "builds" = "all"): PipelineSpec<Bodies3>[] =>
  which === "builds"
    ? GRAVITY3_BUILD_VARIANTS.map((v) =>
        gravity3dSpec(0.5, "subgroup", v, "gravity3d-variants", {sortDigitBits: v.sortDigitBits, buildLevelDispatches: v.buildLevelDispatches})
      )
    : [
        ...GRAVITY3_WALK_VARIANTS.map((v) => gravity3dSpec(0.5, "subgroup", v, "gravity3d-variants")),
        ...GRAVITY3_BUILD_VARIANTS.filter((v) => buildScene(v) !== "" || !GRAVITY3_WALK_VARIANTS.some((w) => sameWalk(w, v))).map((v) =>
          gravity3dSpec(0.5, "subgroup", v, "gravity3d-variants", {sortDigitBits: v.sortDigitBits, buildLevelDispatches: v.buildLevelDispatches})
        ),
      ];

/** Bodies of the direct step's twin check whose forces the CPU sums exactly (float64). */
export const GRAVITY3_DIRECT_SAMPLE = 256;
/** From this many bodies up, one O(N²) step takes a large part of a second on an H200: fewer frames (GRAVITY3_DIRECT_FRAMES). */
export const GRAVITY3_DIRECT_HEAVY = 300_000;
/** Frames per series and steps per frame of the direct step from GRAVITY3_DIRECT_HEAVY bodies up (10^12 pair terms a step at 1M). */
export const GRAVITY3_DIRECT_FRAMES = {reps: 3, substeps: 1} as const;
/** The direct step's tolerance: max |a_GPU − a_exact| (and |φ_GPU − φ_exact|) over the sample / their RMS (float32 sums of N terms). */
export const GRAVITY3_DIRECT_TOLERANCE = 1e-3;

/** `count` body indices of 0..n−1, evenly spaced from a seeded offset (all of them when n ≤ count). */
export function sampleIndices(n: number, count: number, seed = 1): Uint32Array {
  if (n <= count) return Uint32Array.from({length: n}, (_, i) => i);
  const step = n / count;
  const offset = (seed * 0.618034) % 1;
  return Uint32Array.from({length: count}, (_, k) => Math.min(n - 1, Math.floor((k + offset) * step)));
}

/**
 * How far `gpu`'s accelerations and potentials of the bodies `sample` lie from the exact sums
 * (direct3, float64): the largest of max |a_GPU − a_exact| / RMS |a_exact| and
 * max |φ_GPU − φ_exact| / RMS |φ_exact| over the sample (RMS over the sample), and the worst body in words.
 */
export function directDeviation3(
  b: Bodies3,
  gpu: {ax: ArrayLike<number>; ay: ArrayLike<number>; az: ArrayLike<number>; phi: ArrayLike<number>},
  sample: Uint32Array,
  G: number,
  softening: number
): {worst: number; detail: string} {
  const exact = direct3(b, G, softening, sample);
  let rmsA = 0,
    rmsPhi = 0;
  for (const i of sample) {
    rmsA += exact.ax[i] ** 2 + exact.ay[i] ** 2 + exact.az[i] ** 2;
    rmsPhi += exact.phi[i] ** 2;
  }
  rmsA = Math.sqrt(rmsA / Math.max(1, sample.length)) || 1;
  rmsPhi = Math.sqrt(rmsPhi / Math.max(1, sample.length)) || 1;
  let worst = 0,
    detail = "";
  for (const i of sample) {
    const da = Math.hypot(gpu.ax[i] - exact.ax[i], gpu.ay[i] - exact.ay[i], gpu.az[i] - exact.az[i]) / rmsA;
    const dp = Math.abs(gpu.phi[i] - exact.phi[i]) / rmsPhi;
    const d = Math.max(da, dp);
    if (!(d <= worst)) {
      worst = Number.isFinite(d) ? d : Infinity;
      detail = `body ${i}: acceleration off by ${da.toPrecision(3)}, potential by ${dp.toPrecision(3)} of the RMS`;
    }
  }
  return {worst, detail};
}

/**
 * The exact O(N²) step of the same Plummer sphere (integrate, direct, kick; shaders/gravity3d/direct.wgsl),
 * the ruler the octree step is measured against. Its twin check runs at the benchmark's own count: the GPU's
 * accelerations and potentials of GRAVITY3_DIRECT_SAMPLE bodies against direct3 (float64) for the same bodies,
 * within GRAVITY3_DIRECT_TOLERANCE of their RMS. From GRAVITY3_DIRECT_HEAVY bodies up the harness times
 * GRAVITY3_DIRECT_FRAMES (3 frames of one step; warm-ups as long as the run's).
 */
export function gravity3dDirectSpec(): PipelineSpec<Bodies3> {
  return {
    name: "gravity3d-direct",
    checkCap: MAX_BODIES3,
    memory: (n) => ({largestBuffer: Math.max(n * 16, gravity3BufferBytes(n) / 3), total: gravity3BufferBytes(n)}),
    compulsoryBytes: (n) => ({
      bytes: 4 * n * BODY_BYTES,
      formula: "4 × 48 B × N (integrate, direct, kick: each body read or written; the tiles' re-reads not counted)",
    }),
    scene: (n) => plummer3Scene(n, 1),
    frameLimits: (n) => (n >= GRAVITY3_DIRECT_HEAVY ? GRAVITY3_DIRECT_FRAMES : {}),
    async create(ctx, input) {
      const g = await Gravity3GPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxBodies: Math.max(1, input.n)});
      g.setBodies(input, "direct");
      return {
        particles: input.n,
        scene: "Plummer sphere (plummer3Scene(n, 1)), exact O(N²) sum (tiles of 256 bodies in workgroup memory), direct step",
        passes: ["integrate", "direct", "kick"].map((label) => ({
          label,
          encode: () => {
            throw new TypeError("gravity3d-direct's passes are recorded by encodeStep");
          },
        })),
        encodeStep: (enc, timer) => g.encodeStep(enc, timer, "direct"),
        dispose: () => g.dispose(),
      };
    },
    async check(ctx, checkN, benchCount) {
      const g = await Gravity3GPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxBodies: Math.max(1, checkN)});
      try {
        const b = plummer3Scene(checkN, 1);
        g.setBodies(b, "direct");
        const gpu = await g.readBodies();
        const sample = sampleIndices(checkN, GRAVITY3_DIRECT_SAMPLE);
        const {worst, detail} = directDeviation3(b, gpu, sample, g.parameters.G, g.parameters.softening);
        const ok = worst <= GRAVITY3_DIRECT_TOLERANCE;
        return {
          ok,
          what: `${sample.length} of ${checkN.toLocaleString("en-US")} bodies (evenly spaced, Plummer sphere) for a ${benchCount.toLocaleString("en-US")}-body run: max |a_GPU − a_exact| / RMS |a_exact| and the same for φ, against direct3 in float64`,
          worst: Number(worst.toPrecision(3)),
          tolerance: GRAVITY3_DIRECT_TOLERANCE,
          detail: ok ? "" : detail,
        };
      } finally {
        g.dispose();
      }
    },
  };
}
