/**
 * axe-core on the built essay with WebGPU hidden (every widget on its CPU engine, with its
 * fallback message), at load and after every widget has started: light at 390×844 and dark at
 * 1440×900 (the pairing a11y.spec.ts does not give the essay).
 */
import {test} from "@playwright/test";
import {CASES, checkPage} from "./a11y-check.js";
import {disableWebGPU} from "./helpers.js";

for (const c of CASES.B)
  test(`axe without WebGPU: /, ${c.scheme}, ${c.size.width}×${c.size.height}`, async ({page}) => {
    test.setTimeout(300_000); // axe at load, every widget started (CPU engines), axe again
    await disableWebGPU(page);
    await checkPage(page, "/", [c]);
  });
