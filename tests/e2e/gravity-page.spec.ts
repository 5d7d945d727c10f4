// The gravity page's figures that do not depend on the reader's GPU speed: the H200 chart is
// drawn from the committed benchmark file (one bar per row of it), and the galaxy hero shows
// bodies within seconds even on a CPU-emulated adapter (SwiftShader), before its first step.
import {readFileSync} from "node:fs";
import {expect, test, type Page} from "@playwright/test";
import {colourCounts, expectWebGPU, watchErrors} from "./helpers.js";

const bench = JSON.parse(readFileSync("data/bench/gravity-h200.json", "utf8"));
const rows: {n: number; directMs?: number}[] = bench.runs.filter((r: any) => r["theta0.5"]?.stepSpanMs > 0);

// a chart of committed numbers, not motion: the page's widgets start, draw once and wait
test.describe("the committed chart, still", () => {
  test.use({reducedMotion: "reduce"});
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
});

/** Pixels of `png` that differ from its most common colour (the background) by more than 40 in some channel. */
async function litPixels(page: Page, png: Buffer): Promise<number> {
  const counts = await colourCounts(page, png);
  const rgb = (k: number) => [k >> 16, (k >> 8) & 255, k & 255];
  const bg = rgb(counts[0][0]);
  return counts.filter(([k]) => rgb(k).some((v, i) => Math.abs(v - bg[i]) > 40)).reduce((n, [, c]) => n + c, 0);
}

test("the galaxy hero shows bodies before its first step, and once its pipelines are built it steps, on a CPU-emulated adapter at its default count", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // the compute pipelines are held back until the test lets them go: "before the first step" is
  // then a state the page is in, not a moment the capture has to catch (a warm shader cache in
  // a reused browser once built them before the first capture)
  await page.addInitScript(() => {
    const w = window as any;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    w.__releasePipelines = release;
    w.__pipelinesAsked = 0;
    const original = GPUDevice.prototype.createComputePipelineAsync;
    GPUDevice.prototype.createComputePipelineAsync = function (this: GPUDevice, d: GPUComputePipelineDescriptor) {
      w.__pipelinesAsked++;
      return gate.then(() => original.call(this, d));
    };
  });
  await page.goto("/gravity");
  await expectWebGPU(page);
  const galaxy = page.locator('[data-widget="galaxy"]');
  const canvas = galaxy.locator("canvas").first();
  await expect(canvas).toBeVisible({timeout: 20_000});
  // only the pictures count: the title, the hint and the controls laid over the stage are hidden
  await page.addStyleTag({
    content: ".hero-title, .hero-widget .widget-controls, .hero-widget .widget-caption, .hero-widget .widget-status { visibility: hidden !important; }",
  });
  const frames = () => galaxy.evaluate((el: any) => el.__frames?.() ?? 0);
  const litNow = async () => {
    const box = (await canvas.boundingBox())!;
    const clip = {x: box.x + box.width * 0.3, y: box.y + box.height * 0.3, width: box.width * 0.4, height: box.height * 0.4};
    return litPixels(page, await page.screenshot({clip}));
  };
  // the engine is waiting for its pipelines (it has asked for them) and has not stepped: the
  // first picture is already the disc
  await expect.poll(() => page.evaluate(() => (window as any).__pipelinesAsked), {timeout: 60_000}).toBeGreaterThan(0);
  await expect.poll(litNow, {timeout: 20_000}).toBeGreaterThan(400);
  expect(await frames(), "no step before the pipelines exist").toBe(0);
  // built, it steps, and the disc is still there
  await page.evaluate(() => (window as any).__releasePipelines());
  await expect.poll(frames, {timeout: 60_000}).toBeGreaterThan(0);
  expect(await litNow()).toBeGreaterThan(400);
  // the reduced count is said in the site's one software-adapter line (softwareMessage)
  await expect(galaxy.locator(".widget-status")).toContainText(
    "This WebGPU adapter is a CPU emulation (SwiftShader), so the galaxy starts with 1,500 bodies and one step per frame."
  );
});

test("on a CPU-emulated adapter the line under the title says so, not 'simulated on your GPU'; no paragraph says 'your GPU'", async ({page}) => {
  await page.goto("/gravity");
  await expectWebGPU(page);
  const galaxy = page.locator('[data-widget="galaxy"]');
  await expect(galaxy).toHaveAttribute("data-engine", "gpu", {timeout: 60_000});
  await expect(galaxy.locator(".widget-status")).toContainText("This WebGPU adapter is a CPU emulation (SwiftShader)");
  const hint = page.locator(".hero-hint");
  await expect(hint).toContainText("this page's GPU kernels, running here on a CPU emulation of a GPU");
  await expect(hint).not.toContainText("your GPU");
  const claims = await page.evaluate(() =>
    [...document.querySelectorAll("main p, main li")].map((e) => (e as HTMLElement).innerText).filter((t) => /your GPU/.test(t))
  );
  expect(claims).toEqual([]);
});
