// The subgroup-cooperative Barnes–Hut walk (shaders/gravity/walk_subgroup.wgsl) and its CPU
// twin (walkSubgroupTwin): the twin against the per-thread walk and the exact sum on the CPU;
// the kernel against the twin on Dawn for the adapter's subgroup size; the per-thread fallback
// on a device created without 'subgroups'.
//
// The GPU tests of the subgroup kernel are skipped ONLY when the Dawn adapter does not offer
// the optional 'subgroups' feature (the test names say so). Dawn's SwiftShader adapter offers
// it (subgroup size 4), so here they run. The fallback test always runs.
import {afterAll, describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {nodeGPU, nodeWGSL} from "../../components/gpu/node.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {GravityGPU, supportsSubgroupWalk} from "../../components/gravity/gpu.js";
import {buildBarnesHut, directAccelerations, discScene, plummerScene, walkSubgroupTwin, walkTwin, type Bodies} from "../../components/gravity/twin.js";
import {testGPU} from "../helpers/gpu.js";

const gpu: GPUHandle = await testGPU();
const SG = gpu.subgroups;
const WALK_WG = 64; // walk_subgroup.wgsl's workgroup size: a subgroup never spans two workgroups
const scope = new ResourceScope(gpu.device);
afterAll(() => {
  scope.dispose();
  expect(gpu.stats.validationErrors, gpu.stats.lastError ?? "").toBe(0);
});

const PARAMS = {G: 1, softening: 0.05};

/** Per-body |a − a_ref| / |a_ref|. */
function relErrors(ax: ArrayLike<number>, ay: ArrayLike<number>, rx: ArrayLike<number>, ry: ArrayLike<number>): number[] {
  return Array.from({length: rx.length}, (_, i) => Math.hypot(ax[i] - rx[i], ay[i] - ry[i]) / Math.hypot(rx[i], ry[i]));
}
const median = (v: number[]) => [...v].sort((p, q) => p - q)[v.length >> 1];

/** max over bodies of |a − a_ref| / RMS(|a_ref|). */
function maxOfRms(ax: ArrayLike<number>, ay: ArrayLike<number>, rx: ArrayLike<number>, ry: ArrayLike<number>) {
  let rms = 0;
  for (let i = 0; i < rx.length; i++) rms += rx[i] ** 2 + ry[i] ** 2;
  rms = Math.sqrt(rms / rx.length);
  let worst = 0;
  for (let i = 0; i < rx.length; i++) worst = Math.max(worst, Math.hypot(ax[i] - rx[i], ay[i] - ry[i]) / rms);
  return worst;
}

describe("subgroup walk twin (CPU)", () => {
  const b = plummerScene(2000, 3);
  const bh = buildBarnesHut(b, 4);
  const exact = directAccelerations(bh.sorted, PARAMS.G, PARAMS.softening);

  it("a group of 1 is the per-thread walk, exactly", () => {
    const p = {...PARAMS, theta: 0.6};
    const t = walkTwin(bh, p),
      s = walkSubgroupTwin(bh, p, 1);
    expect(Array.from(s.ax)).toEqual(Array.from(t.ax));
    expect(Array.from(s.ay)).toEqual(Array.from(t.ay));
    expect(Array.from(s.interactions)).toEqual(Array.from(t.interactions));
  });

  for (const S of [4, 32]) {
    it(`groups of ${S}: never fewer terms per body than the per-thread walk, and a smaller median error`, () => {
      for (const theta of [0.3, 0.5, 0.8]) {
        const p = {...PARAMS, theta};
        const t = walkTwin(bh, p),
          s = walkSubgroupTwin(bh, p, S);
        let more = 0;
        for (let i = 0; i < b.n; i++) {
          expect(s.interactions[i]).toBeGreaterThanOrEqual(t.interactions[i]);
          if (s.interactions[i] > t.interactions[i]) more++;
        }
        // the group opens cells for its neighbours: a real share of bodies pays for it
        expect(more).toBeGreaterThan(b.n / 10);
        const et = median(relErrors(t.ax, t.ay, exact.ax, exact.ay)),
          es = median(relErrors(s.ax, s.ay, exact.ax, exact.ay));
        expect(es).toBeLessThan(et);
        // the shared counts are the group's: equal within a group
        expect(s.opened[S - 1]).toBe(s.opened[0]);
      }
    });
  }

  it("θ = 0 is the exact sum", () => {
    const s = walkSubgroupTwin(bh, {...PARAMS, theta: 0}, 8);
    expect(maxOfRms(s.ax, s.ay, exact.ax, exact.ay)).toBeLessThan(1e-12);
    expect(Array.from(new Set(s.interactions))).toEqual([b.n - 1]);
  });

  it("bad group size gets a clear message", () => {
    expect(() => walkSubgroupTwin(bh, {...PARAMS, theta: 0.5}, 0)).toThrow(/groupSize must be an integer ≥ 1, got 0/);
    expect(() => walkSubgroupTwin(bh, {...PARAMS, theta: 0.5}, 2.5)).toThrow(RangeError);
  });
});

/** The forces (sorted order) and per-body term counts of one GPU walk. */
async function gpuWalk(grav: GravityGPU, b: Bodies, theta: number) {
  grav.setParams({...PARAMS, theta});
  grav.setBodies(b, "barnes-hut");
  const g = await grav.readBodies();
  const {work} = await grav.readSort();
  return {...g, work};
}

const scenes: [string, Bodies][] = [
  ["Plummer 3,000", plummerScene(3000, 5)],
  // a count that is not a multiple of any subgroup size: the last subgroup has idle lanes
  ["disc 2,501", discScene(2501, 3)],
];

describe.skipIf(!SG)("subgroup walk on Dawn (skipped only when the Dawn adapter does not offer the optional 'subgroups' feature)", () => {
  let grav: GravityGPU;

  it("the device has 'subgroups' and GravityGPU runs the subgroup kernel when asked", async () => {
    expect(supportsSubgroupWalk(gpu.device)).toBe(true);
    grav = await GravityGPU.create(gpu.device, scope, nodeWGSL, {maxBodies: 4000, leafCapacity: 4, walk: "subgroup"});
    expect(grav.walkKind).toBe("subgroup");
    expect(SG!.min).toBeGreaterThanOrEqual(1);
  });

  for (const [name, b] of scenes) {
    for (const theta of [0.5, 0.8]) {
      it(`= its twin for the adapter's subgroup size (when min = max), ${name}, θ = ${theta}`, async (ctx) => {
        // with min ≠ max the lane grouping is not known: the bound test below covers it
        if (SG!.min !== SG!.max) ctx.skip(`subgroup size varies (${SG!.min}..${SG!.max}): grouping unknown, only the bound is tested`);
        const S = Math.min(SG!.min, WALK_WG);
        const g = await gpuWalk(grav, b, theta);
        const bh = buildBarnesHut(b, 4);
        const tw = walkSubgroupTwin(bh, {...PARAMS, theta}, S);
        // float32 sums of a few hundred terms against float64
        expect(maxOfRms(g.ax, g.ay, tw.ax, tw.ay)).toBeLessThan(1e-5);
        // the decisions themselves: term counts equal the twin's for every body
        expect(Array.from(g.work)).toEqual(Array.from(tw.interactions));
        // and they differ from the per-thread walk's (the test can tell the two walks apart)
        const th = walkTwin(bh, {...PARAMS, theta});
        expect(Array.from(g.work)).not.toEqual(Array.from(th.interactions));
      });
    }
  }

  it("the bound, for any lane grouping: per body at least the per-thread walk's terms; median error vs exact no larger", async () => {
    const thread = await GravityGPU.create(gpu.device, scope, nodeWGSL, {maxBodies: 4000, leafCapacity: 4, walk: "thread"});
    expect(thread.walkKind).toBe("thread");
    for (const [, b] of scenes) {
      const s = await gpuWalk(grav, b, 0.6);
      const t = await gpuWalk(thread, b, 0.6);
      // both leave the bodies in the same Morton order
      expect(Array.from(s.id)).toEqual(Array.from(t.id));
      for (let i = 0; i < b.n; i++) if (s.work[i] < t.work[i]) expect.fail(`body ${i}: ${s.work[i]} terms < per-thread ${t.work[i]}`);
      const exact = directAccelerations({...b, ...s}, PARAMS.G, PARAMS.softening);
      expect(median(relErrors(s.ax, s.ay, exact.ax, exact.ay))).toBeLessThanOrEqual(median(relErrors(t.ax, t.ay, exact.ax, exact.ay)));
    }
    thread.dispose();
  });

  it("setWalk switches kernels on one pipeline", async () => {
    const b = scenes[0][1];
    expect(await grav.setWalk("thread", nodeWGSL)).toBe("thread");
    const t = await gpuWalk(grav, b, 0.6);
    const tw = walkTwin(buildBarnesHut(b, 4), {...PARAMS, theta: 0.6});
    expect(Array.from(t.work)).toEqual(Array.from(tw.interactions));
    expect(await grav.setWalk("subgroup", nodeWGSL)).toBe("subgroup");
    const s = await gpuWalk(grav, b, 0.6);
    expect(Array.from(s.work)).not.toEqual(Array.from(t.work));
    grav.dispose();
  });
});

describe("per-thread fallback", () => {
  it("a device without 'subgroups' runs the per-thread walk when the subgroup walk is asked for", async () => {
    const adapter = await (await nodeGPU()).requestAdapter();
    expect(adapter).not.toBeNull();
    const device = await adapter!.requestDevice(); // no optional features
    expect(supportsSubgroupWalk(device)).toBe(false);
    const own = new ResourceScope(device);
    try {
      const grav = await GravityGPU.create(device, own, nodeWGSL, {maxBodies: 4000, leafCapacity: 4, walk: "subgroup"});
      expect(grav.walkKind).toBe("thread");
      expect(await grav.setWalk("subgroup", nodeWGSL)).toBe("thread");
      const b = scenes[0][1];
      const g = await gpuWalk(grav, b, 0.5);
      const tw = walkTwin(buildBarnesHut(b, 4), {...PARAMS, theta: 0.5});
      expect(maxOfRms(g.ax, g.ay, tw.ax, tw.ay)).toBeLessThan(1e-5);
      expect(Array.from(g.work)).toEqual(Array.from(tw.interactions));
    } finally {
      own.dispose();
      device.destroy();
    }
  });

  it("an unknown walk gets a clear message", async () => {
    await expect(GravityGPU.create(gpu.device, scope, nodeWGSL, {maxBodies: 10, walk: "warp" as never})).rejects.toThrow(
      /walk must be "thread" or "subgroup", got warp/
    );
  });
});
