// The §3 animated counting-sort widget on the built site, with WebGPU (SwiftShader). Tests of
// the widget alone mount it on its own page, /embed/counting-sort (options from the URL); the
// essay is loaded only where the page matters (its reactive counter, its module). Tests of one
// page in one configuration share its load (serial blocks, the page opened in beforeAll): each
// load compiles the sort's pipelines again on SwiftShader. The widget's layout at phone width
// needs no GPU: it is read on content.nogpu.spec.ts's phone page.
import {test, expect, type Locator, type Page} from "@playwright/test";
import {animationFrames, distinctColours, expectWebGPU, gpuStats, watchErrors, widgetValue} from "./helpers.js";
import {expectMatchesTwin, PHASES_16, type SortValue} from "./sort-widget-check.js";

const W = '[data-widget="counting-sort"]';
const value = (page: Page) => widgetValue<SortValue>(page, "counting-sort");

/** The widget alone: its embed page, with `?query` options (e.g. `interval-ms=200`). */
const EMBED = "/embed/counting-sort";

async function ready(page: Page, path = EMBED) {
  await page.goto(path);
  await expectWebGPU(page);
  const widget = page.locator(W);
  await widget.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await value(page))?.particles?.[0]?.cell ?? -1, {timeout: 60_000}).toBeGreaterThanOrEqual(0);
  return widget;
}

/**
 * One page for the serial block this is called in: the widget alone at `path`, opened in
 * beforeAll and ready (its first phase read back), closed in afterAll; `errs` watches it from
 * before the load.
 */
function onePage(path = EMBED) {
  const s = {} as {page: Page; widget: Locator; errs: ReturnType<typeof watchErrors>};
  test.describe.configure({mode: "serial"});
  test.beforeAll(async ({browser}) => {
    s.page = await browser.newPage();
    s.errs = watchErrors(s.page);
    s.widget = await ready(s.page, path);
  });
  test.afterAll(async () => {
    await s.page?.close();
  });
  return s;
}

// The widget alone with its default options: keyboard, mouse, then the device loss (last: it
// replaces the page's device). One load and one compile of the sort's pipelines, not three.
test.describe("/embed/counting-sort, one page", () => {
  const shared = onePage();
  test("step, auto-play and shuffle by keyboard", async () => {
    const {page, widget, errs} = shared;
    const stepBtn = widget.getByRole("button", {name: /next/i});
    await stepBtn.focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await value(page)).phaseIndex).toBe(1);
    await page.keyboard.press("Space");
    await expect.poll(async () => (await value(page)).phaseIndex).toBe(2);
    expectMatchesTwin(await value(page));

    // auto-play: Tab to the toggle, Space starts it, phases advance by themselves
    await page.keyboard.press("Tab");
    const play = widget.getByRole("button", {name: /auto-play/i});
    await expect(play).toBeFocused();
    await page.keyboard.press("Space");
    await expect(widget.getByRole("button", {name: /pause/i})).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => (await value(page)).phaseIndex, {timeout: 20_000}).toBeGreaterThanOrEqual(4);
    await page.keyboard.press("Space"); // pause (focus stays on the toggle)
    await expect(widget.getByRole("button", {name: /auto-play/i})).toHaveAttribute("aria-pressed", "false");
    expectMatchesTwin(await value(page));

    // shuffle: a new particle set, back to the first phase, still equal to the twin
    const before = (await value(page)).particles;
    await page.keyboard.press("Tab");
    await expect(widget.getByRole("button", {name: /new particles/i})).toBeFocused();
    await page.keyboard.press("Enter");
    await expect.poll(async () => JSON.stringify((await value(page)).particles.map((p) => [p.x, p.y]))).not.toBe(JSON.stringify(before.map((p) => [p.x, p.y])));
    await expect.poll(async () => (await value(page)).particles[0].cell).toBeGreaterThanOrEqual(0);
    let v = await value(page);
    expect(v.phaseIndex).toBe(0);
    expectMatchesTwin(v);
    // arrow keys on the widget step too
    await widget.locator("svg").click();
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await value(page)).phaseIndex).toBe(1);
    v = await value(page);
    expectMatchesTwin(v);
    const stats = await gpuStats(page);
    expect(stats.validationErrors, stats.lastError ?? "").toBe(0);
    errs.expectNone();
  });

  test("shuffle and auto-play by mouse", async () => {
    const {page, widget, errs} = shared;
    const first = (await value(page)).particles;
    await widget.getByRole("button", {name: /new particles/i}).click();
    await expect.poll(async () => (await value(page)).particles[0].x).not.toBe(first[0].x);
    await expect.poll(async () => (await value(page)).particles[0].cell).toBeGreaterThanOrEqual(0);
    await widget.getByRole("button", {name: /auto-play/i}).click();
    await expect.poll(async () => (await value(page)).phaseIndex, {timeout: 20_000}).toBeGreaterThanOrEqual(3);
    await widget.getByRole("button", {name: /pause/i}).click();
    expectMatchesTwin(await value(page));
    errs.expectNone();
  });

  test("a lost GPU device is reported and the widget rebuilds on a new one", async () => {
    const {page, widget, errs} = shared;
    // from the first phase: a shuffle goes back there (the test before left the widget further on)
    await widget.getByRole("button", {name: /new particles/i}).click();
    await expect
      .poll(async () => ((v) => (v.phaseIndex === 0 && v.particles[0].cell >= 0 ? "at the start" : `phase ${v.phaseIndex}`))(await value(page)))
      .toBe("at the start");
    await widget.getByRole("button", {name: /next/i}).click();
    await page.evaluate(() => (globalThis as any).__gpuLoseDevice());
    await expect(widget.locator(".widget-status")).toContainText(/new GPU device/, {timeout: 60_000});
    await expect.poll(async () => (await value(page)).engine).toBe("gpu");
    await expect.poll(async () => (await value(page)).particles[0].cell).toBeGreaterThanOrEqual(0);
    // the reader keeps their place: still phase 2 (histogram), now recomputed on the new device
    expect((await value(page)).phaseIndex).toBe(1);
    expectMatchesTwin(await value(page));
    for (let i = 1; i < 7; i++) await widget.getByRole("button", {name: /next/i}).click();
    const v = await value(page);
    expect(v.phase).toBe("scatter");
    expectMatchesTwin(v);
    errs.expectNone();
  });
});

// A quick auto-play (200 ms a phase): out of view it pauses, then dispose() stops it (last).
test.describe("/embed/counting-sort?interval-ms=200, one page", () => {
  const shared = onePage(`${EMBED}?interval-ms=200`);
  test("auto-play pauses while the widget is scrolled out of view", async () => {
    const {page, widget} = shared;
    await widget.getByRole("button", {name: /auto-play/i}).click();
    await expect.poll(async () => (await value(page)).phaseIndex, {timeout: 20_000}).toBeGreaterThanOrEqual(1);
    // push the widget far below the fold (the page may be short), then go to the top
    await page.evaluate(() => {
      const spacer = Object.assign(document.createElement("div"), {id: "spacer"});
      spacer.style.height = "4000px";
      document.querySelector("ns-counting-sort")!.before(spacer);
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(300);
    const parked = (await value(page)).phaseIndex;
    await animationFrames(page, 60); // ≥ 1 s of frames: more than two 200 ms auto-play intervals
    expect((await value(page)).phaseIndex).toBe(parked);
    await widget.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await value(page)).phaseIndex, {timeout: 20_000}).not.toBe(parked);
  });

  test("dispose() releases the widget's GPU buffers and stops its loop", async () => {
    const {page, widget} = shared;
    // auto-play on (the test before left it playing, on screen): the phase still advances
    if (await widget.getByRole("button", {name: /auto-play/i}).count()) await widget.getByRole("button", {name: /auto-play/i}).click();
    const from = (await value(page)).phaseIndex;
    await expect.poll(async () => (await value(page)).phaseIndex, {timeout: 20_000}).not.toBe(from);
    // before and after in one synchronous turn, so no other widget can create buffers in between
    const {before, after} = await page.evaluate(() => {
      const stats = (globalThis as any).__gpuStats;
      const before = {...stats};
      (document.querySelector("ns-counting-sort")!.shadowRoot!.querySelector('[data-widget="counting-sort"]') as any).dispose();
      return {before, after: {...stats}};
    });
    // the sorter owns 6 buffers: grid, counts, starts, cursor, block sums, and the one-dispatch scan's block totals
    expect(before.buffersLive - after.buffersLive).toBe(6);
    expect(after.bytesLive).toBeLessThan(before.bytesLive);
    // auto-play was on: after dispose the phase no longer advances
    const parked = (await value(page)).phaseIndex;
    await animationFrames(page, 60); // ≥ 1 s of frames: more than two 200 ms intervals (the scatter holds 400 ms)
    expect((await value(page)).phaseIndex).toBe(parked);
  });
});

// The essay's two tests on one essay page (a serial block), still: stepping by mouse and a widget
// made with the page's module need no motion, and the rest of the essay then takes no core.
test.describe("on the essay", () => {
  test.describe.configure({mode: "serial"});
  let page: Page;
  let errs: ReturnType<typeof watchErrors>;
  test.beforeAll(async ({browser}) => {
    page = await browser.newPage({reducedMotion: "reduce"});
    errs = watchErrors(page);
  });
  test.afterAll(async () => {
    await page?.close();
  });

  test("every phase equals the CPU twin, computed on the GPU, by mouse", async () => {
    const widget = await ready(page, "/"); // the essay: its reactive counter follows the widget
    let v = await value(page);
    expect(v.engine).toBe("gpu");
    expect(v.particles).toHaveLength(56);
    expect(v.cells).toBe(16);
    await expect(widget.locator(".widget-status")).toContainText("GPU");
    for (let i = 0; i < PHASES_16.length; i++) {
      v = await value(page);
      expect(v.phaseIndex).toBe(i);
      expectMatchesTwin(v);
      if (i < PHASES_16.length - 1) await widget.getByRole("button", {name: /next/i}).click();
    }
    // the reactive counter on the page follows the widget
    await expect(page.locator("#sort-counters")).toContainText("particles counted 56 of 56");
    const png = await widget.screenshot({path: "test-results/sort-widget-scatter.png"});
    expect(await distinctColours(page, png)).toBeGreaterThan(30);
    // one more step wraps to the start
    await widget.getByRole("button", {name: /next/i}).click();
    expect((await value(page)).phaseIndex).toBe(0);
    const stats = await gpuStats(page);
    expect(stats.validationErrors, stats.lastError ?? "").toBe(0);
    errs.expectNone();
  });

  test("bad options give a visible note and a working widget", async () => {
    // the essay (loaded by the test before): its §3 module exports the factory
    const res = await page.evaluate(async () => {
      const url = performance
        .getEntriesByType("resource")
        .map((e) => e.name)
        .find((n) => /\/_bundle\/sort\.[0-9a-f]+\.js$/.test(n)); // the page's §3 module exports the factory
      if (!url) return null;
      const mod = await import(url);
      const el = mod.createCountingSort({particles: 500, side: "abc", intervalMs: 2.5e9});
      document.body.appendChild(el);
      el.scrollIntoView(); // widgets start when they come near the viewport
      for (let i = 0; i < 400 && !(el.value?.particles?.[0]?.cell >= 0); i++) await new Promise((r) => setTimeout(r, 50));
      const out = {status: el.querySelector(".widget-status")?.textContent ?? "", n: el.value.particles.length, cells: el.value.cells, engine: el.value.engine};
      el.dispose();
      el.remove();
      return out;
    });
    expect(res, "the widget module was loaded by the page").not.toBeNull();
    expect(res!.status).toContain("particles 500 is outside 1–200; using 200.");
    expect(res!.status).toContain("side must be a number");
    expect(res!.status).toContain("intervalMs 2500000000 is outside");
    expect(res!.status).toContain("GPU kernels"); // the note stays in front of the engine line
    expect(res!.n).toBe(200);
    expect(res!.cells).toBe(16);
    expect(res!.engine).toBe("gpu");
    errs.expectNone();
  });
});
