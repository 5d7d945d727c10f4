// Keyboard and screen readers on the simulation widgets and the sliders: every canvas is
// focusable with a name and instructions, the arrow keys stir §5; sliders say their value in
// the reader's units and one arrow press moves a log slider by a few percent. The key test
// mounts its widget alone on its embed page; the rest need the essay (its canvases together,
// its sliders, its skip link). The keys of §1 are tested in Node (contacts-dom.test.ts), §2's on
// contacts.spec.ts's page of that widget and §4's on sand.spec.ts's (both in the long tier).
import {expect, test, type Page} from "@playwright/test";
import {expectWebGPU, watchErrors, widgetValue} from "./helpers.js";

/** Presses `key` `n` times, `gapMs` apart. */
async function press(page: Page, key: string, n: number, gapMs = 40) {
  for (let i = 0; i < n; i++) {
    await page.keyboard.press(key);
    await page.waitForTimeout(gapMs);
  }
}

/**
 * Records, in the page, every pointer the water kernels are given: each write of the `Water`
 * uniform (buffer "water-params", see packWaterParams in components/water/params.ts: pointer
 * x, y at floats 16, 17; its velocity vx, vy at 18, 19; its radius at 20, 0 when it does not
 * touch the water) as {buf, x, y, vx, vy, r} in `window.__waterPointers`; `buf` numbers the
 * uniform buffers in the order they are first written (the hero and the §5 demo each have one).
 */
async function recordWaterPointer(page: Page) {
  await page.addInitScript(() => {
    const w = window as any;
    w.__waterPointers = [];
    const ids = new WeakMap<GPUBuffer, number>();
    let next = 0;
    const write = GPUQueue.prototype.writeBuffer;
    GPUQueue.prototype.writeBuffer = function (this: GPUQueue, buffer: GPUBuffer, offset: number, data: any, ...rest: any[]) {
      if (buffer.label === "water-params" && data instanceof ArrayBuffer && data.byteLength >= 96) {
        if (!ids.has(buffer)) ids.set(buffer, next++);
        const f = new Float32Array(data);
        w.__waterPointers.push({buf: ids.get(buffer), x: f[16], y: f[17], vx: f[18], vy: f[19], r: f[20]});
      }
      return (write as any).call(this, buffer, offset, data, ...rest);
    } as typeof write;
  });
}

/**
 * Holds `key` down for `ms`, repeating its keydown every `repeatMs` as a held key does
 * (Playwright sends one keydown per `down`; the browser's auto-repeat is not simulated).
 */
async function hold(page: Page, key: string, ms: number, repeatMs = 100) {
  for (let t = 0; t < ms; t += repeatMs) {
    await page.keyboard.down(key);
    await page.waitForTimeout(repeatMs);
  }
  await page.keyboard.up(key);
}

// @long: the keyboard pointer is held in `npm test` in Node by contacts-dom.test.ts ("the arrow
// keys shove the discs", the same keyboard-pointer.ts); here the water's.
test("§5: the arrow keys stir the water", {tag: "@long"}, async ({page}) => {
  const errs = watchErrors(page);
  await recordWaterPointer(page);
  await page.goto("/embed/water"); // the widget alone
  await expectWebGPU(page);
  const el = page.locator('[data-widget="water"]');
  await el.scrollIntoViewIfNeeded();
  await page.mouse.move(2, 2);
  await expect(el).toHaveAttribute("data-engine", "gpu", {timeout: 90_000});
  type P = {buf: number; x: number; y: number; vx: number; vy: number; r: number};
  const written = () => page.evaluate(() => (window as any).__waterPointers as P[]);
  const stirs = async (from: number) => (await written()).slice(from).filter((p) => p.r > 0);
  await expect.poll(async () => (await written()).length, {timeout: 60_000}).toBeGreaterThan(2);
  expect(await stirs(0), "no stirring before any key").toEqual([]);
  // this CPU-emulated adapter starts the water with 4,000 particles in a tank shrunk to them:
  // k = √(4,000 / 50,000) of the full 2 × 1 one, and every world position, speed and the
  // pointer's radius below scale by k
  const k = Math.sqrt(4000 / 50000);
  // 6 presses down from the view's centre (k, ~0.5 k) of 1/30 of its width (2.02 k): near the
  // floor, at the depth of the water once it has spread, on the vertical centre line
  const canvas = el.locator("canvas");
  await canvas.focus();
  const n0 = (await written()).length;
  await press(page, "ArrowDown", 6);
  // (a frame may come between two presses: the lowest stirrer is the one after the last)
  await expect.poll(async () => Math.min(...(await stirs(n0)).map((p) => p.y)), {timeout: 60_000}).toBeLessThan(0.35 * k);
  for (const p of await stirs(n0)) {
    expect(p.x, "the stirrer moves down the centre line").toBeCloseTo(k, 2);
    expect(p.vx, "… not sideways").toBe(0);
    expect(p.r, "… with the water's pointer radius").toBeCloseTo(0.18 * k, 3);
  }
  // a press lets go 0.3 s after the last key: wait for a frame without the stirrer, so that
  // what follows is the held key's alone
  const released = async () => (await written()).at(-1)!.r === 0;
  await expect.poll(released, {timeout: 60_000}).toBe(true);
  // ArrowLeft held: the kernels get a stirrer moving left (its velocity drags the water)
  const n1 = (await written()).length;
  await hold(page, "ArrowLeft", 1500);
  await expect.poll(async () => Math.min(...(await stirs(n1)).map((p) => p.vx)), {timeout: 60_000}).toBeLessThan(-0.5 * k);
  for (const p of await stirs(n1)) {
    expect(p.vx, "never stirred rightwards while ArrowLeft is held").toBeLessThanOrEqual(0);
    expect(Math.abs(p.vy), "stirred along the floor").toBeLessThan(1e-3);
  }
  expect(Math.min(...(await stirs(n1)).map((p) => p.x)), "moved left").toBeLessThan(0.8 * k);
  // ArrowRight held: the stirrer turns round
  await expect.poll(released, {timeout: 60_000}).toBe(true);
  const n2 = (await written()).length;
  await hold(page, "ArrowRight", 1500);
  await expect.poll(async () => Math.max(...(await stirs(n2)).map((p) => p.vx)), {timeout: 60_000}).toBeGreaterThan(0.5 * k);
  for (const p of await stirs(n2)) expect(p.vx, "never stirred leftwards while ArrowRight is held").toBeGreaterThanOrEqual(0);
  // all of it reached one water widget's uniform
  expect(new Set((await stirs(0)).map((p) => p.buf)).size).toBe(1);
  // Escape lets go: the kernels see no stirrer again
  await page.keyboard.press("Escape");
  const n3 = (await written()).length;
  await expect.poll(async () => (await written()).length - n3, {timeout: 60_000}).toBeGreaterThan(2);
  expect(await stirs(n3 + 1), "no stirring after Escape").toEqual([]);
  errs.expectNone();
});

// Names, values and focus order: nothing here needs a moving widget, and a still page leaves the
// cores to the checks (the keys that move things are tested above, with motion). One still page
// for the four (a serial block): the skip link first, while nothing has had the focus; the
// sliders last, as they change counts.
test.describe("still", () => {
  test.describe.configure({mode: "serial"});
  let page: Page;
  let errs: ReturnType<typeof watchErrors>;
  test.beforeAll(async ({browser}) => {
    page = await browser.newPage({reducedMotion: "reduce"});
    errs = watchErrors(page);
    await page.goto("/");
  });
  test.afterAll(async () => {
    await page?.close();
  });

  test("the skip link is the first thing Tab reaches and leads to the essay", async () => {
    // the block's first test: nothing has had the focus since the load
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", {name: "Skip to the essay"});
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#observablehq-main$/);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("#observablehq-main"))).toBe(true);
  });

  test("every simulation canvas is focusable, named, and says which keys work", async () => {
    for (const name of ["hero", "contacts", "grid-query", "sand", "water"]) {
      const canvas = page.locator(`[data-widget="${name}"] canvas`).first();
      await expect(canvas, name).toHaveAttribute("tabindex", "0");
      await expect(canvas, name).toHaveAttribute("role", "application");
      await expect(canvas, name).toHaveAccessibleName(/\w{4,}/);
      await expect(canvas, name).toHaveAccessibleDescription(/Arrow keys/);
    }
  });

  test("the sand overlay is hidden from assistive technology", async () => {
    const sand = page.locator('[data-widget="sand"]');
    await expect(sand.locator(".sim-overlay")).toHaveAttribute("aria-hidden", "true");
    // no unnamed image anywhere in the widget's accessibility tree
    expect(await sand.ariaSnapshot()).not.toMatch(/- img\s*$/m);
  });
  test("sliders say their value in the reader's units; one arrow press moves a log slider a few percent", async () => {
    const discs = page.locator('[data-widget="contacts"] input[type="range"]');
    await expect(discs).toHaveAttribute("aria-valuetext", "2,000 discs");
    await expect(page.locator('[data-widget="sand"] input[aria-label="grains"]')).toHaveAttribute("aria-valuetext", /^[\d,]+ grains$/);
    await expect(page.locator('[data-widget="water"] input[name="water-count"]')).toHaveAttribute("aria-valuetext", /^[\d,]+ particles$/);
    await expect(page.locator('[data-widget="sand"] input[aria-label="substeps per frame"]')).toHaveAttribute("aria-valuetext", /^\d substeps per frame$/);
    // one press: a few percent more discs, and the new count is what the slider says
    await discs.scrollIntoViewIfNeeded();
    await discs.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await widgetValue(page, "contacts")).count).toBeGreaterThan(2000 * 1.03);
    const n = (await widgetValue(page, "contacts")).count;
    expect(n).toBeLessThan(2000 * 1.15);
    await expect(discs).toHaveAttribute("aria-valuetext", `${n.toLocaleString("en-US")} discs`);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(async () => (await widgetValue(page, "contacts")).count).toBe(2000);
    // the particle slider: one press is a new count at release, a few percent away
    const water = page.locator('[data-widget="water"]');
    await water.scrollIntoViewIfNeeded();
    const particles = water.locator('input[name="water-count"]');
    // once running (a software adapter lowers the count first), the slider says the count asked for
    await expect(water).toHaveAttribute("data-engine", "gpu", {timeout: 90_000});
    const agree = async () =>
      `${(await widgetValue(page, "water")).requestedCount.toLocaleString("en-US")} particles` === (await particles.getAttribute("aria-valuetext"));
    await expect.poll(agree, {timeout: 30_000}).toBe(true);
    const before = (await widgetValue(page, "water")).requestedCount;
    await particles.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await widgetValue(page, "water")).requestedCount).toBeGreaterThan(before * 1.03);
    expect((await widgetValue(page, "water")).requestedCount).toBeLessThan(before * 1.2);
    await expect(particles).toHaveAttribute("aria-valuetext", `${(await widgetValue(page, "water")).requestedCount.toLocaleString("en-US")} particles`);
    errs.expectNone();
  });
});
