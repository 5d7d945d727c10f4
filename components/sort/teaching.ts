/**
 * The teaching counting sort shared by the §3 diagrams: a seeded particle set in a small
 * dense grid, sorted once per set on the GPU (every phase read back) or by the CPU twin,
 * and the list of phases a reader steps through.
 */
import * as d3 from "d3";
import {CountingSortGPU} from "./gpu-sort.js";
import {denseGrid, type GridParams} from "./grid.js";
import {packParticles} from "./particles.js";
import {countingSortTwin, scanRoundCount, type SortSnapshots} from "./twin.js";
import type {ResourceScope} from "../gpu/scope.js";
import type {WGSLLoader} from "../gpu/wgsl.js";

export interface TeachingParticle {
  id: number;
  /** position in cell units (cell (i, j) spans [i, i+1) × [j, j+1)), f32-exact */
  x: number;
  y: number;
}

/** n particles spread uniformly over a dimX × dimY grid of unit cells, from seed (d3.randomLcg). */
export function seededParticles(n: number, dimX: number, dimY: number, seed: number): TeachingParticle[] {
  const rand = d3.randomLcg(seed);
  return d3.range(n).map((id) => ({
    id,
    // keep particles off the cell borders a little so they read clearly in the diagram
    x: Math.fround(Math.min(dimX - 1e-3, rand() * dimX)),
    y: Math.fround(Math.min(dimY - 1e-3, rand() * dimY)),
  }));
}

/** The unit-cell dense grid used by the teaching diagrams (cell width 1, origin 0). */
export function teachingGrid(dimX: number, dimY: number): GridParams {
  return denseGrid(dimX, dimY, 1, 0, 0);
}

export interface Phase {
  /** machine name, e.g. "histogram", "scan-4", "starts", "scatter" */
  name: string;
  /** short label for buttons and progress */
  label: string;
}

/** Phases for `cells` cells: start, histogram, one scan round per stride (1, 2, 4, …), starts, scatter. */
export function sortPhases(cells: number): Phase[] {
  const rounds = d3.range(scanRoundCount(cells)).map((r) => ({name: `scan-${1 << r}`, label: `scan, stride ${1 << r}`}));
  return [
    {name: "start", label: "particles"},
    {name: "histogram", label: "histogram"},
    ...rounds,
    {name: "starts", label: "exclusive starts"},
    {name: "scatter", label: "scatter"},
  ];
}

/** Runs the counting sort of `particles` on the GPU (when `sorter` is given) or the CPU twin. */
export async function sortTeachingSet(grid: GridParams, particles: TeachingParticle[], sorter: CountingSortGPU | null): Promise<SortSnapshots> {
  const packed = packParticles(particles);
  return sorter ? sorter.runWithSnapshots(grid, packed) : countingSortTwin(grid, packed);
}

/** A GPU sorter sized for the teaching diagrams (≤ 4,096 particles, ≤ 256 cells). */
export function createTeachingSorter(device: GPUDevice, scope: ResourceScope, wgsl: WGSLLoader) {
  return CountingSortGPU.create(device, scope, wgsl, {maxParticles: 4096, maxCells: 256});
}
