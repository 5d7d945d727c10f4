/**
 * The self-contained element bundle with WebGPU (SwiftShader): on a plain static host
 * without CORS, the widgets compile their shaders from the strings inside ns-widgets.js and
 * run on the GPU, and the page still fetches nothing but its own two files (the CPU-twin
 * checks and the npm package: elements-bundle.nogpu.spec.ts).
 */
import {rmSync} from "node:fs";
import {expect, test} from "@playwright/test";
import {expectWebGPU} from "./helpers.js";
import {bundleHost, inner, watch} from "./static-host.js";

test("ns-widgets.js on a static host without CORS: the grid query runs on the GPU from inlined shaders, no other request", async ({page}) => {
  test.setTimeout(60_000);
  const {root, host} = await bundleHost("dist/embed/ns-widgets.js");
  try {
    const seen = watch(page);
    await page.goto(`${host.origin}/host.html`);
    await expectWebGPU(page);
    // the grid query's counting sort and 3×3 kernels (the contacts demo is JavaScript by design)
    await expect.poll(async () => (await inner(page, "grid"))?.engine ?? null, {timeout: 40_000}).toBe("gpu");
    await expect.poll(async () => (await inner(page, "grid"))?.value?.steps ?? 0, {timeout: 40_000}).toBeGreaterThan(0);
    expect((await inner(page, "grid"))!.value.count).toBe(500);
    seen.expectOnlyTheHostsTwoFiles(host.origin);
  } finally {
    await host.close();
    rmSync(root, {recursive: true, force: true});
  }
});
