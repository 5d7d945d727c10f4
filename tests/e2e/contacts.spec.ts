// §1 contacts demo and §2 grid-query demo (WebGPU via SwiftShader), each widget alone on its embed
// page: what needs the page — the pixels of their 2D canvases (§1's discs in one colour, a drawn
// canvas with §2's grid on), the arrow keys of §2 with its visible cursor, the pointer mapping at
// device scale factors 2 and 3 and touch. Their counters against recounts of a snapshot, §1's keys
// and pointer shove, the slider, the Show grid toggle and dispose() are proved in Node
// (tests/unit/contacts-dom.test.ts, tests/unit/grid-query-dom.test.ts). What belongs to the essay —
// its counters under §1, the grid drawn before it is scrolled to, the bad options made with the
// essay's own module — is read on one essay page.
import {test, expect, type Page} from "@playwright/test";
import {expectWebGPU, onWidget, watchErrors, widgetValue} from "./helpers.js";

/**
 * Shares of a widget canvas's pixels (read from the canvas itself): `ink` = coloured
 * (neither near-white nor near-black), `white` = background, `black` = never drawn.
 */
async function pixelShares(page: Page, widget: string) {
  return onWidget(page, widget, (el) => {
    const c = el.querySelector("canvas") as HTMLCanvasElement;
    const d = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
    let ink = 0,
      white = 0,
      black = 0;
    for (let i = 0; i < d.length; i += 4) {
      const r = d[i],
        g = d[i + 1],
        b = d[i + 2];
      if (r > 240 && g > 240 && b > 240) white++;
      else if (r < 16 && g < 16 && b < 16) black++;
      else ink++;
    }
    const n = d.length / 4;
    return {ink: ink / n, white: white / n, black: black / n};
  });
}

/** Passes when the canvas shows discs on a white box: not blank, not black. */
async function expectDrawn(page: Page, widget: string) {
  await expect
    .poll(async () => {
      const s = await pixelShares(page, widget);
      return s.ink > 0.05 && s.white > 0.2 && s.black < 0.05;
    })
    .toBe(true);
}

/** Presses `key` `n` times, `gapMs` apart. */
async function press(page: Page, key: string, n: number, gapMs = 40) {
  for (let i = 0; i < n; i++) {
    await page.keyboard.press(key);
    await page.waitForTimeout(gapMs);
  }
}

/**
 * One moving page for the serial block this is called in: the widget alone at `path`, opened in
 * beforeAll, closed in afterAll; `errs` watches it from before the load. Each load starts the
 * widget again (and compiles its kernels on SwiftShader): the tests of one page share it.
 */
function onePage(path: string) {
  const s = {} as {page: Page; errs: ReturnType<typeof watchErrors>};
  test.describe.configure({mode: "serial"});
  test.beforeAll(async ({browser}) => {
    s.page = await browser.newPage();
    s.errs = watchErrors(s.page);
    await s.page.goto(path);
  });
  test.afterAll(async () => {
    await s.page?.close();
  });
  return s;
}

// §1 alone: its colour and a drawn canvas
test.describe("/embed/contacts, one page", () => {
  const shared = onePage("/embed/contacts");

  // (from content.nogpu.spec.ts: the contacts run on the CPU with or without WebGPU)
  test("§1's discs are drawn in one colour", async () => {
    const {page} = shared;
    const w = page.locator('[data-widget="contacts"]');
    await w.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await widgetValue(page, "contacts"))?.steps ?? 0, {timeout: 60_000}).toBeGreaterThan(5);
    // the colours that fill a real share of the discs (edges blend into the background, but
    // each blend covers few pixels); the most common colour is the background
    const shares = await w
      .locator("canvas")
      .first()
      .evaluate((c: HTMLCanvasElement) => {
        const d = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
        const counts = new Map<number, number>();
        for (let i = 0; i < d.length; i += 4) {
          const k = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
          counts.set(k, (counts.get(k) ?? 0) + 1);
        }
        const sorted = [...counts.values()].sort((a, b) => b - a);
        const discs = sorted.slice(1).reduce((a, b) => a + b, 0);
        return sorted.slice(1).map((n) => n / discs);
      });
    expect(shares.filter((s) => s > 0.1)).toHaveLength(1);
    // discs on a white box: not blank, not black (the counters, keys and pointer: tests/unit/contacts-dom.test.ts)
    await expectDrawn(page, "contacts");
    const box = (await w.locator("canvas").boundingBox())!;
    await page.screenshot({
      path: "test-results/screenshots/contacts.png",
      clip: {x: box.x - 10, y: box.y - 10, width: box.width + 20, height: box.height + 20},
    });
  });
});

// §2 alone: the keyboard's query (from keyboard.spec.ts), then the canvas drawn with the grid on
test.describe("/embed/grid-query, one page", () => {
  const shared = onePage("/embed/grid-query");
  // @long: the keyboard pointer is held in `npm test` in Node on §1 (contacts-dom.test.ts: "the arrow keys shove the discs", the
  // same keyboard-pointer.ts).
  test("§2: the arrow keys move the query; Escape parks it again", {tag: "@long"}, async () => {
    const {page, errs} = shared;
    await expectWebGPU(page);
    const el = page.locator('[data-widget="grid-query"]');
    await el.scrollIntoViewIfNeeded();
    await page.mouse.move(2, 2);
    await expect.poll(async () => (await widgetValue(page, "grid-query"))?.steps ?? 0, {timeout: 90_000}).toBeGreaterThan(5);
    const parked = (await widgetValue(page, "grid-query")).queryCell;
    const canvas = el.locator("canvas");
    await canvas.focus();
    // from the centre of the 24×24 grid (cell 12, 12), 6 presses of 1/30 of the width: 4.8 cells right
    await press(page, "ArrowRight", 6);
    await expect.poll(async () => (await widgetValue(page, "grid-query")).queryCell, {timeout: 30_000}).toEqual([16, 12]);
    await press(page, "ArrowUp", 3);
    await expect.poll(async () => (await widgetValue(page, "grid-query")).queryCell, {timeout: 30_000}).toEqual([16, 14]);
    await expect(el.locator(".sim-key-cursor")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect.poll(async () => (await widgetValue(page, "grid-query")).queryCell, {timeout: 30_000}).toEqual(parked);
    await expect(el.locator(".sim-key-cursor")).toBeHidden();
    errs.expectNone();
  });

  // the counters, the toggle's state and dispose(): tests/unit/grid-query-dom.test.ts; the pixels are the page's
  test("§2 with the grid shown, the canvas is drawn", async () => {
    const {page, errs} = shared;
    const el = page.locator('[data-widget="grid-query"]');
    await el.scrollIntoViewIfNeeded();
    const framesBefore = await onWidget(page, "grid-query", (e) => e.timing.frames as number);
    await el.getByRole("button", {name: "Show grid"}).click();
    await expect(el.getByRole("button", {name: "Show grid"})).toHaveAttribute("aria-pressed", "true");
    // a frame drawn with the grid on (in place of a fixed wait)
    await expect.poll(() => onWidget(page, "grid-query", (e) => e.timing.frames as number), {timeout: 30_000}).toBeGreaterThan(framesBefore + 1);
    await expectDrawn(page, "grid-query");
    const box = (await el.locator("canvas").boundingBox())!;
    await page.screenshot({
      path: "test-results/screenshots/grid-query.png",
      clip: {x: box.x - 10, y: box.y - 10, width: box.width + 20, height: box.height + 20},
    });
    errs.expectNone();
  });
});

// scale 1 is every other test's (contacts.nogpu's wheel test holds the cell under a still mouse
// there). @long: the mapping from CSS pixels to the world, at any device pixel ratio, is
// unit-tested in `npm test` (canvas-stage.test.ts: clientToWorld, backingSize); here on a page at 2 and 3
for (const scale of [2, 3]) {
  test(`§2 pointer → cell is exact at device scale factor ${scale}`, {tag: "@long"}, async ({browser}) => {
    const ctx = await browser.newContext({deviceScaleFactor: scale, viewport: {width: 900, height: 800}});
    const page = await ctx.newPage();
    const errs = watchErrors(page);
    await page.goto("/embed/grid-query"); // the widget alone
    const el = page.locator('[data-widget="grid-query"]');
    await el.scrollIntoViewIfNeeded();
    const canvas = el.locator("canvas");
    // the backing store follows the CSS size × devicePixelRatio
    const dims = await canvas.evaluate((c: HTMLCanvasElement) => ({w: c.width, h: c.height, cw: c.getBoundingClientRect().width, dpr: devicePixelRatio}));
    expect(dims.dpr).toBe(scale);
    expect(Math.abs(dims.w - dims.cw * scale)).toBeLessThanOrEqual(1);
    const box = (await canvas.boundingBox())!;
    const cell = box.width / 24;
    // cell centres, the four corner cells, and points a quarter-pixel inside a cell border
    const targets: [number, number, number, number][] = [
      [3, 20, 0.5, 0.5],
      [12, 12, 0.5, 0.5],
      [20, 2, 0.5, 0.5],
      [0, 0, 0.5, 0.5],
      [23, 23, 0.5, 0.5],
      [23, 0, 0.5, 0.5],
      [0, 23, 0.5, 0.5],
      [7, 9, 0.5 / cell, 0.5],
      [8, 9, 1 - 0.5 / cell, 0.5],
    ];
    for (const [cx, cy, fx, fy] of targets) {
      const px = box.x + (cx + fx) * cell;
      const py = box.y + box.height - (cy + fy) * cell;
      await page.mouse.move(px, py);
      await expect.poll(async () => (await widgetValue(page, "grid-query")).queryCell, {timeout: 30_000}).toEqual([cx, cy]);
    }
    await page.mouse.move(box.x + box.width + 40, box.y + 10); // off the box: parks
    await expect.poll(async () => (await widgetValue(page, "grid-query")).queryCell, {timeout: 30_000}).toEqual([12, 1]);
    if (scale === 2) {
      // the canvas follows the page: a narrow window shrinks it, and the mapping stays exact
      await page.setViewportSize({width: 420, height: 800});
      await canvas.scrollIntoViewIfNeeded();
      await expect.poll(async () => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeLessThan(dims.w);
      const small = (await canvas.boundingBox())!;
      const w = await canvas.evaluate((c: HTMLCanvasElement) => ({w: c.width, cw: c.getBoundingClientRect().width}));
      expect(Math.abs(w.w - w.cw * 2)).toBeLessThanOrEqual(1);
      const sc = small.width / 24;
      for (const [cx, cy] of [
        [2, 21],
        [17, 5],
      ]) {
        await page.mouse.move(small.x + (cx + 0.5) * sc, small.y + small.height - (cy + 0.5) * sc);
        await expect.poll(async () => (await widgetValue(page, "grid-query")).queryCell, {timeout: 30_000}).toEqual([cx, cy]);
      }
    }
    errs.expectNone();
    await ctx.close();
  });
}

// @long: touch on a canvas is a long-tier check here and in reader-modes.spec (a swipe that
// scrolls, a drag after a tap); the pointer's mapping is unit-tested (canvas-stage.test.ts).
test("§2 touch: idle demo lets vertical swipes scroll (pan-y); a touch drag moves the query, lifting parks it", {tag: "@long"}, async ({browser}) => {
  const ctx = await browser.newContext({hasTouch: true, viewport: {width: 800, height: 800}});
  const page = await ctx.newPage();
  const errs = watchErrors(page);
  await page.goto("/embed/grid-query"); // the widget alone
  const canvas = page.locator('[data-widget="grid-query"] canvas');
  await canvas.scrollIntoViewIfNeeded();
  expect(await canvas.evaluate((c) => getComputedStyle(c).touchAction)).toBe("pan-y");
  const box = (await canvas.boundingBox())!;
  const cell = box.width / 24;
  const at = (cx: number, cy: number) => ({clientX: box.x + (cx + 0.5) * cell, clientY: box.y + box.height - (cy + 0.5) * cell});
  const fire = (type: string, p: {clientX: number; clientY: number}) =>
    canvas.evaluate((c, [t, q]) => c.dispatchEvent(new PointerEvent(t as string, {...(q as object), pointerType: "touch", pointerId: 7, bubbles: true})), [
      type,
      p,
    ] as const);
  await fire("pointerdown", at(5, 10));
  expect(await canvas.evaluate((c) => c.style.touchAction)).toBe("none"); // awake: drags belong to the demo
  await fire("pointermove", at(6, 11));
  await expect.poll(async () => (await widgetValue(page, "grid-query")).queryCell, {timeout: 30_000}).toEqual([6, 11]);
  await fire("pointerup", at(6, 11));
  await expect.poll(async () => (await widgetValue(page, "grid-query")).queryCell, {timeout: 30_000}).toEqual([12, 1]);
  // back to idle after a while: vertical swipes scroll the page again
  await expect.poll(async () => canvas.evaluate((c) => c.style.touchAction), {timeout: 10_000}).toBe("pan-y");
  errs.expectNone();
  await ctx.close();
});

// The essay's own part of the two cards, and widgets made with the essay's module: one moving
// essay page (a serial block), read first before anything is scrolled.
test.describe("on the essay", () => {
  test.describe.configure({mode: "serial"});
  let page: Page;
  let errs: ReturnType<typeof watchErrors>;
  test.beforeAll(async ({browser}) => {
    page = await browser.newPage();
    errs = watchErrors(page);
    await page.goto("/");
  });
  test.afterAll(async () => {
    await page?.close();
  });

  test("§2's grid is drawn before it is scrolled to; the counters under §1 show its widget's value", async () => {
    await expectWebGPU(page);
    const grid = page.locator('[data-widget="grid-query"]');
    // drawn once even before it is scrolled into view (its loop runs only while visible)
    expect(await grid.evaluate((e) => e.getBoundingClientRect().top)).toBeGreaterThan(900);
    await expectDrawn(page, "grid-query");
    const el = page.locator('[data-widget="contacts"]');
    await el.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await widgetValue(page, "contacts"))?.steps ?? 0, {timeout: 60_000}).toBeGreaterThan(0);
    // the counters under the demo show the widget's value
    expect((await widgetValue(page, "contacts")).checksPerStep).toBe(1_999_000);
    await expect(page.locator('[data-counters="contacts"]')).toContainText("1,999,000");
    errs.expectNone();
  });

  test("bad options give a visible message and a working demo, never a blank", async () => {
    await page.locator('[data-widget="grid-query"]').scrollIntoViewIfNeeded();
    const res = await page.evaluate(async () => {
      const find = (name: string) =>
        performance
          .getEntriesByType("resource")
          .map((e) => e.name)
          .find((n) => new RegExp(`/${name}\\.[0-9a-f]+\\.js$`).test(n));
      // the essay's §1–§2 module (scripts/bundle-page.mjs) exports both factories
      const cUrl = find("_bundle/neighbours"),
        gUrl = cUrl;
      if (!cUrl || !gUrl) return null;
      const c = (await import(cUrl)).createContacts({count: 1e6, stepsPerFrame: "lots"});
      const g = (await import(gUrl)).createGridQuery({count: -5, parkCell: [99, 3], gpu: false});
      const host = document.querySelector('[data-widget="grid-query"]')!;
      host.before(c, g); // on screen, so their loops run
      for (let i = 0; i < 400 && !(c.value.steps > 0 && g.value.steps > 0); i++) await new Promise((r) => setTimeout(r, 50));
      const out = {
        cStatus: c.querySelector(".widget-status").textContent,
        gStatus: g.querySelector(".widget-status").textContent,
        cCount: c.value.count,
        cChecks: c.value.checksPerStep,
        gCount: g.value.count,
        gCell: g.value.queryCell,
        gEngine: g.value.engine,
      };
      c.dispose();
      g.dispose();
      c.remove();
      g.remove();
      return out;
    });
    expect(res, "the widget modules were loaded by the page").not.toBeNull();
    expect(res!.cStatus).toContain("disc count 1000000 is outside 200–4,000; using 4,000");
    expect(res!.cStatus).toContain("steps per frame must be a number");
    expect(res!.cCount).toBe(4000);
    expect(res!.cChecks).toBe(7_998_000);
    expect(res!.gStatus).toContain("disc count -5 is outside 100–6,000; using 100");
    expect(res!.gStatus).toContain("park cell x 99 is outside 0–23; using 23");
    expect(res!.gCount).toBe(100);
    expect(res!.gCell).toEqual([23, 3]);
    expect(res!.gEngine).toBe("cpu");
    errs.expectNone();
  });
});
