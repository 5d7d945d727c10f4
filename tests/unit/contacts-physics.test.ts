// Contact physics of the §1/§2 demos: the pair force, the brute-force step's counts,
// and the grid step finding exactly the contacts brute force finds.
import {describe, expect, it} from "vitest";
import {allocDiscs, bruteForceStep, CONTACT_DEFAULTS, contactForce, countTouching, scatterDiscs, seededRandom} from "../../components/contacts/physics.js";
import {demoGrid, GRID_DEMO_DEFAULTS, gridContactStep} from "../../components/contacts/grid-query.js";

const P = CONTACT_DEFAULTS;
const D0 = 2 * P.radius;

describe("contactForce", () => {
  it("is equal and opposite (random overlapping pairs with relative velocity)", () => {
    const r = seededRandom(1);
    for (let t = 0; t < 1000; t++) {
      const ang = r() * 2 * Math.PI,
        dist = (0.05 + 0.94 * r()) * D0;
      const dx = Math.cos(ang) * dist,
        dy = Math.sin(ang) * dist;
      const dvx = (r() - 0.5) * 2,
        dvy = (r() - 0.5) * 2;
      const a = contactForce(dx, dy, dvx, dvy, P, {fx: 0, fy: 0});
      const b = contactForce(-dx, -dy, -dvx, -dvy, P, {fx: 0, fy: 0});
      expect(b.fx === -a.fx && b.fy === -a.fy, `${a.fx},${a.fy} vs ${b.fx},${b.fy}`).toBe(true);
    }
  });

  it("pushes apart along the line of centres, with the spring's magnitude at rest", () => {
    const f = contactForce(0.75 * D0, 0, 0, 0, P);
    expect(f.fx).toBeCloseTo(P.stiffness * 0.25 * D0, 9);
    expect(f.fy).toBe(0);
    const g = contactForce(0, -0.5 * D0, 0, 0, P);
    expect(g.fy).toBeLessThan(0);
    expect(g.fx).toBeCloseTo(0, 12);
  });

  it("is zero at and past the contact distance, and for coincident centres", () => {
    for (const s of [1, 1.0000001, 1.5, 10]) {
      expect(contactForce(s * D0, 0, -5, 0, P)).toEqual({fx: 0, fy: 0});
      expect(contactForce(0, s * D0, 0, -5, P)).toEqual({fx: 0, fy: 0});
      expect(contactForce((s * D0) / Math.SQRT2, (s * D0) / Math.SQRT2 + 1e-12, 1, 1, P)).toEqual({fx: 0, fy: 0});
    }
    expect(contactForce(0, 0, 1, 1, P)).toEqual({fx: 0, fy: 0});
  });

  it("never pulls: a fast-separating pair gets zero, not an attraction", () => {
    const f = contactForce(0.99 * D0, 0, 100, 0, P);
    expect(f).toEqual({fx: 0, fy: 0});
  });
});

describe("bruteForceStep", () => {
  it("checks n(n−1)/2 pairs and counts the touching ones exactly", () => {
    for (const n of [0, 1, 2, 200, 777]) {
      const d = scatterDiscs(n, P, n + 3);
      // squeeze so some pairs touch
      for (let i = 0; i < n; i++) d.y[i] *= 0.3;
      const x = Array.from(d.x),
        y = Array.from(d.y);
      const st = bruteForceStep(d, P, null, new Float64Array(n), new Float64Array(n));
      expect(st.checks).toBe(n < 2 ? 0 : (n * (n - 1)) / 2);
      expect(st.touching).toBe(countTouching(x, y, P.radius));
    }
  });

  it("applies the same forces as contactForce pair by pair (no gravity, no walls reached)", () => {
    const n = 60;
    const r = seededRandom(9);
    const d = allocDiscs(n);
    for (let i = 0; i < n; i++) {
      d.x[i] = 1 + (r() - 0.5) * 0.2;
      d.y[i] = 1 + (r() - 0.5) * 0.2;
      d.vx[i] = r() - 0.5;
      d.vy[i] = r() - 0.5;
    }
    const p = {...P, gravity: 0};
    const ex = new Float64Array(n),
      ey = new Float64Array(n);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const f = contactForce(d.x[i] - d.x[j], d.y[i] - d.y[j], d.vx[i] - d.vx[j], d.vy[i] - d.vy[j], p);
        ex[i] += f.fx;
        ey[i] += f.fy;
      }
    const vx0 = Float64Array.from(d.vx),
      vy0 = Float64Array.from(d.vy);
    bruteForceStep(d, p, null, new Float64Array(n), new Float64Array(n));
    for (let i = 0; i < n; i++) {
      expect(d.vx[i]).toBeCloseTo(Math.fround(vx0[i] + ex[i] * p.dt), 4);
      expect(d.vy[i]).toBeCloseTo(Math.fround(vy0[i] + ey[i] * p.dt), 4);
    }
    // momentum: contact forces are pairwise equal and opposite
    expect(ex.reduce((s, v) => s + v, 0)).toBeCloseTo(0, 8);
    expect(ey.reduce((s, v) => s + v, 0)).toBeCloseTo(0, 8);
  });

  it("keeps a settling pile inside the box with bounded overlap (200 discs, 600 steps)", () => {
    const n = 200;
    const d = scatterDiscs(n, P, 5);
    const fx = new Float64Array(n),
      fy = new Float64Array(n);
    for (let s = 0; s < 600; s++) bruteForceStep(d, P, {x: 1, y: 0.2, active: s < 100}, fx, fy);
    for (let i = 0; i < n; i++) {
      expect(Number.isFinite(d.x[i]) && Number.isFinite(d.y[i])).toBe(true);
      expect(d.x[i]).toBeGreaterThan(0);
      expect(d.x[i]).toBeLessThan(P.width);
      expect(d.y[i]).toBeGreaterThan(0);
      expect(d.y[i]).toBeLessThan(P.height);
    }
    let minD = Infinity;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) minD = Math.min(minD, Math.hypot(d.x[i] - d.x[j], d.y[i] - d.y[j]));
    expect(minD).toBeGreaterThan(0.7 * D0);
  });
});

describe("gridContactStep", () => {
  it("finds the same touching pairs as brute force and produces the same motion", () => {
    const p = GRID_DEMO_DEFAULTS;
    const g = demoGrid(p);
    const n = 1500;
    const a = scatterDiscs(n, p, 11, 0.02);
    for (let i = 0; i < n; i++) a.y[i] *= 0.4;
    const b = scatterDiscs(n, p, 11, 0.02);
    for (let i = 0; i < n; i++) b.y[i] *= 0.4;
    const ids = Uint32Array.from({length: n}, (_, i) => i);
    const fx = new Float64Array(n),
      fy = new Float64Array(n);
    for (let s = 0; s < 20; s++) {
      const x = Array.from(b.x),
        y = Array.from(b.y);
      const st = gridContactStep(b, ids, g, p, null, fx, fy);
      expect(st.touching).toBe(countTouching(x, y, p.radius));
      expect(st.candidatePairs).toBeLessThan((n * (n - 1)) / 2);
      bruteForceStep(a, p, null, fx, fy);
    }
    // b is in cell order: compare by id (summation order differs, so allow f32 rounding)
    let worst = 0;
    for (let s = 0; s < n; s++) worst = Math.max(worst, Math.abs(b.x[s] - a.x[ids[s]]), Math.abs(b.y[s] - a.y[ids[s]]));
    expect(worst).toBeLessThan(1e-4);
  });
});
