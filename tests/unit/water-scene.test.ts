// The dam-break scene, the parameter checks and the uniform packing (CPU only).
import {describe, expect, it} from "vitest";
import {PARTICLE_WORDS} from "../../components/sort/particles.js";
import {
  type WaterParams,
  WATER_DEFAULTS,
  H,
  packWaterParams,
  simulatedPerFrame,
  TUNABLE,
  WATER_CFL,
  WATER_SUBSTEPS,
  WATER_UNIFORM_BYTES,
  validateParams,
  waterGrid,
} from "../../components/water/params.js";
import {WATER_OPTIONS} from "../../components/widgets/water/options.js";
import {denseGrid} from "../../components/sort/grid.js";
import {damBreak, damBreakCapacity, damBreakLayout, fitTank, latticeDensity, pool, poolColumns, poolTank, restSpacing} from "../../components/water/scene.js";
import {waterGridFor} from "../../components/water/params.js";
import {pourSand} from "../../components/sand/pour.js";
import {SAND_BOX, SAND_DEFAULTS, type SandParams} from "../../components/sand/params.js";
import {applyScale, SAND_WORLD} from "../../components/widgets/sand/engine.js";
import {scaleWorld} from "../../components/widgets/runtime/load.js";
import {cellKey} from "../../components/sort/grid.js";
import {densityTwin, statsTwin, substepTwin, windowKeys} from "../../components/water/twin.js";
import {sortTwin} from "../../components/sort/twin.js";

describe("dam break", () => {
  it("the lattice spacing gives the rest density (bisection)", () => {
    for (const rho0 of [1, 2.2, 4.4]) expect(latticeDensity(restSpacing(rho0))).toBeCloseTo(rho0, 6);
  });

  it("puts every particle inside the tank, ids 0..n−1, against the left wall; the bulk starts at ρ₀", () => {
    for (const n of [0, 1, 500, 10_000, 50_000, 80_000]) {
      const p = damBreak(n, WATER_DEFAULTS);
      const [x0, y0, x1, y1] = WATER_DEFAULTS.tank;
      const ids = new Set<number>();
      let maxX = 0;
      // one expect per count, not per particle (80,000 expects take seconds)
      const outside: string[] = [];
      for (let i = 0; i < n; i++) {
        const x = p.f32[i * PARTICLE_WORDS],
          y = p.f32[i * PARTICLE_WORDS + 1];
        if (!(x > x0 && x < x1 && y > y0 && y < y1)) outside.push(`${i}: (${x}, ${y})`);
        ids.add(p.u32[i * PARTICLE_WORDS + 4]);
        maxX = Math.max(maxX, x);
      }
      expect(outside.slice(0, 5), `${n} particles: ${outside.length} outside the tank`).toEqual([]);
      expect(ids.size).toBe(n);
      if (n >= 10_000) expect(maxX).toBeLessThan(0.75 * (x1 - x0)); // a block on the left, not a layer
    }
    const n = 20_000;
    const {sorted, starts} = sortTwin(waterGrid(), damBreak(n, WATER_DEFAULTS));
    const {density} = densityTwin(waterGrid(), WATER_DEFAULTS, sorted, starts);
    const median = [...density].sort((a, b) => a - b)[n >> 1];
    expect(median).toBeCloseTo(WATER_DEFAULTS.restDensity, 1);
  });

  it("the block grows wider, not taller than the tank, for more water", () => {
    const a = damBreakLayout(50_000, WATER_DEFAULTS),
      b = damBreakLayout(80_000, WATER_DEFAULTS);
    expect(b.width).toBeGreaterThan(a.width);
    expect(b.height).toBeLessThanOrEqual(0.85 * WATER_DEFAULTS.tank[3]);
  });

  it("a reduced count in a tank shrunk by √(n / 50,000) pours the picture of 50,000 in the full tank", () => {
    const full = damBreakLayout(50_000, WATER_DEFAULTS);
    const [fw, fh] = [full.width / 2, full.height / 1];
    for (const n of [4000, 3125, 1250]) {
      const f = Math.sqrt(n / 50_000);
      const tank: WaterParams["tank"] = [0, 0, 2 * f, f];
      const l = damBreakLayout(n, {...WATER_DEFAULTS, tank});
      expect(Math.abs(l.width / tank[2] - fw), `${n}: width share`).toBeLessThan(0.03);
      expect(Math.abs(l.height / tank[3] - fh), `${n}: height share`).toBeLessThan(0.03);
    }
    // in the full tank the same few thousand stand as a column (a 40 %-wide block would be a strip)
    const column = damBreakLayout(4000, WATER_DEFAULTS);
    expect(column.height / column.width).toBeGreaterThan(1.5);
  });

  it("refuses more particles than the tank holds instead of stacking them on the lid", () => {
    const cap = damBreakCapacity(WATER_DEFAULTS);
    expect(cap).toBeGreaterThan(150_000);
    expect(cap).toBeLessThan(250_000);
    expect(() => damBreak(250_000, WATER_DEFAULTS)).toThrow(/250000 particles do not fit this 2 × 1 tank: it holds at most \d+/);
    expect(() => damBreak(cap + 1, WATER_DEFAULTS)).toThrow(RangeError);
    // a shallow tank (aspect 4) fills up to the lid before it refuses
    const shallow: WaterParams = {...WATER_DEFAULTS, tank: [0, 0, 2, 0.5]};
    expect(() => damBreak(80_000, shallow)).not.toThrow();
    expect(() => damBreak(damBreakCapacity(shallow) + 1, shallow)).toThrow(RangeError);
  });

  it("at capacity and in a tank fitted to 250,000, every particle has its own lattice site inside the tank", () => {
    const cases: [number, WaterParams][] = [
      [damBreakCapacity(WATER_DEFAULTS), WATER_DEFAULTS],
      [250_000, fitTank(250_000, WATER_DEFAULTS)],
    ];
    for (const [n, params] of cases) {
      const p = damBreak(n, params);
      const s = restSpacing(params.restDensity) * params.h;
      const [x0, y0, x1, y1] = params.tank;
      // one particle per lattice site: snapping to the lattice gives n distinct sites
      const sites = new Set<number>();
      let outside = 0;
      for (let i = 0; i < n; i++) {
        const x = p.f32[i * PARTICLE_WORDS],
          y = p.f32[i * PARTICLE_WORDS + 1];
        if (!(x > x0 && x < x1 && y > y0 && y < y1)) outside++;
        sites.add(Math.round((x - x0) / s) * 1_000_003 + Math.round((y - y0) / s));
      }
      expect(outside).toBe(0);
      expect(sites.size).toBe(n);
    }
    const fitted = fitTank(250_000, WATER_DEFAULTS);
    expect(fitted.tank[2] / fitted.tank[3]).toBeCloseTo(2, 6); // same aspect, bigger
    expect(damBreakLayout(250_000, fitted).height).toBeLessThanOrEqual(0.85 * fitted.tank[3]);
    expect(fitTank(50_000, WATER_DEFAULTS)).toBe(WATER_DEFAULTS); // already fits: unchanged
    // a grid fitted to the tank covers it (no cell clamped), past the old 65,536-cell cap for 4 M
    const big = fitTank(4_000_000, WATER_DEFAULTS);
    const g = waterGridFor(big);
    expect(g.numCells).toBeGreaterThan(65_536 * 10);
    expect(g.dimX * g.cellSize).toBeGreaterThanOrEqual(big.tank[2] - big.tank[0]);
    expect(cellKey(g, big.tank[2] - 1e-4, big.tank[3] - 1e-4)).toBe(g.numCells - 1);
  });

  it("a reduced sand count in the box the runtime's scaling shrinks to it fills the box as the full count fills the full box", () => {
    /** Share of the box's width and height the poured block covers. */
    const shares = (n: number, box: number) => {
      const p = pourSand(n, 1, undefined, box);
      let [x0, x1, y0] = [Infinity, -Infinity, Infinity];
      for (let i = 0; i < n; i++) {
        x0 = Math.min(x0, p.f32[i * PARTICLE_WORDS]);
        x1 = Math.max(x1, p.f32[i * PARTICLE_WORDS]);
        y0 = Math.min(y0, p.f32[i * PARTICLE_WORDS + 1]);
      }
      return [(x1 - x0) / box, (box - y0) / box];
    };
    const full = shares(12_000, SAND_BOX);
    for (const [n, standsFor] of [
      [2000, 12_000], // a CPU-emulated adapter's start
      [5000, 30_000], // the CPU twin at the slider's end
    ]) {
      const params = structuredClone(SAND_DEFAULTS) as SandParams;
      applyScale(params, scaleWorld(n, standsFor, SAND_WORLD));
      expect(params.box).toBeCloseTo(SAND_BOX * Math.sqrt(n / standsFor), 9);
      // Froude scaling: gravity × 1/f (speeds and the floor's load as in the full box)
      expect(params.gravity * (params.box / SAND_BOX)).toBeCloseTo(SAND_DEFAULTS.gravity, 9);
      const [w, h] = shares(n, params.box);
      if (standsFor === 12_000) {
        expect(Math.abs(w - full[0])).toBeLessThan(0.05);
        expect(Math.abs(h - full[1])).toBeLessThan(0.05);
      }
      const p = pourSand(n, 2, undefined, params.box);
      for (let i = 0; i < n; i++) expect(p.f32[i * PARTICLE_WORDS] < params.box && p.f32[i * PARTICLE_WORDS + 1] < params.box).toBe(true);
    }
    // a full count keeps the full box
    const params = structuredClone(SAND_DEFAULTS) as SandParams;
    applyScale(params, scaleWorld(12_000, 12_000, SAND_WORLD));
    expect([params.box, params.gravity]).toEqual([SAND_BOX, SAND_DEFAULTS.gravity]);
  });

  it("the sand's pour refuses a count the box cannot hold", () => {
    expect(() => pourSand(30_000)).not.toThrow();
    expect(() => pourSand(200_000)).toThrow(/200000 grains do not fit the box/);
  });

  it("rejects a bad count", () => {
    expect(() => damBreak(-1, WATER_DEFAULTS)).toThrow(RangeError);
    expect(() => damBreak(2.5, WATER_DEFAULTS)).toThrow(/non-negative integer/);
  });
});

describe("parameters", () => {
  it("validates every field with a message naming it", () => {
    expect(() => validateParams(WATER_DEFAULTS)).not.toThrow();
    expect(() => validateParams({...WATER_DEFAULTS, dt: 0})).toThrow(/dt/);
    expect(() => validateParams({...WATER_DEFAULTS, k: NaN})).toThrow(/SPH k /);
    expect(() => validateParams({...WATER_DEFAULTS, xsph: -1})).toThrow(/xsph/);
    expect(() => validateParams({...WATER_DEFAULTS, tank: [0, 0, 0, 1]})).toThrow(/tank/);
  });

  it("packs the uniform in the field order of water.wgsl; the pointer only when active", () => {
    const f = new Float32Array(packWaterParams(WATER_DEFAULTS, {x: 0.5, y: 0.25, vx: 1, vy: -2, active: true}));
    expect(f.length * 4).toBe(WATER_UNIFORM_BYTES);
    expect([...f.slice(0, 8)]).toEqual([0, -3, Math.fround(WATER_DEFAULTS.dt), Math.fround(H), Math.fround(2.2), 400, 100, Math.fround(0.03)]);
    expect([...f.slice(8, 12)]).toEqual([0, 0, 2, 1]);
    expect([...f.slice(16, 22)]).toEqual([0.5, 0.25, 1, -2, Math.fround(0.18), 60]);
    const off = new Float32Array(packWaterParams(WATER_DEFAULTS, {x: 0.5, y: 0.25, vx: 1, vy: -2, active: false}));
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
    const p = damBreak(3, WATER_DEFAULTS);
    p.f32[2] = 3;
    p.f32[3] = 4;
    const s = statsTwin(WATER_DEFAULTS, p, new Float32Array([0, 2.2, 99]));
    expect(s.bins[0]).toBe(1);
    expect(s.bins[32]).toBe(1);
    expect(s.bins[63]).toBe(1);
    expect(s.maxSpeed).toBeCloseTo(5, 6);
  });
});

describe("the hero's pool", () => {
  const spacing = restSpacing(WATER_DEFAULTS.restDensity) * WATER_DEFAULTS.h;
  /** Tanks of the hero: a wide desktop stage (aspect 2.9) and a phone (aspect 1), at the GPU's and a CPU-emulated adapter's counts. */
  const cases = [45_000, 12_000, 4_000, 2_813, 800].flatMap((n) =>
    [2.9, 1].map((aspect) => ({n, aspect, params: {...WATER_DEFAULTS, tank: poolTank(n, aspect, spacing)}}))
  );

  it("spans at least 90 % of the tank's width at t = 0, every particle on its own site inside the tank", () => {
    for (const {n, aspect, params} of cases) {
      const p = pool(n, params);
      const [x0, y0, x1, y1] = params.tank;
      let minX = Infinity,
        maxX = -Infinity;
      const sites = new Set<number>();
      const ids = new Set<number>();
      const outside: string[] = [];
      for (let i = 0; i < n; i++) {
        const x = p.f32[i * PARTICLE_WORDS],
          y = p.f32[i * PARTICLE_WORDS + 1];
        if (!(x > x0 && x < x1 && y > y0 && y < y1)) outside.push(`(${x}, ${y})`);
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        sites.add(Math.round((x - x0) / spacing) * 1_000_003 + Math.round((y - y0) / spacing));
        ids.add(p.u32[i * PARTICLE_WORDS + 4]);
      }
      expect(outside.slice(0, 5), `${n} @ ${aspect}: ${outside.length} outside the tank`).toEqual([]);
      expect((maxX - minX) / (x1 - x0), `${n} particles at aspect ${aspect}`).toBeGreaterThanOrEqual(0.9);
      expect(sites.size).toBe(n);
      expect(ids.size).toBe(n);
    }
  });

  it("has a raised band at the left wall over a pool: deeper there than on the right, and the same depth share at every count", () => {
    const shares: number[] = [];
    for (const {n, aspect, params} of cases) {
      const h = poolColumns(n, params);
      expect(h.reduce((a, b) => a + b, 0)).toBe(n);
      const q = Math.floor(h.length / 8);
      const left = Math.max(...h.slice(0, q));
      const right = h.slice(h.length - 3 * q).reduce((a, b) => a + b, 0) / (3 * q);
      expect(left, `${n} @ ${aspect}`).toBeGreaterThan(1.8 * right);
      expect(Math.min(...h), "no dry column").toBeGreaterThan(0);
      if (n >= 2813) shares.push((Math.max(...h) * spacing) / (params.tank[3] - params.tank[1]));
    }
    // the fewer particles of a CPU-emulated adapter fill the same depth of their (smaller) tank
    for (const s of shares) expect(s).toBeGreaterThan(0.45);
    for (const s of shares) expect(s).toBeLessThan(0.85);
  });

  it("starts at the rest density (median within 5 %), and its raised band runs across the tank as a wave (CPU twin)", () => {
    const n = 800;
    const params = {...WATER_DEFAULTS, tank: poolTank(n, 2.9, spacing)};
    let p = pool(n, params);
    const grid = waterGrid();
    const {sorted, starts} = sortTwin(grid, p);
    const {density} = densityTwin(grid, params, sorted, starts);
    const median = [...density].sort((a, b) => a - b)[n >> 1];
    expect(Math.abs(median - params.restDensity) / params.restDensity).toBeLessThan(0.05);
    /** Mean x of the particles above the pool's base depth (the wave's crest). */
    const crestX = (q: typeof p) => {
      const ys = Array.from({length: n}, (_, i) => q.f32[i * PARTICLE_WORDS + 1]).sort((a, b) => a - b);
      const base = ys[Math.floor(0.6 * n)];
      let sx = 0,
        k = 0;
      for (let i = 0; i < n; i++)
        if (q.f32[i * PARTICLE_WORDS + 1] > base) {
          sx += q.f32[i * PARTICLE_WORDS];
          k++;
        }
      return sx / k;
    };
    const x0 = crestX(p);
    for (let k = 0; k < Math.round(0.4 / params.dt); k++) p = substepTwin(grid, params, p).particles;
    for (let i = 0; i < n; i++) {
      const [x, y] = [p.f32[i * PARTICLE_WORDS], p.f32[i * PARTICLE_WORDS + 1]];
      expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
      expect(x >= params.tank[0] && x <= params.tank[2] && y >= params.tank[1] && y <= params.tank[3]).toBe(true);
    }
    // after 0.4 simulated seconds the crest has moved right, away from the wall it started at
    expect(crestX(p) - x0).toBeGreaterThan(0.1 * (params.tank[2] - params.tank[0]));
  });

  it("refuses a count the tank cannot hold", () => {
    expect(() => pool(100_000, {...WATER_DEFAULTS, tank: [0, 0, 0.5, 0.25]})).toThrow(/do not fit this 0.5 × 0.25 tank as a pool/);
    expect(() => pool(1.5, WATER_DEFAULTS)).toThrow(/non-negative integer/);
    expect(pool(0, WATER_DEFAULTS).count).toBe(0);
  });
});

describe("the substep (docs/records/water-substep.md)", () => {
  it("a frame of the default substeps advances 5 ms; the clamp lets no particle pass half of h in one substep", () => {
    expect(WATER_OPTIONS.substeps.default).toBe(WATER_SUBSTEPS);
    expect(simulatedPerFrame(WATER_DEFAULTS, WATER_SUBSTEPS)).toBeCloseTo(0.005, 12);
    expect(WATER_DEFAULTS.dt).toBeCloseTo(0.005 / WATER_SUBSTEPS, 12);
    expect(WATER_DEFAULTS.maxSpeed * WATER_DEFAULTS.dt).toBeCloseTo(WATER_CFL * H, 12);
    expect(WATER_CFL).toBeLessThanOrEqual(0.5);
    // the longest substep the study found stable at 10k, 50k and 80k (docs/records/water-substep.md)
    expect(WATER_DEFAULTS.dt).toBeLessThanOrEqual(0.001);
    // the walls' penalty spring and damping stay far inside explicit Euler's limit (ω·dt < 2)
    expect(Math.sqrt(WATER_DEFAULTS.wallK) * WATER_DEFAULTS.dt).toBeLessThan(0.2);
    expect(WATER_DEFAULTS.wallDamping * WATER_DEFAULTS.dt).toBeLessThan(0.1);
  });

  /**
   * `seconds` of simulated time of a 1,000-particle dam break in a 0.25 × 0.25 tank (32 × 32
   * cells of the same h) on the twin at the default dt; per sample: every particle finite and
   * inside, the largest speed, the mean density.
   */
  function smallDam(params: WaterParams, seconds: number) {
    const n = 1000;
    const grid = denseGrid(32, 32, H);
    let p = damBreak(n, params);
    let peak = 0,
      mean = 0;
    for (let k = 0; k < Math.round(seconds / params.dt); k++) {
      const r = substepTwin(grid, params, p);
      p = r.particles;
      mean = r.density.reduce((a, b) => a + b, 0) / n;
      for (let i = 0; i < n; i++) {
        const o = i * PARTICLE_WORDS;
        const [x, y, vx, vy] = [p.f32[o], p.f32[o + 1], p.f32[o + 2], p.f32[o + 3]];
        if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(vx) && Number.isFinite(vy)))
          throw new Error(`particle ${i} not finite after ${k + 1} substeps`);
        if (!(x >= 0 && x <= 0.25 && y >= 0 && y <= 0.25)) throw new Error(`particle ${i} at (${x}, ${y}) left the tank after ${k + 1} substeps`);
        peak = Math.max(peak, Math.hypot(vx, vy));
      }
    }
    return {peak, mean};
  }

  it("the twin at the default dt: half a simulated second of a small dam break stays finite, inside, below the clamp and near ρ₀", () => {
    const params: WaterParams = {...WATER_DEFAULTS, tank: [0, 0, 0.25, 0.25]};
    const {peak, mean} = smallDam(params, 0.5);
    expect(peak).toBeLessThan(0.75 * params.maxSpeed);
    expect(Math.abs(mean - params.restDensity) / params.restDensity).toBeLessThan(0.1);
  });

  it("the panel's stiffest k holds at the default dt (with the default k_near and XSPH): no particle reaches the clamp (k = 700 does at 5/3 ms)", () => {
    const params: WaterParams = {...WATER_DEFAULTS, k: TUNABLE.k.max, tank: [0, 0, 0.25, 0.25]};
    const {peak, mean} = smallDam(params, 0.5);
    // a boiling run pins thousands of particles at the clamp and its mean density falls by a third
    expect(peak).toBeLessThan(0.75 * params.maxSpeed);
    expect(Math.abs(mean - params.restDensity) / params.restDensity).toBeLessThan(0.15);
  });
});
