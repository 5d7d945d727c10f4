// Soak tier: the collision scene forms tidal tails. Two discs (1,000 bodies, the CPU twin,
// θ 0.7) pass closest at t ≈ 10; by t = 20 (2,000 steps of dt 0.01) more than a third of the
// bodies are farther than 2.5 length units (5 disc scale lengths) from both central masses,
// where at the start none is.
import {describe, expect, it} from "vitest";
import {collision3Scene, Gravity3Twin} from "../../components/gravity3d/twin.js";

describe("two discs colliding", () => {
  it("pull out tidal tails within t = 20", () => {
    const t = new Gravity3Twin(collision3Scene(1000, 1), {theta: 0.7});
    const far = () => {
      const b = t.bodies;
      const heavy: number[] = [];
      for (let i = 0; i < b.n; i++) if (b.m[i] > 0.05) heavy.push(i);
      let count = 0;
      for (let i = 0; i < b.n; i++) if (Math.min(...heavy.map((h) => Math.hypot(b.x[i] - b.x[h], b.y[i] - b.y[h], b.z[i] - b.z[h]))) > 2.5) count++;
      return count / b.n;
    };
    expect(far()).toBe(0);
    t.step(2000);
    console.log(`t = ${t.time.toFixed(1)}: ${(100 * far()).toFixed(1)} % of bodies in tails (> 2.5 from both centres)`);
    expect(far()).toBeGreaterThan(1 / 3);
  }, 600_000);
});
