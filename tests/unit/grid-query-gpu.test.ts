// shaders/contacts/grid_query.wgsl on the GPU (Dawn) against its CPU twin, after the GPU
// counting sort of the same discs: cell starts, candidate pairs and the query window's ids.
import {describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import type {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {GridQueryGPU} from "../../components/contacts/grid-query-gpu.js";
import {demoGrid, GRID_DEMO_DEFAULTS, gridContactStep, gridQueryTwin, packDiscs, windowIdsBruteForce} from "../../components/contacts/grid-query.js";
import {sortTwin} from "../../components/sort/twin.js";
import {allocDiscs, scatterDiscs} from "../../components/contacts/physics.js";
import {denseGrid} from "../../components/sort/grid.js";
import {gpuSuite} from "../helpers/gpu.js";
import {queryTestPoints} from "../helpers/contacts.js";

let gpu: GPUHandle;
let scope: ResourceScope;
let q: GridQueryGPU;
const g = demoGrid();

gpuSuite(async (handle, resources) => {
  gpu = handle;
  scope = resources;
  q = await GridQueryGPU.create(gpu.device, scope, nodeWGSL, 5000, g);
});

/** Runs GPU and twin on the same discs and compares everything. */
async function compare(d: ReturnType<typeof allocDiscs>, ids: Uint32Array, queries: [number, number][]) {
  const packed = packDiscs(d, ids);
  const layout = sortTwin(g, packDiscs(d, ids));
  for (const cell of queries) {
    const gpuRes = await q.run(packed, cell);
    const twin = gridQueryTwin(g, layout, cell);
    expect(gpuRes.starts).toEqual(layout.starts);
    expect(gpuRes.candidateSum).toBe(twin.candidateSum);
    expect(gpuRes.candidatePairs).toBe(twin.candidatePairs);
    expect(gpuRes.windowIds).toEqual(twin.windowIds);
    expect(gpuRes.windowIds).toEqual(windowIdsBruteForce(g, d.x, d.y, ids, cell[0], cell[1]));
  }
}

describe("grid query kernel = twin", () => {
  it("random points with corners, edges and cell borders; every corner, edge and a middle cell as query", async () => {
    const d = queryTestPoints(g, 3000, 7);
    const ids = Uint32Array.from({length: d.count}, (_, i) => (i * 7919) % 100003);
    await compare(d, ids, [
      [0, 0],
      [23, 0],
      [0, 23],
      [23, 23],
      [12, 0],
      [0, 12],
      [23, 12],
      [12, 23],
      [12, 3],
    ]);
  });

  it("a settled-ish pile (3,500 discs after 150 grid steps)", async () => {
    const d = scatterDiscs(3500, GRID_DEMO_DEFAULTS, 3, 0.02);
    const ids = Uint32Array.from({length: d.count}, (_, i) => i);
    const fx = new Float64Array(d.count),
      fy = new Float64Array(d.count);
    let last = 0;
    for (let s = 0; s < 150; s++) last = gridContactStep(d, ids, g, GRID_DEMO_DEFAULTS, null, fx, fy).candidatePairs;
    expect(last).toBeGreaterThan(0);
    await compare(d, ids, [
      [12, 1],
      [5, 4],
    ]);
  });

  it("edge cases: no discs, one disc, all discs in one cell", async () => {
    await compare(allocDiscs(0), new Uint32Array(0), [[0, 0]]);
    const one = allocDiscs(1);
    one.x[0] = 1;
    one.y[0] = 1;
    await compare(one, new Uint32Array([42]), [
      [12, 12],
      [0, 0],
    ]);
    const pile = allocDiscs(400);
    pile.x.fill(g.cellSize * 5.5);
    pile.y.fill(g.cellSize * 7.5);
    await compare(
      pile,
      Uint32Array.from({length: 400}, (_, i) => i),
      [
        [5, 7],
        [6, 8],
        [7, 9],
      ]
    );
    const res = await q.run(
      packDiscs(
        pile,
        Uint32Array.from({length: 400}, (_, i) => i)
      ),
      [5, 7]
    );
    expect(res.candidatePairs).toBe((400 * 399) / 2);
  });

  it("the non-blocking step delivers the same counts through the staging ring", async () => {
    const d = queryTestPoints(g, 1000, 9);
    const ids = Uint32Array.from({length: d.count}, (_, i) => i);
    const packed = packDiscs(d, ids);
    const got = await new Promise<any>((resolve) => {
      expect(q.step(packed, [4, 4], resolve)).toBe(true);
    });
    const twin = gridQueryTwin(g, sortTwin(g, packDiscs(d, ids)), [4, 4]);
    expect(got.candidateSum).toBe(twin.candidateSum);
    expect(got.windowIds).toEqual(twin.windowIds);
  });

  it("rejects a query cell outside the grid and a hashed grid", async () => {
    await expect(q.run(packDiscs(allocDiscs(1), new Uint32Array(1)), [24, 0])).rejects.toThrow(RangeError);
    const hashed = {...denseGrid(16, 16, 0.1), hashed: true};
    await expect(GridQueryGPU.create(gpu.device, scope, nodeWGSL, 10, hashed)).rejects.toThrow(/dense/);
  });
});
