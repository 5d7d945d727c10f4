/**
 * axe-core on the built essay with WebGPU hidden (every widget on its CPU engine, with its
 * fallback message), at load and after every widget has started: light at 390×844 and dark at
 * 1440×900 (the pairing a11y.spec.ts does not give the essay).
 */
import {test} from "@playwright/test";
import {CASES, checkPage} from "./a11y-check.js";
import {disableWebGPU} from "./helpers.js";

test("axe without WebGPU: /, light and dark, desktop and phone", async ({page}) => {
  test.setTimeout(600_000); // two page loads, each: axe at load, every widget started, axe again (CPU engines)
  await disableWebGPU(page);
  await checkPage(page, "/", CASES.B);
});
