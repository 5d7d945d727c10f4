// The §4 sand demo without WebGPU: the CPU twin runs a sixth of the grains, says so in
// one line, and every control keeps working.
import {test, expect} from "@playwright/test";
import {disableWebGPU, sandCountsAgree, watchErrors, widgetValue} from "./helpers.js";

// @long: the runtime's fallback to a CPU twin (one path for every widget) is held in `npm test` by
// sort-widget.nogpu, water.nogpu and hero.nogpu, and this widget's start without WebGPU by embed-
// errors.nogpu; the sand twin's controls are checked here.
test("without WebGPU the sand runs on the CPU twin and the controls work", {tag: "@long"}, async ({page}) => {
  const errs = watchErrors(page);
  await disableWebGPU(page);
  await page.goto("/embed/sand"); // the widget alone
  const widget = page.locator('[data-widget="sand"]');
  await widget.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await widgetValue(page, "sand"))?.engine, {timeout: 60_000}).toBe("cpu");
  await expect(widget.locator(".widget-status")).toContainText("WebGPU is not available");
  await expect(widget.locator(".widget-status")).toContainText("2,000 grains instead of 12,000");
  // one count on the card: the caption and .value.count say the 2,000 the twin runs, as the status does
  await expect.poll(() => sandCountsAgree(page), {timeout: 5_000}).toBe("2,000 = 2,000 = 2,000");
  expect((await widgetValue(page, "sand")).requestedCount).toBe(12000);
  // the slider keeps the count asked for; the text beside it says the count that runs
  await expect(widget.locator('label:has(input[aria-label="grains"]) output')).toHaveText("12,000 (the CPU twin runs 2,000)");
  const f0 = (await widgetValue(page, "sand")).frames;
  await expect.poll(async () => (await widgetValue(page, "sand")).frames).toBeGreaterThan(f0 + 3);
  await widget.locator('input[aria-label="grains"]').fill("1000");
  await widget.locator('input[aria-label="grains"]').dispatchEvent("change");
  await expect.poll(async () => (await widgetValue(page, "sand")).requestedCount).toBe(30000);
  await expect(widget.locator(".widget-status")).toContainText("5,000 grains instead of 30,000");
  expect((await widgetValue(page, "sand")).count).toBe(5000);
  await expect.poll(() => sandCountsAgree(page), {timeout: 5_000}).toBe("5,000 = 5,000 = 5,000");
  await widget.locator('[data-action="hash"]').click();
  await expect.poll(async () => (await widgetValue(page, "sand")).hashed).toBe(true);
  await widget.locator('[data-action="walls"]').click();
  await expect.poll(async () => (await widgetValue(page, "sand")).openWalls).toBe(true);
  const f1 = (await widgetValue(page, "sand")).frames;
  await expect.poll(async () => (await widgetValue(page, "sand")).frames).toBeGreaterThan(f1 + 3);
  await expect(widget.locator(".sim-panel")).toContainText("Hash collisions");
  await widget.screenshot({path: "test-results/sand-cpu.png"});
  errs.expectNone();
});
