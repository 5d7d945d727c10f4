// The 3D octree twin (components/gravity3d/) on the CPU: Morton keys, the level-by-level
// build (every body in exactly one leaf, children tile their parent), the float32 sums, the
// walk against the exact O(N²) sum, and the scenes.
import {describe, expect, it} from "vitest";
import {
  barnesHut3,
  boundingCube,
  buildBarnesHut3,
  collision3Scene,
  compact3,
  direct3,
  disc3Scene,
  forceErrors3,
  Gravity3Twin,
  GRAVITY3_DEFAULTS,
  interleave3,
  levelBases,
  NONE,
  nodeSlots,
  plummer3Scene,
  spread3,
} from "../../components/gravity3d/twin.js";

describe("3D Morton keys", () => {
  it("spread3 and compact3 are inverse; interleave puts x, y, z in bits 3k, 3k+1, 3k+2", () => {
    for (const v of [0, 1, 2, 5, 511, 512, 1023]) expect(compact3(spread3(v))).toBe(v);
    expect(interleave3(1, 0, 0)).toBe(1);
    expect(interleave3(0, 1, 0)).toBe(2);
    expect(interleave3(0, 0, 1)).toBe(4);
    expect(interleave3(1023, 1023, 1023)).toBe(2 ** 30 - 1);
  });
  it("the cube's side is a power of two above the extent", () => {
    const b = plummer3Scene(500, 3);
    const c = boundingCube(b.x, b.y, b.z);
    const ext = Math.max(...[b.x, b.y, b.z].map((v) => Math.max(...v) - Math.min(...v)));
    expect(c.size).toBeGreaterThan(ext);
    expect(c.size / 2).toBeLessThanOrEqual(ext);
  });
});

describe("the octree built level by level", () => {
  for (const [name, b] of [
    ["plummer", plummer3Scene(1500, 2)],
    ["collision", collision3Scene(1500, 4)],
    [
      "one point",
      (() => {
        const p = plummer3Scene(200, 1);
        p.x.fill(0.5);
        p.y.fill(0.5);
        p.z.fill(0.5);
        return p;
      })(),
    ],
  ] as const) {
    it(`${name}: leaves tile the bodies, children tile their parent, masses add up`, () => {
      const {tree: t} = buildBarnesHut3(b, {leafCapacity: 8, theta: 0.5});
      const inLeaf = new Uint32Array(b.n);
      let total = 0;
      for (const [j] of nodeSlots(t)) {
        expect(t.hi[j]).toBeGreaterThan(t.lo[j]);
        if (t.kids[j] === 0) {
          expect(t.first[j]).toBe(NONE);
          for (let i = t.lo[j]; i < t.hi[j]; i++) inLeaf[i]++;
        } else {
          expect(t.hi[j] - t.lo[j]).toBeGreaterThan(8);
          expect(t.lo[t.first[j]]).toBe(t.lo[j]);
          expect(t.hi[t.first[j] + t.kids[j] - 1]).toBe(t.hi[j]);
          for (let c = t.first[j] + 1; c < t.first[j] + t.kids[j]; c++) expect(t.lo[c]).toBe(t.hi[c - 1]);
        }
        total++;
      }
      expect(Array.from(inLeaf).every((c) => c === 1)).toBe(true);
      expect(total).toBeLessThanOrEqual(levelBases(b.n, 8)[11]);
      let m = 0;
      for (let i = 0; i < b.n; i++) m += b.m[i];
      expect(t.mass[0]).toBeCloseTo(m, 5);
    });
  }
});

describe("the walk against the exact sum", () => {
  it("θ = 0 is the exact sum; θ 0.5 on a Plummer sphere: median relative error ≤ 1e-2", () => {
    const b = plummer3Scene(2000, 5);
    const p = {...GRAVITY3_DEFAULTS};
    const exact = direct3(b, p.G, p.softening);
    const zero = forceErrors3(barnesHut3(b, {...p, theta: 0}), exact);
    expect(zero.max).toBeLessThan(1e-9);
    const half = forceErrors3(barnesHut3(b, {...p, theta: 0.5}), exact);
    console.log(`plummer 2000, θ 0.5: median ${half.median.toExponential(2)}, p99 ${half.p99.toExponential(2)}, max ${half.max.toExponential(2)}`);
    expect(half.median).toBeLessThanOrEqual(1e-2);
    const wide = forceErrors3(barnesHut3(b, {...p, theta: 0.8}), exact);
    expect(wide.median).toBeGreaterThan(half.median);
  });
  it("fewer terms than N − 1 per body at θ 0.5", () => {
    const b = disc3Scene(3000, 2);
    const r = barnesHut3(b, GRAVITY3_DEFAULTS);
    const mean = r.terms.reduce((s, t) => s + t, 0) / b.n;
    expect(mean).toBeLessThan(b.n - 1);
    expect(mean).toBeGreaterThan(10);
  });
});

describe("scenes and the leapfrog", () => {
  it("scenes are seeded, centred and of total mass 1", () => {
    for (const make of [plummer3Scene, disc3Scene, collision3Scene]) {
      const a = make(1000, 9),
        c = make(1000, 9);
      expect(Array.from(a.x)).toEqual(Array.from(c.x));
      const m = a.m.reduce((s, v) => s + v, 0);
      expect(m).toBeCloseTo(1, 4);
      let cx = 0;
      for (let i = 0; i < a.n; i++) cx += a.m[i] * a.x[i];
      expect(Math.abs(cx)).toBeLessThan(1e-4);
    }
    const col = collision3Scene(1000, 1);
    expect(col.tag.filter((t) => t === 1).length).toBe(500);
  });
  it("a Plummer sphere keeps its energy to 1 % over 30 steps", () => {
    const t = new Gravity3Twin(plummer3Scene(400, 3));
    const e0 = t.energy().total;
    t.step(30);
    expect(Math.abs(t.energy().total / e0 - 1)).toBeLessThan(0.01);
    expect(t.bodies.n).toBe(400);
  });
  it("bad input gets a clear message", () => {
    const b = plummer3Scene(10, 1);
    b.x[3] = Number.NaN;
    expect(() => new Gravity3Twin(b)).toThrow(/body 3/);
    expect(() => plummer3Scene(0)).toThrow(RangeError);
  });
});
