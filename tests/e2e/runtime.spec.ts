// The widget runtime on the essay page: lazy GPU allocation, no GPU work off screen, one
// retry policy after device losses, and a buffer ledger that returns to zero. A page sweep of the
// long tier (`LONG_FILES` in playwright.config.ts): it starts every widget of the essay; the
// runtime's rules are unit-tested on fakes (mount.test.ts, engine-runtime.test.ts).
import {expect, test, type Page} from "@playwright/test";
import {animationFrames, expectNoSubmits, expectWebGPU, gpuStats, settled, watchErrors} from "./helpers";

/** Widgets that run a GPU engine when WebGPU is available. */
const GPU_WIDGETS = ["hero", "grid-query", "scan-scrub", "counting-sort", "sand", "water"];
/** Every widget on the page. */
const ALL_WIDGETS = ["hero", "contacts", "grid-query", "scan-scrub", "counting-sort", "scan-blocks", "sand", "water"];

const engineOf = (page: Page, name: string) =>
  page.evaluate((n) => (document.querySelector(`[data-widget="${n}"]`) as HTMLElement | null)?.dataset.engine ?? null, name);

/** The number of live buffers once one-shot readback buffers in flight are gone (equal over 10 animation frames). */
const settledBuffers = (page: Page): Promise<number> => settled(page, async () => (await gpuStats(page)).buffersLive as number);

/** Pushes the whole essay 40,000 px down before any script runs: every widget starts far below the fold. */
async function pushBelowFold(page: Page) {
  await page.addInitScript(() => {
    const style = () => {
      const s = document.createElement("style");
      s.textContent = "#observablehq-main { padding-top: 40000px !important; }";
      document.head.append(s);
    };
    if (document.head) style();
    else document.addEventListener("DOMContentLoaded", style);
  });
}

/** Scrolls each widget into view in turn and waits until it runs a GPU engine. */
async function startAll(page: Page) {
  for (const name of ALL_WIDGETS) {
    await page.locator(`[data-widget="${name}"]`).scrollIntoViewIfNeeded();
    await expect.poll(() => engineOf(page, name), {timeout: 90_000, message: name}).toBe(GPU_WIDGETS.includes(name) ? "gpu" : "cpu");
  }
}

// One page load for the whole life cycle (each step used to load the essay and start every
// widget again: three starts of every widget on a software GPU, ≈ 100 test-seconds).
test("the runtime's life cycle on the essay: nothing allocated far below the fold, each widget allocates on approach; no submits in a hidden tab or far away, resumed when shown; the ledger returns to zero after disposal", async ({
  page,
}) => {
  test.setTimeout(300_000); // every widget started on a software GPU, then four checks
  const errors = watchErrors(page);
  await pushBelowFold(page);
  await page.goto("/");
  await expectWebGPU(page);

  await test.step("widgets far below the fold allocate nothing until scrolled near, then each allocates on approach", async () => {
    await page.locator('[data-widget="scan-blocks"]').waitFor({state: "attached"});
    // every section has arrived and run its cells; 30 frames in which a widget could have started
    await page.locator('[data-widget="water"]').waitFor({state: "attached"});
    await animationFrames(page, 30);
    const atLoad = await gpuStats(page);
    expect(atLoad?.buffersLive ?? 0).toBe(0);
    expect(atLoad?.bytesLive ?? 0).toBe(0);
    expect(atLoad?.submits ?? 0).toBe(0);
    for (const name of ALL_WIDGETS) expect(await engineOf(page, name), name).toBe("idle");

    let last = 0;
    for (const name of GPU_WIDGETS) {
      // a widget within one screen of the previous one may have started with it
      const wasIdle = (await engineOf(page, name)) === "idle";
      await page.locator(`[data-widget="${name}"]`).scrollIntoViewIfNeeded();
      await expect.poll(() => engineOf(page, name), {timeout: 90_000, message: name}).toBe("gpu");
      const now = await settledBuffers(page);
      if (wasIdle) expect(now, `${name} allocates its buffers when it comes near`).toBeGreaterThan(last);
      last = now;
      if (name === "hero") expect(await engineOf(page, "water"), "the water tank, far below, has not started").toBe("idle");
    }
    await startAll(page); // and the CPU-only widgets
  });

  await test.step("in a hidden tab no GPU work is submitted; shown again, the widgets resume", async () => {
    await page.locator('[data-widget="water"]').scrollIntoViewIfNeeded();
    const s0 = (await gpuStats(page)).submits;
    await expect.poll(async () => (await gpuStats(page)).submits, {timeout: 30_000}).toBeGreaterThan(s0);
    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, "hidden", {configurable: true, get: () => h});
        Object.defineProperty(document, "visibilityState", {configurable: true, get: () => (h ? "hidden" : "visible")});
        document.dispatchEvent(new Event("visibilitychange"));
      }, hidden);
    await setHidden(true);
    const s1 = await expectNoSubmits(page, "a hidden tab submits nothing"); // once frames and readbacks in flight have landed
    await setHidden(false);
    await expect.poll(async () => (await gpuStats(page)).submits, {timeout: 30_000}).toBeGreaterThan(s1);
  });

  await test.step("a widget scrolled far away submits no GPU work", async () => {
    // far above every widget (the 40,000 px pushed in front of the essay)
    await page.evaluate(() => window.scrollTo({top: 0, behavior: "instant"}));
    await expectNoSubmits(page, "no widget on screen: no submits"); // once frames and readbacks in flight have landed
  });

  await test.step("the buffer ledger, renderer buffers included, returns to zero after every widget is disposed", async () => {
    expect((await gpuStats(page)).buffersLive).toBeGreaterThan(0);
    await page.evaluate(() => {
      for (const el of document.querySelectorAll("[data-widget]")) (el as any).dispose();
    });
    await settled(page, async () => (await gpuStats(page)).buffersLive as number); // readbacks in flight settle
    const after = await gpuStats(page);
    expect(after.buffersLive).toBe(0);
    expect(after.bytesLive).toBe(0);
    expect(after.validationErrors).toBe(0);
  });
  errors.expectNone();
});
