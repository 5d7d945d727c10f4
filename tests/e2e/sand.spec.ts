// The §4 sand demo in headless Chromium on SwiftShader WebGPU, at the smallest count and
// one substep per frame (SwiftShader runs the 65,536-cell scan on the CPU, slowly). The widget
// alone, on its embed page (/embed/sand): nothing here needs the essay around it.
import {test, expect, type Page} from "@playwright/test";
import {distinctColours, expectWebGPU, gpuStats, sandCountsAgree, watchErrors, widgetValue} from "./helpers.js";

async function framesAdvance(page: Page, by: number) {
  const start = (await widgetValue(page, "sand")).frames;
  await expect.poll(async () => (await widgetValue(page, "sand")).frames, {timeout: 90_000}).toBeGreaterThanOrEqual(start + by);
}

test("sand runs on the GPU; sliders, re-pour, hash mode and open walls keep it running", async ({page}) => {
  const errs = watchErrors(page);
  await page.goto("/embed/sand");
  await expectWebGPU(page);
  const widget = page.locator('[data-widget="sand"]');
  await widget.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await widgetValue(page, "sand"))?.engine, {timeout: 90_000}).toBe("gpu");
  // SwiftShader is a CPU emulation: without a count from the page, the sand starts with the
  // reduced load (not 12,000 grains × 5 substeps, half a second per frame) and says so
  const start = await widgetValue(page, "sand");
  expect([start.count, start.substeps]).toEqual([2000, 1]);
  await expect(widget.locator(".widget-status")).toContainText("so the sand starts with 2,000 grains and one substep per frame");
  // one count on the card: the caption, .value.count and the status line all say 2,000
  await expect.poll(() => sandCountsAgree(page), {timeout: 5_000}).toBe("2,000 = 2,000 = 2,000");
  expect(start.requestedCount).toBe(2000);

  await expect(widget.locator('input[aria-label="substeps per frame"]')).toHaveValue("1");
  // the time per frame with about three significant figures ("18.1 ms", not "18.094 ms")
  await expect(widget.locator(".sim-panel")).toContainText(/ (\d{3,}|\d{2}\.\d|\d\.\d\d|0\.\d{3}) ms per frame/, {timeout: 30_000});
  await expect(widget.locator(".sim-panel")).not.toContainText(/\d{2,}\.\d{2,} ms per frame/);
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
  // the pipeline diagram lights its boxes in turn
  await expect(widget.locator(".pipeline-diagram .phase.lit")).toHaveCount(1);
  const lit = new Set<string>();
  await expect
    .poll(
      async () => {
        lit.add((await widget.locator(".pipeline-diagram .phase.lit").getAttribute("data-phase")) ?? "");
        return lit.size;
      },
      {timeout: 60_000, intervals: [100]}
    )
    .toBeGreaterThanOrEqual(2);
  for (const k of lit) expect(["clear", "count", "scan", "scatter", "forces"]).toContain(k);
  // the slider re-pours with a new count
  await widget.locator('input[aria-label="grains"]').fill("150");
  await widget.locator('input[aria-label="grains"]').dispatchEvent("change");
  await expect.poll(async () => (await widgetValue(page, "sand")).count).toBe(3000);
  await framesAdvance(page, 2);
  // let the block fall a little and look at it
  await framesAdvance(page, 2);
  await widget.screenshot({path: "test-results/sand-dense.png"});
  // the canvas really shows grains (a blank capture has one or two colours)
  expect(await distinctColours(page, await widget.locator("canvas").screenshot())).toBeGreaterThan(4);
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
  // a lost device: the widget says so, rebuilds on a new device and keeps running
  await page.evaluate(() => (globalThis as any).__gpuLoseDevice());
  await expect.poll(async () => (await widgetValue(page, "sand")).deviceLosses, {timeout: 30_000}).toBe(1);
  await expect.poll(async () => (await widgetValue(page, "sand")).engine, {timeout: 90_000}).toBe("gpu");
  await framesAdvance(page, 2);
  const stats = await gpuStats(page);
  expect(stats.validationErrors, stats.lastError ?? "").toBe(0);
  errs.expectNone();
});
