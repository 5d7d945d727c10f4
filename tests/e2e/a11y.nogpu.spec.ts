/**
 * axe-core on the built essay with WebGPU hidden (every widget on its CPU engine, with its
 * fallback message), in light and dark, at 1440×900 and 390×844.
 */
import {test} from "@playwright/test";
import {checkPage} from "./a11y-check.js";
import {disableWebGPU} from "./helpers.js";

test("axe without WebGPU: /, light and dark, desktop and phone", async ({page}) => {
  test.setTimeout(900_000); // the whole page, every widget started, four axe runs on a software GPU
  await disableWebGPU(page);
  await checkPage(page, "/");
});
