// Without WebGPU the hero and the water demo run the CPU twin at a reduced count and say so.
import {expect, test} from "@playwright/test";
import {disableWebGPU, watchErrors, widgetValue} from "./helpers.js";

const sum = (xs: number[]) => xs.reduce((s, v) => s + v, 0);

test("the water falls back to the CPU twin with a one-line message; controls still work", async ({page}) => {
  const errs = watchErrors(page);
  await disableWebGPU(page);
  await page.goto("/?hero=600&water=20000&substeps=1");
  const hero = page.locator('[data-widget="hero"]');
  await expect(hero.locator(".widget-status")).toContainText("WebGPU is not available");
  await expect.poll(async () => sum((await widgetValue(page, "hero"))?.densityHistogram ?? []), {timeout: 60_000}).toBe(600);
  const water = page.locator('[data-widget="water"]');
  await water.scrollIntoViewIfNeeded();
  await expect(water.locator(".widget-status")).toContainText("simulates 3,000 particles instead of 20,000");
  await expect.poll(async () => sum((await widgetValue(page, "water"))?.densityHistogram ?? []), {timeout: 60_000}).toBe(3000);
  expect((await widgetValue(page, "water")).gpuMsPerFrame).toBeNull();
  await water.locator("summary").click();
  await water.locator('input[data-param="kNear"]').fill("50");
  expect((await widgetValue(page, "water")).params.kNear).toBe(50);
  await water.locator("button.water-reset").click();
  expect((await widgetValue(page, "water")).params.kNear).toBe(100);
  await water.locator("button.water-pour").click();
  await water.locator("button.water-color").click();
  await expect(water.locator("button.water-color")).toHaveText("Colour: speed");
  errs.expectNone();
});
