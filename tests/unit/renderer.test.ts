// The shared disc renderer (components/sim/renderer.ts) drawn off-screen through Dawn:
// discs land where the view maps them, with the colour the mode asks for; pointer maths
// inverts the same map.
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {Usage} from "../../components/gpu/usage.js";
import {DiscPainter} from "../../components/sim/renderer.js";
import {clientToWorld, fitView} from "../../components/sim/pointer.js";
import {packParticles} from "../../components/sort/particles.js";
import {testGPU} from "../helpers/gpu.js";
import {ResourceScope} from "../../components/gpu/scope.js";

let gpu: GPUHandle;
let painter: DiscPainter;
const W = 64,
  H = 32;

beforeAll(async () => {
  gpu = await testGPU();
  painter = await DiscPainter.create(gpu.device, new ResourceScope(gpu.device), nodeWGSL, "rgba8unorm", [0, 0, 0, 0]);
});
afterAll(() => {
  painter?.dispose();
  expect(gpu.stats.validationErrors, gpu.stats.lastError ?? "").toBe(0);
});

async function draw(particles: ReturnType<typeof packParticles>, style: Parameters<DiscPainter["encodeTo"]>[6], scalars?: Float32Array<ArrayBuffer>) {
  const device = gpu.device;
  const tex = device.createTexture({size: [W, H], format: "rgba8unorm", usage: 0x10 /* RENDER_ATTACHMENT */ | 0x01 /* COPY_SRC */});
  const buf = device.createBuffer({size: Math.max(16, particles.buffer.byteLength), usage: Usage.STORAGE | Usage.COPY_DST});
  device.queue.writeBuffer(buf, 0, particles.buffer);
  let scalar: GPUBuffer | undefined;
  if (scalars) {
    scalar = device.createBuffer({size: Math.max(16, scalars.byteLength), usage: Usage.STORAGE | Usage.COPY_DST});
    device.queue.writeBuffer(scalar, 0, scalars);
  }
  const out = device.createBuffer({size: W * H * 4, usage: Usage.COPY_DST | Usage.MAP_READ});
  const enc = device.createCommandEncoder();
  // world [0,2]×[0,1] on a 64×32 target: 32 px per world unit
  painter.encodeTo(enc, tex.createView(), W, buf, particles.count, {x0: 0, y0: 0, x1: 2, y1: 1}, {...style, scalar});
  enc.copyTextureToBuffer({texture: tex}, {buffer: out, bytesPerRow: W * 4}, [W, H]);
  device.queue.submit([enc.finish()]);
  await out.mapAsync(1);
  const px = new Uint8Array(out.getMappedRange().slice(0));
  out.unmap();
  [tex, buf, out, scalar].forEach((b) => b?.destroy());
  // pixel at world (x, y): row from the top
  return (x: number, y: number) => {
    const col = Math.floor(x * 32),
      row = Math.floor((1 - y) * 32);
    const o = (row * W + col) * 4;
    return [px[o], px[o + 1], px[o + 2], px[o + 3]];
  };
}

describe("DiscPainter", () => {
  it("draws discs at their world positions, id colours from the palette, nothing elsewhere", async () => {
    const p = packParticles([
      {x: 0.5, y: 0.5, id: 0},
      {x: 1.5, y: 0.25, id: 0},
    ]);
    const at = await draw(p, {radius: 0.2, colorMode: "id", palette: [[1, 0, 0]]});
    expect(at(0.5, 0.5)).toEqual([255, 0, 0, 255]);
    expect(at(1.5, 0.25)).toEqual([255, 0, 0, 255]);
    expect(at(0.5 + 0.15, 0.5)).toEqual([255, 0, 0, 255]); // inside the radius
    expect(at(0.5 + 0.3, 0.5)[3]).toBe(0); // outside
    expect(at(1.0, 0.9)[3]).toBe(0);
    expect(at(0.5 + 0.19, 0.5 + 0.19)[3]).toBe(0); // the square's corner is cut away
  });

  it("colours by speed and by a per-slot scalar through the ramp", async () => {
    const p = packParticles([
      {x: 0.5, y: 0.5, vx: 0},
      {x: 1.5, y: 0.5, vx: 3, vy: 4},
    ]);
    const speed = await draw(p, {radius: 0.2, colorMode: "speed", scalarRange: [0, 5]});
    const slow = speed(0.5, 0.5),
      fast = speed(1.5, 0.5);
    expect(slow[2]).toBeGreaterThan(slow[1]); // dark purple end
    expect(fast[0]).toBeGreaterThan(200); // yellow end
    expect(fast[1]).toBeGreaterThan(200);
    const sc = await draw(p, {radius: 0.2, colorMode: "scalar", scalarRange: [0, 1]}, new Float32Array([1, 0]));
    expect(sc(0.5, 0.5)).toEqual(fast);
    expect(sc(1.5, 0.5)).toEqual(slow);
  });

  it("rejects bad styles with a clear message", async () => {
    const p = packParticles([{x: 0.5, y: 0.5}]);
    await expect(draw(p, {radius: 0, colorMode: "id"})).rejects.toThrow(/radius/);
    await expect(draw(p, {radius: 0.1, colorMode: "scalar"})).rejects.toThrow(/scalar buffer/);
  });
});

describe("pointer mapping", () => {
  it("fitView keeps the world inside with the canvas aspect, clientToWorld inverts the draw map", () => {
    const world = {x0: -1, y0: -1, x1: 1, y1: 1};
    const wide = fitView(world, 400, 200);
    expect(wide).toEqual({x0: -2, y0: -1, x1: 2, y1: 1});
    const tall = fitView(world, 100, 300);
    expect(tall.x0).toBe(-1);
    expect(tall.y1 - tall.y0).toBeCloseTo(6);
    const box = {left: 10, top: 20, width: 400, height: 200};
    expect(clientToWorld(10, 20, box, wide)).toEqual({x: -2, y: 1});
    expect(clientToWorld(410, 220, box, wide)).toEqual({x: 2, y: -1});
    expect(clientToWorld(210, 120, box, wide)).toEqual({x: 0, y: 0});
  });
});
