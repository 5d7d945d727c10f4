// Without WebGPU the hero and the water demo run the CPU twin at a reduced count and say so.
import {expect, test, type Page} from "@playwright/test";
import {animationFrames, captionAgrees, disableWebGPU, watchErrors, widgetValue} from "./helpers.js";

const sum = (xs: number[]) => xs.reduce((s, v) => s + v, 0);
// The widget is brought into view on every try: sections that load late can move it off screen on
// a busy machine, and a widget off screen pauses (its histogram would then never arrive).
const histogramSum = async (page: Page, name: string) => {
  await page.locator(`[data-widget="${name}"]`).scrollIntoViewIfNeeded();
  return sum((await widgetValue(page, name))?.densityHistogram ?? []);
};

// The fallback's controls, then two widgets with bad heights made with the page's own module: one
// load of the essay at small counts for both (a serial block). The second test's page asked for
// 10,000 water particles once; the count plays no part in it.
test.describe("the essay at small counts, one page", () => {
  test.describe.configure({mode: "serial"});
  const shared = {} as {page: Page; errs: ReturnType<typeof watchErrors>};
  test.beforeAll(async ({browser}) => {
    shared.page = await browser.newPage();
    shared.errs = watchErrors(shared.page);
    await disableWebGPU(shared.page);
    await shared.page.goto("/?hero=600&water=20000&substeps=1");
  });
  test.afterAll(async () => {
    await shared.page?.close();
  });

  test("the water falls back to the CPU twin with a one-line message; controls still work", async () => {
    const {page, errs} = shared;
    const hero = page.locator('[data-widget="hero"]');
    await expect(hero.locator(".widget-status")).toContainText("WebGPU is not available");
    await expect.poll(() => histogramSum(page, "hero"), {timeout: 60_000}).toBe(600);
    await expect.poll(() => captionAgrees(page, "hero"), {timeout: 5_000}).toBe("600 = 600");
    const water = page.locator('[data-widget="water"]');
    await water.scrollIntoViewIfNeeded();
    // the twin runs count / 16 particles, at least 1,000: 20,000 → 1,250
    await expect(water.locator(".widget-status")).toContainText("simulates 1,250 particles instead of 20,000");
    await expect.poll(() => histogramSum(page, "water"), {timeout: 60_000}).toBe(1250);
    let v = await widgetValue(page, "water");
    expect(v).toMatchObject({count: 1250, requestedCount: 20000, gpuMsPerFrame: null});

    // the count slider re-pours the twin with count / 16 particles, capped at 4,000: 80,000 → 4,000
    await water.locator('input[name="water-count"]').evaluate((el: HTMLInputElement) => {
      el.value = "1000";
      el.dispatchEvent(new Event("input", {bubbles: true}));
      el.dispatchEvent(new Event("change", {bubbles: true}));
    });
    v = await widgetValue(page, "water");
    expect(v).toMatchObject({count: 4000, requestedCount: 80000});
    await expect(water.locator(".widget-status")).toContainText("simulates 4,000 particles instead of 80,000");
    await expect.poll(() => histogramSum(page, "water"), {timeout: 60_000}).toBe(4000);

    await water.locator("summary").click();
    await water.locator('input[data-param="kNear"]').fill("50");
    expect((await widgetValue(page, "water")).params.kNear).toBe(50);
    await water.locator("button.water-reset").click();
    expect((await widgetValue(page, "water")).params.kNear).toBe(100);
    await water.locator("button.water-pour").click();
    // "Colour by" is a choice: the pressed button says what the colour shows
    const colourBy = water.getByRole("group", {name: "Colour by"});
    await colourBy.getByRole("button", {name: "speed", exact: true}).click();
    await expect(colourBy.getByRole("button", {name: "speed", exact: true})).toHaveAttribute("aria-pressed", "true");
    await expect(colourBy.getByRole("button", {name: "density", exact: true})).toHaveAttribute("aria-pressed", "false");
    errs.expectNone();
  });

  test("a zero or non-numeric maxHeight is clamped with a message; a zero-size canvas pauses with a message", async () => {
    const {page, errs} = shared;
    await expect(page.locator('[data-widget="hero"] .widget-status')).toContainText("WebGPU is not available");
    // build two more widgets with bad heights from the page's own module
    await page.evaluate(async () => {
      const url =
        performance
          .getEntriesByType("resource")
          .map((e) => e.name)
          .find((n) => /\/_bundle\/hero\.[0-9a-f]+\.js$/.test(n)) ?? // the hero's module exports the factory
        (document.querySelector('link[href*="/_bundle/hero."]') as HTMLLinkElement).href;
      const {createWater} = await import(url);
      for (const [id, maxHeight] of [
        ["zero", 0],
        ["abc", "abc"],
      ] as const) {
        const el = createWater({maxHeight, count: 1000, hero: true});
        el.id = `test-${id}`;
        document.body.prepend(el);
      }
    });
    for (const [id, text] of [
      ["zero", "maximum height 0 is outside 80–4,000; using 80"],
      ["abc", "maximum height must be a number"],
    ]) {
      const w = page.locator(`#test-${id}`);
      await w.scrollIntoViewIfNeeded(); // a widget runs only on screen (the test before scrolled down)
      await expect(w.locator(".widget-status")).toContainText(text);
      const box = (await w.locator("canvas").boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(79);
      expect(box.width).toBeGreaterThan(0);
      await expect.poll(async () => sum(await w.evaluate((el: any) => el.value.densityHistogram)), {timeout: 60_000}).toBe(1000);
    }

    // squeeze a widget's stage to zero width: the status says so and no frames run until it is back
    const w = page.locator("#test-zero");
    const frames = () => w.evaluate((el: any) => el.__frames());
    await w.locator(".sim-stage").evaluate((el: HTMLElement) => (el.style.width = "0px"));
    await expect(w.locator(".widget-status")).toContainText("The canvas has no size (0 × 0 px)");
    const f0 = await frames();
    await animationFrames(page, 30);
    expect(await frames()).toBe(f0);
    await w.scrollIntoViewIfNeeded();
    await w.locator(".sim-stage").evaluate((el: HTMLElement) => (el.style.width = "100%"));
    await expect(w.locator(".widget-status")).toContainText("maximum height 0 is outside");
    await expect.poll(frames).toBeGreaterThan(f0);
    errs.expectNone();
  });
});

test("the hero's caption says the twin's reduced count, even when nothing moves (reduced motion)", async ({browser}) => {
  const context = await browser.newContext({reducedMotion: "reduce"});
  const page = await context.newPage();
  await disableWebGPU(page);
  await page.goto("/");
  const hero = page.locator('[data-widget="hero"]');
  // the twin runs 45,000 / 16 ≈ 2,813 of the 45,000 asked for
  await expect(hero.locator(".widget-status")).toContainText("simulates 2,813 particles instead of 45,000");
  expect((await widgetValue(page, "hero")).count).toBe(2813);
  await expect.poll(() => captionAgrees(page, "hero"), {timeout: 5_000}).toBe("2,813 = 2,813");
  await context.close();
});
