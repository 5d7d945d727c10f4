// The gravity page's figures that do not depend on the reader's GPU speed: the H200 chart is
// drawn from the committed benchmark file (one bar per row of it), and the galaxy hero shows
// bodies within seconds even on a CPU-emulated adapter (SwiftShader), before its first step.
import {readFileSync} from "node:fs";
import {expect, test, type Page} from "@playwright/test";
import {colourCounts, expectWebGPU, watchErrors} from "./helpers.js";

const bench = JSON.parse(readFileSync("data/bench/gravity-h200.json", "utf8"));
const rows: {n: number; directMs?: number}[] = bench.runs.filter((r: any) => r["theta0.5"]?.stepSpanMs > 0);

test("the H200 chart is drawn from the committed JSON: a step bar, an O(N²) bar and a pass breakdown per row", async ({page}) => {
  const errs = watchErrors(page);
  await page.goto("/gravity?galaxy=300");
  const fig = page.locator(".bench-figure");
  await fig.scrollIntoViewIfNeeded();
  await expect(fig).toHaveCount(1);
  expect(rows.length).toBeGreaterThan(0);
  await expect(fig.locator(".gravity-step-chart .bench-step-bh")).toHaveCount(rows.length);
  await expect(fig.locator(".gravity-step-chart .bench-step-direct")).toHaveCount(rows.filter((r) => (r.directMs ?? 0) > 0).length);
  await expect(fig.locator(".gravity-pass-chart .bench-breakdown-row")).toHaveCount(rows.length);
  const ns = await fig.locator(".gravity-pass-chart .bench-breakdown-row").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-n"))));
  expect(ns).toEqual(rows.map((r) => r.n).sort((a, b) => a - b));
  // every pass of a step that the file times is a segment of its bar
  for (const r of rows) {
    const passes = Object.values((r as any)["theta0.5"].passesMs).filter((ms: any) => ms > 0).length;
    await expect(fig.locator(`.bench-breakdown-row[data-n="${r.n}"] .bench-pass`)).toHaveCount(passes);
  }
  // the longest bar is the O(N²) kernel at the largest N: the figure's point
  const widths = await fig.locator(".bench-step-direct").evaluateAll((els) => els.map((e) => Number(e.getAttribute("width"))));
  const bh = await fig.locator(".bench-step-bh").evaluateAll((els) => els.map((e) => Number(e.getAttribute("width"))));
  expect(Math.max(...widths)).toBeGreaterThan(Math.max(...bh));
  await expect(fig.locator("figcaption")).toContainText("H200");
  await expect(fig.locator("figcaption")).toContainText("median of 20 steps");
  errs.expectNone();
});

/** Pixels of `png` that differ from its most common colour (the background) by more than 40 in some channel. */
async function litPixels(page: Page, png: Buffer): Promise<number> {
  const counts = await colourCounts(page, png);
  const rgb = (k: number) => [k >> 16, (k >> 8) & 255, k & 255];
  const bg = rgb(counts[0][0]);
  return counts.filter(([k]) => rgb(k).some((v, i) => Math.abs(v - bg[i]) > 40)).reduce((n, [, c]) => n + c, 0);
}

test("the galaxy hero shows bodies before its first step, and within 20 s, on a CPU-emulated adapter at its default count", async ({page}) => {
  test.setTimeout(120_000);
  await page.goto("/gravity");
  await expectWebGPU(page);
  const t0 = Date.now();
  const galaxy = page.locator('[data-widget="galaxy"]');
  const canvas = galaxy.locator("canvas").first();
  await expect(canvas).toBeVisible({timeout: 20_000});
  // only the pictures count: the title, the hint and the controls laid over the stage are hidden
  await page.addStyleTag({
    content: ".hero-title, .hero-widget .widget-controls, .hero-widget .widget-caption, .hero-widget .widget-status { visibility: hidden !important; }",
  });
  const frames = () => galaxy.evaluate((el: any) => el.__frames?.() ?? 0);
  // the first picture must not wait for the engine: a capture taken while no step has run yet
  // (compiling the pipelines takes seconds on SwiftShader) already shows the disc
  let beforeFirstStep: number | null = null;
  let lit = 0;
  while (Date.now() - t0 < 20_000) {
    const box = await canvas.boundingBox();
    if (box && box.width > 10 && box.height > 10) {
      const clip = {x: box.x + box.width * 0.3, y: box.y + box.height * 0.3, width: box.width * 0.4, height: box.height * 0.4};
      const shot = await page.screenshot({clip});
      const stepped = (await frames()) > 0;
      lit = await litPixels(page, shot);
      if (!stepped && beforeFirstStep === null) beforeFirstStep = lit;
      if (lit > 400 && (beforeFirstStep !== null || stepped)) break;
    }
    await page.waitForTimeout(300);
  }
  expect(beforeFirstStep, "a capture before the first step").not.toBeNull();
  expect(beforeFirstStep).toBeGreaterThan(400);
  expect(lit).toBeGreaterThan(400);
  // the reduced count is said in the site's one software-adapter line (softwareMessage)
  await expect(galaxy.locator(".widget-status")).toContainText(
    "This WebGPU adapter is a CPU emulation (SwiftShader), so the galaxy starts with 1,500 bodies and one step per frame."
  );
});
