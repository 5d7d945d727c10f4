/**
 * axe-core on the built essay with WebGPU hidden (every widget on its CPU engine, with its
 * fallback message), in light and dark, at 1440×900 and 390×844, at load and after every
 * widget has started.
 */
import {test} from "@playwright/test";
import {checkPage} from "./a11y-check.js";
import {disableWebGPU} from "./helpers.js";

test("axe without WebGPU: /, light and dark, desktop and phone", async ({page}) => {
  test.setTimeout(1_800_000); // four page loads, each: axe at load, every widget started, axe again (a software GPU)
  await disableWebGPU(page);
  await checkPage(page, "/");
});
