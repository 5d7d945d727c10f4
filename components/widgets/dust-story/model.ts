/**
 * The scroll story "two structures, one kernel" of the Worlds from Dust page: one grain of a
 * small disc asks the Barnes–Hut tree for its far field and the contact grid for its
 * neighbours, and the contact kernel (shaders/dust/contacts.wgsl) adds the two answers into
 * the grain's acceleration (`va[i] = vec4(v, far + acc)`).
 *
 * Everything here is a pure function of its arguments (no DOM, no clock): a CPU twin state of
 * STORY_GRAINS grains (discScene), the bodies in the tree's Morton order (as the substep leaves
 * them before the near field), the chosen grain's walk (gravity/walk.ts `walkPoint`: the cells
 * taken as one mass, the leaves opened, the bodies summed one by one, plus the star), its grid
 * window (the cells within r_i + r_max, as contacts.wgsl visits them) and contacts, and the sum.
 * The widget's model: index.ts beside it draws it (draw.ts) and scrolls through it with the scroll
 * room (components/widgets/shared/scroll/); tests/unit/dust-story.test.ts holds it to the twins
 * (walkTwin, nearTwin, contactPairsBruteForce).
 */
import type {DustParams} from "../../dust/params.js";
import {discScene} from "../../dust/scene.js";
import {nearTwin} from "../../dust/twin.js";
import type {Bodies} from "../../gravity/bodies.js";
import {nodeBox} from "../../gravity/tree.js";
import {buildBarnesHut, type BarnesHut} from "../../gravity/twin.js";
import {walkPoint} from "../../gravity/walk.js";
import {phaseAt, restProgress} from "../shared/scroll/progress.js";

/** The story's steps, in order (ids are `.value.step`). */
export const STORY_STEPS = [
  {id: "grain", heading: "One grain, one thread"},
  {id: "tree", heading: "The tree: the far field"},
  {id: "grid", heading: "The grid: the neighbours"},
  {id: "sum", heading: "One kernel adds both"},
] as const;
type StoryStepId = (typeof STORY_STEPS)[number]["id"];

/** Grains of the story's disc and its seed. */
export const STORY_GRAINS = 400;
export const STORY_SEED = 5;
/** Leaf capacity of the story's tree (the pipeline's default). */
export const STORY_LEAF = 8;

/** A square of the picture, world units. */
interface StoryBox {
  x0: number;
  y0: number;
  size: number;
}

/** The story's state: the grains, the chosen one, what each structure answers, and the sum. */
export interface StoryState {
  params: DustParams;
  /** the grains in the tree's (Morton) order, as the near field meets them */
  bodies: Bodies;
  /** the chosen grain's slot */
  grain: number;
  /** cell side of the contact grid (4 grain radii) */
  cellSize: number;
  tree: {
    /** cells taken as one mass (box and centre of mass) */
    approximated: (StoryBox & {cx: number; cy: number; mass: number})[];
    /** leaves opened: their bodies summed one by one */
    leaves: StoryBox[];
    /** slots summed one by one (in the opened leaves, the grain itself left out) */
    direct: number[];
  };
  grid: {
    /** cells the kernel visits (k each way round the grain's cell) */
    cells: StoryBox[];
    /** k: cells each way */
    reach: number;
    /** slots in those cells (the grain left out) */
    candidates: number[];
    /** slots touching the grain */
    contacts: number[];
  };
  /** accelerations (world units / time²): the tree walk with the star, the contacts, their sum */
  far: [number, number];
  /** of which the star's pull (one more term the walk adds) */
  star: [number, number];
  near: [number, number];
  sum: [number, number];
}

/**
 * The chosen grain: the one with the most contacts (ties: the lowest slot). A state always has
 * one; with no contacts at all it is slot 0.
 */
function chooseGrain(touching: Uint32Array): number {
  let best = 0;
  for (let i = 1; i < touching.length; i++) if (touching[i] > touching[best]) best = i;
  return best;
}

/**
 * The story's state for `n` grains of disc `seed` (discScene): the tree built and the bodies
 * put in its order, the near field (nearTwin) of every grain, then the chosen grain's walk and
 * grid window. Errors: RangeError from discScene for n < 2.
 */
export function storyState(n = STORY_GRAINS, seed = STORY_SEED): StoryState {
  const {bodies: start, params} = discScene(n, seed);
  const bh: BarnesHut = buildBarnesHut(start, STORY_LEAF);
  const b = bh.sorted;
  const cellSize = 4 * params.unitRadius;
  const near = nearTwin(b, params, cellSize);
  const i = chooseGrain(near.touching);
  const px = b.x[i],
    py = b.y[i];
  const approximated: StoryState["tree"]["approximated"] = [];
  const leafNodes: number[] = [];
  const t = bh.tree;
  const walk = walkPoint(bh, params, px, py, i, (j, approx) => {
    if (approx) approximated.push({...nodeBox(t, bh.square, bh.keys, j), cx: t.mx[j] / t.mass[j], cy: t.my[j] / t.mass[j], mass: t.mass[j]});
    else if (t.childCount[j] === 0) leafNodes.push(j);
  });
  const leaves = leafNodes.map((j) => nodeBox(t, bh.square, bh.keys, j));
  const direct: number[] = [];
  for (const j of leafNodes) for (let s = t.lo[j]; s < t.hi[j]; s++) if (s !== i) direct.push(s);
  // the star: the walk's one extra term (walkTwin adds it after the tree, softened alike)
  let star: [number, number] = [0, 0];
  const ext = params.star;
  if (ext && ext.m > 0) {
    const dx = ext.x - px,
      dy = ext.y - py;
    const r2 = dx * dx + dy * dy + params.softening * params.softening;
    const s = (params.G * ext.m) / (r2 * Math.sqrt(r2));
    star = [s * dx, s * dy];
  }
  const far: [number, number] = [walk.ax + star[0], walk.ay + star[1]];
  // the grid window, written as contacts.wgsl (and nearTwin) visit it
  const inv = Math.fround(1 / cellSize);
  const cellOf = (v: number) => Math.floor(Math.fround(v * inv));
  let largest = 0;
  for (let j = 0; j < b.n; j++) largest = Math.max(largest, b.m[j]);
  const rad = (m: number) => Math.fround(Math.fround(params.unitRadius) * Math.fround(Math.sqrt(m)));
  const k = Math.floor(Math.fround(Math.fround(rad(b.m[i]) + rad(largest)) * inv)) + 1;
  const cx = cellOf(px),
    cy = cellOf(py);
  const cells: StoryBox[] = [];
  for (let dy = -k; dy <= k; dy++) for (let dx = -k; dx <= k; dx++) cells.push({x0: (cx + dx) * cellSize, y0: (cy + dy) * cellSize, size: cellSize});
  const candidates: number[] = [];
  const contacts: number[] = [];
  for (let j = 0; j < b.n; j++) {
    if (j === i || Math.abs(cellOf(b.x[j]) - cx) > k || Math.abs(cellOf(b.y[j]) - cy) > k) continue;
    candidates.push(j);
    const rs = Math.fround(rad(b.m[i]) + rad(b.m[j]));
    const rx = Math.fround(px - b.x[j]),
      ry = Math.fround(py - b.y[j]);
    const d2 = Math.fround(Math.fround(rx * rx) + Math.fround(ry * ry));
    if (d2 < Math.fround(rs * rs) && d2 > 0) contacts.push(j);
  }
  const nearA: [number, number] = [near.ax[i], near.ay[i]];
  return {
    params,
    bodies: b,
    grain: i,
    cellSize,
    tree: {approximated, leaves, direct},
    grid: {cells, reach: k, candidates, contacts},
    far,
    star,
    near: nearA,
    sum: [far[0] + nearA[0], far[1] + nearA[1]],
  };
}

/** The step a scroll progress ∈ [0, 1] shows (equal shares; NaN → the first) and how far into it (t ∈ [0, 1]). */
export function storyStepAt(progress: number): {stepIndex: number; step: StoryStepId; t: number} {
  const {phaseIndex, t} = phaseAt(progress, STORY_STEPS.length);
  return {stepIndex: phaseIndex, step: STORY_STEPS[phaseIndex].id, t};
}

/** The scroll progress at which step k is fully drawn (the keyboard's target). */
export const storyRest = (k: number) => restProgress(k, STORY_STEPS.length);

/** `.value` of the story widget. */
export interface DustStoryValue {
  progress: number;
  step: StoryStepId;
  stepIndex: number;
  heading: string;
  grains: number;
  /** the chosen grain: its slot (tree order), position and mass */
  grain: {slot: number; x: number; y: number; mass: number};
  /** the tree's answer: cells taken as one mass, leaves opened, bodies summed one by one; far = walk + star */
  tree: {approximated: number; leaves: number; direct: number};
  /** the grid's answer: cells visited (k each way), candidates in them, contacts */
  grid: {cells: number; reach: number; candidates: number; contacts: number[]};
  far: [number, number];
  star: [number, number];
  near: [number, number];
  sum: [number, number];
  engine: "cpu";
}

/** The value at `progress` (every field is known from the start: the state is computed once; `step` says what is shown). */
export function storyValue(s: StoryState, progress: number): DustStoryValue {
  const at = storyStepAt(progress);
  const i = s.grain;
  return {
    progress: Number.isFinite(progress) ? Math.min(1, Math.max(0, progress)) : 0,
    step: at.step,
    stepIndex: at.stepIndex,
    heading: STORY_STEPS[at.stepIndex].heading,
    grains: s.bodies.n,
    grain: {slot: i, x: s.bodies.x[i], y: s.bodies.y[i], mass: s.bodies.m[i]},
    tree: {approximated: s.tree.approximated.length, leaves: s.tree.leaves.length, direct: s.tree.direct.length},
    grid: {cells: s.grid.cells.length, reach: s.grid.reach, candidates: s.grid.candidates.length, contacts: s.grid.contacts.slice()},
    far: [...s.far],
    star: [...s.star],
    near: [...s.near],
    sum: [...s.sum],
    engine: "cpu",
  };
}

const mag = (a: readonly number[]) => Math.hypot(a[0], a[1]);
const f3 = (v: number) => (v >= 10 ? v.toFixed(1) : v >= 1 ? v.toFixed(2) : v.toPrecision(2));

/** One sentence per step for the stage's caption (what the picture shows, with the state's numbers). */
export function storyCaption(s: StoryState, stepIndex: number): string {
  const v = storyValue(s, storyRest(stepIndex));
  switch (STORY_STEPS[stepIndex].id) {
    case "grain":
      return `${v.grains} grains in the tree's order; the ringed grain (slot ${v.grain.slot}) is one thread's body.`;
    case "tree":
      return `Its walk takes ${v.tree.approximated} cells as single masses and sums ${v.tree.direct} grains of ${v.tree.leaves} opened leaves one by one: far field ${f3(mag(v.far))} (the star's pull ${f3(mag(v.star))} of it).`;
    case "grid":
      return `The grid search visits ${v.grid.cells} cells (${v.grid.reach} each way), meets ${v.grid.candidates} grains there and touches ${v.grid.contacts.length}: near field ${f3(mag(v.near))}.`;
    default:
      return `lengths: far ${f3(mag(v.far))}, near ${f3(mag(v.near))}, far + near ${f3(mag(v.sum))} (the two add as arrows), written once into the grain's acceleration (units: the disc's, G·M of the star = 1).`;
  }
}
