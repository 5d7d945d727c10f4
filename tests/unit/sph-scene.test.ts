// The dam-break scene, the parameter checks and the uniform packing (CPU only).
import {describe, expect, it} from "vitest";
import {PARTICLE_WORDS} from "../../components/sort/particles.js";
import {DEFAULT_PARAMS, H, packSphParams, SPH_UNIFORM_BYTES, validateParams, waterGrid} from "../../components/sph/params.js";
import {damBreak, damBreakLayout, latticeDensity, restSpacing} from "../../components/sph/scene.js";
import {densityTwin, statsTwin, windowKeys} from "../../components/sph/twin.js";
import {sortTwin} from "../../components/sort/twin.js";

describe("dam break", () => {
  it("the lattice spacing gives the rest density (bisection)", () => {
    for (const rho0 of [1, 2.2, 4.4]) expect(latticeDensity(restSpacing(rho0))).toBeCloseTo(rho0, 6);
  });

  it("puts every particle inside the tank, ids 0..n−1, against the left wall; the bulk starts at ρ₀", () => {
    for (const n of [0, 1, 500, 10_000, 50_000, 80_000]) {
      const p = damBreak(n, DEFAULT_PARAMS);
      const [x0, y0, x1, y1] = DEFAULT_PARAMS.tank;
      const ids = new Set<number>();
      let maxX = 0;
      for (let i = 0; i < n; i++) {
        const x = p.f32[i * PARTICLE_WORDS], y = p.f32[i * PARTICLE_WORDS + 1];
        expect(x > x0 && x < x1 && y > y0 && y < y1).toBe(true);
        ids.add(p.u32[i * PARTICLE_WORDS + 4]);
        maxX = Math.max(maxX, x);
      }
      expect(ids.size).toBe(n);
      if (n >= 10_000) expect(maxX).toBeLessThan(0.75 * (x1 - x0)); // a block on the left, not a layer
    }
    const n = 20_000;
    const {sorted, starts} = sortTwin(waterGrid(), damBreak(n, DEFAULT_PARAMS));
    const {density} = densityTwin(waterGrid(), DEFAULT_PARAMS, sorted, starts);
    const median = [...density].sort((a, b) => a - b)[n >> 1];
    expect(median).toBeCloseTo(DEFAULT_PARAMS.restDensity, 1);
  });

  it("the block grows wider, not taller than the tank, for more water", () => {
    const a = damBreakLayout(50_000, DEFAULT_PARAMS), b = damBreakLayout(80_000, DEFAULT_PARAMS);
    expect(b.width).toBeGreaterThan(a.width);
    expect(b.height).toBeLessThanOrEqual(0.85 * DEFAULT_PARAMS.tank[3]);
  });

  it("rejects a bad count", () => {
    expect(() => damBreak(-1, DEFAULT_PARAMS)).toThrow(RangeError);
    expect(() => damBreak(2.5, DEFAULT_PARAMS)).toThrow(/non-negative integer/);
  });
});

describe("parameters", () => {
  it("validates every field with a message naming it", () => {
    expect(() => validateParams(DEFAULT_PARAMS)).not.toThrow();
    expect(() => validateParams({...DEFAULT_PARAMS, dt: 0})).toThrow(/dt/);
    expect(() => validateParams({...DEFAULT_PARAMS, k: NaN})).toThrow(/SPH k /);
    expect(() => validateParams({...DEFAULT_PARAMS, xsph: -1})).toThrow(/xsph/);
    expect(() => validateParams({...DEFAULT_PARAMS, tank: [0, 0, 0, 1]})).toThrow(/tank/);
  });

  it("packs the uniform in the field order of sph.wgsl; the pointer only when active", () => {
    const f = new Float32Array(packSphParams(DEFAULT_PARAMS, {x: 0.5, y: 0.25, vx: 1, vy: -2, active: true}));
    expect(f.length * 4).toBe(SPH_UNIFORM_BYTES);
    expect([...f.slice(0, 8)]).toEqual([0, -3, Math.fround(0.001), Math.fround(H), Math.fround(2.2), 400, 100, Math.fround(0.03)]);
    expect([...f.slice(8, 12)]).toEqual([0, 0, 2, 1]);
    expect([...f.slice(16, 22)]).toEqual([0.5, 0.25, 1, -2, Math.fround(0.18), 60]);
    const off = new Float32Array(packSphParams(DEFAULT_PARAMS, {x: 0.5, y: 0.25, vx: 1, vy: -2, active: false}));
    expect(off[20]).toBe(0); // radius 0 = no pointer
  });
});

describe("twin helpers", () => {
  it("windowKeys lists each cell of the 3×3 window once (4 in a grid corner, 9 inside)", () => {
    const g = waterGrid();
    expect(windowKeys(g, 0.001, 0.001).sort((a, b) => a - b)).toEqual([0, 1, 256, 257]);
    expect(new Set(windowKeys(g, 1, 1)).size).toBe(9);
    expect(windowKeys(g, 1, 1).length).toBe(9);
  });

  it("statsTwin bins densities over [0, 2ρ₀) and clamps the extremes into the end bins", () => {
    const p = damBreak(3, DEFAULT_PARAMS);
    p.f32[2] = 3;
    p.f32[3] = 4;
    const s = statsTwin(DEFAULT_PARAMS, p, new Float32Array([0, 2.2, 99]));
    expect(s.bins[0]).toBe(1);
    expect(s.bins[32]).toBe(1);
    expect(s.bins[63]).toBe(1);
    expect(s.maxSpeed).toBeCloseTo(5, 6);
  });
});
