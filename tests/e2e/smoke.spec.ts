import {test, expect} from "@playwright/test";
import {expectWebGPU, watchErrors} from "./helpers.js";

test("the essay page loads with WebGPU and no errors", async ({page}) => {
  const errs = watchErrors(page);
  await page.goto("/");
  await expectWebGPU(page);
  await expect(page.locator("h1")).toContainText("Neighbour search on the GPU");
  await expect(page.locator("h2")).toHaveCount(6);
  errs.expectNone();
});
