// The 3D galaxy without WebGPU: the CPU twin (the octree in JavaScript) runs its fallback
// count, says so in one line, and its `.value` has the same shape.
import {expect, test} from "@playwright/test";
import {distinctColours, watchErrors, widgetValue} from "./helpers.js";

// @long: the fallback path is held in `npm test` by sort-widget.nogpu, water.nogpu and hero.nogpu,
// and this widget's start without WebGPU by embed-errors.nogpu.
test("galaxy-3d falls back to the CPU twin with a visible reason", {tag: "@long"}, async ({page}) => {
  test.setTimeout(120_000);
  const errs = watchErrors(page);
  await page.goto("/embed/galaxy-3d?fallback-count=400");
  await expect.poll(async () => (await widgetValue(page, "galaxy-3d"))?.stepMs ?? null, {timeout: 60_000}).not.toBeNull();
  const v = await widgetValue(page, "galaxy-3d");
  expect(v).toMatchObject({count: 400, engine: "cpu", scene: "collision"});
  expect(Math.abs(v.energyDrift)).toBeLessThan(0.05);
  await expect(page.locator("ns-galaxy-3d").locator(".widget-status")).toContainText("CPU twin simulates 400 bodies");
  expect(await distinctColours(page, await page.locator("ns-galaxy-3d").locator("canvas").first().screenshot())).toBeGreaterThan(4);
  errs.expectNone();
});
