/**
 * Every iframe page `/embed/<name>` starts its widget without a window error: a host page's
 * error tracker records each one (seen: "ResizeObserver loop completed with undelivered
 * notifications" on most of them, from observers that changed the layout they observe).
 * WebGPU hidden, as in Firefox ESR, where it was first seen. Every other page at the phone size,
 * there with reduced motion (the widgets start and wait: the errors seen came from layout, which
 * the phone size changes), the rest at the desktop size, running.
 */
import {expect, test} from "@playwright/test";
import {EMBED_NAMES} from "../../components/embed/names.js";
import {SIZES} from "./a11y-check.js";
import {disableWebGPU} from "./helpers.js";

// each page at one of the two sizes, in turn (every page once, both sizes each on half of them):
// a page's start is the same at either size but for its layout, and one load of every page at
// each size cost 48 test-seconds against 24.
// @long at the phone size: the same start without a window error, on the iframe pages' one path
// (the page, its widget, a host's resize), is held in `npm test` by the desktop half.
SIZES.forEach((size, k) =>
  test(
    `every other /embed/<name> page starts without a window error (${size.width}×${size.height})`,
    {tag: size.width < 600 ? "@long" : []},
    async ({page}) => {
      test.setTimeout(300_000);
      await disableWebGPU(page);
      await page.setViewportSize(size);
      if (size.width < 600) await page.emulateMedia({reducedMotion: "reduce"});
      await page.addInitScript(() => {
        const w = window as unknown as {__errors: string[]};
        w.__errors = [];
        window.addEventListener("error", (e) => w.__errors.push(`error: ${e.message}`));
        window.addEventListener("unhandledrejection", (e) => w.__errors.push(`unhandledrejection: ${String(e.reason)}`));
      });
      const pageErrors: string[] = [];
      page.on("pageerror", (e) => pageErrors.push(`${page.url()}: ${e.message}`));
      const found: string[] = [];
      for (const name of EMBED_NAMES.filter((_, i) => i % SIZES.length === k)) {
        await page.goto(`/embed/${name}`);
        const widget = page.locator("[data-engine]").first();
        await expect(widget, `${name} starts`).toHaveAttribute("data-engine", /^(gpu|cpu)$/, {timeout: 60_000});
        // a few frames of the running widget, and a resize as a host's frame would do
        const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))));
        await frames();
        await page.setViewportSize({width: size.width - 37, height: size.height});
        await frames();
        await page.setViewportSize(size);
        await frames();
        const errors = await page.evaluate(() => (window as unknown as {__errors: string[]}).__errors);
        for (const e of errors) found.push(`/embed/${name}: ${e}`);
      }
      expect([...found, ...pageErrors]).toEqual([]);
    }
  )
);
