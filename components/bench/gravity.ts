/**
 * Gravity as one more pipeline of the benchmark harness (components/bench/harness.ts): one
 * full Barnes–Hut step of components/gravity/gpu.ts (integrate, keys, sort, permute, build,
 * com, walk, kick; θ = 0.5) on the disc galaxy at N bodies. Its passes sit between buffer
 * copies, so it is a command-encoder pipeline (`encodeStep`): a frame's time is the span
 * from its first pass's begin to its last pass's end, each pass timed by its label.
 *
 * The twin check is the gravity benchmark's own (`gravityTwinCheck`): at 2,000 bodies of a
 * Plummer sphere the GPU sort's keys and permutation and every field of every tree node
 * must equal the CPU twin's bit for bit, and the walk's accelerations must lie within
 * 1e-5 of the RMS acceleration of the twin's walk. Node only (`npm run bench -- --pipelines
 * gravity`); the bench page does not offer it.
 */
import {GravityGPU, GRAVITY_PHASES} from "../gravity/gpu.js";
import {gravityBufferBytes} from "../gravity/gpu.js";
import type {Bodies} from "../gravity/bodies.js";
import {buildBarnesHut, discScene, plummerScene, treeDifferences, walkTwin, type QuadTree, type TreeDiff} from "../gravity/twin.js";
import type {PipelineSpec} from "./pipelines.js";

/** Bodies of the twin check (a Plummer sphere, seed 11). */
export const GRAVITY_CHECK_BODIES = 2000;

/** The tree twin check's result; `ok` false means the benchmark must not report. */
export interface GravityTwinCheck {
  bodies: number;
  nodes: number;
  /** the GPU sort's keys and permutation equal the twin's */
  sortEqualsTwin: boolean;
  /** every node field (ranges and float32 sums) equals the twin's, bit for bit */
  treeEqualsTwin: boolean;
  /** the first difference (node, field, GPU value, twin value) and differing node counts per field */
  firstDifference: TreeDiff["first"];
  differingNodes: Record<string, number>;
  /** diagnosis when the sums differ: do they equal a twin whose m·x is fused into the add (one rounding)? */
  sumsEqualFusedTwin?: boolean;
  /** max over bodies of |a_GPU − a_twin| / RMS |a_twin| */
  walkMaxErrorOfRms: number | null;
  ok: boolean;
}

/**
 * Centre-of-mass sums as a compiler that fuses m·x + s into one FMA would compute them: the
 * float32 product m·x is exact in float64 (24 + 24 bits), so one Math.fround of the float64
 * sum models the fused rounding (a double-rounding case differs, rarely). Diagnosis only.
 */
function fusedSums(t: QuadTree, x: Float32Array, y: Float32Array, m: Float32Array) {
  const f = Math.fround;
  const mx = new Float32Array(t.numNodes),
    my = new Float32Array(t.numNodes);
  for (let L = t.levelStart.length - 2; L >= 0; L--) {
    for (let j = t.levelStart[L]; j < t.levelStart[L + 1]; j++) {
      let sx = 0,
        sy = 0;
      if (t.childCount[j] === 0)
        for (let i = t.lo[j]; i < t.hi[j]; i++) {
          sx = f(sx + m[i] * x[i]);
          sy = f(sy + m[i] * y[i]);
        }
      else
        for (let c = t.firstChild[j]; c < t.firstChild[j] + t.childCount[j]; c++) {
          sx = f(sx + mx[c]);
          sy = f(sy + my[c]);
        }
      mx[j] = sx;
      my[j] = sy;
    }
  }
  return {mx, my};
}

const round3 = (v: number) => Number(v.toPrecision(3));

/**
 * The GPU tree, sort and walk of `g` against the CPU twin at GRAVITY_CHECK_BODIES bodies
 * (Plummer sphere, θ = 0.5): all tree fields must be equal, bit for bit. Leaves those bodies loaded.
 */
export async function gravityTwinCheck(g: GravityGPU): Promise<GravityTwinCheck> {
  const b = plummerScene(GRAVITY_CHECK_BODIES, 11);
  g.setParams({theta: 0.5});
  g.setBodies(b, "barnes-hut");
  const gpu = await g.readBodies();
  const tree = await g.readTree();
  const sort = await g.readSort();
  const twin = buildBarnesHut(b, g.leafCapacity);
  const w = walkTwin(twin, {...g.parameters});
  let rms = 0,
    worst = 0;
  for (let i = 0; i < b.n; i++) rms += w.ax[i] ** 2 + w.ay[i] ** 2;
  rms = Math.sqrt(rms / b.n);
  for (let i = 0; i < b.n; i++) worst = Math.max(worst, Math.hypot(gpu.ax[i] - w.ax[i], gpu.ay[i] - w.ay[i]) / rms);
  let sortSame = true;
  for (let i = 0; sortSame && i < b.n; i++) sortSame = sort.keys[i] === twin.keys[i] && sort.vals[i] === twin.order[i];
  const diff = treeDifferences(tree, twin.tree);
  const out: GravityTwinCheck = {
    bodies: b.n,
    nodes: tree.numNodes,
    sortEqualsTwin: sortSame,
    treeEqualsTwin: diff.equal,
    firstDifference: diff.first,
    differingNodes: diff.differing,
    walkMaxErrorOfRms: round3(worst),
    ok: sortSame && diff.equal && worst < 1e-5,
  };
  if (!diff.equal && diff.differing.mx + diff.differing.my > 0) {
    const fused = fusedSums(twin.tree, twin.x, twin.y, twin.m);
    let same = true;
    for (let j = 0; same && j < tree.numNodes; j++) same = tree.mx[j] === fused.mx[j] && tree.my[j] === fused.my[j];
    out.sumsEqualFusedTwin = same;
  }
  await g.device.queue.onSubmittedWorkDone();
  return out;
}

/** The check's first difference in words (node and field, else the sort or the walk). */
export function gravityCheckDetail(check: GravityTwinCheck): string {
  const d = check.firstDifference;
  if (d) return `node ${d.node} field ${d.field}: GPU ${d.actual}, twin ${d.expected}`;
  if (!check.sortEqualsTwin) return "the sort's keys or permutation";
  return check.ok ? "" : `walk error ${check.walkMaxErrorOfRms} of rms ≥ 1e-5`;
}

/** Bytes of a body on the GPU: position + mass (16 B) and velocity + acceleration (16 B). */
const BODY_BYTES = 32;

export const gravitySpec: PipelineSpec<Bodies> = {
  name: "gravity",
  checkCap: GRAVITY_CHECK_BODIES,
  memory: (n) => ({largestBuffer: n * 16, total: gravityBufferBytes(Math.max(n, GRAVITY_CHECK_BODIES))}),
  compulsoryBytes: (n) => ({
    bytes: 8 * n * BODY_BYTES,
    formula: "8 × 32 B × N (integrate read + write, keys read, permute read + write, walk write, kick read + write)",
  }),
  scene: (n) => discScene(n, 1),
  async create(ctx, input) {
    const g = await GravityGPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxBodies: Math.max(1, input.n)});
    g.setParams({theta: 0.5});
    g.setBodies(input, "barnes-hut");
    return {
      particles: input.n,
      scene: "disc galaxy (discScene(n, 1): exponential disc + central mass 0.3), θ = 0.5",
      passes: GRAVITY_PHASES.map((label) => ({
        label,
        encode: () => {
          throw new TypeError("gravity's passes are recorded by encodeStep");
        },
      })),
      encodeStep: (enc, timer) => g.encodeStep(enc, timer),
      dispose: () => g.dispose(),
    };
  },
  async check(ctx, _checkN, benchCount) {
    const g = await GravityGPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxBodies: GRAVITY_CHECK_BODIES});
    try {
      const c = await gravityTwinCheck(g);
      return {
        ok: c.ok,
        what: `at ${c.bodies.toLocaleString("en-US")} bodies (Plummer sphere) for a ${benchCount.toLocaleString("en-US")}-body run: sort keys, permutation and every field of the ${c.nodes} tree nodes equal the twin's bit for bit; walk error = max |a_GPU − a_twin| / RMS |a_twin|`,
        worst: c.walkMaxErrorOfRms ?? Infinity,
        tolerance: 1e-5,
        detail: gravityCheckDetail(c),
      };
    } finally {
      g.dispose();
    }
  },
};
