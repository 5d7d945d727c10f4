/**
 * The self-contained element bundle with WebGPU (SwiftShader): on a plain static host
 * without CORS, the widgets compile their shaders from the strings inside ns-widgets.js and
 * run on the GPU, and the page still fetches nothing but its own two files; ns-exercise.js
 * checks the exercise's kernel on the GPU the same way (the CPU-twin checks, the interpreter and
 * the npm package: elements-bundle.nogpu.spec.ts).
 */
import {rmSync} from "node:fs";
import {expect, test} from "@playwright/test";
import {editorOf, exercise, exerciseValue, runCheck, setCode, taskWGSL} from "./exercise-check.js";
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

// @long: ns-exercise.js on a static host is held in `npm test` by elements-bundle.nogpu's test on
// the interpreter; here its check on the GPU.
test(
  "ns-exercise.js on a static host without CORS: the exercise checks the pasted solution on the GPU (its shape by the worker), no other request",
  {tag: "@long"},
  async ({page}) => {
    test.setTimeout(90_000);
    const {root, host} = await bundleHost("dist/embed/ns-exercise.js", "tests/fixtures/bundle/exercise-host.html");
    try {
      const seen = watch(page);
      await page.goto(`${host.origin}/host.html`);
      await expectWebGPU(page);
      await expect(editorOf(page, "histogram")).toBeVisible({timeout: 40_000});
      await expect(exercise(page, "histogram").locator(".exercise-engine")).toContainText("Checks run on your GPU");
      // the shape check before the GPU runs anything: this file's page asks the interpreter's worker for it
      // (wgsl_reflect is in the file once, in the worker's source)
      await setCode(page, "histogram", taskWGSL("histogram", "solution").replace("fn count(", "fn my_count("));
      expect((await runCheck(page, "histogram")).summary).toBe(
        "The task runs the @compute function `count`, and your code has none of that name (your code has `my_count`)."
      );
      await setCode(page, "histogram", taskWGSL("histogram", "solution"));
      const r = await runCheck(page, "histogram");
      expect(r.summary).toMatch(/^Passed/);
      expect(await exerciseValue(page, "histogram")).toEqual({task: "histogram", passed: true, attempts: 2, engine: "gpu"});
      expect(await page.evaluate(() => customElements.get("ns-grid-query") ?? null)).toBeNull();
      seen.expectOnlyTheHostsTwoFiles(host.origin, "ns-exercise.js");
    } finally {
      await host.close();
      rmSync(root, {recursive: true, force: true});
    }
  }
);
