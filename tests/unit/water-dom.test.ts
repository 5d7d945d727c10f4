// @vitest-environment jsdom
// The §5 water widget mounted in jsdom on the Dawn device (tests/helpers/widget-dom.ts): it runs on
// the GPU (its density histogram, read back from the GPU, accounts for every particle), the count
// slider pours anew, the substeps slider, the parameters and their reset, the "Colour by" choice,
// Pour again and a drag across the tank. This was a browser test on the essay
// (tests/e2e/water.spec.ts keeps the hero's part: it runs on the essay's first screen and pauses
// once scrolled off it).
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {nodeWGSL} from "../../components/gpu/node.js";
import {createWater} from "../../components/widgets/water/index.js";
import {button, widgetDom} from "../helpers/widget-dom.js";

const dom = widgetDom();
/** Real time for the GPU's compiles and readbacks while frames run. */
const GPU_WAIT_MS = 60_000;
/** Frames 250 ms apart on the widget's clock (SwiftShader's pace in a browser), so its stats publish every few frames; the physics' step is capped whatever the clock. */
const FRAME_MS = 250;
const DEFAULTS = {k: 400, kNear: 100, restDensity: 2.2, xsph: 0.03};
const sum = (xs: number[]) => xs.reduce((s, v) => s + v, 0);

// the browser tests' pages choose the GPU kernels on a software adapter (playwright.config.ts), where the water would run its twin
beforeAll(() => localStorage.setItem("ns-engine", "gpu"));
afterAll(() => localStorage.removeItem("ns-engine"));

type WaterElement = ReturnType<typeof createWater>;
/** `.value` as the browser test reads it: a JSON copy. */
const value = (el: WaterElement) => JSON.parse(JSON.stringify(el.value));

/** Runs frames until `cond` holds (the browser test's poll while the widget plays). */
async function framesUntil(cond: () => boolean, what: string) {
  const end = Date.now() + GPU_WAIT_MS;
  while (!cond() && Date.now() < end) await dom.frames(1, FRAME_MS);
  expect(cond(), what).toBe(true);
}
/** Frames until the histogram (read back from the GPU) accounts for `n` particles. */
const waitForCount = (el: WaterElement, n: number) => framesUntil(() => sum(value(el).densityHistogram ?? []) === n, `a histogram of ${n}`);
/** Playwright's `fill`: the value, then input and change. */
function fill(input: HTMLInputElement, v: string) {
  input.value = v;
  input.dispatchEvent(new Event("input", {bubbles: true}));
  input.dispatchEvent(new Event("change", {bubbles: true}));
}

describe("water widget on the Dawn device", () => {
  it("water demo runs on the GPU; slider, substeps and parameter reset work", async () => {
    const water = createWater({count: 1500, substeps: 1, wgsl: nodeWGSL, acquire: dom.acquire});
    // jsdom lays nothing out: a stage 300 px wide, and its canvas's box (the renderer sizes its
    // backing store from it; pointer events map through it)
    dom.size(water.querySelector(".sim-stage")!, 300);
    dom.mount(water);
    await Promise.resolve(); // the stage's first layout
    const canvas = water.querySelector("canvas")!;
    const box = {width: Number.parseFloat(canvas.style.width), height: Number.parseFloat(canvas.style.height)};
    dom.size(canvas, box.width, box.height);
    await waitForCount(water, 1500);
    let v = value(water);
    expect(v.engine).toBe("gpu");
    expect(v).toMatchObject({count: 1500, substeps: 1, params: DEFAULTS});
    // most particles sit near the rest density right after the pour
    const bins: number[] = v.densityHistogram;
    const near = sum(bins.slice(24, 40)); // bins of [0.75 ρ₀, 1.25 ρ₀)
    expect(near / 1500).toBeGreaterThan(0.6);
    await framesUntil(() => water.querySelectorAll("svg.water-histogram rect").length === 64, "the histogram's 64 bars");

    // the count slider (log scale) pours a new amount of water
    fill(water.querySelector<HTMLInputElement>('input[name="water-count"]')!, "100");
    expect(value(water).count).toBe(2200); // exp(ln 1500 + 0.1 (ln 80000 − ln 1500)) ≈ 2236 → 2,200
    await waitForCount(water, 2200);

    // substeps slider
    fill(water.querySelector<HTMLInputElement>('input[name="water-substeps"]')!, "2");
    expect(value(water).substeps).toBe(2);

    // parameters: change two, then reset restores the defaults
    dom.click(water.querySelector("summary")!);
    fill(water.querySelector<HTMLInputElement>('input[data-param="k"]')!, "250");
    fill(water.querySelector<HTMLInputElement>('input[data-param="xsph"]')!, "0.1");
    v = value(water);
    expect(v.params.k).toBe(250);
    expect(v.params.xsph).toBeCloseTo(0.1, 6);
    dom.click(water.querySelector("button.water-reset")!);
    expect(value(water).params).toEqual(DEFAULTS);
    expect(water.querySelector<HTMLInputElement>('input[data-param="k"]')!.value).toBe("400");

    // colour toggle and pour again keep working
    // "Colour by" is a choice: the pressed button says what the colour shows
    const colourBy = [...water.querySelectorAll('[role="group"]')].find(
      (g) => document.getElementById(g.getAttribute("aria-labelledby") ?? "")?.textContent === "Colour by"
    )!;
    dom.click(button(colourBy, /^speed$/));
    expect(button(colourBy, /^speed$/).getAttribute("aria-pressed")).toBe("true");
    expect(button(colourBy, /^density$/).getAttribute("aria-pressed")).toBe("false");
    dom.click(water.querySelector("button.water-pour")!);
    await waitForCount(water, 2200);

    // drag across the tank: the pointer stirs the water
    dom.pointer(canvas, "pointermove", box.width * 0.1, box.height * 0.9);
    dom.pointer(canvas, "pointerdown", box.width * 0.1, box.height * 0.9, {buttons: 1});
    for (let k = 1; k <= 5; k++)
      dom.pointer(canvas, "pointermove", box.width * (0.1 + 0.05 * k), box.height * 0.9, {buttons: 1}), await dom.frames(1, FRAME_MS);
    dom.pointer(canvas, "pointerup", box.width * 0.35, box.height * 0.9);

    const stats = (await dom.acquire())!.stats;
    expect(stats.validationErrors, stats.lastError ?? "").toBe(0);
    expect(stats.bytesLive).toBeLessThan(32 * 1024 * 1024);
  });
});
