/**
 * axe-core on the built essay and the embedding page, with WebGPU, in light and dark, at
 * 1440×900 and 390×844, at load and after every widget has started: no serious or critical
 * violation (colour contrast included).
 */
import {test} from "@playwright/test";
import {checkPage} from "./a11y-check.js";
import {expectWebGPU} from "./helpers.js";

for (const path of ["/", "/embed"])
  test(`axe: ${path}, light and dark, desktop and phone`, async ({page}) => {
    test.setTimeout(1_800_000); // four page loads, each: axe at load, every widget started, axe again (a software GPU)
    await page.goto("/embed"); // any page of the site, for the adapter check
    await expectWebGPU(page);
    await checkPage(page, path);
  });
