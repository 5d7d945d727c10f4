// The §4 sand demo in headless Chromium on SwiftShader WebGPU, at the smallest count and
// one substep per frame (SwiftShader runs the 65,536-cell scan on the CPU, slowly). The widget
// alone, on its embed page (/embed/sand): nothing here needs the essay around it. Its keys
// (keyboard.spec.ts once) share the controls' page.
import {test, expect, type Page} from "@playwright/test";
import {distinctColours, expectWebGPU, gpuStats, sandCountsAgree, watchErrors, widgetValue} from "./helpers.js";

async function framesAdvance(page: Page, by: number) {
  const start = (await widgetValue(page, "sand")).frames;
  await expect.poll(async () => (await widgetValue(page, "sand")).frames, {timeout: 90_000}).toBeGreaterThanOrEqual(start + by);
}

/** Presses `key` `n` times, `gapMs` apart. */
async function press(page: Page, key: string, n: number, gapMs = 40) {
  for (let i = 0; i < n; i++) {
    await page.keyboard.press(key);
    await page.waitForTimeout(gapMs);
  }
}

/**
 * Records, in the page, every pointer the sand kernels are given: each write of the `Sand`
 * uniform (buffer "sand-params", see components/sand/params.ts: pointer x, y at floats 4, 5;
 * active at word 16) as {x, y, active}, in `window.__sandPointers`. Frame rate does not
 * matter: what is checked is what the GPU reads, not how fast it reads it.
 */
async function recordSandPointer(page: Page) {
  await page.addInitScript(() => {
    const w = window as any;
    w.__sandPointers = [];
    const write = GPUQueue.prototype.writeBuffer;
    GPUQueue.prototype.writeBuffer = function (this: GPUQueue, buffer: GPUBuffer, offset: number, data: any, ...rest: any[]) {
      if (buffer.label === "sand-params" && data instanceof ArrayBuffer && data.byteLength >= 80) {
        const f = new Float32Array(data);
        w.__sandPointers.push({x: f[4], y: f[5], active: new Uint32Array(data)[16] === 1});
      }
      return (write as any).call(this, buffer, offset, data, ...rest);
    } as typeof write;
  });
}

// One page, one start of the sand's pipelines on SwiftShader: the keys first (from
// keyboard.spec.ts; they leave the count and the settings as they found them), then the controls
// and the device loss (last: it replaces the page's device).
test.describe("/embed/sand, one page", () => {
  test.describe.configure({mode: "serial"});
  const shared = {} as {page: Page; errs: ReturnType<typeof watchErrors>};
  test.beforeAll(async ({browser}) => {
    shared.page = await browser.newPage();
    shared.errs = watchErrors(shared.page);
    await recordSandPointer(shared.page);
    await shared.page.goto("/embed/sand"); // the widget alone
  });
  test.afterAll(async () => {
    await shared.page?.close();
  });

  // @long: the keyboard pointer is held in `npm test` by contacts.spec's "the arrow keys shove the
  // discs" (the same keyboard-pointer.ts); here the sand's.
  test("§4: the arrow keys push through the sand", {tag: "@long"}, async () => {
    const {page, errs} = shared;
    await expectWebGPU(page);
    const el = page.locator('[data-widget="sand"]');
    await el.scrollIntoViewIfNeeded();
    await expect(el).toHaveAttribute("data-engine", "gpu", {timeout: 90_000});
    type P = {x: number; y: number; active: boolean};
    const written = () => page.evaluate(() => (window as any).__sandPointers as P[]);
    const since = async (n: number) => (await written()).slice(n);
    await expect.poll(async () => (await written()).length, {timeout: 60_000}).toBeGreaterThan(2);
    expect(
      (await written()).filter((p) => p.active),
      "no push before any key"
    ).toEqual([]);
    const canvas = el.locator("canvas");
    const reach = el.locator(".sim-overlay circle.pointer");
    await expect(reach).toHaveCount(0);
    // this CPU-emulated adapter starts the sand with 2,000 grains in a box shrunk to them:
    // side 2·k with k = √(2,000 / 12,000) (fitBox); the view, and so every world position below, scales by k
    const k = Math.sqrt(2000 / 12000);
    // from the view's centre (k, k), 8 presses down of 1/30 of its width: the kernels get an
    // active pointer centred sideways and well below the middle, where the pile is
    await canvas.focus();
    const n0 = (await written()).length;
    await press(page, "ArrowDown", 8, 20);
    await page.keyboard.down(" "); // held: the pointer stays pressed where the arrows left it
    const lowest = async () => Math.min(...(await since(n0)).filter((p) => p.active).map((p) => p.y));
    await expect.poll(lowest, {timeout: 60_000}).toBeLessThan(0.3 * k);
    const pushes = (await since(n0)).filter((p) => p.active);
    for (const p of pushes) expect(p.x, "pushed along the vertical centre line").toBeCloseTo(k, 2);
    // while Space is held the kernels keep getting the press, and the overlay draws its reach
    // where the keyboard put it (centred sideways)
    await expect(reach).toHaveCount(1);
    // (the overlay is redrawn with each pointer change: the circle read may be replaced as it is
    // measured, so its place is read until a measurement lands)
    const box = (await el.locator(".sim-overlay").boundingBox())!;
    const ringCentre = async () => {
      const ring = await reach.boundingBox({timeout: 1_000}).catch(() => null);
      return ring ? (ring.x + ring.width / 2 - box.x) / box.width : null;
    };
    await expect.poll(async () => Math.abs(((await ringCentre()) ?? Number.NaN) - 0.5) < 0.05, {timeout: 10_000}).toBe(true);
    const n1 = (await written()).length;
    await expect.poll(async () => (await since(n1)).filter((p) => p.active).length, {timeout: 60_000}).toBeGreaterThan(1);
    // … and lets go after the key: the kernels see the pointer inactive again
    await page.keyboard.up(" ");
    await expect(reach).toHaveCount(0, {timeout: 5_000});
    const n2 = (await written()).length;
    await expect.poll(async () => (await since(n2)).length, {timeout: 60_000}).toBeGreaterThan(1);
    expect(
      (await since(n2 + 1)).filter((p) => p.active),
      "no push after release"
    ).toEqual([]);
    // sideways keys move the push sideways
    const n3 = (await written()).length;
    await press(page, "ArrowLeft", 6, 20);
    await expect.poll(async () => Math.min(...(await since(n3)).filter((p) => p.active).map((p) => p.x)), {timeout: 60_000}).toBeLessThan(0.5 * k);
    errs.expectNone();
  });

  test("sand runs on the GPU; sliders, re-pour, hash mode and open walls keep it running", async () => {
    const {page, errs} = shared;
    await expectWebGPU(page);
    const widget = page.locator('[data-widget="sand"]');
    await widget.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await widgetValue(page, "sand"))?.engine, {timeout: 90_000}).toBe("gpu");
    // SwiftShader is a CPU emulation: without a count from the page, the sand starts with the
    // reduced load (not 12,000 grains × 5 substeps, half a second per frame) and says so
    const start = await widgetValue(page, "sand");
    expect([start.count, start.substeps]).toEqual([2000, 1]);
    await expect(widget.locator(".widget-status")).toContainText("so the sand starts with 2,000 grains and one substep per frame");
    // one count on the card: the caption, .value.count and the status line all say 2,000
    await expect.poll(() => sandCountsAgree(page), {timeout: 5_000}).toBe("2,000 = 2,000 = 2,000");
    expect(start.requestedCount).toBe(2000);

    await expect(widget.locator('input[aria-label="substeps per frame"]')).toHaveValue("1");
    // the time per frame with about three significant figures ("18.1 ms", not "18.094 ms")
    await expect(widget.locator(".sim-panel")).toContainText(/ (\d{3,}|\d{2}\.\d|\d\.\d\d|0\.\d{3}) ms per frame/, {timeout: 30_000});
    await expect(widget.locator(".sim-panel")).not.toContainText(/\d{2,}\.\d{2,} ms per frame/);
    // smallest settings first: 1 substep, 2,000 grains
    await widget.locator('input[aria-label="substeps per frame"]').fill("1");
    await widget.locator('input[aria-label="grains"]').fill("0");
    await widget.locator('input[aria-label="grains"]').dispatchEvent("change");
    await expect.poll(async () => (await widgetValue(page, "sand")).count).toBe(2000);
    expect((await widgetValue(page, "sand")).substeps).toBe(1);
    await framesAdvance(page, 3);
    const v = await widgetValue(page, "sand");
    expect(v.engine).toBe("gpu");
    expect(v.hashed).toBe(false);
    expect(Object.keys(v.passMs).sort()).toEqual(["clear", "count", "forces", "scan", "scatter"]);
    expect(v.gpuMsPerFrame !== null || v.frameMs !== null).toBe(true);
    await expect(widget.locator(".sim-panel")).toContainText("2,000 grains · 1 substep per frame");
    // the pipeline diagram lights its boxes in turn
    await expect(widget.locator(".pipeline-diagram .phase.lit")).toHaveCount(1);
    const lit = new Set<string>();
    await expect
      .poll(
        async () => {
          lit.add((await widget.locator(".pipeline-diagram .phase.lit").getAttribute("data-phase")) ?? "");
          return lit.size;
        },
        {timeout: 60_000, intervals: [100]}
      )
      .toBeGreaterThanOrEqual(2);
    for (const k of lit) expect(["clear", "count", "scan", "scatter", "forces"]).toContain(k);
    // the slider re-pours with a new count
    await widget.locator('input[aria-label="grains"]').fill("150");
    await widget.locator('input[aria-label="grains"]').dispatchEvent("change");
    await expect.poll(async () => (await widgetValue(page, "sand")).count).toBe(3000);
    await framesAdvance(page, 2);
    // let the block fall a little and look at it
    await framesAdvance(page, 2);
    await widget.screenshot({path: "test-results/sand-dense.png"});
    // the canvas really shows grains (a blank capture has one or two colours)
    expect(await distinctColours(page, await widget.locator("canvas").screenshot())).toBeGreaterThan(4);
    // hash mode: same pipeline, the collision counter appears
    await widget.locator('[data-action="hash"]').click();
    await expect.poll(async () => (await widgetValue(page, "sand")).hashed).toBe(true);
    await framesAdvance(page, 3);
    await expect(widget.locator(".sim-panel")).toContainText("Hash collisions");
    // open the walls (hash mode only)
    await widget.locator('[data-action="walls"]').click();
    await expect.poll(async () => (await widgetValue(page, "sand")).openWalls).toBe(true);
    // push through the pile with the pointer
    const box = (await widget.locator(".sim-overlay").boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.8);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.85, {steps: 4});
    await framesAdvance(page, 3);
    await page.mouse.up();
    await widget.screenshot({path: "test-results/sand-open.png"});
    // back to the dense grid: the walls close and the sand is poured again
    await widget.locator('[data-action="hash"]').click();
    await expect.poll(async () => (await widgetValue(page, "sand")).openWalls).toBe(false);
    await framesAdvance(page, 2);
    // a lost device: the widget says so, rebuilds on a new device and keeps running
    await page.evaluate(() => (globalThis as any).__gpuLoseDevice());
    await expect.poll(async () => (await widgetValue(page, "sand")).deviceLosses, {timeout: 30_000}).toBe(1);
    await expect.poll(async () => (await widgetValue(page, "sand")).engine, {timeout: 90_000}).toBe("gpu");
    await framesAdvance(page, 2);
    const stats = await gpuStats(page);
    expect(stats.validationErrors, stats.lastError ?? "").toBe(0);
    errs.expectNone();
  });
});
