// The 3×3 grid query (§2): the candidate set read from the sorted layout equals a
// brute-force filter of the points whose cell lies in the window — random points, the
// box's corners and edges, points exactly on cell borders — and the twin's counts.
import {describe, expect, it} from "vitest";
import {cellOf, demoGrid, gridQueryTwin, packDiscs, windowIds, windowIdsBruteForce, windowRange} from "../../components/contacts/grid-query.js";
import {sortTwin} from "../../components/sort/twin.js";
import {queryTestPoints} from "../helpers/contacts.js";

const g = demoGrid();
const W = g.dimX * g.cellSize;

describe("grid query on the sorted layout", () => {
  const d = queryTestPoints(g, 3000, 1);
  const ids = Uint32Array.from({length: d.count}, (_, i) => i);
  const layout = sortTwin(g, packDiscs(d, ids));

  it("cellOf clamps into the grid and agrees with the sort's keys", () => {
    expect(cellOf(g, 0, 0)).toEqual([0, 0]);
    expect(cellOf(g, W, W)).toEqual([g.dimX - 1, g.dimY - 1]);
    expect(cellOf(g, -1, 5)).toEqual([0, g.dimY - 1]);
    expect(cellOf(g, g.cellSize, 2 * g.cellSize)).toEqual([1, 2]);
    for (let s = 0; s < layout.sorted.count; s++) {
      const o = s * 6;
      const [cx, cy] = cellOf(g, layout.sorted.f32[o], layout.sorted.f32[o + 1]);
      expect(cy * g.dimX + cx).toBe(layout.sorted.u32[o + 5]);
    }
  });

  it("windowRange clips at the box's corners and edges", () => {
    expect(windowRange(g, 0, 0)).toEqual({x0: 0, x1: 1, y0: 0, y1: 1});
    expect(windowRange(g, 23, 23)).toEqual({x0: 22, x1: 23, y0: 22, y1: 23});
    expect(windowRange(g, 0, 12)).toEqual({x0: 0, x1: 1, y0: 11, y1: 13});
    expect(windowRange(g, 5, 7)).toEqual({x0: 4, x1: 6, y0: 6, y1: 8});
  });

  it("candidate set = brute-force filter, for every cell of the grid", () => {
    for (let cy = 0; cy < g.dimY; cy++)
      for (let cx = 0; cx < g.dimX; cx++) {
        const fast = windowIds(g, layout, cx, cy);
        const slow = windowIdsBruteForce(g, d.x, d.y, ids, cx, cy);
        expect(fast).toEqual(slow);
      }
  });

  it("the query point's cell: random points, corners, edges and border points", () => {
    const pts = queryTestPoints(g, 200, 2);
    for (let i = 0; i < pts.count; i++) {
      const [cx, cy] = cellOf(g, pts.x[i], pts.y[i]);
      const ids2 = windowIds(g, layout, cx, cy);
      expect(ids2).toEqual(windowIdsBruteForce(g, d.x, d.y, ids, cx, cy));
      expect(gridQueryTwin(g, layout, [cx, cy]).windowIds).toEqual(ids2);
      // a point exactly on a border belongs to the cell above/right of it (floor), unless it is on the far edge
      const bx = pts.x[i] / g.cellSize;
      if (Number.isInteger(bx) && bx < g.dimX) expect(cx).toBe(bx);
    }
  });

  it("twin candidate pairs = brute-force count of pairs in neighbouring cells", () => {
    const small = queryTestPoints(g, 500, 3);
    const sids = Uint32Array.from({length: small.count}, (_, i) => i);
    const lay = sortTwin(g, packDiscs(small, sids));
    let pairs = 0;
    for (let i = 0; i < small.count; i++)
      for (let j = i + 1; j < small.count; j++) {
        const [ax, ay] = cellOf(g, small.x[i], small.y[i]);
        const [bx, by] = cellOf(g, small.x[j], small.y[j]);
        if (Math.abs(ax - bx) <= 1 && Math.abs(ay - by) <= 1) pairs++;
      }
    const q = gridQueryTwin(g, lay, [3, 3]);
    expect(q.candidatePairs).toBe(pairs);
    expect(q.candidateSum).toBe(2 * pairs);
  });
});
