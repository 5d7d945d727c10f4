// Soak tier: energy drift of the 3D octree pipeline over 2,000 leapfrog steps of a Plummer
// sphere at θ 0.5 — on the GPU (Dawn, 600 bodies: SwiftShader takes about 0.3 s a step at 2,000; energy from the GPU's partial sums with
// the walk's potentials) and on the CPU twin (500 bodies). Both must stay within 1 %.
import {describe, expect, it} from "vitest";
import {ResourceScope} from "../../components/gpu/scope.js";
import {nodeWGSL} from "../../components/gpu/node.js";
import {Gravity3GPU} from "../../components/gravity3d/gpu.js";
import {Gravity3Twin, GRAVITY3_DEFAULTS, plummer3Scene} from "../../components/gravity3d/twin.js";
import {testGPU} from "../helpers/gpu.js";

describe("3D energy drift", () => {
  it("GPU: a 600-body Plummer sphere drifts < 1 % over 2,000 steps (θ 0.5, dt 0.01)", async () => {
    const gpu = await testGPU();
    const scope = new ResourceScope(gpu.device);
    const g = await Gravity3GPU.create(gpu.device, scope, nodeWGSL, {maxBodies: 600});
    g.setParams({theta: 0.5, dt: GRAVITY3_DEFAULTS.dt});
    g.setBodies(plummer3Scene(600, 11));
    const e0 = (await g.energy()).total;
    for (let k = 0; k < 20; k++) g.step(100);
    const e1 = (await g.energy()).total;
    const drift = Math.abs(e1 / e0 - 1);
    console.log(`GPU energy drift over 2,000 steps: ${drift.toExponential(2)} (E0 ${e0.toFixed(5)})`);
    expect(drift).toBeLessThan(0.01);
    scope.dispose();
  }, 1_500_000);
  it("twin: a 500-body Plummer sphere drifts < 1 % over 2,000 steps", () => {
    const t = new Gravity3Twin(plummer3Scene(500, 12), {theta: 0.5});
    const e0 = t.energy().total;
    t.step(2000);
    const drift = Math.abs(t.energy().total / e0 - 1);
    console.log(`twin energy drift over 2,000 steps: ${drift.toExponential(2)}`);
    expect(drift).toBeLessThan(0.01);
  }, 600_000);
});
