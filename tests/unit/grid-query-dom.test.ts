// @vitest-environment jsdom
// The §2 grid-query widget mounted in jsdom on the Dawn device (tests/helpers/widget-dom.ts): its
// GPU counters equal a recount of the snapshot with the query parked inside the pile, the Show grid
// toggle, and dispose() (GPU buffers released, loop stopped). This was a browser test
// (tests/e2e/contacts.spec.ts keeps the canvas drawn with the grid on, read from the page's 2D
// canvas, and the pointer at device scale factors and touch, which need the page's layout).
import {describe, expect, it} from "vitest";
import {cellOf, demoGrid, windowIdsBruteForce} from "../../components/contacts/grid-query.js";
import {countTouching} from "../../components/contacts/physics.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {createGridQuery} from "../../components/widgets/grid-query/index.js";
import {button, widgetDom} from "../helpers/widget-dom.js";

const dom = widgetDom();
const g = demoGrid();
/** Real time for the GPU's compiles and readbacks while frames run. */
const GPU_WAIT_MS = 60_000;

/** Runs frames until `cond` holds (the browser test's poll while the widget plays). */
async function framesUntil(cond: () => boolean, what: string) {
  const end = Date.now() + GPU_WAIT_MS;
  while (!cond() && Date.now() < end) await dom.frames(1);
  expect(cond(), what).toBe(true);
}

describe("grid-query widget on the Dawn device", () => {
  it("§2 grid query: GPU counters equal a recount of the snapshot; parked query inside the pile", async () => {
    const el = dom.mount(createGridQuery({wgsl: nodeWGSL, acquire: dom.acquire}));
    dom.size(el.querySelector(".sim-stage")!, 300); // jsdom lays nothing out: a stage 300 px wide
    // no pointer over the canvas: parked
    await framesUntil(() => el.value.steps > 30, "30 steps");
    const snap = JSON.parse(JSON.stringify(el.snapshot()));
    const v = snap.value;
    expect(v.engine).toBe("gpu");
    expect(v.count).toBe(3500);
    expect(v.grid).toBe(24);
    expect(v.allPairs).toBe(6_123_250); // ≈ 6.1 M
    expect(v.queryCell).toEqual([12, 1]); // parked
    // recount from the positions: pairs of discs in neighbouring cells, each once
    const cells = snap.x.map((x: number, i: number) => cellOf(g, x, snap.y[i]));
    let pairs = 0;
    for (let i = 0; i < cells.length; i++)
      for (let j = i + 1; j < cells.length; j++) if (Math.abs(cells[i][0] - cells[j][0]) <= 1 && Math.abs(cells[i][1] - cells[j][1]) <= 1) pairs++;
    expect(v.candidatePairs).toBe(pairs);
    const ids = snap.x.map((_: number, i: number) => i);
    expect(v.windowIds).toEqual(windowIdsBruteForce(g, snap.x, snap.y, ids, 12, 1));
    expect(v.windowCount).toBe(v.windowIds.length);
    expect(v.touchingPairs).toBe(countTouching(snap.x, snap.y, snap.radius));
    // magnitudes the essay quotes: a few hundred near the floor, a bit over 400,000 candidates
    expect(v.windowCount).toBeGreaterThan(150);
    expect(v.candidatePairs).toBeGreaterThan(300_000);
    expect(v.candidatePairs).toBeLessThan(600_000);
    const framesBefore = el.timing.frames;
    dom.click(button(el, /^Show grid$/));
    expect(button(el, /^Show grid$/).getAttribute("aria-pressed")).toBe("true");
    // a frame drawn with the grid on
    await framesUntil(() => el.timing.frames > framesBefore + 1, "two frames with the grid on");
    const again = JSON.parse(JSON.stringify(el.snapshot()));
    expect(again.value.engine).toBe("gpu");
    expect(again.value.windowIds).toEqual(windowIdsBruteForce(g, again.x, again.y, ids, again.value.queryCell[0], again.value.queryCell[1]));
    expect(again.value.touchingPairs).toBe(countTouching(again.x, again.y, again.radius));
    const stats = (await dom.acquire())!.stats;
    expect(stats.validationErrors).toBe(0);
    // dispose (what Framework's invalidation does): GPU buffers released, loop stopped
    const before = stats.buffersLive;
    el.dispose();
    expect(before - stats.buffersLive, "buffers of the grid query (sort + query + 3 staging)").toBeGreaterThanOrEqual(8);
    const steps = el.value.steps;
    const frames = el.timing.frames;
    await dom.frames(30);
    expect(el.timing.frames).toBe(frames);
    expect(el.value.steps).toBe(steps);
  });
});
