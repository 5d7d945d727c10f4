// The hero: its box is reserved before it arrives (no layout shift), and phones get the
// slow-adapter reduction like every other width.
import {expect, test} from "@playwright/test";
import {captionAgrees, expectWebGPU, widgetValue} from "./helpers.js";

for (const viewport of [
  {width: 1440, height: 900},
  {width: 390, height: 844},
]) {
  test(`inserting the hero shifts nothing: cumulative layout shift < 0.02 at ${viewport.width}×${viewport.height}`, async ({page}) => {
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      (globalThis as any).__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as any[]) if (!e.hadRecentInput) (globalThis as any).__cls += e.value;
      }).observe({type: "layout-shift", buffered: true});
    });
    await page.goto("/");
    await expect(page.locator('[data-widget="hero"] canvas')).toBeVisible({timeout: 30_000});
    await page.waitForTimeout(5000);
    const cls = await page.evaluate(() => (globalThis as any).__cls);
    expect(cls).toBeLessThan(0.02);
  });
}

test("on a phone with a CPU-emulated adapter the hero starts with the reduced count, not 12,000", async ({browser}) => {
  const context = await browser.newContext({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});
  const page = await context.newPage();
  await page.goto("/");
  await expectWebGPU(page);
  const hero = page.locator('[data-widget="hero"]');
  await expect(hero).toHaveAttribute("data-engine", "gpu", {timeout: 60_000});
  await expect.poll(async () => (await widgetValue(page, "hero"))?.count, {timeout: 30_000}).toBe(4000);
  const v = await widgetValue(page, "hero");
  expect(v.substeps).toBe(1);
  await expect(hero.locator(".widget-status")).toContainText("CPU emulation");
  // the caption says the count it runs, not the 12,000 asked for
  await expect.poll(() => captionAgrees(page, "hero"), {timeout: 5_000}).toBe("4,000 = 4,000");
  await context.close();
});

test("the hero's caption says the count it runs, even when nothing moves (reduced motion: no frames, no stats)", async ({browser}) => {
  const context = await browser.newContext({viewport: {width: 1440, height: 900}, reducedMotion: "reduce"});
  const page = await context.newPage();
  await page.goto("/");
  await expectWebGPU(page);
  const hero = page.locator('[data-widget="hero"]');
  // a CPU-emulated adapter runs 4,000 of the 45,000 asked for: as soon as the status line
  // says so (the pipelines still compile for seconds then), the caption says it too …
  await expect(hero.locator(".widget-status")).toContainText("starts with 4,000 particles", {timeout: 60_000});
  await expect.poll(() => captionAgrees(page, "hero"), {timeout: 1_500}).toBe("4,000 = 4,000");
  // … and still does once it runs, with no frame to publish anything after the first pour
  await expect(hero).toHaveAttribute("data-engine", "gpu", {timeout: 60_000});
  await expect(hero.locator(".widget-status")).toContainText("GPU (");
  expect((await widgetValue(page, "hero")).count).toBe(4000);
  await expect.poll(() => captionAgrees(page, "hero"), {timeout: 5_000}).toBe("4,000 = 4,000");
  await context.close();
});
