// The scroll-scrubbed counting sort without WebGPU: the CPU twin fills in and says so.
import {test, expect} from "@playwright/test";
import {disableWebGPU, watchErrors, widgetValue} from "./helpers.js";
import {denseGrid} from "../../components/sort/grid.js";
import {packParticles} from "../../components/sort/particles.js";
import {countingSortTwin} from "../../components/sort/twin.js";

// the diagram follows the scroll, not the clock; a paused page (the hero's CPU twin waits for
// Play) leaves the cores to the scrolling
test.use({reducedMotion: "reduce"});

// @long: the fallback path is held in `npm test` by sort-widget.nogpu, water.nogpu and hero.nogpu;
// the scrubbing by scan-scrub.spec on the GPU.
test("without WebGPU the diagram runs on the CPU twin, says so, and still scrubs", {tag: "@long"}, async ({page}) => {
  await disableWebGPU(page);
  const errs = watchErrors(page);
  await page.goto("/");
  expect(await page.evaluate(() => "gpu" in navigator && (navigator as any).gpu !== undefined)).toBe(false);
  await page.locator('[data-widget="scan-scrub"]').scrollIntoViewIfNeeded(); // widgets start when they come near the viewport
  await expect.poll(async () => (await widgetValue(page, "scan-scrub"))?.engine, {timeout: 60_000}).toBe("cpu");
  await expect(page.locator(".scan-scrub .widget-status")).toContainText("WebGPU is not available");
  await expect(page.locator("#scrub-counter")).toContainText("CPU twin");
  const g = await page.evaluate(() => {
    const r = document.querySelector(".scan-scrub .scrub-scrolly")!.getBoundingClientRect();
    return {top: r.top + window.scrollY, range: r.height - window.innerHeight};
  });
  for (const p of [0.95, 0.1, 0.7]) {
    await page.evaluate((y) => window.scrollTo({top: y, behavior: "instant"}), Math.round(g.top + p * g.range));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const v = await widgetValue(page, "scan-scrub");
    const k = Math.min(5, Math.floor(v.progress * 6));
    expect(v.phaseIndex).toBe(k);
    const twin = countingSortTwin(denseGrid(3, 2, 1), packParticles(v.particles));
    expect(v.counts).toEqual(Array.from(twin.counts));
    expect(v.scanRounds).toEqual(twin.scanRounds.slice(0, Math.min(3, k)).map((r) => Array.from(r)));
    expect(v.starts).toEqual(k >= 4 ? Array.from(twin.starts) : []);
    expect(v.order).toEqual(k >= 5 ? Array.from(twin.order) : []); // the twin's own order: exact
  }
  // the code block does not need WebGPU
  await expect(page.locator('pre[data-source="shaders/sort/scan.wgsl"] code')).toContainText("fn scan_blocks");
  errs.expectNone();
});
