// The series bar in a browser (its markup and links: series.node.spec.ts): compact on a phone and
// one row on a desktop, clear of the theme toggle, readable in both themes, reached by the keyboard
// right after the skip link and the toggle, and its "Next" link leads to the next part. Layout,
// not motion: every page here is opened with reduced motion (WebGPU hidden: nothing to compile).
import {AxeBuilder} from "@axe-core/playwright";
import {expect, type Page, test} from "@playwright/test";
import {watchErrors} from "./helpers.js";

type Box = {left: number; right: number; top: number; bottom: number};
const overlaps = (a: Box, b: Box) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/** The bar's box, its links' boxes and the theme toggle's, in viewport pixels. */
function barLayout(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
    };
    const bar = document.querySelector(".series-bar")!;
    return {
      bar: box(bar),
      links: [...bar.querySelectorAll("a")].map((a) => ({text: a.textContent!.trim(), ...box(a)})),
      toggle: box(document.querySelector(".theme-toggle")!),
      main: box(document.querySelector("#observablehq-main")!),
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth,
    };
  });
}

/** Serious colour-contrast failures inside the bar, as "rule: target" lines. */
async function barContrast(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({page}).include(".series-bar").withRules(["color-contrast"]).analyze();
  return r.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

/** Checks the bar's layout at this viewport: above the page's content, inside the width, clear of the toggle, at most `maxHeight` tall. */
async function expectCompact(page: Page, maxHeight: number) {
  const L = await barLayout(page);
  expect(L.bar.top).toBe(0);
  expect(L.bar.bottom - L.bar.top, JSON.stringify(L.bar)).toBeLessThanOrEqual(maxHeight);
  expect(L.main.top).toBeGreaterThanOrEqual(L.bar.bottom);
  expect(L.scrollWidth).toBeLessThanOrEqual(L.innerWidth);
  for (const link of L.links) {
    expect(link.right, link.text).toBeLessThanOrEqual(L.innerWidth);
    expect(link.bottom, link.text).toBeLessThanOrEqual(L.bar.bottom);
    expect(overlaps(link, L.toggle), `${link.text} under the theme toggle: ${JSON.stringify([link, L.toggle])}`).toBe(false);
  }
}

test.describe("the essay on a phone, one page", () => {
  test.describe.configure({mode: "serial"});
  let page: Page;
  let errs: ReturnType<typeof watchErrors>;
  test.beforeAll(async ({browser}) => {
    // a context of its own: axe needs one (browser.newPage's page cannot run it)
    page = await (await browser.newContext({viewport: {width: 390, height: 844}, reducedMotion: "reduce", colorScheme: "light"})).newPage();
    errs = watchErrors(page);
    await page.goto("/");
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  test("Tab reaches the skip link, the theme toggle, then every link of the bar in order, then the essay", async () => {
    // the block's first test: nothing has had the focus since the load
    const focused = async () => {
      await page.keyboard.press("Tab");
      return page.evaluate(() => {
        const a = document.activeElement!;
        return a.closest(".series-bar") ? `bar ${a.getAttribute("href")}${a.getAttribute("aria-current") ? " (current)" : ""}` : a.className || a.tagName;
      });
    };
    const order: string[] = [];
    for (let k = 0; k < 8; k++) order.push(await focused());
    expect(order.slice(0, 7)).toEqual([
      "skip-link",
      "theme-toggle",
      "bar ./gravity",
      "bar ./ (current)",
      "bar ./worlds-from-dust",
      "bar ./gravity",
      "bar ./worlds-from-dust",
    ]);
    expect(await page.evaluate(() => !!document.activeElement?.closest("#observablehq-main"))).toBe(true);
    // a focused link in the bar shows it
    await page.locator('.series-bar a[rel="next"]').focus();
    expect(await page.locator('.series-bar a[rel="next"]').evaluate((a) => getComputedStyle(a).outlineStyle)).toBe("solid");
  });

  test("at 390 px the bar is two short rows, inside the width, clear of the toggle; the current part and both neighbours' titles show", async () => {
    await page.evaluate(() => scrollTo(0, 0));
    await expectCompact(page, 100);
    await expect(page.locator('.series-bar [aria-current="page"]')).toBeVisible();
    await expect(page.locator('.series-bar a[rel="prev"]')).toHaveText(/Gravity/);
    await expect(page.locator('.series-bar a[rel="next"]')).toHaveText(/Worlds from Dust/);
    await expect(page.locator('.series-bar a[rel="prev"]')).toBeInViewport({ratio: 1});
    await expect(page.locator('.series-bar a[rel="next"]')).toBeInViewport({ratio: 1});
  });

  // @long: the palette's contrast is unit-tested (palette-contrast.test.ts); this reads the bar's
  // computed colours in both themes.
  test("the bar's text keeps AA contrast in the light theme and in the dark one", {tag: "@long"}, async () => {
    expect(await barContrast(page)).toEqual([]);
    await page.getByRole("button", {name: "Dark theme"}).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await barContrast(page)).toEqual([]);
    // the bar follows the theme: its background is the dark one
    const bg = await page.locator(".series-bar").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--theme-background-alt").trim()).then(toRgb));
  });

  test("the bar's Next link leads to part four, whose bar marks part four", async () => {
    await page.locator('.series-bar a[rel="next"]').click();
    await expect(page).toHaveURL(/\/worlds-from-dust$/);
    await expect(page.locator('.series-bar a[aria-current="page"]')).toHaveText(/Worlds from Dust/);
    await expect(page.locator('.series-bar a[rel="prev"]')).toHaveText(/Neighbour search/);
    await expect(page.locator('.series-bar a[rel="next"]')).toHaveCount(0);
    await expectCompact(page, 100);
    errs.expectNone();
  });
});

/** "#1f2226" → "rgb(31, 34, 38)", as getComputedStyle writes a colour. */
function toRgb(hex: string): string {
  const n = Number.parseInt(hex.replace("#", ""), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

// @long: the bar's layout is held in `npm test` at 390 px (above) and by built-html/series.node's
// markup; here the gravity page's bar at 1440 in the dark theme.
test(
  "on a 1440 px desktop in the dark theme the gravity page's bar is one row, clear of the toggle, readable, with no previous part",
  {tag: "@long"},
  async ({browser}) => {
    const context = await browser.newContext({viewport: {width: 1440, height: 900}, reducedMotion: "reduce", colorScheme: "dark"});
    const page = await context.newPage();
    const errs = watchErrors(page);
    await page.goto("/gravity");
    await expectCompact(page, 60);
    await expect(page.locator('.series-bar a[aria-current="page"]')).toHaveText(/Gravity/);
    await expect(page.locator('.series-bar a[rel="prev"]')).toHaveCount(0);
    await expect(page.locator('.series-bar a[rel="next"]')).toHaveAttribute("href", "./");
    expect(await barContrast(page)).toEqual([]);
    errs.expectNone();
    await context.close();
  }
);
