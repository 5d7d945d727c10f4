// The hero (§0) and the water demo (§5) in Chromium with SwiftShader WebGPU, at small counts.
import {expect, test, type Page} from "@playwright/test";
import {animationFrames, expectWebGPU, gpuStats, settled, watchErrors, widgetValue} from "./helpers.js";

const sum = (xs: number[]) => xs.reduce((s, v) => s + v, 0);

/**
 * Waits until the widget's histogram (read back from the GPU) accounts for `n` particles, bringing
 * the widget into view on every try: sections that load late can move it off screen on a busy
 * machine, and a widget off screen pauses.
 */
async function waitForCount(page: Page, name: string, n: number) {
  const widget = page.locator(`[data-widget="${name}"]`);
  await expect
    .poll(
      async () => {
        await widget.scrollIntoViewIfNeeded();
        return sum((await widgetValue(page, name))?.densityHistogram ?? []);
      },
      {timeout: 90_000}
    )
    .toBe(n);
}

// the water demo's own behaviour (its histogram, sliders, parameters, colour choice, pour, drag)
// is proved in Node: tests/unit/water-dom.test.ts. The hero's part needs the essay: its first screen
// @long: the hero on the GPU is held in `npm test` by hero.spec's moving pages (its count, its
// layout while it runs); a widget pausing off screen by the runtime's rule, in Node (sort-widget-
// dom.test.ts: auto-play pauses out of view; mount.test.ts); here the essay's hero scrolled away.
test("the hero runs on the GPU and pauses off screen", {tag: "@long"}, async ({page}) => {
  const errs = watchErrors(page);
  await page.goto("/?hero=800&water=1500&substeps=1");
  await expectWebGPU(page);
  const hero = page.locator('[data-widget="hero"]');
  await expect(hero.locator("canvas")).toBeVisible();
  await waitForCount(page, "hero", 800);
  // the hero's engine line sits in its disclosure under the caption
  await expect(hero.locator(".hero-adapter")).toContainText("GPU (");
  const hv = await widgetValue(page, "hero");
  expect(hv.count).toBe(800);
  expect(hv.maxSpeed).toBeGreaterThan(0);
  expect(hv.maxSpeed).toBeLessThan(4);
  expect(hv.gpuMsPerFrame).toBeGreaterThan(0);

  await page.locator('[data-widget="water"]').scrollIntoViewIfNeeded();
  // the hero, now scrolled out of view, has paused: its frame count holds still, then for 30 more frames
  const heroFrames = () => page.evaluate(() => (document.querySelector('[data-widget="hero"]') as any).__frames() as number);
  const paused = await settled(page, heroFrames);
  await animationFrames(page, 30); // 30 chances to draw, had it not paused
  expect(await heroFrames()).toBe(paused);

  const stats = await gpuStats(page);
  expect(stats.validationErrors, stats.lastError ?? "").toBe(0);
  errs.expectNone();
});

// @long: bad options are held in `npm test` by embed.spec's "bad attributes", water.nogpu's clamps
// and options.test.ts; here the essay's URL parameters.
test("a bad URL parameter gives a visible message, not a blank widget", {tag: "@long"}, async ({page}) => {
  const errs = watchErrors(page);
  await page.goto("/?hero=abc&water=5");
  await expectWebGPU(page);
  await expect(page.locator('[data-widget="hero"] .widget-status')).toContainText("particle count must be a number");
  const water = page.locator('[data-widget="water"]');
  await water.scrollIntoViewIfNeeded();
  await expect(water.locator(".widget-status")).toContainText("particle count 5 is outside 500–80,000; using 500");
  await waitForCount(page, "water", 500);
  errs.expectNone();
});

// @long: bad options are held in `npm test` by embed.spec's "bad attributes", water.nogpu's clamps
// and options.test.ts; here more of the essay's URL parameters.
test("bad URL parameters: a fractional substep count, an empty count, and a non-finite count", {tag: "@long"}, async ({page}) => {
  const errs = watchErrors(page);
  // ?hero=Infinity is not a valid count, so the hero gets its default, reduced on this software adapter;
  // ?water= (empty) means "use the default", reduced too; ?substeps=2.5 is not a whole number
  await page.goto("/?hero=Infinity&water=&substeps=2.5");
  await expectWebGPU(page);
  const hero = page.locator('[data-widget="hero"] .widget-status');
  await expect(hero).toContainText("particle count must be a number");
  await expect(hero).toContainText("substeps 2.5 is not a whole number; using 3");
  await expect(hero).toContainText("(SwiftShader): 4,000 particles");
  await waitForCount(page, "hero", 4000);
  const water = page.locator('[data-widget="water"]');
  await water.scrollIntoViewIfNeeded();
  await expect(water.locator(".widget-status")).toContainText("substeps 2.5 is not a whole number; using 3");
  await expect(water.locator(".widget-status")).toContainText("starts with 4,000 particles");
  await expect(water.locator(".widget-status")).not.toContainText("particle count");
  await expect.poll(async () => (await widgetValue(page, "water"))?.requestedCount).toBe(4000);
  await waitForCount(page, "water", 4000);
  errs.expectNone();
});
