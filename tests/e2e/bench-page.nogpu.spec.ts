// The bench page without WebGPU: it says so, and Run stays disabled.
import {expect, test} from "@playwright/test";
import {disableWebGPU, watchErrors} from "./helpers.js";

test("says WebGPU is missing and offers no run", async ({page}) => {
  const errors = watchErrors(page);
  await disableWebGPU(page);
  await page.goto("/bench");
  const root = page.locator('[data-widget="bench"]');
  await root.scrollIntoViewIfNeeded();
  await expect(root.locator(".widget-status")).toContainText("WebGPU is not available here");
  await expect(root).toHaveAttribute("data-state", "no-webgpu");
  await expect(root.locator("button.bench-run")).toBeDisabled();
  errors.expectNone();
});
