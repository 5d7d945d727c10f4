/**
 * axe-core on the built essay and the Worlds from Dust page with WebGPU hidden (every widget on
 * its CPU engine, with its fallback message), at load and after every widget has started: the
 * essay light at 390×844 and dark at 1440×900 (the pairing tour.spec.ts does not give it), the
 * dust page light at 1440×900 and dark at 390×844 (its only axe check, so one of each size and
 * scheme), the exercises page (every editor started, the interpreter's line under each) light at 390×844
 * and dark at 1440×900. The whole file is a page sweep of the long tier (`LONG_FILES` in
 * playwright.config.ts). The pages with WebGPU: tour.spec.ts.
 */
import {test} from "@playwright/test";
import {CASES, checkPage} from "./a11y-check.js";
import {disableWebGPU} from "./helpers.js";

for (const [path, cases] of [
  ["/", CASES.B],
  ["/worlds-from-dust", CASES.A],
  ["/exercises", CASES.B],
] as const)
  for (const c of cases)
    test(`axe without WebGPU: ${path}, ${c.scheme}, ${c.size.width}×${c.size.height}`, async ({page}) => {
      test.setTimeout(300_000); // axe at load, every widget started (CPU engines), axe again
      await disableWebGPU(page);
      await checkPage(page, path, [c]);
    });
