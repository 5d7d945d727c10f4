/**
 * Every reader: reduced motion (nothing moves until Play; Pause everywhere), touch (a swipe
 * that starts on a canvas scrolls the page; a tap wakes the demo), print (a still of every
 * canvas, the scroll story as its steps, the footer, no empty page). Two loads of the essay: one
 * moving (Pause, the water card's one sample, print), one still on a phone (Play, touch).
 */
import {type BrowserContext, expect, type Page, test} from "@playwright/test";
import {animationFrames, expectWebGPU, gpuStats, scrollSettled, settled, watchErrors} from "./helpers";
import {expectWaterOneSample} from "./one-sample-check.js";
import {pdfPages} from "./pdf";

/** The animated widgets and how far each has got (frames or steps). */
const ANIMATED = ["hero", "contacts", "grid-query", "sand", "water"] as const;
type Animated = (typeof ANIMATED)[number];
const progressOf = (page: Page, name: Animated) =>
  page.evaluate((n) => {
    const el = document.querySelector(`[data-widget="${n}"]`) as any;
    if (n === "hero" || n === "water") return el.__frames() as number;
    return (n === "sand" ? el.value.frames : el.value.steps) as number;
  }, name);

/** Scrolls `name` into view and waits for its engine. */
async function startWidget(page: Page, name: string) {
  const w = page.locator(`[data-widget="${name}"]`);
  await w.scrollIntoViewIfNeeded();
  await expect(w).toHaveAttribute("data-engine", /^(gpu|cpu)$/, {timeout: 90_000});
  return w;
}

test("without reduced motion every animation plays and Pause stops it (no submits), a slider still redraws once; then print: a still of every canvas", async ({
  page,
}) => {
  test.setTimeout(420_000);
  const errs = watchErrors(page);
  await page.goto("/");
  await expectWebGPU(page);
  for (const name of ANIMATED) {
    const w = await startWidget(page, name);
    const pause = w.locator("button.play-toggle");
    await expect(pause).toHaveAccessibleName("Pause");
    const p0 = await progressOf(page, name);
    await expect.poll(() => progressOf(page, name), {timeout: 60_000}).toBeGreaterThan(p0);
    // the water running on its card: the one-sample reads want its caption's writes (one-sample-check.ts)
    if (name === "water")
      await test.step("the §5 water card: its caption and its status line say one count and one GPU time", () => expectWaterOneSample(page));
    await pause.click();
    await expect(pause).toHaveAccessibleName("Play");
    // a frame in flight lands (both hold still over 10 frames), then 30 frames in which nothing may move
    const [p1, s1] = await settled(page, async () => [await progressOf(page, name), (await gpuStats(page)).submits as number]);
    await animationFrames(page, 30); // 30 chances to submit: a loop that still runs takes the first
    expect(await progressOf(page, name), `${name} advanced while paused`).toBe(p1);
    expect((await gpuStats(page)).submits, `${name}: GPU submits while paused`).toBe(s1);
  }
  // paused, the sand still answers its controls: Re-pour draws the new grains once (one submit), no frames
  const sand = page.locator('[data-widget="sand"]');
  await sand.scrollIntoViewIfNeeded();
  const s2 = (await gpuStats(page)).submits;
  await sand.getByRole("button", {name: /re-pour/i}).click();
  await expect.poll(async () => (await gpuStats(page)).submits - s2, {timeout: 10_000}).toBe(1);
  await animationFrames(page, 30);
  expect((await gpuStats(page)).submits - s2).toBe(1);

  // the same load, every widget paused: print (one load of the essay fewer, each starting every widget)
  await test.step("print: a still of every canvas, controls hidden, the scroll story as its steps in order, the footer, no empty page", async () => {
    await startWidget(page, "scan-scrub");
    await expect.poll(() => page.evaluate(() => (document.querySelector('[data-widget="scan-scrub"]') as any).value !== null), {timeout: 60_000}).toBe(true);

    // print emulation changes the media only; a browser fires beforeprint before it prints
    await page.emulateMedia({media: "print"});
    await page.evaluate(() => dispatchEvent(new Event("beforeprint")));
    for (const name of ANIMATED) {
      const w = page.locator(`[data-widget="${name}"]`);
      const still = w.locator("canvas.print-still");
      await expect(still, `${name} still`).toBeVisible();
      await expect(w.locator("canvas:not(.print-still)")).toBeHidden();
      const colours = await still.evaluate((c: HTMLCanvasElement) => {
        const d = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
        const seen = new Set<number>();
        for (let i = 0; i < d.length; i += 4 * 7) seen.add((d[i] << 24) | (d[i + 1] << 16) | (d[i + 2] << 8) | d[i + 3]);
        return seen.size;
      });
      expect(colours, `${name}: the still is a picture, not a blank`).toBeGreaterThan(8);
      await expect(w.locator("button:visible, input:visible")).toHaveCount(0);
    }
    const scrub = page.locator('[data-widget="scan-scrub"]');
    await expect(scrub.locator(".scrub-stage")).toBeHidden();
    const steps = await scrub.locator(".scrub-step").evaluateAll((els) =>
      els.map((el) => ({
        top: el.getBoundingClientRect().top,
        height: el.getBoundingClientRect().height,
        opacity: getComputedStyle(el.querySelector(".scrub-card")!).opacity,
        figure: (el.querySelector(".scrub-print svg") as SVGElement | null)?.getBoundingClientRect().height ?? 0,
      }))
    );
    expect(steps.length).toBeGreaterThan(4);
    steps.forEach((s, k) => {
      expect(s.opacity, `step ${k} opacity`).toBe("1");
      expect(s.figure, `step ${k} has its picture`).toBeGreaterThan(100);
      if (k) expect(s.top, `step ${k} follows step ${k - 1}`).toBeGreaterThan(steps[k - 1].top);
    });
    await expect(page.locator("#observablehq-footer")).toBeVisible();
    await page.evaluate(() => dispatchEvent(new Event("afterprint")));
    // null ends the emulation; "screen" would be an override that page.pdf() keeps, printing
    // the screen layout (no print stylesheet, no stills)
    await page.emulateMedia({media: null});
    await expect(page.locator(".print-still, .scrub-print")).toHaveCount(0);

    // the real print: page.pdf() fires beforeprint itself
    const pages = pdfPages(await page.pdf({format: "A4"}));
    // empty, or one faded card alone (the old scroll story): little text and no picture. The
    // last page holds whatever is left after the others filled up, so it may be short, but
    // not empty (a blank last page is a layout leftover: a tall box hidden or emptied in print)
    const empty = pages
      .map((p, k) => ({k: k + 1, ...p}))
      .filter((p) => (p.k < pages.length ? p.textBytes < 3000 && p.contentBytes < 20_000 : p.textBytes === 0 && p.images === 0));
    expect(empty, `(nearly) empty pages of ${pages.length}`).toEqual([]);
    expect(
      pages.reduce((n, p) => n + p.images, 0),
      "the stills are in the PDF"
    ).toBeGreaterThanOrEqual(ANIMATED.length);
  });
  errs.expectNone();
});

/** A one-finger swipe through CDP touch events, from (x, y) by (dx, dy) CSS px. */
async function swipe(context: BrowserContext, page: Page, x: number, y: number, dx: number, dy: number) {
  const cdp = await context.newCDPSession(page);
  const at = (k: number) => [{x: x + (dx * k) / 10, y: y + (dy * k) / 10, id: 1}];
  await cdp.send("Input.dispatchTouchEvent", {type: "touchStart", touchPoints: at(0)});
  for (let k = 1; k <= 10; k++) {
    await cdp.send("Input.dispatchTouchEvent", {type: "touchMove", touchPoints: at(k)});
    await page.waitForTimeout(16);
  }
  await cdp.send("Input.dispatchTouchEvent", {type: "touchEnd", touchPoints: []});
  await cdp.detach();
}

// A phone with touch and reduced motion: the widgets wait, paused, so touch input is not queued
// behind frames of an emulated GPU (touch-action and the pointer do not depend on the animation),
// and nothing may move until Play. One load for both (a serial block, the page opened in
// beforeAll): each widget is left paused by the first test, as reduced motion starts it.
test.describe("a phone with touch and reduced motion, one page", () => {
  test.describe.configure({mode: "serial"});
  let context: BrowserContext;
  let page: Page;
  let errs: ReturnType<typeof watchErrors>;
  test.beforeAll(async ({browser}) => {
    context = await browser.newContext({viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true, reducedMotion: "reduce"});
    page = await context.newPage();
    errs = watchErrors(page); // from the load on: the first test ends with none
    await page.goto("/");
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test("nothing moves until Play is pressed (keyboard); then it moves", async () => {
    test.setTimeout(300_000); // five widgets started at phone width on an emulated GPU
    await expectWebGPU(page);
    for (const name of ANIMATED) {
      const w = await startWidget(page, name);
      const play = w.locator("button.play-toggle");
      await expect(play).toBeVisible();
      await expect(play).toHaveAccessibleName("Play");
      // (a one-off draw after the start has landed: both hold still over 10 frames), then 30 frames
      const [p0, s0] = await settled(page, async () => [await progressOf(page, name), (await gpuStats(page)).submits as number]);
      await animationFrames(page, 30); // 30 chances to submit: a loop that still runs takes the first
      expect(await progressOf(page, name), `${name} advanced under reduced motion`).toBe(p0);
      expect((await gpuStats(page)).submits, `${name}: GPU submits while paused`).toBe(s0);
      await play.focus();
      await page.keyboard.press("Enter");
      await expect(play).toHaveAccessibleName("Pause");
      await expect.poll(() => progressOf(page, name), {timeout: 60_000}).toBeGreaterThan(p0);
      await play.click(); // paused again, so the next widget's counters are its own
      await expect(play).toHaveAccessibleName("Play");
    }
    errs.expectNone();
  });

  test("touch: a swipe starting on any canvas scrolls the page; after a tap a drag reaches the demo", async () => {
    test.setTimeout(420_000); // five widgets started at phone width on an emulated GPU
    for (const name of ANIMATED) {
      const w = await startWidget(page, name);
      const canvas = w.locator("canvas").first();
      await canvas.evaluate((c) => window.scrollBy(0, c.getBoundingClientRect().top + c.getBoundingClientRect().height / 2 - innerHeight / 2));
      await scrollSettled(page); // the widgets around it may still move the page as they fill in
      const box = (await canvas.boundingBox())!;
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      // the hero says it in its one caption line (its touch hint is in the closed disclosure)
      if (name === "hero") await expect(w.locator(".widget-caption")).toContainText("swipe sideways to stir");
      else await expect(w.locator(".touch-hint")).toBeVisible();
      const y0 = await page.evaluate(() => scrollY);
      await swipe(context, page, cx, cy, 0, -200);
      await expect.poll(() => page.evaluate(() => scrollY), {message: `${name}: swipe scrolled`, timeout: 5000}).toBeGreaterThan(y0 + 50);

      // the interaction: a tap wakes a tap-to-wake canvas; the hero takes sideways drags
      await canvas.evaluate((c) => window.scrollBy(0, c.getBoundingClientRect().top + c.getBoundingClientRect().height / 2 - innerHeight / 2));
      await scrollSettled(page); // the widgets around it may still move the page as they fill in
      const b2 = (await canvas.boundingBox())!;
      const [x, y] = [b2.x + b2.width / 2, b2.y + b2.height / 2];
      await canvas.evaluate((c) => {
        const log = ((c as any).__touchLog = {move: 0, cancel: 0});
        c.addEventListener("pointermove", (e) => (e as PointerEvent).pointerType === "touch" && (e as PointerEvent).buttons && log.move++);
        c.addEventListener("pointercancel", () => log.cancel++);
      });
      const y1 = await page.evaluate(() => scrollY);
      if (name === "hero") await swipe(context, page, x - 100, y, 200, 0);
      else {
        await page.touchscreen.tap(x, y);
        await swipe(context, page, x, y, 0, -150);
      }
      const log = await canvas.evaluate((c) => (c as any).__touchLog);
      expect(log.cancel, `${name}: the drag was taken by the page`).toBe(0);
      expect(log.move, `${name}: the demo got the drag`).toBeGreaterThan(5);
      if (name !== "hero") expect(await page.evaluate(() => scrollY), `${name}: a woken canvas keeps the drag`).toBe(y1);
    }
  });
});
