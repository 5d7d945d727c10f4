/**
 * Candidates per real neighbour of the SPH density pass (CPU twin, no GPU): for a dam
 * break of `--n` particles (default 50,000, the essay's tank), how many particles the
 * neighbour loop looks at for each one closer than h, with
 *   window  — the 3×3 window of cells of width h (what the kernels did before),
 *   rows    — one contiguous run per row of cells, cut to the disc (cells of h),
 *   rows/2  — the same with cells of h/2 (a 512-wide grid for the 2-wide tank).
 * Prints one JSON line.   npx tsx bench/candidates.ts [--n 50000]
 */
import {sortTwin} from "../components/sort/twin.js";
import {PARTICLE_WORDS} from "../components/sort/particles.js";
import type {GridParams} from "../components/sort/grid.js";
import {WATER_DEFAULTS, waterGrid, waterGridFor} from "../components/water/params.js";
import {damBreak} from "../components/water/scene.js";
import {neighbourRanges, windowKeys} from "../components/water/twin.js";

const i = process.argv.indexOf("--n");
const n = i > 0 ? Number(process.argv[i + 1]) : 50_000;
const p = WATER_DEFAULTS;
const particles = damBreak(n, p);

function measure(g: GridParams, mode: "window" | "rows") {
  const {sorted, starts} = sortTwin(g, particles);
  const f = sorted.f32;
  let candidates = 0,
    neighbours = 0;
  for (let a = 0; a < n; a++) {
    const x = f[a * PARTICLE_WORDS],
      y = f[a * PARTICLE_WORDS + 1];
    const ranges = mode === "window" ? windowKeys(g, x, y).map((k) => [starts[k], starts[k + 1]]) : neighbourRanges(g, starts, x, y, p.h);
    for (const [lo, hi] of ranges)
      for (let b = lo; b < hi; b++) {
        if (b === a) continue;
        candidates++;
        const dx = f[b * PARTICLE_WORDS] - x,
          dy = f[b * PARTICLE_WORDS + 1] - y;
        if (dx * dx + dy * dy < p.h * p.h) neighbours++;
      }
  }
  return {candidates, neighbours, perNeighbour: +(candidates / neighbours).toFixed(3), cells: g.numCells};
}

console.log(
  JSON.stringify({
    particles: n,
    window: measure(waterGrid(), "window"),
    rows: measure(waterGrid(), "rows"),
    rowsHalf: measure(waterGridFor(p, 2), "rows"),
  })
);
