// The 3D galaxy alone on its embed page (/embed/galaxy-3d) with WebGPU: the octree pipeline
// runs on the GPU with sane `.value` figures, the bodies are on screen, and turning the camera
// (a drag, an arrow key on the focused canvas) changes the picture without scrolling the page.
// On the gravity page (the wheel scrolls the page, Ctrl + wheel zooms): gravity-page.spec.ts, on
// the still page it shares with the H200 chart.
import {expect, test} from "@playwright/test";
import {distinctColours, expectWebGPU, onWidget, watchErrors, widgetValue} from "./helpers.js";

test("galaxy-3d runs the octree on the GPU; drag and arrow keys turn the view", async ({page}) => {
  test.setTimeout(180_000);
  const errs = watchErrors(page);
  await page.goto("/embed/galaxy-3d?count=1500&steps-per-frame=1");
  await expectWebGPU(page);
  await expect.poll(async () => (await widgetValue(page, "galaxy-3d"))?.energyDrift ?? null, {timeout: 120_000}).not.toBeNull();
  const v = await widgetValue(page, "galaxy-3d");
  expect(v).toMatchObject({count: 1500, theta: 0.5, scene: "collision", engine: "gpu", colour: "galaxy"});
  expect(v.stepMs).toBeGreaterThan(0);
  expect(Math.abs(v.energyDrift)).toBeLessThan(0.05);
  const canvas = page.locator("ns-galaxy-3d").locator("canvas").first();
  // paused, the picture changes only when the camera does (a paused widget redraws on a camera change)
  await onWidget(page, "galaxy-3d", (el: any) => el.querySelector("button.play-toggle").click());
  await expect.poll(() => onWidget(page, "galaxy-3d", (el: any) => el.querySelector("button.play-toggle").textContent)).toBe("Play");
  await page.waitForTimeout(300);
  const before = await canvas.screenshot();
  expect(await distinctColours(page, before)).toBeGreaterThan(10);
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, {steps: 6});
  await page.mouse.up();
  await canvas.focus();
  const scroll = await page.evaluate(() => window.scrollY);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowLeft");
  expect(await page.evaluate(() => window.scrollY)).toBe(scroll);
  await expect.poll(async () => (await canvas.screenshot()).equals(before), {timeout: 30_000}).toBe(false);
  // still paused: the change was the camera's, not a step
  expect((await widgetValue(page, "galaxy-3d")).engine).toBe("gpu");
  errs.expectNone();
});
