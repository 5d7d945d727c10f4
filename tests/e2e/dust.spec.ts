// The dust disc on WebGPU, mounted alone on its /embed/ page: on the CPU-emulated adapter it
// starts with its software grain count and says so; merging on, the count falls, the merges
// grow and the total mass stays exactly the grains it started with; merging off (the slider at
// 0), the count stops changing.
import {expect, test} from "@playwright/test";
import {expectWebGPU, watchErrors, widgetValue} from "./helpers";

test("dust-disc on the GPU: the count falls as grains merge, mass is conserved, merging off keeps the count", async ({page}) => {
  test.setTimeout(240_000);
  const errs = watchErrors(page);
  await page.goto("/embed/dust-disc");
  await expectWebGPU(page);
  const value = () => widgetValue(page, "dust-disc");
  await expect.poll(async () => (await value())?.engine, {timeout: 90_000}).toBe("gpu");
  const status = page.locator("ns-dust-disc").locator(".widget-status");
  await expect(status).toContainText("so the disc starts with 3,000 grains");
  await expect.poll(async () => (await value()).merges, {timeout: 90_000}).toBeGreaterThan(0);
  const first = await value();
  await expect.poll(async () => (await value()).merges, {timeout: 90_000}).toBeGreaterThan(first.merges);
  const v = await value();
  expect(v).toMatchObject({initialCount: 3000, totalMass: 3000, engine: "gpu"});
  expect(v.count).toBe(v.initialCount - v.merges);
  expect(v.largestMass).toBeGreaterThan(1);
  expect(v.spectrum.reduce((a: number, b: number) => a + b, 0)).toBe(v.count);
  // merging off: the count holds still while the substeps go on
  const merge = page.locator("ns-dust-disc").locator('input[name="dust-merge"]');
  await merge.fill("0");
  await expect.poll(async () => (await value()).merge).toBe(0);
  const held = (await value()).count;
  const steps = (await value()).steps;
  await expect.poll(async () => (await value()).steps, {timeout: 60_000}).toBeGreaterThan(steps + 20);
  // a readback of the last frames with merging on may still arrive: wait until it has
  await expect.poll(async () => (await value()).count, {timeout: 10_000}).toBeLessThanOrEqual(held);
  const off = await value();
  await expect.poll(async () => (await value()).steps, {timeout: 60_000}).toBeGreaterThan(off.steps + 20);
  expect((await value()).count).toBe(off.count);
  errs.expectNone();
});

test("the scroll story steps by keyboard to the sum, and its value names the grain's contacts", async ({page}) => {
  await page.goto("/worlds-from-dust");
  const stage = page.locator('[data-widget="dust-story"] .scrub-stage');
  await stage.focus();
  for (const key of ["Home", "End"]) await page.keyboard.press(key);
  await expect
    .poll(() => widgetValue(page, "dust-story").then((v) => [v.step, v.grid.contacts.length > 0, v.sum[1] === v.far[1] + v.near[1]]))
    .toEqual(["sum", true, true]);
});
