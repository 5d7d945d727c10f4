import {test, expect} from "@playwright/test";
import {expectWebGPU, watchErrors} from "./helpers.js";

test("the essay page loads with WebGPU and no errors", async ({page}) => {
  const errs = watchErrors(page);
  await page.goto("/");
  await expectWebGPU(page);
  await expect(page.locator("h1")).toContainText("Neighbour search on the GPU");
  // six steps, the performance section and the epilogue: seven headings of level 2 in the essay
  // (the footer's "Keep reading" is the eighth, outside it)
  await expect(page.locator("#observablehq-main h2")).toHaveCount(7);
  await expect(page.locator("footer h2")).toHaveText(["Keep reading"]);
  errs.expectNone();
});
