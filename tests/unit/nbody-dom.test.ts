// @vitest-environment jsdom
// The §1 direct-sum (O(N²)) widget mounted in jsdom on the Dawn device (tests/helpers/widget-dom.ts):
// 1,000 bodies on the GPU kernels, a step time and a bound cluster's energy read back. This was part
// of a browser test of the gravity page (tests/e2e/gravity.spec.ts; the page itself and its cards:
// gravity-page.spec.ts). jsdom has no layout: the harness's `layout` option gives the stage a width.
import {afterEach, describe, expect, it} from "vitest";
import {nodeWGSL} from "../../components/gpu/node.js";
import {createNBody} from "../../components/widgets/nbody/index.js";
import {widgetDom} from "../helpers/widget-dom.js";

const dom = widgetDom({layout: {width: 880}});
/** Waits in real time (the GPU's pipelines, steps and readbacks), running a frame at each poll. */
const GPU_WAIT = {timeout: 90_000, interval: 20};
const framed =
  <T>(read: () => T) =>
  async () => (await dom.frames(1), read());

afterEach(() => localStorage.removeItem("ns-engine"));

describe("nbody widget on the Dawn device", () => {
  it("the O(N²) widget runs on the GPU with sane values", async () => {
    // the browser tests' page-wide choice of the GPU kernels on SwiftShader (playwright.config.ts)
    localStorage.setItem("ns-engine", "gpu");
    const el = dom.mount(createNBody({wgsl: nodeWGSL, acquire: dom.acquire}));
    const value = () => JSON.parse(JSON.stringify(el.value));
    await expect
      .poll(
        framed(() => value().energy),
        GPU_WAIT
      )
      .not.toBeNull();
    await expect
      .poll(
        framed(() => value().stepMs),
        GPU_WAIT
      )
      .toBeGreaterThan(0);
    const n = value();
    expect(n).toMatchObject({count: 1000, pairsPerStep: 999_000, engine: "gpu"});
    // a bound cluster: negative total energy; a Plummer sphere of mass 1 and scale 1 has about −3π/32 ≈ −0.29 (3D), more bound projected
    expect(n.energy).toBeLessThan(-0.1);
    expect(n.energy).toBeGreaterThan(-1);
  });
});
