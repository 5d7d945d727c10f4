/**
 * Code as a reader reads it: no page shows a code block longer than 30 visible lines outside a
 * closed details. Every shader is an excerpt; its whole file sits in a closed "Deep dive"
 * details, which opens on a click and stays closed in print. (No WebGPU needed: the code
 * blocks do not depend on it.)
 */
import {expect, type Page, test} from "@playwright/test";
import {readFileSync} from "node:fs";
import {SIZES} from "./a11y-check.js";
import {disableWebGPU} from "./helpers.js";

const MAX_LINES = 30;

/** Each visible <pre> of the page (not inside a closed details) with its rendered line count. */
function visibleCodeBlocks(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("#observablehq-main pre")]
      .filter((pre) => pre.checkVisibility() && !pre.closest("details:not([open])"))
      .map((pre) => {
        const s = getComputedStyle(pre);
        const line = Number.parseFloat(s.lineHeight) || 1.5 * Number.parseFloat(s.fontSize);
        const inner = pre.clientHeight - Number.parseFloat(s.paddingTop) - Number.parseFloat(s.paddingBottom);
        const label = pre.dataset.excerptOf ? `${pre.dataset.excerptOf} "${pre.dataset.excerpt}"` : (pre.dataset.source ?? pre.textContent!.slice(0, 40));
        return {label, lines: Math.round(inner / line), error: pre.dataset.error === "true"};
      })
  );
}

/** Loads `path` at the first size and checks its code blocks at each size in turn. */
async function expectShortBlocks(page: Page, path: string) {
  await page.setViewportSize(SIZES[0]);
  await page.goto(path);
  await page.waitForLoadState("load");
  if (path === "/" || path === "/gravity") await expect(page.locator(".wgsl-code pre.wgsl-excerpt").first()).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const blocks = await visibleCodeBlocks(page);
    console.log(`${path} ${size.width}×${size.height}: ${blocks.map((b) => `${b.label}: ${b.lines}`).join("; ")}`);
    expect(blocks.filter((b) => b.error)).toEqual([]);
    expect(blocks.filter((b) => b.lines > MAX_LINES)).toEqual([]);
  }
}

// @long: the same rule on the essay (the page with the most code) is held in `npm test` by the
// test below.
for (const path of ["/gravity", "/worlds-from-dust", "/bench", "/embed"])
  test(`${path}: no code block over ${MAX_LINES} visible lines outside a closed details, at both sizes`, {tag: "@long"}, async ({page}) => {
    await disableWebGPU(page);
    await expectShortBlocks(page, path);
  });

test.use({reducedMotion: "reduce"}); // code blocks do not move: nothing should take the cores from the checks

// The essay: one load for its two tests (a serial block), the excerpt's after the sizes
test.describe("/, one page", () => {
  test.describe.configure({mode: "serial"});
  let page: Page;
  test.beforeAll(async ({browser}) => {
    page = await browser.newPage({reducedMotion: "reduce"});
    await disableWebGPU(page);
  });
  test.afterAll(async () => {
    await page?.close();
  });

  test(`/: no code block over ${MAX_LINES} visible lines outside a closed details, at both sizes`, async () => {
    await expectShortBlocks(page, "/");
  });

  test("an excerpt is its marked lines; the whole file opens on a click and stays closed in print", async () => {
    const file = readFileSync("shaders/sort/scan.wgsl", "utf8");
    const excerpt = page.locator('pre.wgsl-excerpt[data-excerpt-of="shaders/sort/scan.wgsl"] code');
    await expect(excerpt).toContainText("workgroupBarrier();");
    // the excerpt's lines are the file's lines between the markers, dedented, no marker in sight
    const text = (await excerpt.textContent())!;
    expect(text).not.toContain("essay:");
    for (const l of text.split("\n")) expect(file).toContain(l);
    const details = page.locator("details.wgsl-whole").filter({has: page.locator('pre[data-source="shaders/sort/scan.wgsl"]')});
    const whole = details.locator("pre[data-source]");
    await expect(whole).toBeHidden();
    await expect(details.locator("summary")).toContainText("Deep dive: the whole file");
    await page.emulateMedia({media: "print"});
    await expect(whole).toBeHidden();
    expect(await page.locator("details.wgsl-whole[open]").count()).toBe(0);
    await page.emulateMedia({media: "screen"});
    await details.locator("summary").click();
    await expect(whole).toBeVisible();
    expect(await whole.locator("code").textContent()).toBe(file);
  });
});
