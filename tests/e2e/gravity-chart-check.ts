// The gravity page's H200 chart is drawn from the committed benchmark file: one step bar per row
// of data/bench/gravity-h200.json, an O(N²) bar where the row times one, a pass breakdown per row
// with a segment per timed pass, the O(N²) kernel at the largest N the longest bar. The chart is
// the same with or without WebGPU (committed numbers), so it is read on a page without it.
import {readFileSync} from "node:fs";
import {expect, type Page} from "@playwright/test";

const bench = JSON.parse(readFileSync("data/bench/gravity-h200.json", "utf8"));
const rows: {n: number; directMs?: number}[] = bench.runs.filter((r: any) => r["theta0.5"]?.stepSpanMs > 0);

/** Checks the H200 figure on the loaded gravity page `page` against the committed JSON (see above). */
export async function expectH200Chart(page: Page): Promise<void> {
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
}
