// The 3D octree pipeline on the GPU (Dawn) against its CPU twin (components/gravity3d/):
// keys, the radix sort, the level-by-level octree and the float32 sums EQUAL the twin
// exactly (with the 4- or 5-bit sort and the 5- or 3-dispatch build); walk forces match the twin walk to float32 rounding (term counts exactly for
// almost every body); θ = 0 matches the tiled O(N²) kernel; at θ 0.5 the median error
// against the exact sum is ≤ 1e-2 for a Plummer sphere; a leapfrog step matches the twin's.
import {describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import type {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {Gravity3GPU, type Gravity3GPUOptions, gravity3BuildDispatches, gravity3SortDispatches} from "../../components/gravity3d/gpu.js";
import {
  allocBodies3,
  type Bodies3,
  buildBarnesHut3,
  collision3Scene,
  direct3,
  energyFrom,
  forceErrors3,
  GRAVITY3_DEFAULTS,
  nodeSlots,
  plummer3Scene,
  walk3Twin,
} from "../../components/gravity3d/twin.js";
import {gpuSuite} from "../helpers/gpu.js";
import {rng} from "../helpers/rng.js";

let gpu: GPUHandle;
let scope: ResourceScope;
let grav: Gravity3GPU;
const MAX = 8000;

gpuSuite(async (handle, resources) => {
  gpu = handle;
  scope = resources;
  grav = await Gravity3GPU.create(gpu.device, scope, nodeWGSL, {maxBodies: MAX, leafCapacity: 8});
});

function cloud(n: number, seed: number, spread: (r: () => number) => [number, number, number]): Bodies3 {
  const r = rng(seed);
  const b = allocBodies3(n);
  for (let i = 0; i < n; i++) {
    [b.x[i], b.y[i], b.z[i]] = spread(r);
    b.m[i] = 0.5 + r();
  }
  return b;
}

const INPUTS: [string, () => Bodies3][] = [
  ["random box", () => cloud(3000, 7, (r) => [r() * 4 - 2, r() * 3 - 1, r() * 0.5])],
  ["one point", () => cloud(300, 2, () => [0.25, -1.5, 3])],
  ["two far clusters", () => cloud(2000, 3, (r) => [r() * 1e-3 + (r() < 0.5 ? 1e3 : 0), r() * 1e-3, r() * 1e-3])],
  ["plummer", () => plummer3Scene(4000, 4)],
  ["collision", () => collision3Scene(3000, 5)],
];

/** The sort and build options, each run on every input (the first is the default). */
const OPTIONS: [string, Partial<Gravity3GPUOptions>][] = [
  ["4-bit sort, 5-dispatch build", {}],
  ["5-bit sort, 5-dispatch build", {sortDigitBits: 5}],
  ["4-bit sort, 3-dispatch build", {buildLevelDispatches: 3}],
  ["5-bit sort, 3-dispatch build", {sortDigitBits: 5, buildLevelDispatches: 3}],
];
const optionPipes = new Map<string, Gravity3GPU>();
async function pipeFor(label: string, opts: Partial<Gravity3GPUOptions>): Promise<Gravity3GPU> {
  if (label === OPTIONS[0][0]) return grav;
  let g = optionPipes.get(label);
  if (!g) optionPipes.set(label, (g = await Gravity3GPU.create(gpu.device, scope, nodeWGSL, {maxBodies: MAX, leafCapacity: 8, ...opts})));
  return g;
}

describe("keys, sort, octree and sums equal the twin", () => {
  it("the options' dispatch counts: sort 40 or 30, build 51 or 31", () => {
    expect([gravity3SortDispatches(), gravity3SortDispatches(4), gravity3SortDispatches(5)]).toEqual([30, 40, 30]);
    expect([gravity3BuildDispatches(), gravity3BuildDispatches(5), gravity3BuildDispatches(3)]).toEqual([31, 51, 31]);
  });
  for (const [label, opts] of OPTIONS)
    for (const [name, make] of INPUTS) {
      it(`${label}: ${name}`, async () => {
        const grav = await pipeFor(label, opts);
        const b = make();
        grav.setBodies(b, "none");
        const enc = gpu.device.createCommandEncoder();
        grav.encodeKeys(enc);
        grav.encodeSort(enc);
        grav.encodePermute(enc);
        grav.encodeBuild(enc);
        grav.encodeCentreOfMass(enc);
        gpu.device.queue.submit([enc.finish()]);
        const twin = buildBarnesHut3(b, {leafCapacity: 8, theta: 0.5});
        const sort = await grav.readSort();
        expect(Array.from(sort.keys)).toEqual(Array.from(twin.sortedKeys));
        expect(Array.from(sort.vals)).toEqual(Array.from(twin.order));
        const t = await grav.readTree();
        expect(Array.from(t.levelCount)).toEqual(Array.from(twin.tree.levelCount));
        let bad = 0;
        for (const [j] of nodeSlots(twin.tree)) {
          const same =
            t.lo[j] === twin.tree.lo[j] &&
            t.hi[j] === twin.tree.hi[j] &&
            t.first[j] === twin.tree.first[j] &&
            t.kids[j] === twin.tree.kids[j] &&
            t.mass[j] === twin.tree.mass[j] &&
            t.sx[j] === twin.tree.sx[j] &&
            t.sy[j] === twin.tree.sy[j] &&
            t.sz[j] === twin.tree.sz[j];
          if (!same && bad++ === 0)
            expect({j, lo: t.lo[j], hi: t.hi[j], kids: t.kids[j], mass: t.mass[j], sx: t.sx[j]}).toEqual({
              j,
              lo: twin.tree.lo[j],
              hi: twin.tree.hi[j],
              kids: twin.tree.kids[j],
              mass: twin.tree.mass[j],
              sx: twin.tree.sx[j],
            });
        }
        expect(bad).toBe(0);
      });
    }
});

describe("the walk", () => {
  it("equals the twin walk (forces to float32 rounding, term counts exactly for ≥ 99.9 % of bodies)", async () => {
    const b = plummer3Scene(2000, 8);
    grav.setParams({theta: 0.5});
    grav.setBodies(b);
    const g = await grav.readBodies();
    const twin = buildBarnesHut3(b, {leafCapacity: 8, theta: 0.5});
    const w = walk3Twin(twin.walk, twin.sorted.x, twin.sorted.y, twin.sorted.z, twin.sorted.m, 1, GRAVITY3_DEFAULTS.softening);
    let rms = 0;
    for (let i = 0; i < b.n; i++) rms += w.ax[i] ** 2 + w.ay[i] ** 2 + w.az[i] ** 2;
    rms = Math.sqrt(rms / b.n);
    let worst = 0,
      sameTerms = 0;
    for (let i = 0; i < b.n; i++) {
      worst = Math.max(worst, Math.hypot(g.ax[i] - w.ax[i], g.ay[i] - w.ay[i], g.az[i] - w.az[i]) / rms);
      if (g.terms[i] === w.terms[i]) sameTerms++;
    }
    expect(worst).toBeLessThan(1e-3);
    expect(sameTerms / b.n).toBeGreaterThanOrEqual(0.999);
  });
  it("at θ = 0 equals the O(N²) kernel; at θ 0.5 the median error against it is ≤ 1e-2 (Plummer)", async () => {
    const b = plummer3Scene(2000, 9);
    const exact = direct3(b, 1, GRAVITY3_DEFAULTS.softening);
    grav.setParams({theta: 0});
    grav.setBodies(b, "direct");
    const d = await grav.readBodies(); // same order as b
    const e0 = forceErrors3(d, exact);
    expect(e0.max).toBeLessThan(1e-4);
    const errAt = async (theta: number) => {
      grav.setParams({theta});
      grav.setBodies(b);
      const g = await grav.readBodies(); // Morton order: compare against the exact sum of the same order
      const ex = direct3(g, 1, GRAVITY3_DEFAULTS.softening);
      return forceErrors3(g, ex);
    };
    const zero = await errAt(0);
    expect(zero.max).toBeLessThan(1e-4);
    const half = await errAt(0.5);
    console.log(`GPU walk, Plummer 2000, θ 0.5: median ${half.median.toExponential(2)}, p99 ${half.p99.toExponential(2)}, max ${half.max.toExponential(2)}`);
    expect(half.median).toBeLessThanOrEqual(1e-2);
    grav.setParams({theta: 0.5});
  });
});

describe("the step", () => {
  it("a leapfrog step keeps the bodies and the GPU energy equals the twin's formula on the read-back state", async () => {
    const b = plummer3Scene(1000, 10);
    grav.setBodies(b);
    grav.step(3);
    const g = await grav.readBodies();
    const e = await grav.energy();
    const ref = energyFrom(g, g.phi);
    expect(e.kinetic).toBeCloseTo(ref.kinetic, 4);
    expect(e.potential).toBeCloseTo(ref.potential, 4);
    expect(g.n).toBe(1000);
    const mass = g.m.reduce((s, m) => s + m, 0);
    expect(mass).toBeCloseTo(1, 4);
  });
  it("refuses bad input with a clear message", async () => {
    const b = plummer3Scene(10, 1);
    b.z[4] = Number.POSITIVE_INFINITY;
    expect(() => grav.setBodies(b)).toThrow(/body 4/);
    expect(() => grav.setBodies(plummer3Scene(MAX + 1, 1))).toThrow(/sized for/);
    await expect(Gravity3GPU.create(gpu.device, scope, nodeWGSL, {maxBodies: 0})).rejects.toThrow(RangeError);
    await expect(Gravity3GPU.create(gpu.device, scope, nodeWGSL, {maxBodies: 8, sortDigitBits: 6 as 5})).rejects.toThrow(/sortDigitBits/);
    await expect(Gravity3GPU.create(gpu.device, scope, nodeWGSL, {maxBodies: 8, buildLevelDispatches: 4 as 3})).rejects.toThrow(/buildLevelDispatches/);
  });
});
