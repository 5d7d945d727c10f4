// @vitest-environment jsdom
// The §3 counting-sort widget mounted in jsdom on the Dawn device (tests/helpers/widget-dom.ts):
// its keys, buttons, auto-play, device loss, dispose and bad options, with every phase's arrays
// read back from the GPU and compared with the CPU twin. These were browser tests
// (tests/e2e/sort-widget.spec.ts keeps the essay's test: the page's counter, the drawn pixels).
import {describe, expect, it} from "vitest";
import {nodeWGSL} from "../../components/gpu/node.js";
import {type CountingSortElement, type CountingSortValue, createCountingSort} from "../../components/widgets/counting-sort/index.js";
import {checkSortTwin} from "../helpers/sort-twin-check.js";
import {button, buttons, widgetDom} from "../helpers/widget-dom.js";

const dom = widgetDom();
const {press, click, frames} = dom;
const expectMatchesTwin = (v: CountingSortValue) => checkSortTwin(expect, v);
/** `.value` as the browser tests read it: a JSON copy. */
const value = (el: CountingSortElement): CountingSortValue => JSON.parse(JSON.stringify(el.value));
const sorted = (el: CountingSortElement) => value(el).particles[0].cell >= 0;
/** Waits (real time: the GPU's readbacks) until the first phase is read back. */
const GPU_WAIT = {timeout: 60_000, interval: 20};

/** The widget with `options`, on the Dawn device, in the document, its first phase read back. */
async function ready(options: Parameters<typeof createCountingSort>[0] = {}) {
  const el = dom.mount(createCountingSort({...options, wgsl: nodeWGSL, acquire: dom.acquire}));
  await expect.poll(() => sorted(el), GPU_WAIT).toBe(true);
  return el;
}

/** Runs frames until `cond` holds (the browser tests' poll while the widget plays), at most `max`. */
async function framesUntil(cond: () => boolean, max: number) {
  for (let i = 0; i < max && !cond(); i += 10) await frames(10);
  expect(cond(), `within ${max} frames`).toBe(true);
}

describe("counting-sort widget on the Dawn device", () => {
  it("step, auto-play and shuffle by keyboard", async () => {
    const el = await ready();
    const stats = (await dom.acquire())!.stats;
    const errors = stats.validationErrors;
    button(el, /next/i).focus();
    press("Enter");
    expect(value(el).phaseIndex).toBe(1);
    press("Space");
    expect(value(el).phaseIndex).toBe(2);
    expectMatchesTwin(value(el));

    // auto-play: Tab to the toggle, Space starts it, phases advance by themselves
    press("Tab");
    const play = button(el, /auto-play/i);
    expect(document.activeElement).toBe(play);
    press("Space");
    expect(button(el, /pause/i).getAttribute("aria-pressed")).toBe("true");
    await framesUntil(() => value(el).phaseIndex >= 4, 20 * 60);
    press("Space"); // pause (focus stays on the toggle)
    expect(button(el, /auto-play/i).getAttribute("aria-pressed")).toBe("false");
    expectMatchesTwin(value(el));

    // shuffle: a new particle set, back to the first phase, still equal to the twin
    const before = value(el).particles;
    press("Tab");
    expect(document.activeElement).toBe(button(el, /new particles/i));
    press("Enter");
    expect(JSON.stringify(value(el).particles.map((p) => [p.x, p.y]))).not.toBe(JSON.stringify(before.map((p) => [p.x, p.y])));
    await expect.poll(() => sorted(el), GPU_WAIT).toBe(true);
    let v = value(el);
    expect(v.phaseIndex).toBe(0);
    expectMatchesTwin(v);
    // arrow keys on the widget step too
    click(el.querySelector("svg")!);
    press("ArrowRight");
    expect(value(el).phaseIndex).toBe(1);
    v = value(el);
    expectMatchesTwin(v);
    expect(stats.validationErrors - errors, stats.lastError ?? "").toBe(0);
  });

  it("shuffle and auto-play by mouse", async () => {
    const el = await ready();
    const first = value(el).particles;
    click(button(el, /new particles/i));
    expect(value(el).particles[0].x).not.toBe(first[0].x);
    await expect.poll(() => sorted(el), GPU_WAIT).toBe(true);
    click(button(el, /auto-play/i));
    await framesUntil(() => value(el).phaseIndex >= 3, 20 * 60);
    click(button(el, /pause/i));
    expectMatchesTwin(value(el));
  });

  it("a lost GPU device is reported and the widget rebuilds on a new one", async () => {
    const el = await ready();
    click(button(el, /next/i));
    (globalThis as any).__gpuLoseDevice(); // Dawn's device.destroy(), as the browser test's hook
    await expect.poll(() => el.querySelector(".widget-status")?.textContent ?? "", GPU_WAIT).toMatch(/new GPU device/);
    await expect.poll(() => value(el).engine, GPU_WAIT).toBe("gpu");
    await expect.poll(() => sorted(el), GPU_WAIT).toBe(true);
    // the reader keeps their place: still phase 2 (histogram), now recomputed on the new device
    expect(value(el).phaseIndex).toBe(1);
    expectMatchesTwin(value(el));
    for (let i = 1; i < 7; i++) click(button(el, /next/i));
    const v = value(el);
    expect(v.phase).toBe("scatter");
    expectMatchesTwin(v);
  });

  it("auto-play pauses while the widget is scrolled out of view", async () => {
    const el = await ready({intervalMs: 200});
    click(button(el, /auto-play/i));
    await framesUntil(() => value(el).phaseIndex >= 1, 20 * 60);
    dom.setInView(el, false);
    const parked = value(el).phaseIndex;
    await frames(60); // 1 s of frames: more than two 200 ms auto-play intervals
    expect(value(el).phaseIndex).toBe(parked);
    dom.setInView(el, true);
    await framesUntil(() => value(el).phaseIndex !== parked, 20 * 60);
  });

  it("dispose() releases the widget's GPU buffers and stops its loop", async () => {
    const el = await ready({intervalMs: 200});
    if (buttons(el, /auto-play/i).length) click(button(el, /auto-play/i));
    const from = value(el).phaseIndex;
    await framesUntil(() => value(el).phaseIndex !== from, 20 * 60);
    const stats = (await dom.acquire())!.stats;
    const before = {...stats};
    el.dispose();
    const after = {...stats};
    // the sorter owns 6 buffers: grid, counts, starts, cursor, block sums, and the one-dispatch scan's block totals
    expect(before.buffersLive - after.buffersLive).toBe(6);
    expect(after.bytesLive).toBeLessThan(before.bytesLive);
    // auto-play was on: after dispose the phase no longer advances
    const parked = value(el).phaseIndex;
    await frames(60); // 1 s of frames: more than two 200 ms intervals (the scatter holds 400 ms)
    expect(value(el).phaseIndex).toBe(parked);
  });

  it("bad options give a visible note and a working widget", async () => {
    const el = await ready({particles: 500, side: "abc" as unknown as number, intervalMs: 2.5e9});
    const status = el.querySelector(".widget-status")?.textContent ?? "";
    expect(status).toContain("particles 500 is outside 1–200; using 200.");
    expect(status).toContain("side must be a number");
    expect(status).toContain("intervalMs 2500000000 is outside");
    expect(status).toContain("GPU kernels"); // the note stays in front of the engine line
    expect(value(el).particles).toHaveLength(200);
    expect(value(el).cells).toBe(16);
    expect(value(el).engine).toBe("gpu");
  });
});
