/**
 * Gravity in 3D (components/gravity3d/gpu.ts) as pipelines of the benchmark harness: one full
 * octree step (integrate, keys, sort, permute, build, com, walk, kick) of a Plummer sphere at
 * N bodies, one spec per opening angle (GRAVITY3_BENCH_THETAS: θ 0.3, 0.5, 0.8), each pass
 * timed by its label, so a row splits the step into build, sort and walk.
 *
 *   npm run bench -- --pipelines gravity3d --counts 100000,1000000
 *
 * The twin check (before timing): at 4,000 bodies the GPU's sorted keys, permutation, and
 * every node (ranges, children, float32 sums) equal the CPU twin's exactly, and the walk's
 * accelerations lie within 1e-4 of the RMS of the twin walk's. Node only.
 */
import {Gravity3GPU, GRAVITY3_PHASES, gravity3BufferBytes, type Walk3Kind} from "../gravity3d/gpu.js";
import type {Bodies3} from "../gravity3d/bodies.js";
import {buildBarnesHut3, GRAVITY3_DEFAULTS, nodeSlots, plummer3Scene, walk3Twin} from "../gravity3d/twin.js";
import type {PipelineSpec} from "./pipelines.js";

export const GRAVITY3_CHECK_BODIES = 4000;
export const GRAVITY3_BENCH_THETAS = [0.3, 0.5, 0.8] as const;
/** The runs of `--pipelines gravity3d`: the per-thread walk at each θ, and the subgroup walk at θ 0.5 (where the device has subgroups). */
export const GRAVITY3_BENCH_RUNS: {theta: number; walk: Walk3Kind}[] = [
  ...GRAVITY3_BENCH_THETAS.map((theta) => ({theta, walk: "thread" as const})),
  {theta: 0.5, walk: "subgroup"},
];

/** The GPU octree and walk of `g` against the twin at GRAVITY3_CHECK_BODIES bodies. */
export async function gravity3TwinCheck(g: Gravity3GPU, theta: number, tolerance = 1e-4) {
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
  return {
    bodies: b.n,
    nodes,
    sortEqualsTwin: sortSame,
    differingNodes: differing,
    walkMaxErrorOfRms: Number(worst.toPrecision(3)),
    ok: sortSame && differing === 0 && worst < tolerance,
  };
}

/** Bytes of a body: pos, vel, acc (16 B each). */
const BODY_BYTES = 48;

/** The harness spec of the 3D step at opening angle θ. */
export function gravity3dSpec(theta: number, walk: Walk3Kind = "thread"): PipelineSpec<Bodies3> {
  return {
    name: "gravity3d",
    checkCap: GRAVITY3_CHECK_BODIES,
    memory: (n) => ({largestBuffer: Math.max(n * 16, gravity3BufferBytes(n) / 3), total: gravity3BufferBytes(Math.max(n, GRAVITY3_CHECK_BODIES))}),
    compulsoryBytes: (n) => ({bytes: 8 * n * BODY_BYTES, formula: "8 × 48 B × N (integrate, keys, permute, walk, kick: each body read or written)"}),
    scene: (n) => plummer3Scene(n, 1),
    async create(ctx, input) {
      const g = await Gravity3GPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxBodies: Math.max(1, input.n), walk});
      g.setParams({theta});
      g.setBodies(input);
      return {
        particles: input.n,
        scene: `Plummer sphere (plummer3Scene(n, 1)), θ = ${theta}, leaf capacity ${GRAVITY3_DEFAULTS.leafCapacity}, ${g.walkKind} walk`,
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
      const g = await Gravity3GPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxBodies: GRAVITY3_CHECK_BODIES, walk});
      // the subgroup walk opens more cells than the per-thread twin: its forces differ by its (smaller) approximation error
      const tolerance = g.walkKind === "subgroup" ? 5e-2 : 1e-4; // the subgroup kernel = its own twin: tests/unit/gravity3d-subgroup.test.ts
      try {
        const c = await gravity3TwinCheck(g, theta, tolerance);
        return {
          ok: c.ok,
          what: `at ${c.bodies.toLocaleString("en-US")} bodies (Plummer sphere, θ ${theta}) for a ${benchCount.toLocaleString("en-US")}-body run: sorted keys, permutation and all ${c.nodes} octree nodes equal the twin's exactly; walk error = max |a_GPU − a_twin| / RMS |a_twin| (${g.walkKind} walk against the per-thread twin)`,
          worst: c.walkMaxErrorOfRms,
          tolerance,
          detail: c.ok ? "" : `${c.differingNodes} differing nodes; sort equal: ${c.sortEqualsTwin}`,
        };
      } finally {
        g.dispose();
      }
    },
  };
}
