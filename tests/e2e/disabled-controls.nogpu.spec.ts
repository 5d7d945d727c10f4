/**
 * A disabled control looks and points unlike an enabled one, in both themes, and its label
 * stays readable: "Open the walls" before the hash is on (sand), "◀ Previous" at the first
 * phase (counting sort), the bench page's Run without WebGPU. (WebGPU hidden, as in a
 * browser without it, where these were first seen.)
 */
import {expect, type Locator, type Page, test} from "@playwright/test";
import {SCHEMES} from "./a11y-check.js";
import {disableWebGPU} from "./helpers.js";

/** The look of a button: what a reader sees and the cursor it shows. */
const look = (b: Locator) =>
  b.evaluate((e) => {
    const s = getComputedStyle(e);
    return {cursor: s.cursor, color: s.color, background: s.backgroundColor, border: s.borderTopStyle};
  });

/** WCAG contrast of the button's text colour on the page background behind it (the card's). */
const contrast = (b: Locator) =>
  b.evaluate((e) => {
    const rgb = (c: string) => c.match(/[\d.]+/g)!.map(Number);
    const lum = ([r, g, bl]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(bl);
    };
    let bg: HTMLElement | null = e as HTMLElement;
    while (bg && (/rgba\(.*, 0\)$/.test(getComputedStyle(bg).backgroundColor) || getComputedStyle(bg).backgroundColor === "transparent")) bg = bg.parentElement;
    const a = lum(rgb(getComputedStyle(e).color));
    const b2 = lum(rgb(bg ? getComputedStyle(bg).backgroundColor : "rgb(255,255,255)"));
    return (Math.max(a, b2) + 0.05) / (Math.min(a, b2) + 0.05);
  });

async function compare(disabled: Locator, enabled: Locator, what: string) {
  await expect(disabled, what).toBeDisabled();
  await expect(enabled, what).toBeEnabled();
  const d = await look(disabled);
  const e = await look(enabled);
  expect(d.cursor, `${what}: cursor`).toBe("not-allowed");
  expect(e.cursor, `${what}: an enabled button's cursor`).toBe("pointer");
  expect(d.color, `${what}: text colour differs`).not.toBe(e.color);
  expect(d.border, `${what}: edge`).toBe("dashed");
  expect(await contrast(disabled), `${what}: label contrast`).toBeGreaterThanOrEqual(4.5);
}

// styles, not motion: the widgets start and wait (the hero's CPU twin would take both cores)
test.use({reducedMotion: "reduce"});

/** The page's background colour: it differs between the schemes, so a scheme really applied. */
const background = (page: Page) =>
  page.evaluate(() => {
    const body = getComputedStyle(document.body).backgroundColor;
    return body === "rgba(0, 0, 0, 0)" ? getComputedStyle(document.documentElement).backgroundColor : body;
  });

// One load of each page, both schemes read on it in turn: the page follows the system scheme as
// it changes (its stylesheet's media query; components/widgets/runtime/theme.ts for the widgets),
// and what is checked is each scheme's styles, not a state at load. Two loads instead of four.
test("disabled buttons look disabled (light, then dark)", async ({page}) => {
  await disableWebGPU(page);
  await page.goto("/");
  const backgrounds = new Set<string>();
  for (const scheme of SCHEMES) {
    await page.emulateMedia({colorScheme: scheme});
    backgrounds.add(await background(page));
    const sand = page.locator('[data-widget="sand"]');
    await sand.scrollIntoViewIfNeeded();
    await expect(sand.locator('[data-action="walls"]')).toBeVisible({timeout: 60_000});
    await compare(sand.locator('[data-action="walls"]'), sand.locator('[data-action="repour"]'), `${scheme}: sand: Open the walls before the hash`);
    const sort = page.locator('[data-widget="counting-sort"]');
    await sort.scrollIntoViewIfNeeded();
    const prev = sort.getByRole("button", {name: "◀ Previous"});
    await expect(prev).toBeVisible({timeout: 60_000});
    await compare(prev, sort.getByRole("button", {name: "Next ▶"}), `${scheme}: counting sort: Previous at the first phase`);
  }
  expect(backgrounds.size, "each scheme has its own background").toBe(SCHEMES.length);

  await page.emulateMedia({colorScheme: SCHEMES[0]});
  await page.goto("/bench");
  const run = page.locator("button.bench-run");
  await expect(run).toBeDisabled({timeout: 60_000});
  for (const scheme of SCHEMES) {
    await page.emulateMedia({colorScheme: scheme});
    const d = await look(run);
    expect(d.cursor, scheme).toBe("not-allowed");
    expect(d.border, scheme).toBe("dashed");
    expect(await contrast(run), scheme).toBeGreaterThanOrEqual(4.5);
  }
});
