/**
 * The live figures of the gravity page's 3D section, computed by the twin in the reader's
 * browser (so the prose states what the code does): the octree of a seeded Plummer sphere,
 * its nodes per level, the walk's force terms per body at θ, and how local the Morton order is.
 */
import {BITS3, LEVELS3} from "./morton.js";
import {buildBarnesHut3} from "./twin.js";
import {walk3Twin, walkSubgroup3Twin} from "./walk.js";
import {direct3, forceErrors3} from "./direct.js";
import {plummer3Scene} from "./scenes.js";
import {GRAVITY3_BUILD, GRAVITY3_DEFAULTS, GRAVITY3_GPU_WALK, GRAVITY3_UNNAMED_BUILD, type Gravity3Build, type Walk3Variant} from "./bodies.js";

interface OctreeFacts {
  n: number;
  bitsPerAxis: number;
  levels: number;
  leafCapacity: number;
  theta: number;
  /** nodes written at each level 0..10 */
  nodesPerLevel: number[];
  nodes: number;
  leaves: number;
  /** mean force terms per body of the walk, and the exact sum's N − 1 */
  meanTerms: number;
  exactTerms: number;
  /** the cooperative walk's groups (lanes of one subgroup), its mean terms per body, and both walks' median errors against the exact sum */
  groupSize: number;
  groupMeanTerms: number;
  medianError: number;
  groupMedianError: number;
  /** mean distance between bodies adjacent in Morton order, and between bodies adjacent in the scene's own (random) order */
  mortonNeighbourDistance: number;
  randomNeighbourDistance: number;
}

/** The facts for a Plummer sphere of n bodies (seed 1) at θ (default 0.5). */
export function octreeFacts(n = 10_000, theta = GRAVITY3_DEFAULTS.theta, groupSize = 32): OctreeFacts {
  const b = plummer3Scene(n, 1);
  const {tree, sorted, walk} = buildBarnesHut3(b, {leafCapacity: GRAVITY3_DEFAULTS.leafCapacity, theta});
  const w = walk3Twin(walk, sorted.x, sorted.y, sorted.z, sorted.m, 1, GRAVITY3_DEFAULTS.softening);
  const wg = walkSubgroup3Twin(walk, sorted.x, sorted.y, sorted.z, sorted.m, 1, GRAVITY3_DEFAULTS.softening, groupSize);
  const exact = direct3(sorted, 1, GRAVITY3_DEFAULTS.softening);
  let leaves = 0,
    nodes = 0;
  for (let L = 0; L < LEVELS3; L++)
    for (let k = 0; k < tree.levelCount[L]; k++) {
      nodes++;
      if (tree.kids[tree.levelBase[L] + k] === 0) leaves++;
    }
  const gap = (x: Float32Array, y: Float32Array, z: Float32Array) => {
    let s = 0;
    for (let i = 1; i < n; i++) s += Math.hypot(x[i] - x[i - 1], y[i] - y[i - 1], z[i] - z[i - 1]);
    return s / Math.max(1, n - 1);
  };
  return {
    n,
    bitsPerAxis: BITS3,
    levels: LEVELS3,
    leafCapacity: GRAVITY3_DEFAULTS.leafCapacity,
    theta,
    nodesPerLevel: Array.from(tree.levelCount),
    nodes,
    leaves,
    meanTerms: w.terms.reduce((s, t) => s + t, 0) / n,
    exactTerms: n - 1,
    groupSize,
    groupMeanTerms: wg.terms.reduce((s, t) => s + t, 0) / n,
    medianError: forceErrors3(w, exact).median,
    groupMedianError: forceErrors3(wg, exact).median,
    mortonNeighbourDistance: gap(sorted.x, sorted.y, sorted.z),
    randomNeighbourDistance: gap(b.x, b.y, b.z),
  };
}

/** One row of the 3D step's benchmark (`npm run bench -- --pipelines gravity3d,gravity3d-direct`), in ms per step. */
interface Step3Row {
  bodies: number;
  /** the walk's opening angle; null for the exact O(N²) step */
  theta: number | null;
  /** the octree walk per body or cooperative, or "direct": the exact O(N²) sum instead of a tree */
  walk: "thread" | "subgroup" | "direct";
  stepMs: number;
  /** ms per step of each pass, separately timed (keys, sort, permute, build, com, walk, …; integrate, direct, kick) */
  passMs: Record<string, number>;
  /** the cooperative walk's kernel, workgroup and leaf capacity (subgroup rows only) */
  variant?: Walk3Variant;
  /** the sort's digit width and the build's dispatches a level the row was measured with (octree rows only) */
  build?: Gravity3Build;
}

/** A row's sort and build from its scene (", 5-bit sort, 3-dispatch build"); GRAVITY3_UNNAMED_BUILD when it names none. */
export function buildOf(scene: string): Gravity3Build {
  const m = /, (4|5)-bit sort, (3|5)-dispatch build/.exec(scene);
  return m ? {sortDigitBits: Number(m[1]) as 4 | 5, buildLevelDispatches: Number(m[2]) as 3 | 5} : GRAVITY3_UNNAMED_BUILD;
}

const sameBuild = (a: Gravity3Build, b: Gravity3Build) => a.sortDigitBits === b.sortDigitBits && a.buildLevelDispatches === b.buildLevelDispatches;

interface ReportRow {
  pipeline: string;
  particles: number;
  scene: string;
  substepsPerFrame: number;
  frameMs: {median: number};
  perPassMs: Record<string, {median: number}>;
}

/** The cooperative walk's variant a row's scene names ("leaf capacity 16, subgroup walk (next kernel, workgroup 64)"); runs before the variants existed ran the stack kernel in workgroups of 64. */
function variantOf(scene: string): Walk3Variant | undefined {
  const leaf = /leaf capacity (\d+)/.exec(scene);
  if (!leaf || !/subgroup walk/.test(scene)) return undefined;
  const k = /\((stack|next) kernel, workgroup (\d+)\)/.exec(scene);
  return {kernel: (k?.[1] ?? "stack") as Walk3Variant["kernel"], workgroup: k ? Number(k[2]) : 64, leafCapacity: Number(leaf[1])};
}

const sameVariant = (a: Walk3Variant | undefined, b: Walk3Variant) =>
  !!a && a.kernel === b.kernel && a.workgroup === b.workgroup && a.leafCapacity === b.leafCapacity;

/**
 * The 3D rows of a benchmark report, octree steps first (in the report's order), then the exact
 * O(N²) steps (pipeline "gravity3d-direct"): for an octree row θ and the walk are read from its
 * scene ("…, θ = 0.5, leaf capacity 8, subgroup walk"), and rows whose scene does not say both are
 * left out; ms per step = the frame's median / steps per frame (the direct rows at a million bodies
 * take one step a frame). A cooperative row of a variant other than `cooperative` (default
 * GRAVITY3_GPU_WALK, what the widget runs) is replaced by the same run's "gravity3d-variants" row of
 * that variant at the same count and θ where there is one; the other variant rows stay out. The octree
 * rows are those of one sort and build (`build` on each row): GRAVITY3_BUILD's, what the widget runs,
 * where the report's "gravity3d" rows have it, else the build no scene names (a run from before the options).
 */
export function step3Rows(report: {rows: ReportRow[]}, cooperative: Walk3Variant = GRAVITY3_GPU_WALK): Step3Row[] {
  const main = report.rows.filter((r) => r.pipeline === "gravity3d");
  const build = main.some((r) => sameBuild(buildOf(r.scene), GRAVITY3_BUILD)) ? GRAVITY3_BUILD : GRAVITY3_UNNAMED_BUILD;
  const tree: Step3Row[] = [];
  const direct: Step3Row[] = [];
  const variants: Step3Row[] = [];
  for (const r of report.rows) {
    const passMs = Object.fromEntries(Object.entries(r.perPassMs).map(([k, v]) => [k, v.median]));
    const stepMs = r.frameMs.median / r.substepsPerFrame;
    if (r.pipeline === "gravity3d-direct") {
      direct.push({bodies: r.particles, theta: null, walk: "direct", stepMs, passMs});
      continue;
    }
    const theta = /θ = ([\d.]+)/.exec(r.scene);
    const walk = /(thread|subgroup) walk/.exec(r.scene);
    if ((r.pipeline !== "gravity3d" && r.pipeline !== "gravity3d-variants") || !theta || !walk) continue;
    if (!sameBuild(buildOf(r.scene), build)) continue;
    const row: Step3Row = {bodies: r.particles, theta: Number(theta[1]), walk: walk[1] as Step3Row["walk"], stepMs, passMs, build};
    const variant = variantOf(r.scene);
    if (variant) row.variant = variant;
    (r.pipeline === "gravity3d" ? tree : variants).push(row);
  }
  const shown = tree.map((r) => {
    if (r.walk !== "subgroup" || sameVariant(r.variant, cooperative)) return r;
    return variants.find((v) => v.bodies === r.bodies && v.theta === r.theta && sameVariant(v.variant, cooperative)) ?? r;
  });
  return [...shown, ...direct];
}
