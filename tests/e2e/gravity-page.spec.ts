// The gravity page with WebGPU: the galaxy hero shows bodies within seconds even on a CPU-emulated
// adapter (SwiftShader), before its first step, and the line under the title says what runs.
// Tests that read the page in one configuration share its load: one still page (the 3D galaxy's
// camera) and one moving page at 1440×900 (the title's line, the hero's lines, the cards). The H200
// chart needs no GPU: it is read on content.nogpu.spec.ts's gravity page (gravity-chart-check.ts).
import {expect, test, type Page} from "@playwright/test";
import {expectHeroLinesApart} from "./hero-check.js";
import {animationFrames, colourCounts, expectWebGPU, scrollSettled, watchErrors} from "./helpers.js";
import {expectGravityOneSample} from "./one-sample-check.js";

// The 3D galaxy's camera, not motion: the page's widgets start, draw once and wait (a serial block,
// the page opened in beforeAll). The H200 chart, drawn from committed numbers, is read without
// WebGPU (content.nogpu.spec.ts, expectH200Chart): no kernel of the page need compile for it.
test.describe("/gravity, one still page", () => {
  test.describe.configure({mode: "serial"});
  let page: Page;
  let errs: ReturnType<typeof watchErrors>;
  test.beforeAll(async ({browser}) => {
    page = await browser.newPage({reducedMotion: "reduce"});
    errs = watchErrors(page); // from the load on: each test ends with none
    await page.goto("/gravity?galaxy=300&galaxy3d=1500");
  });
  test.afterAll(async () => {
    await page?.close();
  });

  // after a drag has turned the view (and so focused the canvas), the wheel still scrolls the
  // page; Ctrl with the wheel zooms, and so do + and − on the focused canvas (moved here from
  // galaxy3d.spec.ts, now tests/unit/galaxy3d-dom.test.ts: the same still page). Reduced motion: every widget waits paused, so the
  // picture changes only with the camera
  // @long: galaxy-3d's drag and keys are held in `npm test` in Node (galaxy3d-dom.test.ts);
  // here the page's wheel and zoom.
  test("galaxy-3d on /gravity: after a drag the wheel scrolls the page; Ctrl + wheel and the + key zoom", {tag: "@long"}, async () => {
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
});

/** Pixels of `png` that differ from its most common colour (the background) by more than 40 in some channel. */
async function litPixels(page: Page, png: Buffer): Promise<number> {
  const counts = await colourCounts(page, png);
  const rgb = (k: number) => [k >> 16, (k >> 8) & 255, k & 255];
  const bg = rgb(counts[0][0]);
  return counts.filter(([k]) => rgb(k).some((v, i) => Math.abs(v - bg[i]) > 40)).reduce((n, [, c]) => n + c, 0);
}

// @long: the galaxy running on the GPU is held in `npm test` in Node (galaxy-dom.test.ts); here its
// first picture before its pipelines, at the default count.
test(
  "the galaxy hero shows bodies before its first step, and once its pipelines are built it steps, on a CPU-emulated adapter at its default count",
  {tag: "@long"},
  async ({page}) => {
    test.setTimeout(120_000);
    // the compute pipelines are held back until the test lets them go: "before the first step" is
    // then a state the page is in, not a moment the capture has to catch (a warm shader cache in
    // a reused browser once built them before the first capture)
    await page.addInitScript(() => {
      const w = window as any;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      w.__releasePipelines = release;
      w.__pipelinesAsked = 0;
      const original = GPUDevice.prototype.createComputePipelineAsync;
      GPUDevice.prototype.createComputePipelineAsync = function (this: GPUDevice, d: GPUComputePipelineDescriptor) {
        w.__pipelinesAsked++;
        return gate.then(() => original.call(this, d));
      };
    });
    await page.goto("/gravity");
    await expectWebGPU(page);
    const galaxy = page.locator('[data-widget="galaxy"]');
    const canvas = galaxy.locator("canvas").first();
    await expect(canvas).toBeVisible({timeout: 20_000});
    // only the pictures count: the title, the hint and the controls laid over the stage are hidden
    await page.addStyleTag({
      content: ".hero-title, .hero-widget .widget-controls, .hero-widget .widget-caption, .hero-widget .widget-status { visibility: hidden !important; }",
    });
    const frames = () => galaxy.evaluate((el: any) => el.__frames?.() ?? 0);
    const litNow = async () => {
      const box = (await canvas.boundingBox())!;
      const clip = {x: box.x + box.width * 0.3, y: box.y + box.height * 0.3, width: box.width * 0.4, height: box.height * 0.4};
      return litPixels(page, await page.screenshot({clip}));
    };
    // the engine is waiting for its pipelines (it has asked for them) and has not stepped: the
    // first picture is already the disc
    await expect.poll(() => page.evaluate(() => (window as any).__pipelinesAsked), {timeout: 60_000}).toBeGreaterThan(0);
    await expect.poll(litNow, {timeout: 20_000}).toBeGreaterThan(400);
    expect(await frames(), "no step before the pipelines exist").toBe(0);
    // built, it steps, and the disc is still there
    await page.evaluate(() => (window as any).__releasePipelines());
    await expect.poll(frames, {timeout: 60_000}).toBeGreaterThan(0);
    expect(await litNow()).toBeGreaterThan(400);
    // the reduced count is said in the site's one software-adapter line (softwareMessage)
    await expect(galaxy.locator(".widget-status")).toContainText(
      "This WebGPU adapter is a CPU emulation (SwiftShader), so the galaxy starts with 1,500 bodies and one step per frame."
    );
  }
);

// The gravity page as a reader opens it on a desktop, moving: the line under the title, the
// hero's lines and the cards' one-sample figures (which need frames) are read on one load.
test.describe("/gravity at 1440×900, one moving page", () => {
  test.describe.configure({mode: "serial"});
  let page: Page;
  let errs: ReturnType<typeof watchErrors>;
  test.beforeAll(async ({browser}) => {
    page = await browser.newPage({viewport: {width: 1440, height: 900}});
    errs = watchErrors(page); // from the load on: the last test ends with none
    await page.goto("/gravity");
  });
  test.afterAll(async () => {
    await page?.close();
  });

  test("on a CPU-emulated adapter the line under the title says so, not 'simulated on your GPU'; no paragraph says 'your GPU'", async () => {
    await expectWebGPU(page);
    const galaxy = page.locator('[data-widget="galaxy"]');
    await expect(galaxy).toHaveAttribute("data-engine", "gpu", {timeout: 60_000});
    await expect(galaxy.locator(".widget-status")).toContainText("This WebGPU adapter is a CPU emulation (SwiftShader)");
    const hint = page.locator(".hero-hint");
    await expect(hint).toContainText("this page's GPU kernels, running here on a CPU emulation of a GPU");
    await expect(hint).not.toContainText("your GPU");
    const claims = await page.evaluate(() =>
      [...document.querySelectorAll("main p, main li")].map((e) => (e as HTMLElement).innerText).filter((t) => /your GPU/.test(t))
    );
    expect(claims).toEqual([]);
  });

  // the same check on the essay and on Worlds from Dust: hero.spec.ts
  test("/gravity at 1440×900: no two text lines of the hero overlap", async () => {
    await expectHeroLinesApart(page, "/gravity", false);
  });

  // (moved from one-sample.spec.ts, which opened this page for it alone)
  // @long: a card's caption and counter row saying one sample is held in `npm test` by dust-
  // page.spec's "the §4 disc" (the same onCaptionSample) and unit-tested by card-sample.test.ts.
  test("the gravity page's direct-sum card and the galaxy hero: caption and counter row say one count and one time per step", {tag: "@long"}, async () => {
    test.setTimeout(240_000);
    await expectGravityOneSample(page);
    errs.expectNone();
  });
});
