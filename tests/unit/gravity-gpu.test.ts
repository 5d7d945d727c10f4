// The gravity pipeline on the GPU (Dawn) against its CPU twin (components/gravity/):
// Morton keys, the radix sort, the tree build and the centre-of-mass sums EQUAL the twin
// exactly, for random and degenerate inputs; the walk's forces match the twin walk, and at
// θ = 0 the walk matches the tiled O(N²) kernel.
import {describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import type {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {GravityGPU, levelWorkgroupBounds} from "../../components/gravity/gpu.js";
import {
  allocBodies,
  boundingSquare,
  buildBarnesHut,
  directAccelerations,
  discScene,
  mortonKeys,
  plummerScene,
  forceErrors,
  radixSortTwin,
  walkTwin,
  type Bodies,
} from "../../components/gravity/twin.js";
import {BH_ERROR_OPTIONS} from "../../components/widgets/bh-error/options.js";
import {gpuSuite} from "../helpers/gpu.js";
import {rng} from "../helpers/rng.js";

let gpu: GPUHandle;
let scope: ResourceScope;
let grav: GravityGPU;
const MAX = 40000;

gpuSuite(async (handle, resources) => {
  gpu = handle;
  scope = resources;
  grav = await GravityGPU.create(gpu.device, scope, nodeWGSL, {maxBodies: MAX, leafCapacity: 4});
});

function bodiesFrom(xy: [number, number][], seed = 1): Bodies {
  const r = rng(seed);
  const b = allocBodies(xy.length);
  xy.forEach(([x, y], i) => {
    b.x[i] = x;
    b.y[i] = y;
    b.m[i] = 0.5 + r();
  });
  return b;
}

/** Random, all at one point, two clusters far apart, a line, and a scene. */
function inputs(): [string, Bodies][] {
  const r = rng(7);
  return [
    ["random", bodiesFrom(Array.from({length: 3000}, () => [r() * 4 - 2, r() * 3 - 1]))],
    ["one point", bodiesFrom(Array.from({length: 300}, () => [0.25, -1.5]))],
    ["two far clusters", bodiesFrom(Array.from({length: 2000}, (_, i) => [(i % 2) * 1e4 + r() * 1e-3, (i % 2) * -5e3 + r() * 1e-3]))],
    ["a line", bodiesFrom(Array.from({length: 1500}, (_, i) => [i * 0.01 - 3, 0.5]))],
    ["disc", discScene(2500, 3)],
    // more than 1,024 scan entries (16 digits × 157 blocks; thousands of nodes a level): the multi-block scan path
    ["random 40,000", bodiesFrom(Array.from({length: 40000}, () => [r() * 2 - 1, r() * 2 - 1]))],
  ];
}

async function runTo(b: Bodies, upto: "keys" | "sort" | "tree") {
  grav.setBodies(b, "none");
  const enc = gpu.device.createCommandEncoder();
  grav.encodeKeys(enc);
  if (upto !== "keys") grav.encodeSort(enc);
  if (upto === "tree") {
    grav.encodePermute(enc);
    grav.encodeBuild(enc);
    grav.encodeCentreOfMass(enc);
  }
  gpu.device.queue.submit([enc.finish()]);
  return grav.readSort();
}

describe("gravity GPU = twin, exactly", () => {
  for (const [name, b] of inputs()) {
    it(`Morton keys and radix sort: ${name}`, async () => {
      const square = boundingSquare(b.x, b.y);
      const keys = mortonKeys(b.x, b.y, square);
      const gk = await runTo(b, "keys");
      expect(Array.from(gk.keys)).toEqual(Array.from(keys));
      const sorted = radixSortTwin(keys);
      const gs = await runTo(b, "sort");
      expect(Array.from(gs.keys)).toEqual(Array.from(sorted.keys));
      expect(Array.from(gs.vals)).toEqual(Array.from(sorted.values));
    });

    it(`tree ranges and centre-of-mass sums: ${name}`, async () => {
      const twin = buildBarnesHut(b, 4);
      await runTo(b, "tree");
      const t = await grav.readTree();
      expect(Array.from(t.levelStart)).toEqual(Array.from(twin.tree.levelStart));
      const nn = twin.tree.numNodes;
      expect(t.numNodes).toBe(nn);
      for (const f of ["lo", "hi", "firstChild", "childCount", "level", "mass", "mx", "my"] as const) {
        expect(Array.from(t[f]), f).toEqual(Array.from(twin.tree[f].subarray(0, nn)));
      }
    });
  }
});

describe("level dispatches: direct over a CPU bound, indirect past the threshold", () => {
  it("the bound covers every level of the twin's trees", () => {
    for (const [name, b] of inputs()) {
      const t = buildBarnesHut(b, 4).tree;
      const bounds = levelWorkgroupBounds(b.n, 4);
      for (let L = 0; L < bounds.length; L++) {
        const size = t.levelStart[L + 1] - t.levelStart[L];
        expect(bounds[L] * 64, `${name}, level ${L}`).toBeGreaterThanOrEqual(size);
      }
    }
  });

  it("the bound covers a level that nearly fills it: 256 split nodes of five bodies each, four children apiece", () => {
    // 16 × 16 cells over [0, 1)², five bodies in each: one in every quadrant, a fifth beside the first
    const xy: [number, number][] = [];
    for (let cy = 0; cy < 16; cy++)
      for (let cx = 0; cx < 16; cx++)
        for (const [u, v] of [
          [0.25, 0.25],
          [0.75, 0.25],
          [0.25, 0.75],
          [0.75, 0.75],
          [0.3, 0.2],
        ])
          xy.push([(cx + u) / 16, (cy + v) / 16]);
    const b = bodiesFrom(xy);
    const t = buildBarnesHut(b, 4).tree;
    const bounds = levelWorkgroupBounds(b.n, 4);
    const size = (L: number) => t.levelStart[L + 1] - t.levelStart[L];
    // the scene does what it is for: level 5 holds more than three quarters of 4·⌊n / 5⌋ = 1,024 nodes
    expect(size(5)).toBeGreaterThan(4 * Math.floor(b.n / 5) * 0.75);
    for (let L = 0; L < bounds.length; L++) expect(bounds[L] * 64, `level ${L}`).toBeGreaterThanOrEqual(size(L));
  });

  for (const direct of [0, 4]) {
    it(`the same tree with directLevelWorkgroups = ${direct} (${direct ? "direct then indirect" : "every level indirect"})`, async () => {
      const r = rng(11);
      const b = bodiesFrom(Array.from({length: 20000}, () => [r() * 2 - 1, r() * r() - 1]));
      const g = await GravityGPU.create(gpu.device, scope, nodeWGSL, {maxBodies: b.n, leafCapacity: 4, directLevelWorkgroups: direct});
      g.setBodies(b, "none");
      const enc = gpu.device.createCommandEncoder();
      g.encodeKeys(enc);
      g.encodeSort(enc);
      g.encodePermute(enc);
      g.encodeBuild(enc);
      g.encodeCentreOfMass(enc);
      gpu.device.queue.submit([enc.finish()]);
      const t = await g.readTree();
      const twin = buildBarnesHut(b, 4).tree;
      expect(Array.from(t.levelStart)).toEqual(Array.from(twin.levelStart));
      for (const f of ["lo", "hi", "firstChild", "childCount", "mass", "mx", "my"] as const) {
        expect(Array.from(t[f]), f).toEqual(Array.from(twin[f].subarray(0, twin.numNodes)));
      }
      g.dispose();
    });
  }
});

/** Per-body |a − a_ref| / |a_ref|: 99th percentile; and max over bodies of |a − a_ref| / RMS(|a_ref|). */
function relativeErrors(ax: ArrayLike<number>, ay: ArrayLike<number>, rx: ArrayLike<number>, ry: ArrayLike<number>) {
  const n = rx.length;
  let rms = 0;
  for (let i = 0; i < n; i++) rms += rx[i] ** 2 + ry[i] ** 2;
  rms = Math.sqrt(rms / n);
  let maxOfRms = 0;
  const own: number[] = [];
  for (let i = 0; i < n; i++) {
    const d = Math.hypot(ax[i] - rx[i], ay[i] - ry[i]);
    maxOfRms = Math.max(maxOfRms, d / rms);
    own.push(d / Math.hypot(rx[i], ry[i]));
  }
  own.sort((p, q) => p - q);
  return {maxOfRms, p99: own[Math.floor(0.99 * (n - 1))]};
}

/** max over bodies of |a − a_ref| / |a_ref| (bodies with |a_ref| below 1e-3 of the median norm use that floor). */
function maxRelative(ax: ArrayLike<number>, ay: ArrayLike<number>, rx: ArrayLike<number>, ry: ArrayLike<number>) {
  const norms = Array.from({length: rx.length}, (_, i) => Math.hypot(rx[i], ry[i])).sort((p, q) => p - q);
  const floor = 1e-3 * norms[norms.length >> 1];
  let worst = 0;
  for (let i = 0; i < rx.length; i++) worst = Math.max(worst, Math.hypot(ax[i] - rx[i], ay[i] - ry[i]) / Math.max(Math.hypot(rx[i], ry[i]), floor));
  return worst;
}

describe("gravity walk", () => {
  const b = plummerScene(3000, 5);
  for (const theta of [0, 0.5]) {
    it(`walk = twin walk at θ = ${theta}`, async () => {
      grav.setParams({theta});
      await runTo(b, "tree");
      const enc = gpu.device.createCommandEncoder();
      grav.encodeWalk(enc);
      gpu.device.queue.submit([enc.finish()]);
      const g = await grav.readBodies();
      const twin = buildBarnesHut(b, 4);
      const w = walkTwin(twin, {...grav.parameters, theta});
      const err = relativeErrors(g.ax, g.ay, w.ax, w.ay);
      // float32 sums of ~N terms: every body within 1e-5 of the RMS acceleration, and 99 % of
      // bodies within 1e-5 of their own (bodies near the centre have a small net pull, a
      // difference of large terms, so their own relative error is larger)
      expect(err.maxOfRms).toBeLessThan(1e-5);
      expect(err.p99).toBeLessThan(1e-5);
    });
  }

  it("the §5 error widget's first reading (its defaults: Plummer sphere, θ = 0.5): walk against the O(N²) kernel, both on the GPU, median ≤ 1e-2 and p99 ≤ 5e-2", async () => {
    const o = BH_ERROR_OPTIONS;
    const pb = plummerScene(o.count.default, o.seed.default);
    const g = await GravityGPU.create(gpu.device, scope, nodeWGSL, {maxBodies: pb.n});
    const byId = async () => {
      const r = await g.readBodies();
      const a = {ax: new Float64Array(r.n), ay: new Float64Array(r.n)};
      for (let k = 0; k < r.n; k++) {
        a.ax[r.id[k]] = r.ax[k];
        a.ay[r.id[k]] = r.ay[k];
      }
      return a;
    };
    g.setBodies(pb, "direct");
    const exact = await byId();
    g.setParams({theta: o.theta.default});
    g.setBodies(pb, "barnes-hut");
    const e = forceErrors(await byId(), exact);
    g.dispose();
    // point masses alone (before the quadrupole term) read median 1.35e-2, p99 8.1e-2 here
    expect(e.median).toBeLessThanOrEqual(1e-2);
    expect(e.p99).toBeLessThanOrEqual(5e-2);
  });

  it("walk at θ = 0 = the O(N²) kernel", async () => {
    grav.setParams({theta: 0});
    grav.setBodies(b, "direct");
    const d = await grav.readBodies();
    const exact = directAccelerations(b, 1, grav.parameters.softening);
    expect(maxRelative(d.ax, d.ay, exact.ax, exact.ay)).toBeLessThan(1e-5);
    grav.setBodies(b, "barnes-hut");
    const w = await grav.readBodies();
    // the walk leaves bodies in Morton order: compare by id
    const rx = new Float64Array(b.n),
      ry = new Float64Array(b.n);
    for (let k = 0; k < b.n; k++) {
      rx[k] = d.ax[w.id[k]];
      ry[k] = d.ay[w.id[k]];
    }
    expect(maxRelative(w.ax, w.ay, rx, ry)).toBeLessThan(1e-4);
  });
});
