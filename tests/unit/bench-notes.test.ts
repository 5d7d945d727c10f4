// The benchmark notes read their figures from the JSON they describe: the generated block of
// data/bench/pipelines.md is what components/bench/notes.ts writes from pipelines.json, the
// approximate figures of bench/README.md and data/bench/sand-h200.md are within a rounding
// of the JSON, and the facts the essay reads behave on old and new runs alike.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {bandwidthCeiling, dispatchUs, frameBudget, timedPassOverhead, type BenchFactsInput} from "../../components/bench/facts.js";
import {currentNotes, H200_COPY_VEC4X4_TBPS, perSimulatedSecond, pipelinesNotes} from "../../components/bench/notes.js";
import {WATER_DEFAULTS} from "../../components/water/params.js";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const run = JSON.parse(read("data/bench/pipelines.json"));
const original = JSON.parse(read("data/bench/original-water-h200.json"));

/** The number captured by `re` in `text` (commas dropped); fails the test when `re` does not match. */
function figure(text: string, re: RegExp): number {
  const m = text.match(re);
  expect(m, `${re} not found`).toBeTruthy();
  return Number(m![1].replace(/,/g, ""));
}
/** Expects `shown` ("≈" figure) within `rel` of `actual`. */
const near = (shown: number, actual: number, rel: number, what: string) =>
  expect(Math.abs(shown - actual) / actual, `${what}: written ${shown}, the JSON gives ${actual}`).toBeLessThanOrEqual(rel);

describe("data/bench/pipelines.md", () => {
  it("its figures are the ones pipelines.json gives (regenerate with npx tsx scripts/gen-bench-notes.ts)", () => {
    expect(currentNotes(read("data/bench/pipelines.md"))).toBe(pipelinesNotes(run, original));
  });
  it("compares the water per simulated second with the original's: frame / (substeps × dt)", () => {
    const w10 = run.rows.find((r: {pipeline: string; particles: number}) => r.pipeline === "water" && r.particles === 10_000);
    const o10 = original.rows.find((r: {particles: number}) => r.particles === 10_000);
    // a run with the field: its own figure is quoted
    const newer = structuredClone(run);
    for (const r of newer.rows) if (r.pipeline === "water") Object.assign(r, {substepSeconds: 0.002, msPerSimulatedSecond: 12.5});
    const lines = perSimulatedSecond(newer, original);
    const theirs = o10.frameMs / (5 * 0.0016);
    expect(lines).toContain(`| 10,000 | 2 | 12.5 | ${Number(theirs.toPrecision(4))} | ${(12.5 / theirs).toFixed(2)} |`);
    expect(lines.join(" ")).not.toContain("predates");
    // a run that predates the field: its frames are divided by today's dt
    const old = perSimulatedSecond(
      {...run, rows: run.rows.map(({substepSeconds: _s, msPerSimulatedSecond: _m, ...r}: Record<string, unknown>) => r)},
      original
    );
    const mine = w10.frameMs.median / (run.substepsPerFrame * WATER_DEFAULTS.dt);
    expect(old.join("\n")).toContain(`| 10,000 | ${Number((WATER_DEFAULTS.dt * 1000).toFixed(3))} | ${Number(mine.toPrecision(4))} |`);
    expect(old.join(" ")).toContain("predates");
    // only the counts the reference has
    expect(old.filter((l) => /^\| [\d,]+ \|/.test(l)).map((l) => l.split(" | ")[0])).toEqual(["| 10,000", "| 50,000", "| 80,000"]);
  });
  it("cites the dispatch cost, the timed-pass overhead and the copy ceiling by their JSON fields", () => {
    const block = pipelinesNotes(run);
    expect(block).toContain(`**${dispatchUs(run).toFixed(2)} µs** (\`references.emptyDispatch.us.median\`)`);
    expect(block).toContain(`**${timedPassOverhead(run).splitUs.toFixed(1)} µs** longer each`);
    expect(block).toContain(`**${Math.round(run.references.copy.GBps).toLocaleString("en-US")} GB/s** (\`references.copy.GBps\`)`);
  });
  it("on a run with the newer references, names the faster copy as the ceiling and quotes the measured timed pass", () => {
    const newer = structuredClone(run);
    newer.references.copyVec4x4 = {...newer.references.copy, bytesPerThread: 64, GBps: 4040};
    newer.references.bandwidthCeiling = {reference: "copyVec4x4", GBps: 4040, note: ""};
    newer.references.timedPass = {passes: 32, us: {median: 6.25, min: 6, max: 7, n: 960}, note: ""};
    const block = pipelinesNotes(newer).replace(/\s+/g, " ");
    expect(block).toContain("**4,040 GB/s** (`references.copyVec4x4.GBps`");
    expect(block).toContain("the ceiling is **4,040 GB/s**");
    expect(block).toContain("**6.25 µs** between its own timestamps");
    expect(block).not.toContain("in a separate run");
  });
});

describe("facts read from a run (components/bench/facts.ts)", () => {
  it("water at 10k: a frame's dispatches (5 substeps × the run's dispatches per substep) at the empty-dispatch price", () => {
    const w = frameBudget(run, "water", 10_000);
    const perSubstep = run.rows.find((r: {pipeline: string; particles: number}) => r.pipeline === "water" && r.particles === 10_000).dispatchesPerSubstep;
    expect(w.dispatches).toBe(5 * perSubstep);
    expect(w.dispatchCostUs).toBeCloseTo(w.dispatches * run.references.emptyDispatch.us.median, 6);
    expect(Math.round(w.frameUs)).toBe(
      Math.round(run.rows.find((r: {pipeline: string; particles: number}) => r.pipeline === "water" && r.particles === 10_000).frameMs.median * 1000)
    );
  });
  it("the split passes' overhead is about 5 µs a pass in the committed run", () => {
    const {splitUs, timedEmptyUs} = timedPassOverhead(run);
    expect(splitUs).toBeGreaterThan(4);
    expect(splitUs).toBeLessThan(6);
    expect(timedEmptyUs).toBe(run.references.timedPass?.us.median ?? null);
  });
  it("the ceiling is the faster copy, and the 16 B copy in runs that had only it", () => {
    const base: BenchFactsInput = {substepsPerFrame: 5, references: {copy: {GBps: 2600}, emptyDispatch: {us: {median: 1.3}}}, rows: []};
    expect(bandwidthCeiling(base)).toEqual({GBps: 2600, bytesPerThread: 16, reference: "copy"});
    const faster = {...base, references: {...base.references, copyVec4x4: {GBps: 4000, bytesPerThread: 64}}};
    expect(bandwidthCeiling(faster)).toMatchObject({GBps: 4000, bytesPerThread: 64, reference: "copyVec4x4"});
    const slower = {...base, references: {...base.references, copyVec4x4: {GBps: 2000, bytesPerThread: 64}}};
    expect(bandwidthCeiling(slower)).toMatchObject({GBps: 2600, reference: "copy"});
  });
});

describe("approximate figures in the other notes are the JSON's", () => {
  const readme = read("bench/README.md");
  const copy4TBps = run.references.copyVec4x4 ? run.references.copyVec4x4.GBps / 1000 : H200_COPY_VEC4X4_TBPS;
  it("bench/README.md", () => {
    near(figure(readme, /16 B copy reads ≈([\d.]+) TB\/s/), run.references.copy.GBps / 1000, 0.05, "16 B copy");
    near(figure(readme, /four-vec4 copy ≈([\d.]+) TB\/s/), copy4TBps, 0.05, "four-vec4 copy");
    near(figure(readme, /read about ([\d.]+)× too high/), copy4TBps / (run.references.copy.GBps / 1000), 0.05, "copy ratio");
    near(figure(readme, /dispatch inside a pass \(≈([\d.]+) µs on the H200/), dispatchUs(run), 0.05, "empty dispatch");
    const w = frameBudget(run, "water", 10_000);
    expect(figure(readme, /a water frame's (\d+) dispatches/)).toBe(w.dispatches);
    near(figure(readme, /dispatches cost ≈(\d+) µs/), w.dispatchCostUs, 0.05, "water dispatch cost");
    near(figure(readme, /of its ≈(\d+) µs at 10,000 particles/), w.frameUs, 0.02, "water frame");
    near(figure(readme, /passes took\s+≈(\d+) µs longer each/), timedPassOverhead(run).splitUs, 0.1, "timed-pass overhead");
  });
  it("data/bench/sand-h200.md quotes the empty dispatch of pipelines.json", () => {
    const sand = read("data/bench/sand-h200.md");
    expect(figure(sand, /7 × the ([\d.]+) µs an empty dispatch costs/)).toBe(Number(dispatchUs(run).toFixed(2)));
    near(figure(sand, /explains only ≈ ([\d.]+) µs/), 7 * dispatchUs(run), 0.05, "seven dispatches");
    near(figure(sand, /adds ≈ (\d+) µs per timed pass/), timedPassOverhead(run).splitUs, 0.1, "timed-pass overhead");
  });
});
