// The 3D galaxy alone on its embed page (/embed/galaxy-3d) with WebGPU: the octree pipeline
// runs on the GPU with sane `.value` figures, the bodies are on screen, and turning the camera
// (a drag, an arrow key on the focused canvas) changes the picture without scrolling the page.
import {expect, test} from "@playwright/test";
import {animationFrames, distinctColours, expectWebGPU, onWidget, scrollSettled, watchErrors, widgetValue} from "./helpers.js";

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

// On the gravity page, after a drag has turned the view (and so focused the canvas), the wheel
// still scrolls the page; Ctrl with the wheel zooms, and so do + and − on the focused canvas.
test("galaxy-3d on /gravity: after a drag the wheel scrolls the page; Ctrl + wheel and the + key zoom", async ({page}) => {
  test.setTimeout(180_000);
  const errs = watchErrors(page);
  // reduced motion: every widget waits paused, so the picture changes only with the camera
  await page.emulateMedia({reducedMotion: "reduce"});
  await page.goto("/gravity?galaxy=300&galaxy3d=1500");
  await expectWebGPU(page);
  const widget = page.locator('[data-widget="galaxy-3d"]');
  await widget.scrollIntoViewIfNeeded();
  await expect(widget).toHaveAttribute("data-engine", "gpu", {timeout: 120_000});
  const canvas = widget.locator("canvas").first();
  await canvas.scrollIntoViewIfNeeded();
  // the canvas's picture once it has held still (a redraw after a camera change lands first)
  const still = async () => {
    let prev = await canvas.screenshot();
    for (;;) {
      await animationFrames(page, 5);
      const now = await canvas.screenshot();
      if (now.equals(prev)) return now;
      prev = now;
    }
  };
  const centre = async () => {
    const box = (await canvas.boundingBox())!;
    return {x: box.x + box.width / 2, y: box.y + box.height / 2};
  };
  let c = await centre();
  await page.mouse.move(c.x, c.y);
  await page.mouse.down();
  await page.mouse.move(c.x + 120, c.y + 40, {steps: 6});
  await page.mouse.up();
  // the drag gave the canvas the focus (as a click does)
  expect(await canvas.evaluate((el) => el === document.activeElement)).toBe(true);
  // the wheel alone scrolls the page, focused canvas or not
  const top = await scrollSettled(page);
  await page.mouse.wheel(0, 200);
  await expect.poll(() => page.evaluate(() => window.scrollY), {timeout: 10_000}).toBeGreaterThan(top + 100);
  // Ctrl with the wheel zooms: the picture changes, the page stays
  c = await centre();
  await page.mouse.move(c.x, c.y);
  const before = await still();
  const at = await scrollSettled(page);
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -200);
  await page.keyboard.up("Control");
  await expect.poll(async () => (await canvas.screenshot()).equals(before), {timeout: 30_000}).toBe(false);
  expect(await scrollSettled(page)).toBe(at);
  // + on the focused canvas zooms too
  await canvas.focus();
  const zoomed = await still();
  await page.keyboard.press("+");
  await expect.poll(async () => (await canvas.screenshot()).equals(zoomed), {timeout: 30_000}).toBe(false);
  expect(await scrollSettled(page)).toBe(at);
  errs.expectNone();
});
