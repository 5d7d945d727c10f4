// Soak tier: the gravity twin's leapfrog (components/gravity/twin.ts) — energy drift and
// momentum of a 2,000-body Plummer sphere over 2,000 Barnes–Hut steps. Moved out of
// tests/unit/gravity-twin.test.ts (about 35 s alone on one core).
import {describe, expect, it} from "vitest";
import {GRAVITY_DEFAULTS, GravityTwin, plummerScene} from "../../components/gravity/twin.js";

describe("leapfrog", () => {
  it("energy of a 2,000-body Plummer sphere drifts by less than 1 % over 2,000 steps (θ = 0.5)", () => {
    const sim = new GravityTwin(plummerScene(2000, 9), {...GRAVITY_DEFAULTS, theta: 0.5, dt: 0.005});
    const e0 = sim.invariants();
    for (let s = 0; s < 2000; s++) sim.step();
    const e1 = sim.invariants();
    const drift = Math.abs(e1.total - e0.total) / Math.abs(e0.total);
    console.log(`energy drift ${drift.toExponential(2)}; momentum ${Math.hypot(e1.px, e1.py).toExponential(2)}`);
    expect(drift).toBeLessThan(1e-2);
    expect(Math.hypot(e1.px, e1.py)).toBeLessThan(1e-3);
    expect(new Set(sim.bodies.id).size).toBe(2000);
    // 2,000 Barnes–Hut steps on one CPU core: about a minute alone, three on a busy machine
  }, 300_000);
});
