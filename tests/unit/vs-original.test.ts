import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {dustMatches, gravityMatches, sortMatches, type VsOriginalReport, type VsOriginalSortReport} from "../../components/bench/vs-original.js";

const row = (bodies: number, walk: string, theta: number | null, stepMs: number, median: number) => ({
  bodies,
  walk,
  theta,
  stepMs,
  forceError: {median, p99: 2 * median, sample: 100},
});

const report: VsOriginalReport = {
  schema: "vs-original/1",
  date: "2026-12-03",
  adapter: {vendor: "nvidia"},
  original: "x",
  gravity2d: {
    ours: [row(100, "thread", 0.5, 2, 0.002), row(100, "subgroup", 1, 1, 0.02), row(100, "direct", null, 5, 1e-6)],
    original: [
      {...row(100, "pyramid", 0.75, 0.5, 0.03), finestLevel: 5, dispatches: 10},
      {...row(100, "pyramid", 0.3, 3, 0.001), finestLevel: 5, dispatches: 10},
    ],
  },
  dust: {
    ours: [
      {grains: 10, substepMs: 2, dispatches: 80, substepsPerOrbit: 100},
      {grains: 20, substepMs: 4, dispatches: 80, substepsPerOrbit: 100},
    ],
    original: [{grains: 10, substepMs: 1, dispatches: 18, substepsPerOrbit: 400}],
  },
};

describe("side by side with the original (components/bench/vs-original.ts)", () => {
  it("takes our fastest series at an error no larger than the original's, the exact sum included", () => {
    const m = gravityMatches(report);
    expect(m.map((x) => x.original.theta)).toEqual([0.3, 0.75]);
    // pyramid θ 0.3 (error 1e-3): only the exact sum is as accurate
    expect(m[0].ours?.walk).toBe("direct");
    expect(m[0].ratio).toBeCloseTo(5 / 3, 12);
    // pyramid θ 0.75 (error 3e-2): the subgroup walk at θ 1 (error 2e-2, 1 ms) beats the thread walk (2 ms)
    expect(m[1].ours?.walk).toBe("subgroup");
    expect(m[1].ratio).toBe(2);
  });

  it("says none when no series of ours reaches the original's error", () => {
    const strict = {...report, gravity2d: {...report.gravity2d, ours: [row(100, "thread", 1, 1, 0.5)]}};
    expect(gravityMatches(strict).every((x) => x.ours === null && x.ratio === null)).toBe(true);
  });

  it("compares the dust per substep and per orbit of each disc's inner edge, at the counts both ran", () => {
    const d = dustMatches(report);
    expect(d).toHaveLength(1);
    expect(d[0].perSubstep).toBe(2);
    expect(d[0].perOrbit).toBe((2 * 100) / (1 * 400));
  });

  it("reads the committed H200 record", () => {
    const committed = JSON.parse(readFileSync("data/bench/vs-original-h200.json", "utf8")) as VsOriginalReport;
    expect(committed.schema).toBe("vs-original/1");
    expect(gravityMatches(committed).length).toBeGreaterThan(0);
    const dust = dustMatches(committed);
    expect(dust.map((x) => x.grains)).toEqual([20000, 150000]);
    for (const x of dust) expect(x.perOrbit).toBeCloseTo((x.perSubstep * x.ours.substepsPerOrbit) / x.original.substepsPerOrbit, 12);
  });

  it("takes the sort's fastest design at each count and order, random first, beside the 24-byte particle sort", () => {
    const side = (ms: number, o: number) => ({msPerSort: ms, overOriginal: ms / o, passMs: {}});
    const r: VsOriginalSortReport = {
      schema: "vs-original-sort/1",
      date: "2026-12-03",
      adapter: {},
      original: "x",
      notes: {designs: []},
      rows: [
        {particles: 10, order: "cell-ordered", originalMs: 1, ours: {particle: side(0.8, 1), vec4: side(0.5, 1)}},
        {particles: 10, order: "random", originalMs: 1, ours: {particle: side(2, 1), vec4: side(1.1, 1), "vec4, count 512": side(0.9, 1)}},
      ],
    };
    const m = sortMatches(r);
    expect(m.map((x) => x.order)).toEqual(["random", "cell-ordered"]);
    expect(m[0].best).toEqual({design: "vec4, count 512", msPerSort: 0.9, overOriginal: 0.9});
    expect(m[0].particle.msPerSort).toBe(2);
    expect(m[1].best.design).toBe("vec4");
    expect(() => sortMatches({...r, rows: [{...r.rows[0], ours: {vec4: side(1, 1)}}]})).toThrow(/no "particle" design/);
  });

  it("reads the committed H200 sort record: every count both sides ran, in both orders", () => {
    const committed = JSON.parse(readFileSync("data/bench/vs-original-sort-h200.json", "utf8")) as VsOriginalSortReport;
    expect(committed.schema).toBe("vs-original-sort/1");
    const m = sortMatches(committed);
    expect(m.map((x) => `${x.particles} ${x.order}`)).toEqual([1e6, 4e6, 16e6].flatMap((n) => [`${n} random`, `${n} cell-ordered`]));
    for (const x of m) expect(x.best.overOriginal).toBeCloseTo(x.best.msPerSort / x.originalMs, 3);
  });
});
