// The hero without WebGPU: the CPU twin runs, and the page says so where the GPU line would be.
import {expect, test} from "@playwright/test";
import {captionAgrees, disableWebGPU, heroLayout, overlaps, widgetValue} from "./helpers.js";

test("without WebGPU the line under the title says the CPU twin runs, the notice is under the caption, the title is off the water", async ({page}) => {
  await page.setViewportSize({width: 1440, height: 900});
  await disableWebGPU(page);
  await page.goto("/");
  const hero = page.locator('[data-widget="hero"]');
  await expect(hero).toHaveAttribute("data-engine", "cpu", {timeout: 60_000});
  // what runs where it runs: never "on your GPU" here
  await expect(page.locator(".hero-hint")).toHaveText(/simulated on your CPU by the twin of this essay's GPU kernels/);
  await expect(page.locator(".hero-hint")).not.toContainText("on your GPU");
  expect((await widgetValue(page, "hero")).engine).toBe("cpu");
  // the notice is visible, right under the caption (not in the closed disclosure)
  const status = hero.locator(".widget-status");
  await expect(status).toBeVisible();
  await expect(status).toContainText("WebGPU is not available");
  await expect(status).toContainText("simulates 2,813 particles instead of 45,000");
  await expect.poll(() => captionAgrees(page, "hero"), {timeout: 5_000}).toBe("2,813 = 2,813");
  await expect(hero.locator(".hero-adapter")).toContainText("CPU twin of the GPU kernels: 2,813 particles");
  await expect(hero).toHaveAttribute("data-tank-box", /^[\d.]+ [\d.]+ [\d.]+ [\d.]+$/);
  const L = await heroLayout(page);
  expect(overlaps(L.tank, L.title), JSON.stringify(L)).toBe(false);
  expect(overlaps(L.tank, L.hint), JSON.stringify(L)).toBe(false);
  expect(L.tank.width / L.canvas.width).toBeGreaterThan(0.97);
});
