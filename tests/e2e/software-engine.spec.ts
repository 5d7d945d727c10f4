import {expect, test} from "@playwright/test";

// On a CPU-emulated GPU (SwiftShader here) a widget whose CPU twin is faster there runs the twin,
// says so in its status line, and offers the reader the other engine (engine-choice.ts). The
// webgpu project's other tests choose the GPU page-wide (playwright.config.ts); this one starts
// without that choice, as a reader's browser does. The galaxy's twin, its reason and the reader's
// switch are proved in Node on Dawn's SwiftShader adapter (tests/unit/galaxy-dom.test.ts); here,
// the page's URL choosing for every widget.
test.use({storageState: {cookies: [], origins: []}});

// @long: the engine choice on SwiftShader is held in `npm test` in Node (galaxy-dom.test.ts: the
// twin, its reason and the reader's switch on Dawn's SwiftShader adapter; software-
// engines.test.ts); here the page's URL choosing.
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
