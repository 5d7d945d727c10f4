import {test, expect} from "@playwright/test";
import {expectWebGPU, watchErrors} from "./helpers.js";

test("the essay page loads with WebGPU and no errors", async ({page}) => {
  const errs = watchErrors(page);
  await page.goto("/");
  await expectWebGPU(page);
  await expect(page.locator("h1")).toContainText("Neighbour search on the GPU");
  // six steps, the performance section and the epilogue: seven headings of level 2
  await expect(page.locator("h2")).toHaveCount(7);
  errs.expectNone();
});
