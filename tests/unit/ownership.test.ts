// The ownership rule of the GPU objects: X.create(device, parentScope, …) puts everything
// in one child scope, x.dispose() (or disposing the parent) releases it, and the page's
// buffer ledger (__gpuStats.buffersLive / bytesLive) returns to where it was.
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {readBuffers} from "../../components/gpu/readback.js";
import {Usage} from "../../components/gpu/usage.js";
import {SandGPU} from "../../components/sand/gpu-sand.js";
import {WaterGPU} from "../../components/water/pipeline.js";
import {GridQueryGPU} from "../../components/contacts/grid-query-gpu.js";
import {demoGrid} from "../../components/contacts/grid-query.js";
import {CountingSortGPU} from "../../components/sort/gpu-sort.js";
import {DiscPainter} from "../../components/sim/renderer.js";
import {PassTimer} from "../../components/sim/timing.js";
import {testGPU} from "../helpers/gpu.js";

let gpu: GPUHandle;
beforeAll(async () => {
  gpu = await testGPU();
});
afterAll(() => {
  expect(gpu.stats.validationErrors, gpu.stats.lastError ?? "").toBe(0);
});

const ledger = () => ({buffers: gpu.stats.buffersLive, bytes: gpu.stats.bytesLive});

describe("one child scope per GPU object", () => {
  it("each create() adds one child scope whose dispose() returns the ledger to its baseline", async () => {
    const parent = new ResourceScope(gpu.device);
    const base = ledger();
    const objects = [
      await CountingSortGPU.create(gpu.device, parent, nodeWGSL, {maxParticles: 100, maxCells: 64}),
      await SandGPU.create(gpu.device, parent, nodeWGSL, {maxParticles: 100}),
      await WaterGPU.create(gpu.device, parent, nodeWGSL, {maxParticles: 100}),
      await GridQueryGPU.create(gpu.device, parent, nodeWGSL, 100, demoGrid()),
      await DiscPainter.create(gpu.device, parent, nodeWGSL, "rgba8unorm"),
      ...(gpu.timestamps ? [PassTimer.create(gpu.device, parent, 4, () => {})] : []),
    ];
    for (const o of objects) {
      const before = ledger();
      expect(before.buffers).toBeGreaterThan(base.buffers);
      o.dispose();
      o.dispose(); // idempotent
      expect(o.scope.disposed).toBe(true);
      expect(ledger().buffers).toBeLessThan(before.buffers);
    }
    expect(ledger()).toEqual(base);
    parent.dispose();
    expect(ledger()).toEqual(base);
  });

  it("disposing the parent releases an owner and the sorter it owns", async () => {
    const parent = new ResourceScope(gpu.device);
    const base = ledger();
    const sand = await SandGPU.create(gpu.device, parent, nodeWGSL, {maxParticles: 100});
    const water = await WaterGPU.create(gpu.device, parent, nodeWGSL, {maxParticles: 100});
    parent.dispose();
    expect(sand.scope.disposed && sand.sorter.scope.disposed).toBe(true);
    expect(water.scope.disposed && water.sorter.scope.disposed).toBe(true);
    expect(ledger()).toEqual(base);
  });

  it("readBuffers counts its staging buffer while it lives and releases it", async () => {
    const scope = new ResourceScope(gpu.device);
    const src = scope.buffer({size: 64, usage: Usage.STORAGE | Usage.COPY_SRC | Usage.COPY_DST});
    gpu.device.queue.writeBuffer(src, 0, new Uint32Array(16).fill(7));
    const base = ledger();
    const pending = readBuffers(gpu.device, [{buffer: src, size: 64}]);
    expect(ledger().buffers).toBe(base.buffers + 1);
    const [bytes] = await pending;
    expect(Array.from(new Uint32Array(bytes))).toEqual(new Array(16).fill(7));
    expect(ledger()).toEqual(base);
    scope.dispose();
  });
});
