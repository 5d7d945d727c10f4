// The §3 counting-sort widget on the essay, with WebGPU (SwiftShader): the real-page proof that
// every phase equals the CPU twin, the page's reactive counter follows the widget and the
// diagram is drawn. The widget's own behaviour (keys, buttons, auto-play, out of view, device
// loss, dispose, bad options) is proved in Node on Dawn: tests/unit/sort-widget-dom.test.ts. The
// widget's layout at phone width needs no GPU: it is read on content.nogpu.spec.ts's phone page.
import {test, expect, type Page} from "@playwright/test";
import {distinctColours, expectWebGPU, gpuStats, watchErrors, widgetValue} from "./helpers.js";
import {expectMatchesTwin, PHASES_16, type SortValue} from "./sort-widget-check.js";

const W = '[data-widget="counting-sort"]';
const value = (page: Page) => widgetValue<SortValue>(page, "counting-sort");

async function ready(page: Page) {
  await page.goto("/");
  await expectWebGPU(page);
  const widget = page.locator(W);
  await widget.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await value(page))?.particles?.[0]?.cell ?? -1, {timeout: 60_000}).toBeGreaterThanOrEqual(0);
  return widget;
}

// Still: stepping by mouse needs no motion, and the rest of the essay then takes no core.
test.describe("on the essay", () => {
  test.use({reducedMotion: "reduce"});

  test("every phase equals the CPU twin, computed on the GPU, by mouse", async ({page}) => {
    const errs = watchErrors(page);
    const widget = await ready(page); // the essay: its reactive counter follows the widget
    let v = await value(page);
    expect(v.engine).toBe("gpu");
    expect(v.particles).toHaveLength(56);
    expect(v.cells).toBe(16);
    await expect(widget.locator(".widget-status")).toContainText("GPU");
    for (let i = 0; i < PHASES_16.length; i++) {
      v = await value(page);
      expect(v.phaseIndex).toBe(i);
      expectMatchesTwin(v);
      if (i < PHASES_16.length - 1) await widget.getByRole("button", {name: /next/i}).click();
    }
    // the reactive counter on the page follows the widget
    await expect(page.locator("#sort-counters")).toContainText("particles counted 56 of 56");
    const png = await widget.screenshot({path: "test-results/sort-widget-scatter.png"});
    expect(await distinctColours(page, png)).toBeGreaterThan(30);
    // one more step wraps to the start
    await widget.getByRole("button", {name: /next/i}).click();
    expect((await value(page)).phaseIndex).toBe(0);
    const stats = await gpuStats(page);
    expect(stats.validationErrors, stats.lastError ?? "").toBe(0);
    errs.expectNone();
  });
});
