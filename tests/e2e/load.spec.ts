/**
 * Page load of the essay at first view (no scrolling): what the page asks for before the hero's
 * first WebGPU frame is done (the mark "first-gpu-frame"), and that the rest follows after it.
 * Requests and bytes are values, read from Resource Timing (`startTime` before the mark: the
 * page asked for it before the frame; `decodedBodySize`: uncompressed bytes). Speed itself is
 * measured by scripts/measure-load.mjs (data/bench/page-load.md), never asserted here.
 */
import {expect, test} from "@playwright/test";
import {expectWebGPU, watchErrors} from "./helpers";

/** Decoded (uncompressed) bytes of everything asked for before the first frame: HTML, CSS, JS. */
const MAX_DECODED_BEFORE_FRAME = 150 * 1024;
// the page, its first-screen stylesheet, the hero's entry and its chunks (all preloaded at once:
// one round trip); Framework's own modules follow the frame
const MAX_REQUESTS_BEFORE_FRAME = 16;

interface Res {
  path: string;
  start: number;
  decoded: number;
}

test("before the hero's first frame the page loads only the hero's code (no Framework runtime, no d3, no section, no data, ≤ 150 KB decoded); the sections follow without scrolling", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto("/");
  await expectWebGPU(page);
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName("first-gpu-frame").length), {timeout: 120_000}).toBe(1);
  // the sections' modules load after the frame, in idle time, without any scrolling
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          ["neighbours", "sort", "sand"].every((m) =>
            performance.getEntriesByType("resource").some((e) => new RegExp(`/_bundle/${m}\\.[0-9a-f]+\\.js$`).test(e.name))
          )
        ),
      {timeout: 120_000}
    )
    .toBe(true);
  const {frame, resources} = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const all = [nav, ...(performance.getEntriesByType("resource") as PerformanceResourceTiming[])];
    return {
      frame: performance.getEntriesByName("first-gpu-frame")[0].startTime,
      resources: all.map((e) => ({path: new URL(e.name).pathname, start: e.startTime, decoded: e.decodedBodySize})),
    };
  });
  const before = (resources as Res[]).filter((r) => r.start < frame);
  const after = (resources as Res[]).filter((r) => r.start >= frame);
  const list = (rs: Res[]) => rs.map((r) => `${r.decoded} ${r.path}`).join("\n");
  // what the first frame waited for: the page, its first-screen stylesheet and the hero's graph
  expect(
    before.some((r) => /\/_bundle\/hero\.[0-9a-f]+\.js$/.test(r.path)),
    list(before)
  ).toBe(true);
  // (the page's later cells, `index.cells.<hash>.js`, and its whole stylesheet `style.<hash>.css`
  // follow the frame: the first view links the first-screen part, `style.first.<hash>.css`)
  for (const late of [
    /\/_bundle\/(neighbours|sort|sand)\./,
    /\/_node\/d3-/,
    /\/components\/bench\//,
    /\.json$/,
    /\.wgsl$/,
    /\.cells\.[0-9a-f]+\.js$/,
    /\/style\.[0-9a-f]+\.css$/,
    /\/_observablehq\//,
  ])
    expect(
      before.filter((r) => late.test(r.path)),
      `asked for before the first frame:\n${list(before)}`
    ).toEqual([]);
  expect(before.length, `requests before the first frame:\n${list(before)}`).toBeLessThanOrEqual(MAX_REQUESTS_BEFORE_FRAME);
  const decoded = before.reduce((s, r) => s + r.decoded, 0);
  expect(decoded, `decoded bytes asked for before the first frame:\n${list(before)}`).toBeLessThanOrEqual(MAX_DECODED_BEFORE_FRAME);
  // and after it: every section's module, the §6 data
  for (const later of ["neighbours", "sort", "sand"])
    expect(
      after.some((r) => new RegExp(`/_bundle/${later}\\.[0-9a-f]+\\.js$`).test(r.path)),
      `${later}.js after the first frame:\n${list(after)}`
    ).toBe(true);
  for (const later of [/^\/index\.cells\.[0-9a-f]+\.js$/, /^\/_import\/style\.[0-9a-f]+\.css$/])
    expect(
      after.some((r) => later.test(r.path)),
      `${later} after the first frame:\n${list(after)}`
    ).toBe(true);
  // the essay as a whole (smoke.spec.ts once, a load of its own): its title, six steps, the
  // performance section and the epilogue, seven headings of level 2 in the essay (the footer's
  // "Keep reading" is the eighth, outside it), and no error on the way
  await expect(page.locator("h1")).toContainText("Neighbour search on the GPU");
  await expect(page.locator("#observablehq-main h2")).toHaveCount(7);
  await expect(page.locator("footer h2")).toHaveText(["Keep reading"]);
  errors.expectNone();
});

test("a section far below loads its code when the reader jumps to it, and its widget works", async ({page}) => {
  const errors = watchErrors(page);
  await page.goto("/#5-water-smoothed-particle-hydrodynamics");
  const water = page.locator('[data-widget="water"]');
  await water.scrollIntoViewIfNeeded();
  // the §5 demo's panel loads its histogram (d3) when it comes near, and the histogram counts every particle
  const histogram = async () => {
    await water.scrollIntoViewIfNeeded();
    return water.locator("svg.water-histogram").count();
  };
  await expect.poll(histogram, {timeout: 120_000}).toBe(1);
  // (the sections above load meanwhile and may move it: it runs only near the viewport)
  const counted = async () => {
    await water.scrollIntoViewIfNeeded();
    return water.evaluate((el: any) => el.value.count > 0 && el.value.densityHistogram.reduce((a: number, b: number) => a + b, 0) === el.value.count);
  };
  await expect.poll(counted, {timeout: 120_000}).toBe(true);
  errors.expectNone();
});

// @long: the hero's first load is held in `npm test` by the test above; here a focus kept across
// the cell's swap.
test(
  "a reader who tabbed into the hero before Framework's runtime arrived keeps the focus when the hero's cell takes the widget",
  {tag: "@long"},
  async ({page}) => {
    // hold the page's cells module (Framework's runtime follows the hero's first frame) until the hero's canvas has the focus
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await page.route(/\/index\.cells\.[0-9a-f]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto("/");
    const canvas = page.locator('[data-widget="hero"] canvas');
    await canvas.focus();
    await expect(canvas).toBeFocused();
    await expect.poll(() => asked, {timeout: 60_000}).toBe(true);
    release();
    // the hero's cell has run once a later cell's widget exists
    await expect(page.locator('[data-widget="contacts"]')).toHaveCount(1, {timeout: 60_000});
    await expect(canvas).toBeFocused();
    expect(await page.locator('[data-widget="hero"]').count()).toBe(1);
  }
);
