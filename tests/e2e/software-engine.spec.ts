import {expect, test} from "@playwright/test";

// On a CPU-emulated GPU (SwiftShader here) a widget whose CPU twin is faster there runs the twin,
// says so in its status line, and offers the reader the other engine (engine-choice.ts). The
// webgpu project's other tests choose the GPU page-wide (playwright.config.ts); this one starts
// without that choice, as a reader's browser does.
test.use({storageState: {cookies: [], origins: []}});

test("the galaxy runs its faster CPU twin on SwiftShader, says why, and the reader can switch to the GPU kernels and back", async ({page}) => {
  await page.goto("/embed/galaxy");
  const w = page.locator("[data-widget=galaxy]");
  await expect(w).toHaveAttribute("data-engine", "cpu");
  await expect(w.locator(".widget-status")).toContainText("CPU emulation of a GPU (SwiftShader), on which the CPU twin of the same kernels runs faster");
  const toggle = w.locator("button.engine-switch");
  await expect(toggle).toHaveText("Run the GPU kernels (emulated) instead");
  await toggle.click();
  await expect(w).toHaveAttribute("data-engine", "gpu");
  await expect(toggle).toHaveText("Run the CPU twin instead");
  await expect.poll(() => w.evaluate((el) => (el as unknown as {__frames(): number}).__frames())).toBeGreaterThan(0);
  await toggle.click();
  await expect(w).toHaveAttribute("data-engine", "cpu");
  await expect(w.locator(".widget-status")).toContainText("You chose the CPU twin");
});

// @long: the engine choice on SwiftShader is held in `npm test` by the test above and unit-tested
// (software-engines.test.ts).
test(
  "?engine=gpu in the URL keeps the GPU kernels on SwiftShader (the page chose: no switch), and a widget without a GPU engine offers none",
  {tag: "@long"},
  async ({page}) => {
    // which engine runs and which switch shows, not motion: the widgets start, draw once and wait
    await page.emulateMedia({reducedMotion: "reduce"});
    await page.goto("/embed/galaxy?engine=gpu");
    const w = page.locator("[data-widget=galaxy]");
    await expect(w).toHaveAttribute("data-engine", "gpu");
    await expect(w.locator("button.engine-switch")).toBeHidden();
    await page.goto("/embed/contacts");
    await expect(page.locator("[data-widget=contacts]")).toHaveAttribute("data-engine", "cpu");
    await expect(page.locator("[data-widget=contacts] button.engine-switch")).toBeHidden();
  }
);
