/** Test inputs for the grid query: random points plus the awkward ones. */
import {allocDiscs, seededRandom} from "../../components/contacts/physics.js";
import type {GridParams} from "../../components/sort/grid.js";

/** Random points plus points on every cell border line, the corners and the edges. */
export function queryTestPoints(grid: GridParams, n: number, seed: number) {
  const r = seededRandom(seed);
  const w = grid.dimX * grid.cellSize;
  const xs: number[] = [],
    ys: number[] = [];
  for (let i = 0; i < n; i++) {
    xs.push(r() * w);
    ys.push(r() * w);
  }
  for (let k = 0; k <= grid.dimX; k++) {
    const b = k * grid.cellSize; // exactly on a cell border (and the box edges 0 and w)
    xs.push(b, b, r() * w, b);
    ys.push(r() * w, b, b, 0);
  }
  for (const [x, y] of [
    [0, 0],
    [w, 0],
    [0, w],
    [w, w],
    [w / 2, 0],
    [0, w / 2],
    [w, w / 2],
    [w / 2, w],
  ]) {
    xs.push(x);
    ys.push(y);
  }
  const d = allocDiscs(xs.length);
  d.x.set(xs);
  d.y.set(ys);
  return d;
}
