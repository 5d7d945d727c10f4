// The subgroup-cooperative octree walk (shaders/gravity3d/walk_subgroup.wgsl) and its twin
// (walkSubgroup3Twin): on the CPU, group size 1 is the per-thread walk and larger groups never
// evaluate fewer terms per body nor have a larger median error; on Dawn (SwiftShader offers the
// optional 'subgroups' feature, subgroup size 4) the kernel equals the twin for the adapter's
// subgroup size. The GPU tests are skipped ONLY when the adapter does not offer 'subgroups'.
import {afterAll, describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {nodeGPU, nodeWGSL} from "../../components/gpu/node.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {Gravity3GPU} from "../../components/gravity3d/gpu.js";
import {buildBarnesHut3, direct3, forceErrors3, GRAVITY3_DEFAULTS, plummer3Scene, walk3Twin, walkSubgroup3Twin} from "../../components/gravity3d/twin.js";
import {testGPU} from "../helpers/gpu.js";

const gpu: GPUHandle = await testGPU();
const SG = gpu.subgroups;
const scope = new ResourceScope(gpu.device);
afterAll(() => {
  scope.dispose();
  expect(gpu.stats.validationErrors, gpu.stats.lastError ?? "").toBe(0);
});
const P = GRAVITY3_DEFAULTS;

describe("the subgroup twin", () => {
  it("group size 1 is the per-thread walk; size 8 evaluates at least as many terms per body, no larger median error", () => {
    const b = plummer3Scene(1500, 3);
    const t = buildBarnesHut3(b, {leafCapacity: 8, theta: 0.6});
    const s = t.sorted;
    const one = walkSubgroup3Twin(t.walk, s.x, s.y, s.z, s.m, 1, P.softening, 1);
    const thread = walk3Twin(t.walk, s.x, s.y, s.z, s.m, 1, P.softening);
    expect(Array.from(one.terms)).toEqual(Array.from(thread.terms));
    const eight = walkSubgroup3Twin(t.walk, s.x, s.y, s.z, s.m, 1, P.softening, 8);
    for (let i = 0; i < b.n; i++) if (eight.terms[i] < thread.terms[i]) expect.fail(`body ${i}: ${eight.terms[i]} < ${thread.terms[i]}`);
    const exact = direct3(s, 1, P.softening);
    expect(forceErrors3(eight, exact).median).toBeLessThanOrEqual(forceErrors3(thread, exact).median);
  });
});

describe.skipIf(!SG)("the subgroup kernel on Dawn (skipped only without the 'subgroups' feature)", () => {
  it("runs when asked and equals its twin for the adapter's subgroup size", async (ctx) => {
    const g = await Gravity3GPU.create(gpu.device, scope, nodeWGSL, {maxBodies: 2001, walk: "subgroup"});
    expect(g.walkKind).toBe("subgroup");
    if (SG!.min !== SG!.max) ctx.skip(`subgroup size varies (${SG!.min}..${SG!.max}): lane grouping unknown`);
    const b = plummer3Scene(2001, 4); // not a multiple of the subgroup size: idle lanes in the last one
    g.setParams({theta: 0.6});
    g.setBodies(b);
    const r = await g.readBodies();
    const t = buildBarnesHut3(b, {leafCapacity: 8, theta: 0.6});
    const s = t.sorted;
    const tw = walkSubgroup3Twin(t.walk, s.x, s.y, s.z, s.m, 1, P.softening, Math.min(SG!.min, 64));
    let rms = 0,
      worst = 0,
      same = 0;
    for (let i = 0; i < b.n; i++) rms += tw.ax[i] ** 2 + tw.ay[i] ** 2 + tw.az[i] ** 2;
    rms = Math.sqrt(rms / b.n);
    for (let i = 0; i < b.n; i++) {
      worst = Math.max(worst, Math.hypot(r.ax[i] - tw.ax[i], r.ay[i] - tw.ay[i], r.az[i] - tw.az[i]) / rms);
      if (r.terms[i] === tw.terms[i]) same++;
    }
    expect(worst).toBeLessThan(1e-3);
    expect(same / b.n).toBeGreaterThanOrEqual(0.995);
    const thread = walk3Twin(t.walk, s.x, s.y, s.z, s.m, 1, P.softening);
    expect(Array.from(r.terms)).not.toEqual(Array.from(thread.terms));
    g.dispose();
  });
  it("the next-node and child-range kernels walk the same cells in the same order: equal to the stack kernel bit for bit, at any leaf capacity and workgroup", async (ctx) => {
    if (SG!.min !== SG!.max) ctx.skip(`subgroup size varies (${SG!.min}..${SG!.max}): lane grouping unknown`);
    const b = plummer3Scene(2001, 6);
    for (const [leafCapacity, walkWorkgroup] of [
      [8, 64],
      [16, 128],
      [32, 32],
    ]) {
      const read = async (walkKernel: "stack" | "next" | "ranges") => {
        const g = await Gravity3GPU.create(gpu.device, scope, nodeWGSL, {maxBodies: b.n, walk: "subgroup", walkKernel, walkWorkgroup, leafCapacity});
        expect([g.walkKind, g.walkKernel, g.walkWorkgroup, g.leafCapacity]).toEqual(["subgroup", walkKernel, walkWorkgroup, leafCapacity]);
        g.setParams({theta: 0.5});
        g.setBodies(b);
        const r = await g.readBodies();
        g.dispose();
        return r;
      };
      const [stack, next, ranges] = [await read("stack"), await read("next"), await read("ranges")];
      const what = `leaf ${leafCapacity}, workgroup ${walkWorkgroup}`;
      for (const [name, other] of [
        ["next", next],
        ["ranges", ranges],
      ] as const) {
        expect(Array.from(other.terms), `${name}, ${what}`).toEqual(Array.from(stack.terms));
        for (const k of ["ax", "ay", "az", "phi"] as const) expect(Array.from(other[k]), `${name}, ${what}: ${k}`).toEqual(Array.from(stack[k]));
      }
      // and both are the subgroup twin of their tree
      const t = buildBarnesHut3(b, {leafCapacity, theta: 0.5});
      const s = t.sorted;
      const tw = walkSubgroup3Twin(t.walk, s.x, s.y, s.z, s.m, 1, P.softening, Math.min(SG!.min, walkWorkgroup));
      let same = 0;
      for (let i = 0; i < b.n; i++) if (next.terms[i] === tw.terms[i]) same++;
      expect(same / b.n, what).toBeGreaterThanOrEqual(0.995);
    }
  });
  it("refuses an unknown kernel or workgroup size", async () => {
    await expect(Gravity3GPU.create(gpu.device, scope, nodeWGSL, {maxBodies: 10, walk: "subgroup", walkKernel: "fast" as never})).rejects.toThrow(RangeError);
    await expect(Gravity3GPU.create(gpu.device, scope, nodeWGSL, {maxBodies: 10, walk: "subgroup", walkWorkgroup: 48})).rejects.toThrow(/32, 64, 128, 256/);
  });
  it("falls back to the per-thread walk on a device without 'subgroups'", async () => {
    const adapter = await (await nodeGPU()).requestAdapter();
    const dev = await adapter!.requestDevice();
    const s2 = new ResourceScope(dev);
    const g = await Gravity3GPU.create(dev, s2, nodeWGSL, {maxBodies: 100, walk: "subgroup"});
    expect(g.walkKind).toBe("thread");
    s2.dispose();
    dev.destroy();
  });
});
