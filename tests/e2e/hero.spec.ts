// The hero: its box is reserved before it arrives (no layout shift), the title never lies
// over the water, one caption line, and phones get the slow-adapter reduction like every other width.
// Tests that read one page at one size share its load (a serial block, one page in beforeAll):
// each load starts every pipeline compiling, and a page open with the water moving takes a core.
import {type Browser, type BrowserContext, expect, type Page, test} from "@playwright/test";
import {expectHeroLinesApart} from "./hero-check.js";
import {animationFrames, captionAgrees, expectWebGPU, heroLayout, overlaps, widgetValue} from "./helpers.js";

/** Opens the essay at `viewport` with a layout-shift counter installed before anything of the page runs. */
async function openCounted(browser: Browser, viewport: {width: number; height: number}, reducedMotion: "reduce" | "no-preference"): Promise<Page> {
  const page = await browser.newPage({viewport, reducedMotion});
  await page.addInitScript(() => {
    (globalThis as any).__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as any[]) if (!e.hadRecentInput) (globalThis as any).__cls += e.value;
    }).observe({type: "layout-shift", buffered: true});
  });
  await page.goto("/");
  return page;
}

/** Inserting the hero shifts nothing: the layout is final once the hero has drawn and every section below has arrived. */
async function expectNoShift(page: Page) {
  await expect(page.locator('[data-widget="hero"] canvas')).toBeVisible({timeout: 30_000});
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName("first-gpu-frame").length), {timeout: 120_000}).toBe(1);
  await page.locator('[data-widget="water"]').waitFor({state: "attached", timeout: 120_000});
  await animationFrames(page, 30);
  const cls = await page.evaluate(() => (globalThis as any).__cls);
  expect(cls).toBeLessThan(0.02);
}

/** The title and its line lie outside the region the water can occupy; the water spans the stage. */
async function expectTitleClear(page: Page, viewport: {width: number; height: number}) {
  await expectWebGPU(page);
  const hero = page.locator('[data-widget="hero"]');
  await expect(hero).toHaveAttribute("data-engine", "gpu", {timeout: 60_000});
  await expect(hero).toHaveAttribute("data-tank-box", /^[\d.]+ [\d.]+ [\d.]+ [\d.]+$/);
  const L = await heroLayout(page);
  expect(overlaps(L.tank, L.title), JSON.stringify(L)).toBe(false);
  expect(overlaps(L.tank, L.hint), JSON.stringify(L)).toBe(false);
  // the tank (so the pool across it) takes the stage's whole width, and lies inside the canvas
  expect(L.canvas.width).toBeGreaterThanOrEqual(viewport.width - 20);
  expect(L.tank.width / L.canvas.width).toBeGreaterThan(0.97);
  expect(L.tank.left).toBeGreaterThanOrEqual(L.canvas.left - 0.5);
  expect(L.tank.top + L.tank.height).toBeLessThanOrEqual(L.canvas.top + L.canvas.height + 0.5);
  // the title is on the first screen, under the stage
  expect(L.title.top).toBeGreaterThanOrEqual(L.canvas.top + L.canvas.height);
  expect(L.title.top + L.title.height).toBeLessThanOrEqual(viewport.height);
  // the line under the title says what runs here: the GPU kernels on a CPU emulation
  await expect(page.locator(".hero-hint")).toHaveText(/GPU kernels, running here on a CPU emulation of a GPU/);
}

// 1440 × 900 with motion: the caption's frame rate needs frames, so the shift and the title are
// read on the same moving page (the shift counter is installed before the load; the disclosure,
// which moves the title, is opened last)
test.describe("at 1440×900, one moving page", () => {
  test.describe.configure({mode: "serial"});
  const viewport = {width: 1440, height: 900};
  let page: Page;
  test.beforeAll(async ({browser}) => {
    page = await openCounted(browser, viewport, "no-preference");
  });
  test.afterAll(async () => {
    await page?.close();
  });

  test(`inserting the hero shifts nothing: cumulative layout shift < 0.02 at ${viewport.width}×${viewport.height}`, async () => {
    await expectNoShift(page);
  });

  test(`at ${viewport.width}×${viewport.height} the title and its line lie outside the region the water can occupy; the water spans the stage`, async () => {
    await expectTitleClear(page, viewport);
  });

  test("at 1440 wide the hero's caption is one line, not cut, and says what to do", async () => {
    await expectWebGPU(page);
    const caption = page.locator('[data-widget="hero"] .widget-caption');
    // once the frame rate is known the caption is at its longest
    await expect(caption).toHaveText(/^4,000 particles of water · [\d.]+ fps · drag sideways across it to stir it$/, {timeout: 90_000});
    const L = await heroLayout(page);
    expect(L.captionLines).toBeLessThan(1.5);
    expect(L.captionCut).toBe(false);
    // the controls and the engine's line are in the closed disclosure; opened, it pushes the title down
    const more = page.locator('[data-widget="hero"] .hero-more');
    await expect(more.locator(".widget-controls")).toBeHidden();
    await more.locator("summary").click();
    await expect(more.locator(".widget-controls")).toBeVisible();
    const adapter = (await more.locator(".hero-adapter").boundingBox())!;
    const title = (await page.locator(".hero-title h1").boundingBox())!;
    expect(adapter.y + adapter.height).toBeLessThanOrEqual(title.y);
  });
});

// 390 × 844: the box and the title are layout, not motion — one still page for both.
// @long: the same checks at 1440 × 900 above, and the phone's hero text below, are in `npm test`
test.describe("at 390×844, one still page", {tag: "@long"}, () => {
  test.describe.configure({mode: "serial"});
  const viewport = {width: 390, height: 844};
  let page: Page;
  test.beforeAll(async ({browser}) => {
    page = await openCounted(browser, viewport, "reduce");
  });
  test.afterAll(async () => {
    await page?.close();
  });

  test(`inserting the hero shifts nothing: cumulative layout shift < 0.02 at ${viewport.width}×${viewport.height}`, async () => {
    await expectNoShift(page);
  });

  test(`at ${viewport.width}×${viewport.height} the title and its line lie outside the region the water can occupy; the water spans the stage`, async () => {
    await expectTitleClear(page, viewport);
  });
});

// A phone with touch, moving (the caption's frame rate needs frames): the reduced count and the
// lines under the hero are read on one load
test.describe("/ at 390×844 with touch, one moving page", () => {
  test.describe.configure({mode: "serial"});
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({browser}) => {
    context = await browser.newContext({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});
    page = await context.newPage();
    await page.goto("/");
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test("on a phone with a CPU-emulated adapter the hero starts with the reduced count, not 12,000", async () => {
    await expectWebGPU(page);
    const hero = page.locator('[data-widget="hero"]');
    await expect(hero).toHaveAttribute("data-engine", "gpu", {timeout: 60_000});
    await expect.poll(async () => (await widgetValue(page, "hero"))?.count, {timeout: 30_000}).toBe(4000);
    const v = await widgetValue(page, "hero");
    expect(v.substeps).toBe(1);
    await expect(hero.locator(".widget-status")).toContainText("CPU emulation");
    // the caption says the count it runs, not the 12,000 asked for
    await expect.poll(() => captionAgrees(page, "hero"), {timeout: 5_000}).toBe("4,000 = 4,000");
  });

  test("/ at 390×844 with touch: no two text lines of the hero overlap", async () => {
    await expectHeroLinesApart(page, "/", true);
  });
});

// The lines under each page's hero (caption, status, touch hint, the water's adapter line) never
// print over each other: on a phone with touch (the touch hint shown) and on a desktop, once the
// engine runs and the caption has its frame rate (its longest text). `npm test` reads / at 390×844
// (the moving phone page above) and /gravity at 1440×900 (gravity-page.spec.ts, on its moving
// page); the cases here, and hero-engine-switch.spec.ts's reads of the same lines with the GPU
// kernels running, are the long tier's.
const HERO_LINES = [
  // @long: the same check as "/worlds-from-dust at 390×844 touch: the hero's twin line is short, …"
  // (hero-engine-switch.spec.ts: this page and size, its lines read again once the GPU kernels run)
  {path: "/worlds-from-dust", width: 390, height: 844, touch: true},
  // @long: the same check as "/ at 390×844 with touch: no two text lines of the hero overlap"
  // (this page, the moving phone page above), at the other size
  {path: "/", width: 1440, height: 900, touch: false},
  // @long: the same check as "/gravity at 1440×900: no two text lines of the hero overlap"
  // (this page, gravity-page.spec.ts), at the other size
  {path: "/gravity", width: 390, height: 844, touch: true},
  // @long: the same check as "/worlds-from-dust at 390×844 touch: the hero's twin line is short, …"
  // (hero-engine-switch.spec.ts: this page, its lines read once the GPU kernels run), at the other size
  {path: "/worlds-from-dust", width: 1440, height: 900, touch: false},
];
for (const {path, width, height, touch} of HERO_LINES)
  test(`${path} at ${width}×${height}${touch ? " with touch" : ""}: no two text lines of the hero overlap`, {tag: "@long"}, async ({browser}) => {
    const context = await browser.newContext({viewport: {width, height}, isMobile: touch, hasTouch: touch});
    const page = await context.newPage();
    await page.goto(path);
    await expectHeroLinesApart(page, path, touch);
    await context.close();
  });

/**
 * What the hero's canvas holds, read from two screenshots of it alone (everything else hidden)
 * over white and over black: per pixel the water's coverage a = 1 − (white − black) / 255 and its
 * colour (black / a). Returns the share of the canvas that is water; the spread of the water's
 * luminance (5th to 95th percentile) where it is solid; and the water's height per column,
 * Σ a down the column (sub-pixel where the edge is anti-aliased), its largest step between
 * neighbouring columns and its mean second difference, away from the tank's walls.
 */
async function heroWater(page: Page) {
  const sel = '[data-widget="hero"] canvas';
  const shot = (bg: string) =>
    page.locator(sel).screenshot({style: `* { visibility: hidden !important; } ${sel} { visibility: visible !important; background: ${bg} !important; }`});
  const [white, black] = [await shot("#fff"), await shot("#000")];
  return page.evaluate(
    async ([w64, b64]) => {
      const pixels = async (b: string) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b}`;
        await img.decode();
        const c = document.createElement("canvas");
        [c.width, c.height] = [img.width, img.height];
        const ctx = c.getContext("2d")!;
        ctx.drawImage(img, 0, 0);
        return ctx.getImageData(0, 0, c.width, c.height);
      };
      const [W, B] = [await pixels(w64), await pixels(b64)];
      const {width, height} = W;
      const cover = new Float32Array(width * height);
      const lums: number[] = [];
      let water = 0;
      for (let p = 0; p < width * height; p++) {
        const i = 4 * p;
        const a = 1 - (W.data[i] - B.data[i] + W.data[i + 1] - B.data[i + 1] + W.data[i + 2] - B.data[i + 2]) / 765;
        cover[p] = Math.min(1, Math.max(0, a));
        if (a > 0.5) water++;
        if (a > 0.9) lums.push((0.2126 * B.data[i] + 0.7152 * B.data[i + 1] + 0.0722 * B.data[i + 2]) / (255 * a));
      }
      lums.sort((x, y) => x - y);
      const q = (f: number) => lums[Math.floor(f * (lums.length - 1))] ?? 0;
      const heights: number[] = [];
      for (let x = Math.round(0.04 * width); x < Math.round(0.96 * width); x++) {
        let s = 0;
        for (let y = 0; y < height; y++) s += cover[y * width + x];
        heights.push(s);
      }
      let maxStep = 0,
        curve = 0;
      for (let i = 1; i < heights.length; i++) maxStep = Math.max(maxStep, Math.abs(heights[i] - heights[i - 1]));
      for (let i = 1; i + 1 < heights.length; i++) curve += Math.abs(heights[i + 1] - 2 * heights[i] + heights[i - 1]);
      return {waterShare: water / (width * height), lumSpread: q(0.95) - q(0.05), maxStep, meanCurve: curve / Math.max(1, heights.length - 2), width, height};
    },
    [white.toString("base64"), black.toString("base64")]
  );
}

/** The hero's water on `page` (the essay at 1440×900, reduced motion): one shaded body with a smooth surface. */
async function expectShadedWater(page: Page) {
  await expectWebGPU(page);
  const hero = page.locator('[data-widget="hero"]');
  await expect(hero).toHaveAttribute("data-engine", "gpu", {timeout: 90_000});
  expect((await widgetValue(page, "hero")).count).toBe(4000);
  // drawn: the pool covers a good part of the canvas (not blank)
  await expect.poll(async () => (await heroWater(page)).waterShare, {timeout: 30_000}).toBeGreaterThan(0.15);
  const r = await heroWater(page);
  const facts = JSON.stringify(r);
  // not one colour: the water is lighter under its surface than in the deep (measured 0.20; discs at rest: one colour, 0)
  expect(r.lumSpread, facts).toBeGreaterThan(0.06);
  // a smooth surface: the water's height changes by less than 1.5 px from a column to the next
  // and bends gently (measured: 0.83 px and 0.04; the discs it replaced, 2.4 px and 0.28)
  expect(r.maxStep, facts).toBeLessThan(1.5);
  expect(r.meanCurve, facts).toBeLessThan(0.15);
}

// The water reads as water, not as a flat slab of discs: on a CPU-emulated adapter the
// hero runs 4,000 particles, and their field is drawn as one body, shaded. Read on the still of
// reduced motion (the pool as poured: a rest lattice whose columns end at different rows, which
// discs drew as a staircase). The caption's count is read on the same still page: it must hold
// with no frame to publish it.
test.describe("at 1440×900 in the light scheme, one still page", () => {
  test.describe.configure({mode: "serial"});
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({browser}) => {
    context = await browser.newContext({viewport: {width: 1440, height: 900}, reducedMotion: "reduce", colorScheme: "light"});
    page = await context.newPage();
    await page.goto("/");
  });
  test.afterAll(async () => {
    await context?.close();
  });

  // @long: the same caption on the CPU twin with reduced motion is held in `npm test` by
  // water.nogpu's "the hero's caption says the twin's reduced count"; here on the GPU.
  test("the hero's caption says the count it runs, even when nothing moves (reduced motion: no frames, no stats)", {tag: "@long"}, async () => {
    await expectWebGPU(page);
    const hero = page.locator('[data-widget="hero"]');
    // a CPU-emulated adapter runs 4,000 of the 45,000 asked for: as soon as the status line
    // says so (the pipelines still compile for seconds then), the caption says it too …
    await expect(hero.locator(".widget-status")).toContainText("(SwiftShader): 4,000 particles", {timeout: 60_000});
    await expect.poll(() => captionAgrees(page, "hero"), {timeout: 1_500}).toBe("4,000 = 4,000");
    // … and still does once it runs, with no frame to publish anything after the first pour
    await expect(hero).toHaveAttribute("data-engine", "gpu", {timeout: 60_000});
    // the engine's own line is in the disclosure under the caption, the notice in the status line
    await expect(hero.locator(".hero-more .hero-adapter")).toContainText("GPU (");
    await expect(hero.locator(".hero-more")).not.toHaveAttribute("open");
    await expect(hero.locator(".widget-status")).toContainText("particles, drawn larger, one substep per frame");
    expect((await widgetValue(page, "hero")).count).toBe(4000);
    await expect.poll(() => captionAgrees(page, "hero"), {timeout: 5_000}).toBe("4,000 = 4,000");
  });

  // @long: the hero's picture is drawn in `npm test` (the caption's count above, the layout at
  // 1440); here the shading's pixels.
  test("in the light scheme the hero's water is one shaded body with a smooth surface, not one flat colour", {tag: "@long"}, async () => {
    await expectShadedWater(page);
  });
});

// @long: the same shading as "in the light scheme the hero's water is one shaded body with a
// smooth surface, not one flat colour" (the still page above), in the other colour scheme
test("in the dark scheme the hero's water is one shaded body with a smooth surface, not one flat colour", {tag: "@long"}, async ({browser}) => {
  const context = await browser.newContext({viewport: {width: 1440, height: 900}, reducedMotion: "reduce", colorScheme: "dark"});
  const page = await context.newPage();
  await page.goto("/");
  await expectShadedWater(page);
  await context.close();
});
