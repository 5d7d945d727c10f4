// The benchmark tables of the gravity page's 3D section and the Worlds from Dust page read the
// committed H200 runs: every row of each file is in its table, with ms per step = the frame's
// median over its steps, and the figures the prose quotes come out of the same rows.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {GRAVITY3_GPU_WALK} from "../../components/gravity3d/bodies.js";
import {step3Rows} from "../../components/gravity3d/facts.js";
import {dustBenchRows} from "../../components/bench/dust-chart.js";

const json = (path: string) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8"));

describe("benchmark tables from the committed runs", () => {
  it("gravity in 3D: every octree and O(N²) row, θ and walk from its scene, ms per step", () => {
    const report = json("data/bench/gravity3d-h200.json");
    const rows = step3Rows(report);
    const tree = report.rows.filter((r: {pipeline: string}) => r.pipeline === "gravity3d");
    const direct = report.rows.filter((r: {pipeline: string}) => r.pipeline === "gravity3d-direct");
    expect(rows).toHaveLength(tree.length + direct.length);
    expect(new Set(rows.filter((r) => r.walk !== "direct").map((r) => r.walk))).toEqual(new Set(["thread", "subgroup"]));
    for (const [i, raw] of [...tree, ...direct].entries()) {
      expect(rows[i].bodies).toBe(raw.particles);
      expect(rows[i].stepMs).toBeCloseTo(raw.frameMs.median / raw.substepsPerFrame, 9);
    }
    // the prose's comparison exists: both walks at a million bodies and the same θ
    const coop = rows.find((r) => r.walk === "subgroup" && r.bodies === 1_000_000)!;
    expect(rows.find((r) => r.walk === "thread" && r.bodies === 1_000_000 && r.theta === coop.theta)).toBeDefined();
    // an O(N²) row, once the committed run has them, has its sum's pass and no θ
    for (const r of rows.filter((r) => r.walk === "direct")) {
      expect(r.theta).toBeNull();
      expect(r.passMs.direct).toBeGreaterThan(0);
    }
  });

  it("gravity in 3D: O(N²) rows come after the octree rows, variant runs stay out of the table", () => {
    const row = (pipeline: string, particles: number, scene: string, median: number, substeps = 5) => ({
      pipeline,
      particles,
      scene,
      substepsPerFrame: substeps,
      frameMs: {median},
      perPassMs: (pipeline === "gravity3d-direct" ? {direct: {median: median / substeps}} : {walk: {median: 1}}) as Record<string, {median: number}>,
    });
    const rows = step3Rows({
      rows: [
        row("gravity3d-direct", 1_000_000, "Plummer sphere, exact O(N²) sum", 400, 1),
        row("gravity3d", 1_000_000, `Plummer sphere, θ = 0.5, leaf capacity ${GRAVITY3_GPU_WALK.leafCapacity}, subgroup walk`, 50),
        row("gravity3d-variants", 1_000_000, `Plummer sphere, θ = 0.5, leaf capacity ${GRAVITY3_GPU_WALK.leafCapacity * 2}, subgroup walk`, 45),
      ],
    });
    expect(rows.map((r) => [r.walk, r.theta, r.stepMs])).toEqual([
      ["subgroup", 0.5, 10],
      ["direct", null, 400],
    ]);
    // runs before the variants named no kernel: the stack kernel in workgroups of 64
    expect(rows[0].variant).toEqual({kernel: "stack", workgroup: 64, leafCapacity: GRAVITY3_GPU_WALK.leafCapacity});
  });

  it("gravity in 3D: the cooperative row is the default variant's (GRAVITY3_GPU_WALK), from the variant runs when the gravity3d row ran another", () => {
    const row = (pipeline: string, scene: string, median: number) => ({
      pipeline,
      particles: 1_000_000,
      scene: `Plummer sphere, θ = 0.5, ${scene}`,
      substepsPerFrame: 5,
      frameMs: {median},
      perPassMs: {walk: {median: median / 5 - 1}},
    });
    const report = {
      rows: [
        row("gravity3d", "leaf capacity 8, thread walk", 120),
        row("gravity3d", "leaf capacity 8, subgroup walk (stack kernel, workgroup 64)", 50),
        row("gravity3d-variants", "leaf capacity 8, subgroup walk (stack kernel, workgroup 64)", 51),
        // a sort or build other than the gravity3d rows' never stands in for theirs
        row("gravity3d-variants", "leaf capacity 16, subgroup walk (next kernel, workgroup 64), 5-bit sort, 3-dispatch build", 40),
        row("gravity3d-variants", "leaf capacity 16, subgroup walk (next kernel, workgroup 64)", 45),
        row("gravity3d-variants", "leaf capacity 16, subgroup walk (next kernel, workgroup 128)", 46),
      ],
    };
    const shown = (v: Parameters<typeof step3Rows>[1]) => step3Rows(report, v).map((r) => [r.walk, r.stepMs]);
    expect(shown({kernel: "stack", workgroup: 64, leafCapacity: 8})).toEqual([
      ["thread", 24],
      ["subgroup", 10],
    ]);
    expect(shown({kernel: "next", workgroup: 64, leafCapacity: 16})).toEqual([
      ["thread", 24],
      ["subgroup", 9],
    ]);
    // a default no row measured: the gravity3d row stays (the table never loses its cooperative row)
    expect(shown({kernel: "next", workgroup: 32, leafCapacity: 32})).toEqual([
      ["thread", 24],
      ["subgroup", 10],
    ]);
    // a run of the widget's own sort and build (GRAVITY3_BUILD, named in the scene) is the one shown
    const both = {
      rows: [
        row("gravity3d", "leaf capacity 16, subgroup walk (stack kernel, workgroup 64)", 50),
        row("gravity3d", "leaf capacity 16, subgroup walk (stack kernel, workgroup 64), 5-bit sort, 3-dispatch build", 49),
      ],
    };
    expect(step3Rows(both).map((r) => [r.stepMs, r.build])).toEqual([[9.8, {sortDigitBits: 5, buildLevelDispatches: 3}]]);
    expect(step3Rows({rows: both.rows.slice(0, 1)}).map((r) => [r.stepMs, r.build])).toEqual([[10, {sortDigitBits: 4, buildLevelDispatches: 5}]]);
    // and the page's own default is the committed run's cooperative variant
    const committed = step3Rows(json("data/bench/gravity3d-h200.json")).filter((r) => r.walk === "subgroup");
    expect(committed.length).toBeGreaterThan(0);
    for (const r of committed) expect(r.variant, `${r.bodies} bodies`).toEqual(GRAVITY3_GPU_WALK);
  });

  it("the dust substep: one row per grain count, smallest first, the slowest pass named", () => {
    const report = json("data/bench/dust-h200.json");
    const rows = dustBenchRows(report);
    expect(rows.map((r) => r.grains)).toEqual([...report.rows.map((r: {particles: number}) => r.particles)].sort((a, b) => a - b));
    for (const r of rows) {
      expect(r.substepMs).toBeCloseTo(r.frameMs / r.substepsPerFrame, 9);
      expect(r.slowest[1]).toBeGreaterThan(0);
    }
  });
});
