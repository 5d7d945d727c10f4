// @vitest-environment jsdom
// The §6 galaxy mounted in jsdom on the Dawn device (tests/helpers/widget-dom.ts): as the gravity
// page's hero at 600 bodies, its `.value` sane on the GPU kernels and θ following its slider; and on
// a CPU-emulated adapter by default (Dawn here runs on SwiftShader, as the browser tests' Chromium
// does: the runtime reads the same adapter info, components/gpu/adapter.ts), its faster CPU twin,
// the reason said, and the reader's switch to the GPU kernels and back (engine-choice.ts). These were
// browser tests (tests/e2e/gravity.spec.ts, software-engine.spec.ts). jsdom has no layout: the
// harness's `layout` option gives the stage a width, so the canvas has a size and frames run.
import {afterEach, describe, expect, it} from "vitest";
import {nodeWGSL} from "../../components/gpu/node.js";
import {createGalaxy, type GalaxyValue} from "../../components/widgets/galaxy/index.js";
import {widgetDom} from "../helpers/widget-dom.js";

const dom = widgetDom({layout: {width: 880}});
/** Waits in real time (the GPU's pipelines, steps and readbacks), running a frame at each poll. */
const GPU_WAIT = {timeout: 90_000, interval: 20};
const framed =
  <T>(read: () => T) =>
  async () => (await dom.frames(1), read());
const setRange = (root: Element, name: string, v: number) => {
  const input = root.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  input.value = String(v);
  input.dispatchEvent(new Event("input", {bubbles: true}));
};
/** `.value` as the browser tests read it: a JSON copy. */
const value = (el: HTMLElement & {value: GalaxyValue}): GalaxyValue => JSON.parse(JSON.stringify(el.value));

afterEach(() => {
  localStorage.removeItem("ns-engine");
  performance.clearMarks("first-gpu-frame");
});

describe("galaxy widget on the Dawn device", () => {
  it("the galaxy (hero) runs on the GPU with sane values", async () => {
    // the browser tests' page-wide choice of the GPU kernels on SwiftShader (playwright.config.ts)
    localStorage.setItem("ns-engine", "gpu");
    const el = dom.mount(createGalaxy({hero: true, count: 600, wgsl: nodeWGSL, acquire: dom.acquire}));
    await expect
      .poll(
        framed(() => value(el).energyDrift),
        GPU_WAIT
      )
      .not.toBeNull();
    await expect
      .poll(
        framed(() => value(el).stepMs),
        GPU_WAIT
      )
      .toBeGreaterThan(0);
    const g = value(el);
    expect(g).toMatchObject({count: 600, theta: 0.6, engine: "gpu"});
    expect(Math.abs(g.energyDrift!)).toBeLessThan(0.05);
    expect(el.querySelector(".widget-status")?.textContent).toContain("600 bodies");
    // θ moves with its slider
    setRange(el, "galaxy-theta", 0.9);
    expect(value(el).theta).toBe(0.9);
  });

  it("the galaxy runs its faster CPU twin on SwiftShader, says why, and the reader can switch to the GPU kernels and back", async () => {
    const el = dom.mount(createGalaxy({wgsl: nodeWGSL, acquire: dom.acquire}));
    const status = () => el.querySelector(".widget-status")?.textContent ?? "";
    await expect
      .poll(
        framed(() => el.dataset.engine),
        GPU_WAIT
      )
      .toBe("cpu");
    await expect.poll(status, GPU_WAIT).toContain("CPU emulation of a GPU (SwiftShader), on which the CPU twin of the same kernels runs faster");
    const toggle = el.querySelector<HTMLButtonElement>("button.engine-switch")!;
    expect(toggle.hidden).toBe(false);
    expect(toggle.textContent).toBe("Run the GPU kernels (emulated) instead");
    dom.click(toggle);
    await expect
      .poll(
        framed(() => el.dataset.engine),
        GPU_WAIT
      )
      .toBe("gpu");
    expect(toggle.textContent).toBe("Run the CPU twin instead");
    const from = el.__frames();
    await expect
      .poll(
        framed(() => el.__frames()),
        GPU_WAIT
      )
      .toBeGreaterThan(from);
    dom.click(toggle);
    await expect
      .poll(
        framed(() => el.dataset.engine),
        GPU_WAIT
      )
      .toBe("cpu");
    await expect.poll(status, GPU_WAIT).toContain("You chose the CPU twin");
  });
});
