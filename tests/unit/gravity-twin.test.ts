// The gravity CPU twin (components/gravity/): Morton keys, the stable radix sort, the
// tree's ranges and masses, the walk against the exact sum, the probe's counts, the
// Barnes–Hut force error at N = 10,000. (The leapfrog's energy drift is in the soak tier.)
import {describe, expect, it} from "vitest";
import {BH_ERROR_OPTIONS} from "../../components/widgets/bh-error/options.js";
import {
  allocBodies,
  barnesHutAccelerations,
  boundingSquare,
  buildBarnesHut,
  cellCoord,
  directAccelerations,
  discScene,
  forceErrors,
  GRAVITY_DEFAULTS,
  interleave,
  MAX_LEVEL,
  mortonKeys,
  plummerScene,
  probeWalk,
  radixSortTwin,
  walkTwin,
} from "../../components/gravity/twin.js";
import {rng} from "../helpers/rng.js";

describe("Morton keys", () => {
  it("interleave x into even bits and y into odd bits", () => {
    expect(interleave(1, 0)).toBe(1);
    expect(interleave(0, 1)).toBe(2);
    expect(interleave(0xffff, 0)).toBe(0x55555555);
    expect(interleave(0, 0xffff)).toBe(0xaaaaaaaa);
    expect(interleave(3, 5)).toBe(0b100111);
  });
  it("scale by the power-of-two square and clamp into 0..65535", () => {
    const x = new Float32Array([0, 1, 3]),
      y = new Float32Array([0, 0.5, 0]);
    const sq = boundingSquare(x, y);
    expect(sq).toMatchObject({minX: 0, minY: 0, exponent: 2, size: 4});
    expect(cellCoord(3, 0, 2)).toBe(49152);
    expect(cellCoord(4, 0, 2)).toBe(65535);
    expect(cellCoord(-1, 0, 2)).toBe(0);
  });
  it("all bodies at one point get key 0", () => {
    const x = new Float32Array(5).fill(2.5);
    expect(Array.from(mortonKeys(x, x, boundingSquare(x, x)))).toEqual([0, 0, 0, 0, 0]);
  });
});

describe("radix sort", () => {
  it("is a stable sort by key (equal keys keep input order)", () => {
    const r = rng(3);
    const keys = Uint32Array.from({length: 2000}, () => (r() < 0.5 ? Math.floor(r() * 8) : Math.floor(r() * 2 ** 32)));
    const s = radixSortTwin(keys);
    const expected = Array.from(keys, (k, i) => [k, i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(Array.from(s.keys)).toEqual(expected.map((e) => e[0]));
    expect(Array.from(s.values)).toEqual(expected.map((e) => e[1]));
  });
});

describe("tree", () => {
  const b = discScene(3000, 2);
  const bh = buildBarnesHut(b, 6);
  const t = bh.tree;
  it("children partition their parent's range; leaves hold at most leafCapacity bodies unless at the last level", () => {
    for (let j = 0; j < t.numNodes; j++) {
      if (t.childCount[j] === 0) {
        expect(t.hi[j] - t.lo[j] <= 6 || t.level[j] === MAX_LEVEL).toBe(true);
        continue;
      }
      let at = t.lo[j];
      for (let c = t.firstChild[j]; c < t.firstChild[j] + t.childCount[j]; c++) {
        expect(t.lo[c]).toBe(at);
        expect(t.hi[c]).toBeGreaterThan(t.lo[c]);
        expect(t.level[c]).toBe(t.level[j] + 1);
        at = t.hi[c];
      }
      expect(at).toBe(t.hi[j]);
    }
  });
  it("the root's mass and centre of mass are the bodies' (float32 sums)", () => {
    let m = 0,
      mx = 0;
    for (let i = 0; i < b.n; i++) {
      m += b.m[i];
      mx += b.m[i] * b.x[i];
    }
    expect(t.mass[0]).toBeCloseTo(m, 5);
    expect(t.mx[0]).toBeCloseTo(mx, 4);
  });
});

describe("walk", () => {
  const b = plummerScene(1500, 4);
  it("θ = 0 is the exact sum (float64)", () => {
    const exact = directAccelerations(b, 1, 0.02);
    const a = barnesHutAccelerations(b, {...GRAVITY_DEFAULTS, theta: 0});
    expect(forceErrors(a, exact).p99).toBeLessThan(1e-12);
    expect(Array.from(new Set(a.interactions))).toEqual([b.n - 1]);
  });
  it("the probe: interactions = approximated cells + bodies summed one by one; N at θ = 0", () => {
    const bh = buildBarnesHut(b);
    const p = {G: 1, softening: 0.02, theta: 0.5};
    const probe = probeWalk(bh, p, 0.3, -0.2);
    expect(probe.interactions).toBe(probe.approximated.length + probe.direct);
    expect(probe.interactions).toBeLessThan(b.n / 3);
    expect(probeWalk(bh, {...p, theta: 0}, 0.3, -0.2).interactions).toBe(b.n);
  });
});

describe("the §5 error widget's first reading (its defaults: Plummer sphere, θ = 0.5)", () => {
  const o = BH_ERROR_OPTIONS;
  // the GPU count and the CPU twin's fallback count; point masses alone (before the
  // quadrupole term) read median 1.35e-2, p99 8.1e-2 at 2,000 and 1.17e-2, 5.5e-2 at 1,000
  for (const n of [o.count.default, o.fallbackCount.default]) {
    it(`${n} bodies: median ≤ 1e-2, p99 ≤ 5e-2`, () => {
      const b = plummerScene(n, o.seed.default);
      const e = forceErrors(barnesHutAccelerations(b, {...GRAVITY_DEFAULTS, theta: o.theta.default}), directAccelerations(b, 1, GRAVITY_DEFAULTS.softening));
      expect(e.median).toBeLessThanOrEqual(1e-2);
      expect(e.p99).toBeLessThanOrEqual(5e-2);
    });
  }
});

describe("Barnes–Hut force error at N = 10,000 (relative to the exact O(N²) force)", () => {
  const b = discScene(10000, 1);
  const exact = directAccelerations(b, 1, GRAVITY_DEFAULTS.softening);
  const measured: Record<string, {median: number; p99: number}> = {};
  for (const theta of [0.2, 0.5, 0.8]) {
    it(`θ = ${theta}`, () => {
      const e = forceErrors(barnesHutAccelerations(b, {...GRAVITY_DEFAULTS, theta}), exact);
      measured[theta] = {median: e.median, p99: e.p99};
      console.log(`disc N=10000 θ=${theta}: median ${e.median.toExponential(2)}, p99 ${e.p99.toExponential(2)}`);
      if (theta === 0.5) {
        expect(e.median).toBeLessThan(1e-2);
        expect(e.p99).toBeLessThan(5e-2);
      }
    });
  }
  it("the error grows with θ", () => {
    expect(measured[0.2].median).toBeLessThan(measured[0.5].median);
    expect(measured[0.5].median).toBeLessThan(measured[0.8].median);
  });
});

// The leapfrog's energy drift over 2,000 steps: tests/soak/gravity-energy.test.ts (`npm run test:soak`).

it("bad input gets a clear message", () => {
  const b = allocBodies(2);
  b.x[1] = Number.NaN;
  expect(() => buildBarnesHut(b)).toThrow(/body 1 has a non-finite value/);
  expect(() => walkTwin(buildBarnesHut(allocBodies(1)), {G: 1, softening: 0, theta: 0.5})).not.toThrow();
});
