/**
 * The uniform grid and its 3×3 query (the essay's §2 grid section), on the sorted layout of
 * the counting sort (components/sort/): every disc's cell key, the cells' exclusive starts,
 * and the discs copied into cell order. With cells at least one contact distance wide,
 * every disc that can touch disc i sits in i's cell or one of the 8 around it.
 *
 *  - `gridContactStep`: one physics step that finds contacts through the 3×3 window
 *    (CPU, TypeScript) — the same physics as the brute force of physics.ts.
 *  - `gridQueryTwin`: CPU twin of shaders/contacts/grid_query.wgsl (candidate pairs of
 *    every disc, and the discs of one query window).
 */
import {cellCoord, cellKey, denseGrid, type GridParams} from "../sort/grid.js";
import {allocParticles, PARTICLE_WORDS, type PackedParticles} from "../sort/particles.js";
import {sortTwin} from "../sort/twin.js";
import {CONTACT_DEFAULTS, integrate, type ContactParams, type Discs} from "./physics.js";
import type {PointerPush} from "../sim/pointer.js";

/** Cells along each side of the §2 demo's grid (24 × 24 over the 2 × 2 box). */
export const CONTACTS_GRID_SIDE = 24;
/** Default parameters of the §2 demo (frozen): the §1 demo's, with smaller discs (3,500 of them fit). */
export const GRID_DEMO_DEFAULTS: Readonly<ContactParams> = Object.freeze({...CONTACT_DEFAULTS, radius: 0.008});

/** The demo's grid: dim² cells of width box/dim with the corner at the origin. */
export function demoGrid(p: ContactParams = GRID_DEMO_DEFAULTS, dim = CONTACTS_GRID_SIDE): GridParams {
  const g = denseGrid(dim, dim, p.width / dim, 0, 0);
  if (g.cellSize < 2 * p.radius) throw new RangeError(`grid cell ${g.cellSize} is narrower than the contact distance ${2 * p.radius}`);
  return g;
}

/** Integer cell [cx, cy] of a world point, clamped into a dense grid (same f32 arithmetic as cell_key). */
export function cellOf(g: GridParams, x: number, y: number): [number, number] {
  const inv = Math.fround(1 / g.cellSize);
  const cx = Math.max(0, Math.min(g.dimX - 1, cellCoord(x, g.originX, inv)));
  const cy = Math.max(0, Math.min(g.dimY - 1, cellCoord(y, g.originY, inv)));
  return [cx, cy];
}

/** The 3×3 window around cell (cx, cy), clipped to the grid: inclusive cell ranges. */
export function windowRange(g: GridParams, cx: number, cy: number) {
  return {x0: Math.max(0, cx - 1), x1: Math.min(g.dimX - 1, cx + 1), y0: Math.max(0, cy - 1), y1: Math.min(g.dimY - 1, cy + 1)};
}

/** The sorted layout of one step: discs in cell order plus each cell's start. */
export interface SortedLayout {
  /** Discs in cell order (packed, 24 B each; key = cell key, id = identity). */
  sorted: PackedParticles;
  /** Exclusive cell starts, numCells + 1 entries (last = disc count). */
  starts: Uint32Array;
}

/** Packs SoA discs (ids alongside) into the sort's particle layout. */
export function packDiscs(d: Discs, ids: Uint32Array): PackedParticles {
  const p = allocParticles(d.count);
  for (let i = 0; i < d.count; i++) {
    const o = i * PARTICLE_WORDS;
    p.f32[o] = d.x[i];
    p.f32[o + 1] = d.y[i];
    p.f32[o + 2] = d.vx[i];
    p.f32[o + 3] = d.vy[i];
    p.u32[o + 4] = ids[i];
  }
  return p;
}

/** Ids of the discs in the 3×3 window around cell (cx, cy), read from the sorted layout (ascending). */
export function windowIds(g: GridParams, layout: SortedLayout, cx: number, cy: number): number[] {
  const {x0, x1, y0, y1} = windowRange(g, cx, cy);
  const ids: number[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let s = layout.starts[y * g.dimX + x0]; s < layout.starts[y * g.dimX + x1 + 1]; s++) ids.push(layout.sorted.u32[s * PARTICLE_WORDS + 4]);
  }
  return ids.sort((a, b) => a - b);
}

/** What the GPU query kernel computes (and its twin): see shaders/contacts/grid_query.wgsl. */
export interface QueryCounts {
  /** Σ over discs of (discs in its 3×3 window − 1): every candidate pair counted from both ends. */
  candidateSum: number;
  /** candidateSum / 2: unordered pairs whose cells are neighbours, each tested once. */
  candidatePairs: number;
  /** Ids of the discs in the window around the query cell, ascending. */
  windowIds: number[];
}

/**
 * CPU twin of grid_query.wgsl: for each disc of the sorted layout, the number of other
 * discs in its 3×3 window (from the cell starts), summed; and the ids of the discs whose
 * cell lies in the window around `query` = [cx, cy].
 */
export function gridQueryTwin(g: GridParams, layout: SortedLayout, query: [number, number]): QueryCounts {
  const {sorted, starts} = layout;
  let candidateSum = 0;
  const ids: number[] = [];
  const q = windowRange(g, query[0], query[1]);
  for (let s = 0; s < sorted.count; s++) {
    const key = sorted.u32[s * PARTICLE_WORDS + 5];
    const cx = key % g.dimX,
      cy = Math.floor(key / g.dimX);
    const {x0, x1, y0, y1} = windowRange(g, cx, cy);
    let w = 0;
    for (let y = y0; y <= y1; y++) w += starts[y * g.dimX + x1 + 1] - starts[y * g.dimX + x0];
    candidateSum += w - 1;
    if (cx >= q.x0 && cx <= q.x1 && cy >= q.y0 && cy <= q.y1) ids.push(sorted.u32[s * PARTICLE_WORDS + 4]);
  }
  return {candidateSum, candidatePairs: candidateSum / 2, windowIds: ids.sort((a, b) => a - b)};
}

/** What one grid step did. */
interface GridStepStats {
  /** Pairs tested: for each disc, the discs later in sorted order within its 3×3 window. */
  candidatePairs: number;
  /** Of those, pairs closer than one diameter. */
  touching: number;
  /** The sorted layout the step searched (positions before the step's integration). */
  layout: SortedLayout;
}

/**
 * One physics step with the grid (the essay's §2 grid section): sort the discs into cell
 * order (CPU twin of the counting sort), then for every disc visit the 9 cells around it
 * and test only the discs that come later in sorted order (each pair once), push touching
 * pairs apart, integrate. The discs are left in the new cell order (`d` and `ids` are
 * rewritten), as the GPU pipeline of §4 leaves them. `fx`, `fy`: scratch of length ≥ count.
 */
export function gridContactStep(
  d: Discs,
  ids: Uint32Array,
  g: GridParams,
  p: ContactParams,
  pointer: PointerPush | null,
  fx: Float64Array,
  fy: Float64Array
): GridStepStats {
  const layout = sortTwin(g, packDiscs(d, ids));
  const {sorted, starts} = layout;
  const n = d.count;
  const f = sorted.f32,
    u = sorted.u32;
  for (let s = 0; s < n; s++) {
    const o = s * PARTICLE_WORDS;
    d.x[s] = f[o];
    d.y[s] = f[o + 1];
    d.vx[s] = f[o + 2];
    d.vy[s] = f[o + 3];
    ids[s] = u[o + 4];
  }
  const {x, y, vx, vy} = d;
  const d0 = 2 * p.radius,
    d0sq = d0 * d0,
    k = p.stiffness,
    c = p.damping;
  fx.fill(0, 0, n);
  fy.fill(0, 0, n);
  let candidates = 0,
    touching = 0;
  const dimX = g.dimX;
  for (let a = 0; a < n; a++) {
    const key = u[a * PARTICLE_WORDS + 5];
    const cx = key % dimX,
      cy = (key - cx) / dimX;
    const x0 = Math.max(0, cx - 1),
      x1 = Math.min(dimX - 1, cx + 1);
    const y0 = Math.max(0, cy - 1),
      y1 = Math.min(g.dimY - 1, cy + 1);
    const xa = x[a],
      ya = y[a];
    for (let yy = y0; yy <= y1; yy++) {
      // the cells x0..x1 of one row are contiguous in sorted order
      const lo = Math.max(starts[yy * dimX + x0], a + 1);
      const hi = starts[yy * dimX + x1 + 1];
      for (let b = lo; b < hi; b++) {
        candidates++;
        const dx = xa - x[b],
          dy = ya - y[b];
        const d2 = dx * dx + dy * dy;
        if (d2 < d0sq) {
          touching++;
          if (d2 === 0) continue;
          const dist = Math.sqrt(d2);
          const nx = dx / dist,
            ny = dy / dist;
          const fm = k * (d0 - dist) - c * ((vx[a] - vx[b]) * nx + (vy[a] - vy[b]) * ny);
          if (fm > 0) {
            fx[a] += fm * nx;
            fy[a] += fm * ny;
            fx[b] -= fm * nx;
            fy[b] -= fm * ny;
          }
        }
      }
    }
  }
  integrate(d, fx, fy, p, pointer);
  return {candidatePairs: candidates, touching, layout};
}

/** Brute-force oracle: ids of the points whose cell (cellKey) lies in the 3×3 window of [cx, cy]. */
export function windowIdsBruteForce(g: GridParams, x: ArrayLike<number>, y: ArrayLike<number>, ids: ArrayLike<number>, cx: number, cy: number): number[] {
  const q = windowRange(g, cx, cy);
  const out: number[] = [];
  for (let i = 0; i < x.length; i++) {
    const key = cellKey(g, x[i], y[i]);
    const kx = key % g.dimX,
      ky = Math.floor(key / g.dimX);
    if (kx >= q.x0 && kx <= q.x1 && ky >= q.y0 && ky <= q.y1) out.push(ids[i]);
  }
  return out.sort((a, b) => a - b);
}
