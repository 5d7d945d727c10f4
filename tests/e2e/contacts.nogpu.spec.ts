// Without WebGPU the §2 grid demo runs its CPU twin at the same disc count and says so;
// its counters still equal a recount from the snapshot. §1 runs as usual (CPU anyway).
// Both tests on one essay page (a serial block): the fallback's first, before the mouse moves.
import {test, expect, type Page} from "@playwright/test";
import {disableWebGPU, watchErrors, widgetValue} from "./helpers.js";
import {cellOf, demoGrid} from "../../components/contacts/grid-query.js";

test.describe.configure({mode: "serial"});
let page: Page;
let errs: ReturnType<typeof watchErrors>;
test.beforeAll(async ({browser}) => {
  page = await browser.newPage();
  await disableWebGPU(page);
  errs = watchErrors(page);
  await page.goto("/");
});
test.afterAll(async () => {
  await page?.close();
});

// @long: the fallback path is held in `npm test` by sort-widget.nogpu, water.nogpu and hero.nogpu,
// this widget's start without WebGPU by embed-errors.nogpu, and its counters on the GPU by
// grid-query-dom.test.ts in Node.
test("grid demo falls back to the twin with a visible line, same count, right counters", {tag: "@long"}, async () => {
  expect(await page.evaluate(() => "gpu" in navigator && (navigator as any).gpu)).toBeFalsy();
  const el = page.locator('[data-widget="grid-query"]');
  await el.scrollIntoViewIfNeeded();
  await expect(el.locator(".widget-status")).toContainText("WebGPU is not available");
  await expect.poll(async () => (await widgetValue(page, "grid-query"))?.steps ?? 0, {timeout: 60_000}).toBeGreaterThan(10);
  const snap = await page.evaluate(() => (document.querySelector('[data-widget="grid-query"]') as any).snapshot());
  const v = snap.value;
  expect(v.engine).toBe("cpu");
  expect(v.count).toBe(3500);
  expect(v.allPairs).toBe(6_123_250);
  const g = demoGrid();
  const cells = snap.x.map((x: number, i: number) => cellOf(g, x, snap.y[i]));
  let pairs = 0;
  for (let i = 0; i < cells.length; i++)
    for (let j = i + 1; j < cells.length; j++) if (Math.abs(cells[i][0] - cells[j][0]) <= 1 && Math.abs(cells[i][1] - cells[j][1]) <= 1) pairs++;
  expect(v.candidatePairs).toBe(pairs);
  await expect(page.locator('[data-counters="grid"]')).toContainText("6,123,250");
  // §1 is CPU brute force with or without WebGPU
  const c = page.locator('[data-widget="contacts"]');
  await c.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await widgetValue(page, "contacts"))?.checksPerStep ?? 0, {timeout: 60_000}).toBe(1_999_000);
  errs.expectNone();
});

// @long: the pointer's mapping to the world is unit-tested (canvas-stage.test.ts, clientToWorld);
// the wheel under a still mouse only here.
test("grid demo: wheel-scrolling the page under a still mouse moves the query to the cell now under it", {tag: "@long"}, async () => {
  const canvas = page.locator('[data-widget="grid-query"] canvas');
  await canvas.evaluate((c) => c.scrollIntoView({block: "center"}));
  await expect.poll(async () => (await widgetValue(page, "grid-query"))?.steps ?? 0, {timeout: 60_000}).toBeGreaterThan(2);
  const box = (await canvas.boundingBox())!;
  const cell = box.width / 24;
  const px = box.x + 12.5 * cell;
  const py = box.y + box.height - 8.5 * cell;
  await page.mouse.move(px, py);
  await expect.poll(async () => (await widgetValue(page, "grid-query")).queryCell, {timeout: 30_000}).toEqual([12, 8]);
  // the page scrolls by about five cells; the mouse stays where it is
  const scrollY = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, Math.round(5 * cell));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollY + 3 * cell);
  /** The cell under the (still) mouse now, from the canvas's current box. */
  const under = async () => {
    const b = (await canvas.boundingBox())!;
    return [Math.floor((px - b.x) / cell), Math.floor((b.y + b.height - py) / cell)];
  };
  await expect
    .poll(async () => JSON.stringify([(await widgetValue(page, "grid-query")).queryCell, await under()]), {timeout: 30_000})
    .toMatch(/^\[\[(\d+),(\d+)\],\[\1,\2\]\]$/);
  expect((await under())[1]).toBeLessThan(8);
  errs.expectNone();
});
