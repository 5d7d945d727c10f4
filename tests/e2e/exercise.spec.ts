/**
 * The exercises with WebGPU (SwiftShader): in the essay's §3 disclosure, a syntax error is marked
 * at its line, the pasted solution passes and drives the 56-particle counting sort, an endless loop
 * ends in a message while the hero keeps running, the keyboard alone gets in and out of the editor,
 * and axe finds nothing serious with an editor focused; on /exercises, a reload keeps the code and
 * the pass. The checks run on a device of the exercises' own. Waits are on conditions, never clocks.
 */
import AxeBuilder from "@axe-core/playwright";
import {expect, type Page, test} from "@playwright/test";
import {describeViolations} from "./a11y-check.js";
import {
  brokenHistogram,
  editorOf,
  editorText,
  endlessHistogram,
  exercise,
  openExercise,
  runCheck,
  setCode,
  sortValue,
  taskWGSL,
  exerciseValue,
} from "./exercise-check.js";
import {expectWebGPU, watchErrors} from "./helpers.js";

/** The hero's frames so far (it runs only while on screen: the page is scrolled to it first). */
async function heroFrames(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.locator('[data-widget="hero"]').evaluate((el: any) => el.__frames());
}

test.describe("the essay's §3 exercises, one page", () => {
  test.describe.configure({mode: "serial"});
  let page: Page;
  let errs: ReturnType<typeof watchErrors>;
  test.beforeAll(async ({browser}) => {
    page = await (await browser.newContext({viewport: {width: 1200, height: 900}})).newPage();
    errs = watchErrors(page);
    await page.goto("/");
    await expectWebGPU(page);
    await openExercise(page, "histogram");
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  test("the exercise says the checks run on the GPU, on a device of their own", async () => {
    await expect(exercise(page, "histogram").locator(".exercise-engine")).toContainText("Checks run on your GPU");
    expect((await exerciseValue(page, "histogram")).engine).toBe("gpu");
  });

  test("a syntax error is marked in the editor at its line, and listed with its line and column", async () => {
    const {code, line} = brokenHistogram();
    await setCode(page, "histogram", code);
    const r = await runCheck(page, "histogram");
    expect(r.state).toBe("fail");
    expect(r.summary).toMatch(/does not compile/);
    const ex = exercise(page, "histogram");
    await expect(ex.locator(".exercise-message").first()).toHaveText(new RegExp(`^Line ${line}, column \\d+: `));
    // the underline sits on that line of the editor, and the gutter marks it
    const marked = await ex
      .locator(".cm-lintRange-error")
      .first()
      .evaluate((el) => el.closest(".cm-line")?.textContent);
    expect(marked).toBe("  let oops = (1u;");
    await expect(ex.locator(".cm-gutter-lint .cm-lint-marker-error")).toHaveCount(1);
    // the message's button moves the cursor there
    await ex.locator(".exercise-message").first().click();
    await expect(editorOf(page, "histogram")).toBeFocused();
  });

  test("the pasted solution passes at every size, marks the task done and drives the counting sort until reset", async () => {
    await setCode(page, "histogram", taskWGSL("histogram", "solution"));
    const r = await runCheck(page, "histogram");
    expect(r.summary).toMatch(/^Passed/);
    const v = await exerciseValue(page, "histogram");
    expect(v).toEqual({task: "histogram", passed: true, attempts: 2, engine: "gpu"});
    await expect(exercise(page, "histogram").locator(".exercise-done")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("ns-exercise:histogram:done"))).toBe("1");
    // the sort widget's histogram is the reader's kernel's, and equals the twin's (its own particles' keys, counted)
    // (it sorts again with the reader's kernel, then shows the histogram)
    await expect.poll(async () => (await sortValue(page)).counts && (await sortValue(page)).kernel, {timeout: 120_000}).toBe("count");
    const s = await sortValue(page);
    expect(s.phase).toBe("histogram");
    const counted = new Array(s.cells).fill(0);
    for (const p of s.particles) counted[p.cell]++;
    expect(s.counts).toEqual(counted);
    await expect(page.locator("#demo-counting-sort .sort-kernel-note")).toContainText("your count kernel");
    await expect(exercise(page, "histogram").locator(".exercise-driven a")).toHaveAttribute("href", "#demo-counting-sort");
    // Reset: the starter is back and the widget runs its own kernels again
    await exercise(page, "histogram").locator("button", {hasText: "Reset"}).click();
    expect(await editorText(page, "histogram")).toBe(taskWGSL("histogram", "starter"));
    await expect.poll(async () => (await sortValue(page)).kernel ?? null).toBeNull();
    await expect(page.locator("#demo-counting-sort .sort-kernel-note")).toBeHidden();
  });

  test("an endless loop ends in a message within seconds, the hero keeps running, and the next check works", async () => {
    await setCode(page, "histogram", endlessHistogram());
    const r = await runCheck(page, "histogram");
    expect(r.state).toBe("fail");
    expect(r.summary).toMatch(/endless loop/);
    // the hero, on the page's own device, still draws
    const f0 = await heroFrames(page);
    await expect.poll(() => heroFrames(page)).toBeGreaterThan(f0 + 5);
    await expect(page.locator('[data-widget="hero"]')).toHaveAttribute("data-engine", "gpu");
    await exercise(page, "histogram").scrollIntoViewIfNeeded();
    await setCode(page, "histogram", taskWGSL("histogram", "solution"));
    expect((await runCheck(page, "histogram")).state).toBe("pass");
  });

  test("keyboard alone: Tab reaches the editor, Tab indents there, Escape leaves it for Run and check, Tab moves on, Enter runs", async () => {
    const task = "scan-round";
    const editor = editorOf(page, task);
    await editor.scrollIntoViewIfNeeded();
    await expect(editor).toBeVisible({timeout: 120_000});
    await expect(exercise(page, task).locator(".exercise-keys")).toContainText("Escape");
    // from the control before the editor (the previous exercise's last summary), Tab lands in the editor
    await exercise(page, "histogram").locator(".exercise-elsewhere summary").focus();
    await page.keyboard.press("Tab");
    await expect(editor).toBeFocused();
    await page.keyboard.press("ControlOrMeta+End");
    const before = await editorText(page, task);
    await page.keyboard.press("Tab");
    await expect(editor).toBeFocused();
    expect(await editorText(page, task)).not.toBe(before);
    await page.keyboard.press("Escape");
    await expect(exercise(page, task).locator(".exercise-run")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(exercise(page, task).getByRole("button", {name: "Reset"})).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(exercise(page, task).locator(".exercise-run")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(exercise(page, task).locator(".exercise-result")).toHaveAttribute("data-state", /^(pass|fail)$/, {timeout: 120_000});
    expect((await exerciseValue(page, task)).attempts).toBe(1);
  });

  // One axe run is about 20 s on this page. @long, both schemes: axe on the exercises is a page
  // sweep, like the tours' (tour.spec.ts, /exercises, also in the long tier); `npm test` holds the
  // exercises' keyboard path above ("keyboard alone: …")
  for (const colorScheme of ["light", "dark"] as const)
    test(`axe finds no serious violation in the exercises with an editor focused (${colorScheme})`, {tag: "@long"}, async () => {
      await editorOf(page, "scan-round").scrollIntoViewIfNeeded();
      await expect(editorOf(page, "scan-round")).toBeVisible({timeout: 120_000});
      await editorOf(page, "scan-round").focus();
      await expect(editorOf(page, "scan-round")).toBeFocused();
      await page.emulateMedia({colorScheme});
      const r = await new AxeBuilder({page}).include("details.exercise-slot[open]").analyze();
      const bad = r.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(bad, `${colorScheme}:\n${describeViolations(bad)}`).toEqual([]);
      errs.expectNone();
    });
});

// @long: the exercises' checks are held in `npm test` by the tests above; here the page's storage
// across a reload.
test("/exercises: a reload keeps the code in the editor and the pass in the progress list", {tag: "@long"}, async ({page}) => {
  const errs = watchErrors(page);
  await page.goto("/exercises");
  await expectWebGPU(page);
  const task = "exclusive-shift";
  const ex = exercise(page, task);
  await ex.scrollIntoViewIfNeeded();
  await expect(editorOf(page, task)).toBeVisible({timeout: 120_000});
  await expect(page.locator(".exercise-progress-count")).toHaveText(/^0 of 8/);
  await setCode(page, task, taskWGSL(task, "solution"));
  expect((await runCheck(page, task)).state).toBe("pass");
  await expect(page.locator(".exercise-progress-count")).toHaveText(/^1 of 8/);
  await expect(page.locator(`.exercise-progress li:has(a[href="#task-${task}"])`)).toContainText("done");
  // the reader's own edit, then a reload
  const mine = `${taskWGSL(task, "solution")}\n// mine\n`;
  await setCode(page, task, mine);
  await page.reload();
  await ex.scrollIntoViewIfNeeded();
  await expect(editorOf(page, task)).toBeVisible({timeout: 120_000});
  expect(await editorText(page, task)).toBe(mine);
  await expect(ex.locator(".exercise-done")).toBeVisible();
  await expect(page.locator(".exercise-progress-count")).toHaveText(/^1 of 8/);
  errs.expectNone();
});
