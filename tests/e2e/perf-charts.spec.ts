// The essay's performance section draws its charts from the committed benchmark JSON:
// one point per row, and at 50,000 particles one bar segment per pass of each pipeline.
import {readFileSync} from "node:fs";
import {expect, test} from "@playwright/test";

const perf = JSON.parse(readFileSync("data/bench/pipelines.json", "utf8"));

// charts of committed numbers, not motion: the essay's widgets start, draw once and wait
test.use({reducedMotion: "reduce"});

test("frame-time chart: one point per row of the JSON; split chart: one segment per pass at 50k", async ({page}) => {
  await page.goto("/");
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
