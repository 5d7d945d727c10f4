// The 3D galaxy's pure logic in Node: the orbit camera's projection (the matrix the WGSL
// point shader gets and the CPU engine's `project`), its limits, and the options' reading.
import {describe, expect, it} from "vitest";
import {defaultCamera, DISTANCE_RANGE, eye, orbit, PITCH_LIMIT, project, viewProjection, zoom} from "../../components/widgets/galaxy-3d/camera.js";
import {maxCount3, readGalaxy3DOptions, sizedCount3, SOFTWARE_COUNT} from "../../components/widgets/galaxy-3d/options.js";

describe("orbit camera", () => {
  it("the origin projects to the canvas centre, in front of the camera", () => {
    const c = defaultCamera(3);
    const p = project(viewProjection(c, 1.6), 0, 0, 0, 1600, 1000)!;
    expect(p.px).toBeCloseTo(800, 6);
    expect(p.py).toBeCloseTo(500, 6);
    expect(p.w).toBeCloseTo(c.distance, 6);
  });
  it("up is up and right is right when looking from +z", () => {
    const m = viewProjection({yaw: 0, pitch: 0, distance: 10, fov: Math.PI / 4}, 1);
    const up = project(m, 0, 1, 0, 100, 100)!;
    const right = project(m, 1, 0, 0, 100, 100)!;
    expect(up.py).toBeLessThan(50);
    expect(right.px).toBeGreaterThan(50);
    expect(project(m, 0, 0, 20, 100, 100)).toBeNull(); // behind the eye
  });
  it("pitch is clamped, yaw wraps, zoom stays in range; the eye keeps its distance", () => {
    let c = defaultCamera(3);
    c = orbit(c, 10 * Math.PI, 10);
    expect(c.pitch).toBe(PITCH_LIMIT);
    expect(Math.abs(c.yaw)).toBeLessThanOrEqual(Math.PI);
    expect(Math.hypot(...eye(c))).toBeCloseTo(c.distance, 9);
    expect(zoom(c, 1e-6).distance).toBe(DISTANCE_RANGE[0]);
    expect(zoom(c, 1e6).distance).toBe(DISTANCE_RANGE[1]);
  });
});

describe("galaxy-3d options", () => {
  it("bad scene and colour give notes, never throws", () => {
    const r = readGalaxy3DOptions({scene: "spiral", colour: "pink", theta: 7});
    expect(r.scene).toBe("collision");
    expect(r.colour).toBe("galaxy");
    expect(r.notes.length).toBe(3);
    expect(readGalaxy3DOptions({scene: "plummer"}).colour).toBe("speed");
  });
  it("counts are sized to the device: software 2,000; a big GPU offers 1,000,000; a small one less", () => {
    const big = {limits: {maxBufferSize: 2 ** 31, maxStorageBufferBindingSize: 2 ** 31}} as unknown as GPUDevice;
    const small = {limits: {maxBufferSize: 2 ** 27, maxStorageBufferBindingSize: 2 ** 27}} as unknown as GPUDevice;
    expect(sizedCount3(big, true, false)).toBe(SOFTWARE_COUNT);
    expect(sizedCount3(big, false, false)).toBe(100_000);
    expect(maxCount3(big, false)).toBe(1_000_000);
    expect(maxCount3(small, false)).toBeLessThanOrEqual(1_000_000);
    expect(maxCount3(small, false)).toBeGreaterThanOrEqual(10_000);
  });
});
