// The dust disc without WebGPU, alone on its /embed/ page: the CPU twin runs its grains,
// the status line says so in one line, and the twin merges too (count falls, mass conserved).
import {expect, test} from "@playwright/test";
import {disableWebGPU, watchErrors, widgetValue} from "./helpers.js";

// @long: the fallback path is held in `npm test` by sort-widget.nogpu, water.nogpu and hero.nogpu,
// this widget's start without WebGPU by embed-errors.nogpu; the twin's merging and mass by dust-
// twin.test.ts.
test("dust-disc falls back to the CPU twin, says so, and merges with the mass conserved", {tag: "@long"}, async ({page}) => {
  test.setTimeout(180_000);
  const errs = watchErrors(page);
  await disableWebGPU(page);
  await page.goto("/embed/dust-disc");
  const value = () => widgetValue(page, "dust-disc");
  await expect.poll(async () => (await value())?.engine, {timeout: 60_000}).toBe("cpu");
  const status = page.locator("ns-dust-disc").locator(".widget-status");
  await expect(status).toContainText("WebGPU is not available");
  await expect(status).toContainText("The CPU twin simulates 1,500 grains");
  await expect.poll(async () => (await value()).merges, {timeout: 90_000}).toBeGreaterThan(0);
  const v = await value();
  expect(v).toMatchObject({initialCount: 1500, totalMass: 1500, engine: "cpu"});
  expect(v.count).toBe(1500 - v.merges);
  errs.expectNone();
});

// @long: the slider that shows the grains that run is held on the GPU in `npm test` by dust-
// page.spec's "the §4 disc".
test("on the CPU twin the Grains slider shows the twin's grains, disabled, and says why", {tag: "@long"}, async ({page}) => {
  await disableWebGPU(page);
  await page.goto("/embed/dust-disc");
  const value = () => widgetValue(page, "dust-disc");
  await expect.poll(async () => (await value())?.engine, {timeout: 60_000}).toBe("cpu");
  const disc = page.locator("ns-dust-disc");
  const slider = disc.locator('input[name="dust-grains"]');
  await expect(slider).toBeDisabled();
  await expect(slider).toHaveAttribute("aria-valuetext", "1,500 grains");
  await expect(disc.locator('label:has(input[name="dust-grains"]) output')).toHaveText("1,500 (the CPU twin runs this many whatever the slider says)");
  expect((await value()).initialCount).toBe(1500);
});
