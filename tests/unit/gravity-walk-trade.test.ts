// The gravity page's sentence on the subgroup walk's measured trade (walkTrade in
// components/gravity/bench-chart.ts): numbers from the bench file when it has both walks,
// "not measured yet" otherwise.
import {describe, expect, it} from "vitest";
import {walkTrade, type GravityBench} from "../../components/gravity/bench-chart.js";

const walk = (walkMs: number, median: number, terms: number) => ({walkMs, forceError: {median, p99: 3 * median, meanInteractionsPerBody: terms}});

describe("walkTrade", () => {
  it("says 'not measured yet' without a file, without walks, or with the per-thread walk alone", () => {
    expect(walkTrade(null)).toMatch(/not measured yet/);
    expect(walkTrade({runs: [{n: 100000, directMs: 5}]})).toMatch(/not measured yet/);
    expect(walkTrade({runs: [{n: 100000, walks: {"0.5": {thread: walk(2, 0.01, 200)}}}]})).toMatch(/not measured yet/);
  });

  it("reads both walks at θ = 0.5 at every N that has them", () => {
    const bench: GravityBench = {
      adapter: {vendor: "nvidia", description: "NVIDIA H200"},
      runs: [
        {n: 1000000, walks: {"0.5": {thread: walk(20, 0.0121, 310), subgroup: walk(12.5, 0.0083, 402)}, "0.8": {thread: walk(9, 0.03, 100)}}},
        {n: 100000, walks: {"0.5": {thread: walk(1.5, 0.01, 250), subgroup: walk(2, 0.007, 330)}}},
      ],
    };
    const s = walkTrade(bench);
    expect(s).not.toMatch(/not measured/);
    expect(s).toContain(
      "at 1,000,000 bodies 12.5 ms per walk against 20 ms per-thread (1.6× faster), median error 0.83 % against 1.2 %, 402 force terms per body against 310"
    );
    expect(s).toContain("at 100,000 bodies 2 ms per walk against 1.5 ms per-thread (1.33× slower)");
  });
});
