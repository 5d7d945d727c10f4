// The §4 sand demo in headless Chromium on SwiftShader WebGPU, at the smallest count and
// one substep per frame (SwiftShader runs the 65,536-cell scan on the CPU, slowly). The widget
// alone, on its embed page (/embed/sand): nothing here needs the essay around it. Its arrow keys
// stay here (the reach ring's place is the page's layout); its controls, pointer push, picture and
// device loss are proved in Node (tests/unit/sand-dom.test.ts).
import {test, expect, type Page} from "@playwright/test";
import {expectWebGPU, watchErrors} from "./helpers.js";

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

  // @long: the keyboard pointer is held in `npm test` in Node by contacts-dom.test.ts ("the arrow
  // keys shove the discs", the same keyboard-pointer.ts); here the sand's.
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
});
