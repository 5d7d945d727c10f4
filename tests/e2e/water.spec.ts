// The hero (§0) and the water demo (§5) in Chromium with SwiftShader WebGPU, at small counts.
import {expect, test, type Page} from "@playwright/test";
import {animationFrames, expectWebGPU, gpuStats, watchErrors, widgetValue} from "./helpers.js";

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

test("hero and water demo run on the GPU; the hero pauses off screen; slider, substeps and parameter reset work", async ({page}) => {
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

  const water = page.locator('[data-widget="water"]');
  await water.scrollIntoViewIfNeeded();
  await waitForCount(page, "water", 1500);
  // the hero, now scrolled out of view, has paused
  const heroFrames = () => page.evaluate(() => (document.querySelector('[data-widget="hero"]') as any).__frames());
  const paused = await heroFrames();
  await animationFrames(page, 30); // 30 chances to draw, had it not paused
  expect(await heroFrames()).toBe(paused);
  let v = await widgetValue(page, "water");
  expect(v).toMatchObject({count: 1500, substeps: 1, params: {k: 400, kNear: 100, restDensity: 2.2, xsph: 0.03}});
  // most particles sit near the rest density right after the pour
  const bins: number[] = v.densityHistogram;
  const near = sum(bins.slice(24, 40)); // bins of [0.75 ρ₀, 1.25 ρ₀)
  expect(near / 1500).toBeGreaterThan(0.6);
  await expect(page.locator('[data-widget="water"] svg.water-histogram rect')).toHaveCount(64);

  // the count slider (log scale) pours a new amount of water
  const slider = water.locator('input[name="water-count"]');
  await slider.evaluate((el: HTMLInputElement) => {
    el.value = "100";
    el.dispatchEvent(new Event("input", {bubbles: true}));
    el.dispatchEvent(new Event("change", {bubbles: true}));
  });
  v = await widgetValue(page, "water");
  expect(v.count).toBe(2200); // exp(ln 1500 + 0.1 (ln 80000 − ln 1500)) ≈ 2236 → 2,200
  await waitForCount(page, "water", 2200);

  // substeps slider
  await water.locator('input[name="water-substeps"]').fill("2");
  expect((await widgetValue(page, "water")).substeps).toBe(2);

  // parameters: change two, then reset restores the defaults
  await water.locator("summary").click();
  await water.locator('input[data-param="k"]').fill("250");
  await water.locator('input[data-param="xsph"]').fill("0.1");
  v = await widgetValue(page, "water");
  expect(v.params.k).toBe(250);
  expect(v.params.xsph).toBeCloseTo(0.1, 6);
  await water.locator("button.water-reset").click();
  v = await widgetValue(page, "water");
  expect(v.params).toEqual({k: 400, kNear: 100, restDensity: 2.2, xsph: 0.03});
  await expect(water.locator('input[data-param="k"]')).toHaveValue("400");

  // colour toggle and pour again keep working
  // "Colour by" is a choice: the pressed button says what the colour shows
  const colourBy = water.getByRole("group", {name: "Colour by"});
  await colourBy.getByRole("button", {name: "speed", exact: true}).click();
  await expect(colourBy.getByRole("button", {name: "speed", exact: true})).toHaveAttribute("aria-pressed", "true");
  await expect(colourBy.getByRole("button", {name: "density", exact: true})).toHaveAttribute("aria-pressed", "false");
  await water.locator("button.water-pour").click();
  await waitForCount(page, "water", 2200);

  // drag across the tank: the pointer stirs the water
  const box = (await water.locator("canvas").boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.9);
  await page.mouse.down();
  for (let k = 1; k <= 5; k++) await page.mouse.move(box.x + box.width * (0.1 + 0.05 * k), box.y + box.height * 0.9, {steps: 2});
  await page.mouse.up();

  const stats = await gpuStats(page);
  expect(stats.validationErrors, stats.lastError ?? "").toBe(0);
  expect(stats.bytesLive).toBeLessThan(32 * 1024 * 1024);
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
