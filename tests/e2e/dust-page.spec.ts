// The Worlds from Dust page on WebGPU (a CPU-emulated adapter): the hero draws its ring of
// grains before any of its kernels exists, and the prose never says "0 grains" or "0 bodies"
// for a disc that is not running; the §4 disc's Grains slider shows the count that runs, and
// its caption, its counter row and the spectrum's caption read one sample. Both pages' heroes
// show their bodies (a 2D poster) before any engine runs, even while the adapter never answers.
import {expect, type Page, test} from "@playwright/test";
import {colourCounts, expectWebGPU, watchErrors} from "./helpers.js";

/**
 * Before any script of the page runs: every compute pipeline the page asks for is held until
 * `__releaseKernels()` (the kernels "compile" for as long as the test wants, whatever the
 * machine's speed), and every text the hero's paragraph ("It starts as …") takes is recorded
 * in `__heroTexts` with the hero's engine at that moment.
 */
async function holdKernels(page: Page) {
  await page.addInitScript(() => {
    const g = globalThis as any;
    g.__kernelsAsked = 0;
    g.__heroTexts = [];
    g.__releaseKernels = () => {};
    const gate = new Promise<void>((resolve) => (g.__releaseKernels = resolve));
    if (typeof GPUDevice !== "undefined") {
      const original = GPUDevice.prototype.createComputePipelineAsync;
      GPUDevice.prototype.createComputePipelineAsync = async function (this: GPUDevice, d: GPUComputePipelineDescriptor) {
        g.__kernelsAsked++;
        await gate;
        return original.call(this, d);
      };
    }
    const record = () => {
      const p = [...document.querySelectorAll("p")].find((e) => e.textContent?.includes("It starts as"));
      const hero = document.querySelector('[data-widget="dust-disc"].hero-widget') as any;
      const text = p?.textContent?.replace(/\s+/g, " ") ?? "";
      if (text && g.__heroTexts.at(-1)?.text !== text) g.__heroTexts.push({text, engine: hero?.value?.engine ?? "none"});
    };
    new MutationObserver(record).observe(document, {subtree: true, childList: true, characterData: true});
  });
}

/**
 * Pixels of the canvas `selector` that are not its most frequent colour, the background: a
 * screenshot of what the canvas itself holds (everything else on the page, the hero's title
 * over it included, hidden, and the canvas's CSS gradient under it taken away), so a canvas
 * nothing has drawn on gives 0.
 */
async function drawnPixels(page: Page, selector: string): Promise<number> {
  const style = `* { visibility: hidden !important; } ${selector} { visibility: visible !important; background: none !important; }`;
  const png = await page.locator(selector).screenshot({style});
  const counts = await colourCounts(page, png);
  return counts.slice(1).reduce((a, [, n]) => a + n, 0);
}

const HERO = '[data-widget="dust-disc"].hero-widget';
/** A figure of zero grains or bodies ("0 grains", not "3,000 grains"). */
const ZERO = /(^|[^\d,.])0 (grains|bodies)/;

for (const [path, hero] of [
  ["/worlds-from-dust", HERO],
  ["/gravity", '[data-widget="galaxy"].hero-widget'],
]) {
  // @long on /gravity: the same boot (the poster before any engine) is held in `npm test` on /worlds-from-dust
  test(
    `${path}: the hero shows its bodies before any engine runs, even while the adapter never answers`,
    {tag: path === "/gravity" ? "@long" : []},
    async ({page}) => {
      test.setTimeout(120_000);
      // an adapter that never answers: no engine can start, GPU or CPU, for the widgets' 15 s
      await page.addInitScript(() => {
        if (navigator.gpu) navigator.gpu.requestAdapter = () => new Promise(() => {});
      });
      await page.goto(path);
      const poster = `${hero} canvas.stage-poster`;
      await expect(page.locator(poster)).toBeVisible({timeout: 30_000});
      await expect.poll(() => drawnPixels(page, poster), {timeout: 30_000}).toBeGreaterThan(1000);
      expect(await page.evaluate((sel) => (document.querySelector(sel) as any).value.engine, hero)).toBe("pending");
    }
  );
}

/** The §4 disc's caption, counter row and spectrum caption, read in one task: bodies and merges of each. */
function discFigures(page: Page) {
  return page.evaluate(() => {
    const slot = document.querySelector("#demo-dust-disc")!;
    const caption = slot.querySelector(".widget-caption")?.textContent ?? "";
    const counter = (label: string) => {
      const dt = [...document.querySelectorAll('[data-counters="dust"] dt')].find((e) => e.textContent === label);
      return dt?.previousElementSibling?.textContent ?? "(none)";
    };
    const spectrum = document.querySelector(".dust-spectrum-figure figcaption")?.textContent ?? "";
    return {
      caption: `${/([\d,]+) of [\d,]+ bodies/.exec(caption)?.[1] ?? "(none)"} bodies, ${/([\d,]+) merges/.exec(caption)?.[1] ?? "(none)"} merges`,
      counters: `${counter("bodies now")} bodies, ${counter("merges so far")} merges`,
      spectrum: `${/([\d,]+) bodies/.exec(spectrum)?.[1] ?? "(none)"} bodies`,
    };
  });
}

// The page with motion at the default size and its kernels held: the hero's first picture and
// paragraph while they compile.
test.describe("/worlds-from-dust, its kernels held", () => {
  test.describe.configure({mode: "serial"});
  let page: Page;
  let errs: ReturnType<typeof watchErrors>;
  test.beforeAll(async ({browser}) => {
    page = await browser.newPage();
    errs = watchErrors(page); // from the load on: each test ends with none
    await holdKernels(page);
    await page.goto("/worlds-from-dust");
  });
  test.afterAll(async () => {
    await page?.close();
  });

  // @long: the hero's picture before any engine is held in `npm test` by "/worlds-from-dust: the
  // hero shows its bodies before any engine runs" above, and the page's figures reading the running
  // disc by "the §4 disc" below; here the paragraph while the kernels compile.
  test("the hero draws its ring before its kernels exist, and the paragraph never counts a disc that is not running", {tag: "@long"}, async () => {
    test.setTimeout(240_000);
    await expectWebGPU(page);
    // the stage's own canvas (the WebGPU one), not the 2D poster laid over it before any engine
    const canvas = `${HERO} canvas[role="application"]`;
    await expect(page.locator(canvas)).toBeVisible({timeout: 30_000});
    // the picture comes while every compute pipeline is held: the engine has not started
    await expect.poll(() => drawnPixels(page, canvas), {timeout: 30_000}).toBeGreaterThan(1000);
    const pending = await page.evaluate((sel) => (document.querySelector(sel) as any).value, HERO);
    expect(pending.engine).toBe("pending");
    expect(await page.evaluate(() => (globalThis as any).__kernelsAsked)).toBeGreaterThan(0);
    // the ring on screen is the disc that will run: the paragraph says its real size, or a dash
    expect(pending.initialCount).toBe(3000);
    const paragraph = page.locator("p", {hasText: "It starts as"});
    await expect(paragraph).toContainText("It starts as 3,000 grains");
    await expect(page.locator(`${HERO} .widget-caption`)).not.toHaveText(/(^|[^\d,.])0 /);
    // the kernels compile; the disc runs and merges
    await page.evaluate(() => (globalThis as any).__releaseKernels());
    await expect.poll(() => page.evaluate((sel) => (document.querySelector(sel) as any).value.engine, HERO), {timeout: 120_000}).toBe("gpu");
    await expect(paragraph).toContainText(/now holds [\d,]+ bodies,\s+after\s+[\d,]+ merges/);
    const texts: {text: string; engine: string}[] = await page.evaluate(() => (globalThis as any).__heroTexts);
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) {
      expect(t.text, JSON.stringify(t)).not.toMatch(ZERO);
      if (t.engine !== "gpu" && t.engine !== "cpu") expect(t.text, JSON.stringify(t)).not.toMatch(/(^|[^\d,.])0 merges/);
    }
    errs.expectNone();
  });
});

// The §4 disc on a load of its own, opened at its section as a link to it opens it: the hero above
// stays off screen, so its frames take no core while the disc runs (33 → 30 CPU-seconds for this
// test alone, a quiet 2-core machine), and the test needs nothing from another.
test("the §4 disc: its slider shows the grains that run; caption, counters and spectrum read one sample", async ({page}) => {
  test.setTimeout(300_000);
  const errs = watchErrors(page);
  await page.goto("/worlds-from-dust#demo-dust-disc");
  await expectWebGPU(page);
  const disc = page.locator('#demo-dust-disc [data-widget="dust-disc"]');
  await disc.scrollIntoViewIfNeeded();
  const value = () => disc.evaluate((el: any) => el.value);
  await expect.poll(async () => (await value()).engine, {timeout: 120_000}).toBe("gpu");
  // a CPU-emulated adapter runs 3,000 grains: the slider says so, not the 20,000 a GPU starts with
  expect((await value()).initialCount).toBe(3000);
  const slider = disc.locator('input[name="dust-grains"]');
  await expect(slider).toHaveAttribute("aria-valuetext", "3,000 grains");
  await expect(disc.locator('label:has(input[name="dust-grains"]) output')).toHaveText("3,000");
  // once the count moves, every read of the three shows the same bodies and merges
  await expect.poll(async () => (await value()).merges, {timeout: 120_000}).toBeGreaterThan(0);
  for (let i = 0; i < 12; i++) {
    const before = await value();
    await expect.poll(async () => (await value()).steps, {timeout: 60_000}).toBeGreaterThan(before.steps);
    const f = await discFigures(page);
    expect(f.counters, JSON.stringify(f)).toBe(f.caption);
    expect(f.caption.startsWith(f.spectrum), JSON.stringify(f)).toBe(true);
  }
  errs.expectNone();
});
