// The benchmark tables of the gravity page's 3D section and the Worlds from Dust page read the
// committed H200 runs: every row of each file is in its table, with ms per step = the frame's
// median over its steps, and the figures the prose quotes come out of the same rows.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {step3Rows} from "../../components/gravity3d/facts.js";
import {dustBenchRows} from "../../components/pages/dust.js";

const json = (path: string) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8"));

describe("benchmark tables from the committed runs", () => {
  it("gravity in 3D: every row, θ and walk from its scene, ms per step", () => {
    const report = json("data/bench/gravity3d-h200.json");
    const rows = step3Rows(report);
    expect(rows).toHaveLength(report.rows.length);
    expect(new Set(rows.map((r) => r.walk))).toEqual(new Set(["thread", "subgroup"]));
    for (const [i, r] of rows.entries()) expect(r.stepMs).toBeCloseTo(report.rows[i].frameMs.median / report.rows[i].substepsPerFrame, 9);
    // the prose's comparison exists: both walks at a million bodies and the same θ
    const coop = rows.find((r) => r.walk === "subgroup" && r.bodies === 1_000_000)!;
    expect(rows.find((r) => r.walk === "thread" && r.bodies === 1_000_000 && r.theta === coop.theta)).toBeDefined();
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
