/**
 * Page load of the essay at first view (no scrolling): how many requests it makes and how
 * many gzip bytes of code (JS, CSS, WGSL) it downloads until the hero has drawn its first
 * WebGPU frame. Speed itself is measured by scripts/measure-load.mjs, never asserted here.
 */
import {gzipSync} from "node:zlib";
import {expect, test} from "@playwright/test";
import {expectWebGPU, watchErrors} from "./helpers";

const MAX_REQUESTS = 40;
const MAX_CODE_GZIP = 120 * 1024;

test("the essay's first view loads in ≤ 40 requests and ≤ 120 KB of gzip code, and the hero marks its first GPU frame", async ({page}) => {
  const errors = watchErrors(page);
  const sizes: Promise<{url: string; kind: string; gzip: number}>[] = [];
  page.on("response", (res) => {
    const url = res.url();
    if (!url.startsWith("http")) return;
    const path = new URL(url).pathname;
    const type = res.headers()["content-type"] ?? "";
    const kind = /\.m?js$/.test(path) || /javascript/.test(type) ? "js" : /\.css$/.test(path) ? "css" : /\.wgsl$/.test(path) ? "wgsl" : "other";
    sizes.push(res.body().then((b) => ({url: path, kind, gzip: gzipSync(b).length})));
  });
  await page.goto("/");
  await expectWebGPU(page);
  // the hero (top of the page, in view) builds its GPU engine; no scrolling
  const hero = page.locator('[data-widget="hero"]');
  await expect(hero).toHaveAttribute("data-engine", "gpu", {timeout: 120_000});
  await page.waitForLoadState("networkidle");
  const responses = await Promise.all(sizes);
  const list = responses.map((r) => `${r.kind} ${r.gzip} ${r.url}`).join("\n");
  expect(responses.length, `requests at first view:\n${list}`).toBeLessThanOrEqual(MAX_REQUESTS);
  const code = responses.filter((r) => r.kind !== "other").reduce((s, r) => s + r.gzip, 0);
  expect(code, `gzip bytes of JS + CSS + WGSL at first view:\n${list}`).toBeLessThanOrEqual(MAX_CODE_GZIP);
  // set once by the hero when its first frame has finished on the GPU (read by scripts/measure-load.mjs)
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName("first-gpu-frame").length), {timeout: 120_000}).toBe(1);
  errors.expectNone();
});
