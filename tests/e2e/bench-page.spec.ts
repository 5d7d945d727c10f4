// The bench page (src/bench.md) on SwiftShader: at a small count it checks every pipeline
// against its twin (shown), then draws per-pass bars; Cancel stops a run; a device lost during a
// run stops it. One page for the three (a serial block): each run clears what the one before
// showed (its checks, its bars, its rows), and a load compiles every pipeline again.
import {expect, type Page, test} from "@playwright/test";
import {animationFrames, expectWebGPU, watchErrors} from "./helpers.js";

// one substep per frame, one timed frame, no warm-up: the 65,536-cell scan is slow on SwiftShader
const QUICK = "reps=1&substeps=1&warm=0";

test.describe.configure({mode: "serial"});
let page: Page;
let errors: ReturnType<typeof watchErrors>;
test.beforeAll(async ({browser}) => {
  page = await browser.newPage();
  errors = watchErrors(page);
  await page.goto(`/bench?count=1000&${QUICK}`);
});
test.afterAll(async () => {
  await page?.close();
});

test("runs at a small count: twin checks pass, bars for each pipeline", async () => {
  test.setTimeout(240_000);
  await expectWebGPU(page);
  const root = page.locator('[data-widget="bench"]');
  await root.scrollIntoViewIfNeeded();
  await expect(root.locator(".widget-status")).toContainText("Your GPU: google");
  await root.locator("button.bench-run").click();
  await expect(root).toHaveAttribute("data-state", "running");
  await expect(root).toHaveAttribute("data-state", "done", {timeout: 200_000});
  for (const p of ["sort", "sand", "water"]) {
    await expect(root.locator(`.bench-check.ok[data-pipeline="${p}"]`)).toContainText(`${p} at 1,000: matches its CPU twin`);
    const fig = root.locator(`figure[data-pipeline="${p}"]`);
    // one blue bar per pass the pipeline reports
    const value = await root.evaluate((el: any, name) => el.value.rows.find((r: any) => r.pipeline === name), p);
    // the sort has the fewest passes: count, scan (which also clears the histogram), scatter
    expect(Object.keys(value.perPassMs).length).toBeGreaterThanOrEqual(3);
    await expect(fig.locator("rect.bench-bar-mine")).toHaveCount(Object.keys(value.perPassMs).length);
  }
  await expect(root.locator("progress")).toHaveJSProperty("value", 1);
  const v = await root.evaluate((el: any) => el.value);
  expect(v.checks.map((c: any) => c.ok)).toEqual([true, true, true]);
  expect(v.rows).toHaveLength(3);
  errors.expectNone();
});

/**
 * Presses Cancel (in the page, with no round trip) as soon as the next run reports its first twin
 * check: the run is then surely going and surely not finished, however fast or busy the machine.
 */
async function cancelOnFirstCheck(page: Page) {
  await page.evaluate(() => {
    const el = document.querySelector('[data-widget="bench"]') as any;
    const cancel = () => {
      if (el.value.state !== "running" || el.value.checks.length < 1) return;
      el.removeEventListener("input", cancel);
      el.querySelector("button.bench-cancel").click();
    };
    el.addEventListener("input", cancel);
  });
}

// @long: the run and a device lost during one are held in `npm test` by the tests around it.
test("Cancel stops a run", {tag: "@long"}, async () => {
  const root = page.locator('[data-widget="bench"]');
  await root.scrollIntoViewIfNeeded();
  await expect(root.locator("button.bench-run")).toBeEnabled(); // the run before is over
  await expectWebGPU(page);
  await cancelOnFirstCheck(page);
  await root.locator("button.bench-run").click();
  await expect(root).toHaveAttribute("data-state", "cancelled", {timeout: 60_000});
  const stopped = await root.evaluate((el: any) => el.value.rows.length);
  expect(stopped).toBeLessThan(3);
  await expect(root.locator("button.bench-run")).toBeEnabled();
  // nothing moves after the cancel: the progress stays where it stopped
  const p0 = await root.locator("progress").evaluate((e: HTMLProgressElement) => e.value);
  await animationFrames(page, 30);
  expect(await root.locator("progress").evaluate((e: HTMLProgressElement) => e.value)).toBe(p0);
  errors.expectNone();
});

// last on the page: it replaces the page's device
test("a device lost during a run stops it, says so, and Run measures again on a new device", async () => {
  test.setTimeout(120_000);
  const root = page.locator('[data-widget="bench"]');
  await root.scrollIntoViewIfNeeded();
  await expect(root.locator("button.bench-run")).toBeEnabled();
  await expectWebGPU(page);
  const created = await page.evaluate(() => (globalThis as any).__gpuStats.devicesCreated);
  // the device is lost the moment the run says it is running: the run cannot end first, however
  // fast or busy the machine (a loss sent from the test a round trip later once met a finished run)
  await page.evaluate(() => {
    const el = document.querySelector('[data-widget="bench"]') as any;
    const lose = () => {
      if (el.value.state !== "running") return;
      el.removeEventListener("input", lose);
      (globalThis as any).__gpuLoseDevice();
    };
    el.addEventListener("input", lose);
  });
  await root.locator("button.bench-run").click();
  await expect(root).toHaveAttribute("data-state", "lost", {timeout: 60_000});
  await expect(root.locator(".widget-status")).toContainText("The GPU device was lost");
  await expect(root.locator(".widget-status")).toContainText("Press Run to measure again");
  await expect(root.locator("button.bench-run")).toBeEnabled();
  await expect(root.locator("button.bench-cancel")).toBeDisabled();
  // again: a new device, and the run gets going on it
  await cancelOnFirstCheck(page);
  await root.locator("button.bench-run").click();
  await expect(root).toHaveAttribute("data-state", "cancelled", {timeout: 60_000});
  expect(await page.evaluate(() => (globalThis as any).__gpuStats.devicesCreated)).toBe(created + 1);
  await expect(root.locator(".bench-check.ok").first()).toBeVisible();
  errors.expectNone();
});
