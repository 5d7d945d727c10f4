// Light and dark themes: the toggle (keyboard, accessible name, kept across reloads), canvases
// that follow the theme (and repaint when it changes), and WCAG AA colour contrast in both.
import {readFileSync} from "node:fs";
import {AxeBuilder} from "@axe-core/playwright";
import {expect, test, type Locator, type Page} from "@playwright/test";
import {colourCounts, watchErrors} from "./helpers.js";

const perf = JSON.parse(readFileSync("data/bench/pipelines.json", "utf8"));

/** Relative luminance (0 black … 1 white) of the most frequent colour of `el` on screen: its background. */
async function backgroundLuminance(page: Page, el: Locator): Promise<number> {
  const top = (await colourCounts(page, await el.screenshot()))[0][0];
  const lin = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin((top >> 16) & 255) + 0.7152 * lin((top >> 8) & 255) + 0.0722 * lin(top & 255);
}

/** Mean relative luminance of a 12 × 12 px patch just inside the top-right corner of `el` (the empty top of a tank). */
async function cornerLuminance(page: Page, el: Locator): Promise<number> {
  const box = (await el.boundingBox())!;
  const png = await page.screenshot({clip: {x: box.x + box.width - 20, y: box.y + 6, width: 12, height: 12}});
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const lin = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    let sum = 0;
    for (let i = 0; i < d.length; i += 4) sum += 0.2126 * lin(d[i]) + 0.7152 * lin(d[i + 1]) + 0.0722 * lin(d[i + 2]);
    return sum / (d.length / 4);
  }, png.toString("base64"));
}

/** Scrolls through every widget so each has started, then back to the top. */
async function visitWidgets(page: Page) {
  const names = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>("[data-widget]")].map((e) => e.dataset.widget!));
  for (const n of names) {
    await page.locator(`[data-widget="${n}"]`).first().scrollIntoViewIfNeeded();
    // two frames: the observers of what came into view have run
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  for (const n of names) await expect(page.locator(`[data-widget="${n}"]`).first()).not.toHaveAttribute("data-engine", /idle|pending/, {timeout: 60_000});
}

async function contrastViolations(page: Page) {
  const r = await new AxeBuilder({page}).withRules(["color-contrast"]).analyze();
  return r.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.any.map((a) => a.message).join("; ")}`));
}

test("in the dark theme the canvases are dark-backed, and a canvas repaints when the theme changes", async ({page}) => {
  await page.emulateMedia({colorScheme: "dark"});
  await page.goto("/?water=1000&substeps=1");
  // the hero: a dark stage in both themes
  const hero = page.locator('[data-widget="hero"] canvas');
  await expect(page.locator('[data-widget="hero"]')).toHaveAttribute("data-engine", /gpu|cpu/, {timeout: 60_000});
  expect(await cornerLuminance(page, hero)).toBeLessThan(0.05);
  // §1 discs (2D canvas), §5 water (WebGPU canvas over the tank's background)
  for (const name of ["contacts", "water"]) {
    const w = page.locator(`[data-widget="${name}"]`);
    await w.scrollIntoViewIfNeeded();
    await expect(w).toHaveAttribute("data-engine", /gpu|cpu/, {timeout: 60_000});
    // drawn a few times (the water counts frames, the discs count steps)
    await expect.poll(() => w.evaluate((el: any) => (el.__frames ? el.__frames() : el.value.steps) as number), {timeout: 60_000}).toBeGreaterThan(2);
    const lum = name === "water" ? cornerLuminance : backgroundLuminance;
    expect(await lum(page, w.locator("canvas")), `${name} canvas is dark-backed`).toBeLessThan(0.05);
  }
  // flip to light with the toggle: the 2D canvas repaints light without a reload
  const contacts = page.locator('[data-widget="contacts"]');
  await contacts.scrollIntoViewIfNeeded();
  await page.getByRole("button", {name: "Dark theme"}).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect.poll(() => backgroundLuminance(page, contacts.locator("canvas")), {timeout: 10_000}).toBeGreaterThan(0.8);
  const water = page.locator('[data-widget="water"]');
  await water.scrollIntoViewIfNeeded();
  await expect.poll(() => cornerLuminance(page, water.locator("canvas")), {timeout: 10_000}).toBeGreaterThan(0.8);
});

// The system's light and dark schemes are checked by axe in tour.spec.ts and a11y.nogpu.spec.ts
// (every rule, contrast included); the toggle's dark theme, set over a light system, only here.
// One still page for these (a serial block): the toggle's test first, from a fresh load; the
// contrast check then toggles the dark theme on the page it left (light, reloaded); the
// performance charts are counted last, on the same page.
test.describe("the toggle", () => {
  test.describe.configure({mode: "serial"});
  let page: Page;
  test.beforeAll(async ({browser}) => {
    // colours, not motion: the widgets start and wait
    // a page of its own context: axe (AxeBuilder) refuses one from browser.newPage()
    const context = await browser.newContext({reducedMotion: "reduce", colorScheme: "light"});
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  test("the theme toggle is a named button, works from the keyboard and is kept across reloads", async () => {
    const errs = watchErrors(page);
    await page.goto("/");
    const toggle = page.getByRole("button", {name: "Dark theme"});
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // the switch drawn after the label shows the state to the eye: hollow off, filled on
    const knob = () => toggle.evaluate((b) => getComputedStyle(b, "::after").backgroundColor);
    expect(await bg()).toBe("rgb(255, 255, 255)");
    expect(await knob()).toBe("rgba(0, 0, 0, 0)");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(await knob()).not.toBe("rgba(0, 0, 0, 0)");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await bg()).toBe("rgb(22, 24, 27)");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("button", {name: "Dark theme"})).toHaveAttribute("aria-pressed", "true");
    expect(await bg()).toBe("rgb(22, 24, 27)");
    await page.getByRole("button", {name: "Dark theme"}).press("Space");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await page.reload();
    expect(await bg()).toBe("rgb(255, 255, 255)");
    errs.expectNone();
  });

  test("its dark theme: every text colour passes WCAG AA contrast", async () => {
    // over a light system, the light theme kept from the test before
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await page.getByRole("button", {name: "Dark theme"}).click();
    await visitWidgets(page);
    expect(await contrastViolations(page)).toEqual([]);
  });

  // The essay's performance section draws its charts from the committed benchmark JSON: one point
  // per row, and at 50,000 particles one bar segment per pass of each pipeline. Charts of committed
  // numbers on the still essay this block already has open (they were a load of their own in
  // perf-charts.spec.ts); the theme does not enter into the counts.
  test("frame-time chart: one point per row of the JSON; split chart: one segment per pass at 50k", async () => {
    // the charts' code loads when their section comes into view, as a reader scrolls there
    await page.locator(`[id="6-performance"]`).scrollIntoViewIfNeeded();
    const chart = page.locator("svg.bench-frame-chart");
    await chart.scrollIntoViewIfNeeded();
    expect(perf.rows.length).toBeGreaterThan(0);
    await expect(chart.locator("circle.bench-point")).toHaveCount(perf.rows.length);
    for (const r of perf.rows) await expect(chart.locator(`circle.bench-point[data-pipeline="${r.pipeline}"][data-particles="${r.particles}"]`)).toHaveCount(1);
    const at50k = perf.rows.filter((r: any) => r.particles === 50_000);
    const segments = at50k.reduce((s: number, r: any) => s + Object.keys(r.perPassMs).length, 0);
    expect(segments).toBeGreaterThan(0);
    await expect(page.locator("svg.bench-split-chart rect.bench-segment")).toHaveCount(segments);
    // the GPU is named next to the charts: by its model where the run recorded one (the same
    // form as the gravity page, "NVIDIA H200 (driver …)"), and in any case by its vendor
    await expect(page.locator(".bench-gpu")).toContainText(perf.adapter.vendor, {ignoreCase: true});
    if (perf.adapter.name) await expect(page.locator(".bench-gpu")).toHaveText(/^NVIDIA H200 \(driver 580\.159\.04\)$/);
  });
});

// the sand alone on its embed page (a test of one widget), moving: the fades are CSS
// transitions, which reduced motion turns off. One load for both schemes: the page and the
// widget follow the system's scheme as it changes (runtime/theme.ts), so the dark one is read
// after switching the emulated scheme, not after a second load
test("the sand pipeline's lit box keeps its text readable in both themes (WCAG AA against its yellow)", async ({page}) => {
  await page.emulateMedia({colorScheme: "light"});
  await page.goto("/embed/sand?substeps=1");
  const sand = page.locator('[data-widget="sand"]');
  await sand.scrollIntoViewIfNeeded();
  await expect(sand).toHaveAttribute("data-engine", "gpu");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({colorScheme: scheme});
    await expect.poll(() => page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches)).toBe(scheme === "dark");
    // the box's fill eases in and out: its text fades with it (a text that flipped at once was
    // dark on the dark box, or light on the yellow one, for the length of the fade)
    const fades = await sand
      .locator(".pipeline-diagram .phase")
      .first()
      .evaluate((g) =>
        [".box", ".label", ".note"].map((s) => {
          const c = getComputedStyle(g.querySelector(s)!);
          return `${c.transitionProperty} ${c.transitionDuration}`;
        })
      );
    expect(fades[1]).toBe(fades[0]);
    expect(fades[2]).toBe(fades[0]);
    // read the colour the box settles on, not a step of the fade
    const still = await page.addStyleTag({content: ".pipeline-diagram :is(.box, .label, .note) { transition: none !important; }"});
    const lit = sand.locator(".pipeline-diagram .phase.lit");
    await expect(lit).toHaveCount(1);
    // axe skips SVG text, so the contrast is computed here from the fills the page paints
    const ratios = await lit.evaluate((g) => {
      const rgb = (el: Element) =>
        getComputedStyle(el)
          .fill.match(/\d+(\.\d+)?/g)!
          .slice(0, 3)
          .map(Number);
      const lum = ([r, gr, b]: number[]) => {
        const lin = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
        return 0.2126 * lin(r) + 0.7152 * lin(gr) + 0.0722 * lin(b);
      };
      const box = lum(rgb(g.querySelector(".box")!));
      return [".label", ".note"].map((s) => {
        const t = lum(rgb(g.querySelector(s)!));
        return (Math.max(box, t) + 0.05) / (Math.min(box, t) + 0.05);
      });
    });
    for (const r of ratios) expect(r, `${scheme}: label/note on the lit box`).toBeGreaterThanOrEqual(4.5);
    // the fades back, for the next scheme's reading of them
    await still.evaluate((el) => (el as Element).remove());
  }
});
