// @vitest-environment jsdom
// The §4 sand widget mounted in jsdom on the Dawn device (tests/helpers/widget-dom.ts): it starts
// on the GPU at the software load, its sliders, re-pour, hash mode, open walls and a pointer push
// keep it running, and it rebuilds after a device loss; the picture is read back from the canvas's
// offscreen texture. This was a browser test (tests/e2e/sand.spec.ts keeps the arrow keys'
// push, whose overlay ring is placed by the page's layout).
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {nodeWGSL} from "../../components/gpu/node.js";
import {createSand, type SandValue} from "../../components/widgets/sand/index.js";
import {widgetDom} from "../helpers/widget-dom.js";

const dom = widgetDom();
/**
 * Each frame 250 ms apart on the widget's clock, as SwiftShader's frames in a browser: `.value`
 * is published every 250 ms (of that clock), so every frame publishes; the physics' step is capped
 * at 1/30 s whatever the clock.
 */
const FRAME_MS = 250;
/** Real time for the GPU's compiles and readbacks while frames run. */
const GPU_WAIT_MS = 60_000;

// the browser tests' pages choose the GPU kernels on a software adapter (playwright.config.ts), where sand would run its twin
beforeAll(() => localStorage.setItem("ns-engine", "gpu"));
afterAll(() => localStorage.removeItem("ns-engine"));

type SandElement = ReturnType<typeof createSand>;
/** `.value` as the browser tests read it: a JSON copy. */
const value = (el: SandElement): SandValue => JSON.parse(JSON.stringify(el.value));

/** Runs frames until `cond` holds (the browser test's poll while the widget plays). */
async function framesUntil(cond: () => boolean, what: string) {
  const end = Date.now() + GPU_WAIT_MS;
  while (!cond() && Date.now() < end) await dom.frames(1, FRAME_MS);
  expect(cond(), what).toBe(true);
}
/** Frames until the widget has run `by` more frames of its own (it skips frames while the GPU is busy). */
const framesAdvance = async (el: SandElement, by: number) => {
  const start = value(el).frames;
  await framesUntil(() => value(el).frames >= start + by, `${by} more frames`);
};
/** Playwright's `fill` on a range input: the value, then input and change. */
function fill(input: HTMLInputElement, v: string) {
  input.value = v;
  input.dispatchEvent(new Event("input", {bubbles: true}));
  input.dispatchEvent(new Event("change", {bubbles: true}));
}
/** The card's counts as "caption = .value.count = status" (tests/e2e/helpers.ts `sandCountsAgree`, in jsdom). */
function countsAgree(el: SandElement) {
  const first = (sel: string) => /([\d,]+) grains/.exec(el.querySelector(sel)?.textContent ?? "")?.[1] ?? "(none)";
  return `${first(".widget-caption")} = ${el.value.count.toLocaleString("en-US")} = ${first(".widget-status")}`;
}
describe("sand widget on the Dawn device", () => {
  it("sand runs on the GPU; sliders, re-pour, hash mode and open walls keep it running", async () => {
    const el = createSand({wgsl: nodeWGSL, acquire: dom.acquire});
    // a stage 300 px wide and its canvas's box (jsdom lays nothing out): the canvas gets a backing
    // store, and pointer events map through its box
    dom.size(el.querySelector(".sim-stage")!, 300);
    dom.mount(el);
    await Promise.resolve(); // the stage's first layout: the canvas's CSS size, which its renderer reads as its box
    const canvas = el.querySelector("canvas")!;
    const width = Number.parseFloat(canvas.style.width);
    const height = Number.parseFloat(canvas.style.height);
    dom.size(canvas, width, height);
    const text = (sel: string) => el.querySelector(sel)?.textContent ?? "";
    const input = (label: string) => el.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
    await framesUntil(() => value(el).engine === "gpu", "the GPU engine runs");
    // SwiftShader is a CPU emulation: without a count from the page, the sand starts with the
    // reduced load (not 12,000 grains × 5 substeps) and says so
    const start = value(el);
    expect([start.count, start.substeps]).toEqual([2000, 1]);
    expect(text(".widget-status")).toContain("so the sand starts with 2,000 grains and one substep per frame");
    // one count on the card: the caption, .value.count and the status line all say 2,000
    await framesUntil(() => countsAgree(el) === "2,000 = 2,000 = 2,000", `one count: ${countsAgree(el)}`);
    expect(start.requestedCount).toBe(2000);

    expect(input("substeps per frame").value).toBe("1");
    // the time per frame with about three significant figures ("18.1 ms", not "18.094 ms")
    await framesUntil(() => / (\d{3,}|\d{2}\.\d|\d\.\d\d|0\.\d{3}) ms per frame/.test(text(".sim-panel")), "the panel's time per frame");
    expect(text(".sim-panel")).not.toMatch(/\d{2,}\.\d{2,} ms per frame/);
    // smallest settings first: 1 substep, 2,000 grains
    fill(input("substeps per frame"), "1");
    fill(input("grains"), "0");
    await framesUntil(() => value(el).count === 2000, "2,000 grains");
    expect(value(el).substeps).toBe(1);
    await framesAdvance(el, 3);
    const v = value(el);
    expect(v.engine).toBe("gpu");
    expect(v.hashed).toBe(false);
    expect(Object.keys(v.passMs).sort()).toEqual(["clear", "count", "forces", "scan", "scatter"]);
    expect(v.gpuMsPerFrame !== null || v.frameMs !== null).toBe(true);
    expect(text(".sim-panel")).toContain("2,000 grains · 1 substep per frame");
    // the pipeline diagram lights its boxes in turn
    expect(el.querySelectorAll(".pipeline-diagram .phase.lit")).toHaveLength(1);
    const lit = new Set<string>();
    await framesUntil(() => {
      lit.add(el.querySelector(".pipeline-diagram .phase.lit")?.getAttribute("data-phase") ?? "");
      return lit.size >= 2;
    }, "two boxes lit in turn");
    for (const k of lit) expect(["clear", "count", "scan", "scatter", "forces"]).toContain(k);
    // the slider re-pours with a new count
    fill(input("grains"), "150");
    await framesUntil(() => value(el).count === 3000, "3,000 grains");
    await framesAdvance(el, 2);
    // let the block fall a little and look at it
    await framesAdvance(el, 2);
    // the canvas really shows grains (a blank picture has one or two colours): its last frame, read back
    const px = (await dom.canvasPixels(canvas))!;
    const colours = new Set<number>();
    for (let i = 0; i < px.data.length; i += 4) colours.add((px.data[i] << 16) | (px.data[i + 1] << 8) | px.data[i + 2]);
    expect(colours.size).toBeGreaterThan(4);
    // hash mode: same pipeline, the collision counter appears
    dom.click(el.querySelector('[data-action="hash"]')!);
    await framesUntil(() => value(el).hashed, "hash mode");
    await framesAdvance(el, 3);
    await framesUntil(() => text(".sim-panel").includes("Hash collisions"), "the collision counter");
    // open the walls (hash mode only)
    dom.click(el.querySelector('[data-action="walls"]')!);
    await framesUntil(() => value(el).openWalls, "open walls");
    // push through the pile with the pointer (client points on the canvas's stubbed box)
    dom.pointer(canvas, "pointermove", width * 0.45, height * 0.8);
    dom.pointer(canvas, "pointerdown", width * 0.45, height * 0.8, {buttons: 1});
    for (let s = 1; s <= 4; s++) dom.pointer(canvas, "pointermove", width * (0.45 + 0.025 * s), height * (0.8 + 0.0125 * s), {buttons: 1});
    await framesAdvance(el, 3);
    dom.pointer(canvas, "pointerup", width * 0.55, height * 0.85);
    // back to the dense grid: the walls close and the sand is poured again
    dom.click(el.querySelector('[data-action="hash"]')!);
    await framesUntil(() => !value(el).openWalls, "walls closed");
    await framesAdvance(el, 2);
    // a lost device: the widget says so, rebuilds on a new device and keeps running
    (globalThis as any).__gpuLoseDevice(); // Dawn's device.destroy(), as the browser test's hook
    await framesUntil(() => value(el).deviceLosses === 1, "the loss counted");
    await framesUntil(() => value(el).engine === "gpu", "the GPU engine again");
    await framesAdvance(el, 2);
    const stats = (await dom.acquire())!.stats;
    expect(stats.validationErrors, stats.lastError ?? "").toBe(0);
  });
});
