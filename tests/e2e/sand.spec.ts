// The §4 sand demo in headless Chromium on SwiftShader WebGPU, at the smallest count and
// one substep per frame (SwiftShader runs the 65,536-cell scan on the CPU, slowly).
import {test, expect, type Page} from "@playwright/test";
import {expectWebGPU, gpuStats, watchErrors, widgetValue} from "./helpers.js";

async function framesAdvance(page: Page, by: number) {
  const start = (await widgetValue(page, "sand")).frames;
  await expect.poll(async () => (await widgetValue(page, "sand")).frames, {timeout: 90_000}).toBeGreaterThanOrEqual(start + by);
}

test("sand runs on the GPU; sliders, re-pour, hash mode and open walls keep it running", async ({page}) => {
  const errs = watchErrors(page);
  await page.goto("/");
  await expectWebGPU(page);
  const widget = page.locator('[data-widget="sand"]');
  await widget.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await widgetValue(page, "sand"))?.engine, {timeout: 90_000}).toBe("gpu");
  // smallest settings first: 1 substep, 2,000 grains
  await widget.locator('input[aria-label="substeps per frame"]').fill("1");
  await widget.locator('input[aria-label="grains"]').fill("0");
  await widget.locator('input[aria-label="grains"]').dispatchEvent("change");
  await expect.poll(async () => (await widgetValue(page, "sand")).count).toBe(2000);
  expect((await widgetValue(page, "sand")).substeps).toBe(1);
  await framesAdvance(page, 3);
  const v = await widgetValue(page, "sand");
  expect(v.engine).toBe("gpu");
  expect(v.hashed).toBe(false);
  expect(Object.keys(v.passMs).sort()).toEqual(["clear", "count", "forces", "scan", "scatter"]);
  expect(v.gpuMsPerFrame !== null || v.frameMs !== null).toBe(true);
  await expect(widget.locator(".sim-panel")).toContainText("2,000 grains · 1 substep per frame");
  // the slider re-pours with a new count
  await widget.locator('input[aria-label="grains"]').fill("150");
  await widget.locator('input[aria-label="grains"]').dispatchEvent("change");
  await expect.poll(async () => (await widgetValue(page, "sand")).count).toBe(3000);
  await framesAdvance(page, 2);
  // let the block fall a little and look at it
  await framesAdvance(page, 6);
  await widget.screenshot({path: "test-results/sand-dense.png"});
  // hash mode: same pipeline, the collision counter appears
  await widget.locator('[data-action="hash"]').click();
  await expect.poll(async () => (await widgetValue(page, "sand")).hashed).toBe(true);
  await framesAdvance(page, 3);
  await expect(widget.locator(".sim-panel")).toContainText("Hash collisions");
  // open the walls (hash mode only)
  await widget.locator('[data-action="walls"]').click();
  await expect.poll(async () => (await widgetValue(page, "sand")).openWalls).toBe(true);
  // push through the pile with the pointer
  const box = (await widget.locator(".sim-overlay").boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.8);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.85, {steps: 4});
  await framesAdvance(page, 3);
  await page.mouse.up();
  await widget.screenshot({path: "test-results/sand-open.png"});
  // back to the dense grid: the walls close and the sand is poured again
  await widget.locator('[data-action="hash"]').click();
  await expect.poll(async () => (await widgetValue(page, "sand")).openWalls).toBe(false);
  await framesAdvance(page, 2);
  const stats = await gpuStats(page);
  expect(stats.validationErrors, stats.lastError ?? "").toBe(0);
  errs.expectNone();
});
