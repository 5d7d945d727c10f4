// The dust disc on WebGPU, mounted alone on its /embed/ page: on the CPU-emulated adapter it
// starts with its software grain count and says so; merging on, the count falls, the merges
// grow and the total mass stays exactly the grains it started with; merging off (the slider at
// 0), the count stops changing. The long numeric runs are the unit and soak tiers' (Dawn against
// the CPU twin); here the widget's wiring to them.
import {expect, test} from "@playwright/test";
import {expectWebGPU, watchErrors, widgetValue} from "./helpers";

// @long: the disc on the GPU is held in `npm test` by dust-page.spec's "the §4 disc"; merging and
// mass against the twin by dust-gpu.test.ts and the soak's dust-conservation.
test("dust-disc on the GPU: the count falls as grains merge, mass is conserved, merging off keeps the count", {tag: "@long"}, async ({page}) => {
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
  // merging off: the count holds still while the substeps go on. The wiring only: a substep of
  // 3,000 grains takes ≈ 1.5 s on SwiftShader, and 40 of them (this test's 99 s) proved no more
  // than a few; the count held over many substeps with merging off, and the mass conserved over
  // many with it on, are the GPU-against-twin proofs of tests/unit/dust-gpu.test.ts ("never
  // changes the count with merging off", "conserves mass exactly while merging") and
  // tests/soak/dust-conservation.test.ts
  const merge = page.locator("ns-dust-disc").locator('input[name="dust-merge"]');
  await merge.fill("0");
  await expect.poll(async () => (await value()).merge).toBe(0);
  const held = (await value()).count;
  const steps = (await value()).steps;
  // the counters' readbacks of frames encoded with merging on (a ring of three, frames in
  // flight) have landed once six more substeps were submitted
  await expect.poll(async () => (await value()).steps, {timeout: 60_000}).toBeGreaterThan(steps + 6);
  await expect.poll(async () => (await value()).count, {timeout: 10_000}).toBeLessThanOrEqual(held);
  const off = await value();
  await expect.poll(async () => (await value()).steps, {timeout: 60_000}).toBeGreaterThan(off.steps + 6);
  const later = await value();
  expect(later.count).toBe(off.count);
  expect(later.totalMass).toBe(3000);
  errs.expectNone();
});

// the story alone on its embed page (a test of one widget: the page's moving hero took a core)
test("the scroll story steps by keyboard to the sum, and its value names the grain's contacts", async ({page}) => {
  await page.goto("/embed/dust-story");
  const stage = page.locator('[data-widget="dust-story"] .scrub-stage');
  await stage.focus();
  for (const key of ["Home", "End"]) await page.keyboard.press(key);
  await expect
    .poll(() => widgetValue(page, "dust-story").then((v) => [v.step, v.grid.contacts.length > 0, v.sum[1] === v.far[1] + v.near[1]]))
    .toEqual(["sum", true, true]);
});
