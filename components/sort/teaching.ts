/**
 * The teaching model of the §3 counting-sort diagrams (the stepped widget and the
 * scroll-scrubbed one): a seeded particle set in a small dense grid of unit cells, the
 * list of phases a reader goes through, one palette for the cells, and one way to get every
 * phase's array — the GPU teaching path (`CountingSortGPU.runWithSnapshots`: one dispatch
 * per Hillis–Steele round, every buffer read back) or its CPU twin (`countingSortTwin`).
 */
import * as d3 from "../d3.js";
import {CountingSortGPU} from "./gpu-sort.js";
import {denseGrid, type GridParams} from "./grid.js";
import {packParticles} from "./particles.js";
import {countingSortTwin, type SortSnapshots} from "./twin.js";
import type {ResourceScope} from "../gpu/scope.js";
import type {WGSLLoader} from "../gpu/wgsl.js";

/** A particle of the diagrams: position in cell units (cell (i, j) spans [i, i+1) × [j, j+1)), f32-exact, and its cell key (-1 before the sort). */
export interface TeachingParticle {
  id: number;
  x: number;
  y: number;
  cell: number;
}

/** Distance the particles keep from the box edges (cell units), so a dot stays inside its cell when drawn. */
const EDGE_MARGIN = 0.12;

/**
 * `count` particles placed uniformly at random in a dimX × dimY box of unit cells, from a
 * seeded d3.randomLcg stream (same seed ⇒ same particles). Coordinates are rounded to f32
 * (Math.fround) so that the GPU, which stores f32, sees exactly these numbers.
 */
export function seededParticles(seed: number, count: number, dimX: number, dimY: number): TeachingParticle[] {
  const random = d3.randomLcg(seed);
  return d3.range(count).map((id) => ({
    id,
    x: Math.fround(EDGE_MARGIN + random() * (dimX - 2 * EDGE_MARGIN)),
    y: Math.fround(EDGE_MARGIN + random() * (dimY - 2 * EDGE_MARGIN)),
    cell: -1,
  }));
}

/** The unit-cell dense grid of the teaching diagrams (cell width 1, origin 0). */
export function teachingGrid(dimX: number, dimY: number): GridParams {
  return denseGrid(dimX, dimY, 1, 0, 0);
}

/**
 * One phase of the teaching sort: a stable id and the heading both §3 widgets show for it
 * (through `phaseHeading`), plus the stride and 0-based round of a scan round. The ids are
 * the one phase vocabulary of the two widgets: "start" (the particles, before anything ran;
 * the stepped widget only), "histogram", "scan-<stride>", "shift" (to the exclusive
 * starts), "scatter".
 */
export interface PhaseInfo {
  id: string;
  heading: string;
  stride?: number;
  round?: number;
}

/** The phase before the sort: the particles alone (the stepped widget starts there). */
export const PARTICLES_PHASE: PhaseInfo = {id: "start", heading: "Particles"};

/** The phases for `numCells` cells: histogram, ⌈log₂ numCells⌉ scan rounds (Hillis & Steele 1986), shift, scatter. */
export function phasesFor(numCells: number): PhaseInfo[] {
  const phases: PhaseInfo[] = [{id: "histogram", heading: "Histogram"}];
  for (let r = 0; 1 << r < numCells; r++) {
    const stride = 1 << r;
    phases.push({id: `scan-${stride}`, heading: `Scan round ${r + 1}, stride ${stride}`, stride, round: r});
  }
  phases.push({id: "shift", heading: "Shift to exclusive starts"}, {id: "scatter", heading: "Scatter"});
  return phases;
}

/**
 * The heading of phase `index` (0-based) of `phases`, as both widgets show it:
 * "Phase 3 of 8: Scan round 1, stride 1". One wording everywhere, so a reader never wonders
 * whether two differently worded steps are the same.
 */
export function phaseHeading(phases: readonly PhaseInfo[], index: number): string {
  return `Phase ${index + 1} of ${phases.length}: ${phases[index]?.heading ?? ""}`;
}

/**
 * Colour of cell `c` of `numCells`: Tableau 10 (categorical, colour-blind-friendlier) while
 * the cells fit in it, evenly spaced sinebow hues beyond, so no two cells share a colour.
 */
export function cellColour(c: number, numCells: number): string {
  if (numCells <= d3.schemeTableau10.length) return d3.schemeTableau10[c];
  return d3.interpolateSinebow((c / numCells + 0.6) % 1);
}

/** Snapshots as plain integer arrays (the `.value` form). */
export interface PlainSnapshots {
  keys: number[];
  counts: number[];
  scanRounds: number[][];
  starts: number[];
  order: number[];
}

/** Converts typed-array snapshots (GPU readback or twin) to plain arrays. */
export function plainSnapshots(s: SortSnapshots): PlainSnapshots {
  return {
    keys: Array.from(s.keys),
    counts: Array.from(s.counts),
    scanRounds: s.scanRounds.map((r) => Array.from(r)),
    starts: Array.from(s.starts),
    order: Array.from(s.order),
  };
}

/** Sorts one particle set keeping every phase's array: on the GPU (the teaching path of `sorter`) or, without one, on the CPU twin. */
export function sortTeachingSet(grid: GridParams, particles: readonly TeachingParticle[], sorter: CountingSortGPU | null): Promise<SortSnapshots> {
  const packed = packParticles(particles);
  return sorter ? sorter.runWithSnapshots(grid, packed) : Promise.resolve(countingSortTwin(grid, packed));
}

/** A GPU sorter sized for the teaching diagrams (≤ 4,096 particles, ≤ 256 cells); its buffers live in a child of `scope`. */
export async function createTeachingSorter(device: GPUDevice, scope: ResourceScope, wgsl: WGSLLoader): Promise<CountingSortGPU> {
  const sorter = await CountingSortGPU.create(device, scope, wgsl, {maxParticles: 4096, maxCells: 256, ranks: "atomic"});
  // the round-by-round scan is what this sorter is for: compiled before the widget says it is ready
  await sorter.loadTeachingKernels();
  return sorter;
}
