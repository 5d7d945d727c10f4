// The dust's CPU twin on its own (components/dust/twin.ts): the grid search equals the
// brute-force pair list with bodies of several sizes and any cell size; a pair merges only
// on mutual proposals and a body merges at most once; the compaction keeps survivors in order
// and conserves mass exactly and momentum to rounding; the twin's substeps conserve mass with
// merging on and keep the count with it off; bad input gets a clear message.
import {describe, expect, it} from "vitest";
import {allocBodies} from "../../components/gravity/bodies.js";
import {checkDustParams, packDust} from "../../components/dust/params.js";
import {cloudScene, compareScene, discScene} from "../../components/dust/scene.js";
import {
  checkDustBodies,
  compactTwin,
  contactPairsBruteForce,
  DustTwin,
  dustTotals,
  ledgerEntry,
  markTwin,
  momentumDrift,
  momentumSums,
  NO_PARTNER,
  nearTwin,
} from "../../components/dust/twin.js";
import {decodeDustState, DUST_STATE_WORDS, dustStateWords, MOMENTUM_AT} from "../../components/dust/gpu.js";

describe("near field", () => {
  it("the grid search finds the brute-force contacts for every body, with sizes from 1 to 30 cells", () => {
    const {bodies, params} = cloudScene(500, 2, {radius: 0.4, unitRadius: 0.004, masses: [1, 1, 1, 2, 5, 20, 100, 900]});
    const pairs = contactPairsBruteForce(bodies, params.unitRadius);
    const want = new Uint32Array(bodies.n);
    for (const {i, j} of pairs) {
      want[i]++;
      want[j]++;
    }
    expect(pairs.length).toBeGreaterThan(50);
    for (const cell of [0.008, 0.2]) expect(Array.from(nearTwin(bodies, params, cell).touching)).toEqual(Array.from(want));
  });

  it("proposes the lowest touching slot slower than the escape speed, none with merging off", () => {
    const b = allocBodies(3);
    b.x.set([0, 0.015, 0.03]);
    b.m.set([1, 1, 1]);
    const p = cloudScene(2, 1).params;
    p.unitRadius = 0.01;
    const near = nearTwin(b, p, 0.04);
    expect(Array.from(near.partner)).toEqual([1, 0, 1]);
    expect(Array.from(nearTwin(b, {...p, merge: 0}, 0.04).partner)).toEqual([NO_PARTNER, NO_PARTNER, NO_PARTNER]);
    // fast enough to escape: no proposal
    b.vx.set([50, 0, -50]);
    expect(nearTwin(b, p, 0.04).partner[0]).toBe(NO_PARTNER);
  });
});

describe("merge", () => {
  it("only mutual proposals merge; the lower slot survives; survivors keep their order; mass exact", () => {
    const b = allocBodies(5);
    b.m.set([1, 2, 3, 4, 5]);
    b.x.set([0, 1, 2, 3, 4]);
    b.vx.set([1, -1, 0, 2, 0]);
    // 0↔1 mutual, 2→3 but 3→4 and 4→3: 3↔4 mutual, 2 stays
    const partner = Uint32Array.from([1, 0, 3, 4, 3]);
    expect(Array.from(markTwin(partner, b.m))).toEqual([1, 0, 1, 1, 0]);
    const acc = {ax: new Float64Array(5), ay: new Float64Array(5)};
    const c = compactTwin(b, acc, partner);
    expect(c.live).toBe(3);
    expect(Array.from(c.bodies.id)).toEqual([0, 2, 3, 1, 4]);
    expect(Array.from(c.bodies.m)).toEqual([3, 3, 9, 0, 0]);
    expect(c.bodies.x[0]).toBeCloseTo(2 / 3, 6);
    // momentum: 1·1 + 2·(−1) = −1 → v = −1/3
    expect(c.bodies.vx[0]).toBeCloseTo(-1 / 3, 6);
    expect(dustTotals(c.bodies).mass).toBe(15);
  });
});

describe("the twin's substeps", () => {
  it("merging on: mass exact, count falls by the merges; merging off: the count stays", () => {
    const {bodies, params} = cloudScene(300, 4, {radius: 0.3, unitRadius: 0.006});
    const on = new DustTwin(bodies, params);
    const t0 = dustTotals(bodies);
    for (let s = 0; s < 20; s++) on.step();
    expect(on.count).toBeLessThan(300);
    expect(on.count).toBe(300 - on.merges);
    expect(dustTotals(on.bodies).mass).toBe(t0.mass);
    const off = new DustTwin(bodies, {...params, merge: 0});
    for (let s = 0; s < 10; s++) off.step();
    expect(off.count).toBe(300);
  });

  it("the disc scene starts on Kepler orbits with the stated grain radius", () => {
    const {bodies, params} = discScene(1000, 1);
    expect(params.star?.m).toBeCloseTo(1 / params.G, 6);
    const r = Math.hypot(bodies.x[0], bodies.y[0]);
    expect(Math.hypot(bodies.vx[0], bodies.vy[0])).toBeCloseTo(1 / Math.sqrt(r), 1);
    expect(packDust(params, 1000).byteLength).toBe(80);
  });
});

describe("the momentum ledger", () => {
  it("drift = |P − P₀ − J| / S₀; a ledger entry adds the trapezoid dt/2 · (F_before + F_now)", () => {
    expect(momentumDrift({px: 3, py: 4}, {px: 0, py: 0}, {jx: 0, jy: 0}, 10)).toBe(0.5);
    expect(momentumDrift({px: 3, py: 4}, {px: 1, py: 1}, {jx: 2, jy: 3}, 10)).toBe(0);
    expect(momentumDrift({px: 3, py: 4}, {px: 0, py: 0}, {jx: 0, jy: 0}, 0)).toBe(0);
    expect(ledgerEntry({jx: 1, jy: 0, fx: 2, fy: -2}, {fx: 4, fy: 2}, 0.5)).toEqual({jx: 2.5, jy: 0, fx: 4, fy: 2});
    const b = allocBodies(2);
    b.x.set([1, -2]);
    b.vx.set([0, 1]);
    b.vy.set([2, 0]);
    b.m.set([3, 1]);
    const p = {G: 0.5, softening: 0, star: {x: 0, y: 0, m: 2}};
    // Σ m v = (1, 6), Σ m |v| = 7; pulls 3 · 1 · (−1, 0) / 1 and 1 · 1 · (2, 0) / 8
    expect(momentumSums(b, p)).toEqual({px: 1, py: 6, speedSum: 7, fx: -3 + 0.25, fy: 0});
    expect(momentumSums(b, p, false).fx).toBe(0);
    // the state words carry the ledger's start as the GPU reads it (f32 bits; J = 0)
    const d = discScene(50, 2);
    const w = dustStateWords(d.bodies, d.params);
    expect(w.length).toBe(DUST_STATE_WORDS);
    const m = decodeDustState(w.buffer).momentum;
    const want = momentumSums(d.bodies, d.params);
    expect(m.px).toBe(Math.fround(want.px));
    expect(m.jx).toBe(0);
    expect(new Float32Array(w.buffer, MOMENTUM_AT * 4, 8)[6]).toBe(Math.fround(want.fx));
  });
  it("the disc's twin: the star's impulse explains the momentum's change (drift 1e-6, against 1e-3 without the ledger)", () => {
    const {bodies, params} = discScene(300, 4);
    const twin = new DustTwin(bodies, params);
    for (let k = 0; k < 120; k++) twin.step();
    expect(twin.count).toBeLessThan(300);
    const now = dustTotals(twin.bodies);
    const without = momentumDrift(now, twin.start, {jx: 0, jy: 0}, twin.start.speedSum);
    expect(without).toBeGreaterThan(1e-3);
    expect(twin.momentumDrift).toBeLessThan(1e-5);
  });
});

describe("the three-way comparison", () => {
  it("gravity only, contacts only and both leave three different clouds from the same start", () => {
    const {bodies, params} = compareScene(600, 3);
    const run = (forces: "gravity" | "contacts" | "both") => {
      const t = new DustTwin(bodies, params, forces);
      for (let s = 0; s < 120; s++) t.step();
      const pairs = contactPairsBruteForce(t.bodies, params.unitRadius).length;
      let r2 = 0;
      for (let i = 0; i < t.count; i++) r2 += t.bodies.m[i] * (t.bodies.x[i] ** 2 + t.bodies.y[i] ** 2);
      return {count: t.count, pairs, rms: Math.sqrt(r2 / 600)};
    };
    const g = run("gravity"),
      c = run("contacts"),
      b = run("both");
    // no merging without both forces; with both, bodies merge
    expect(g.count).toBe(600);
    expect(c.count).toBe(600);
    expect(b.count).toBeLessThan(600);
    // collisionless bodies overlap freely; contacts keep them apart (few pairs overlap at once)
    expect(g.pairs).toBeGreaterThan(c.pairs);
    // without gravity the infall is stopped only by contacts: the three clouds differ in size
    expect(new Set([g.rms.toFixed(3), c.rms.toFixed(3), b.rms.toFixed(3)]).size).toBe(3);
  });
});

describe("bad input", () => {
  it("names the bad body or parameter", () => {
    const b = allocBodies(2);
    b.m.set([1, 1.5]);
    expect(() => checkDustBodies(b)).toThrow(/body 1 has mass 1.5/);
    b.m.set([1, 2 ** 24]);
    expect(() => checkDustBodies(b)).toThrow(/2\^24/);
    const p = cloudScene(2, 1).params;
    expect(() => checkDustParams({...p, dt: 0})).toThrow(/dt/);
    expect(() => checkDustParams({...p, merge: -1})).toThrow(/merge/);
  });
});
