/**
 * The exercises without WebGPU: the checks run on the CPU interpreter in a worker, and the widget
 * says so in one line. The pasted solution passes and drives the counting sort (its CPU twin), a
 * syntax error shows its line, an endless loop ends in a message while the page goes on, the
 * workgroup scan without its barrier shows as the race it is, and one of its threads is stepped by
 * keyboard to that race. Waits are on conditions, never clocks.
 */
import AxeBuilder from "@axe-core/playwright";
import {expect, type Page, test} from "@playwright/test";
import {brokenHistogram, endlessHistogram, exercise, openExercise, runCheck, setCode, sortValue, taskWGSL, exerciseValue} from "./exercise-check.js";
import {traceOnInterpreter} from "../../components/exercises/check-interpreter.js";
import {taskById} from "../../components/exercises/tasks.js";
import {stepCaption} from "../../components/widgets/exercise/stepper.js";
import {describeViolations} from "./a11y-check.js";
import {disableWebGPU, watchErrors} from "./helpers.js";

test.describe("the essay's exercises on the CPU interpreter, one page", () => {
  test.describe.configure({mode: "serial"});
  let page: Page;
  let errs: ReturnType<typeof watchErrors>;
  test.beforeAll(async ({browser}) => {
    page = await (await browser.newContext({viewport: {width: 1200, height: 900}})).newPage();
    errs = watchErrors(page);
    await disableWebGPU(page);
    await page.goto("/");
    await openExercise(page, "histogram");
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  test("one line says the kernel runs on a CPU interpreter at smaller sizes", async () => {
    await expect(exercise(page, "histogram").locator(".exercise-engine")).toHaveText("No WebGPU here: your kernel runs on a CPU interpreter at smaller sizes.");
    expect((await exerciseValue(page, "histogram")).engine).toBe("interpreter");
  });

  test("a syntax error is listed at its line", async () => {
    const {code, line} = brokenHistogram();
    await setCode(page, "histogram", code);
    const r = await runCheck(page, "histogram");
    expect(r.summary).toMatch(/does not compile/);
    await expect(exercise(page, "histogram").locator(".exercise-message").first()).toHaveText(new RegExp(`^Line ${line}: `));
    await expect(exercise(page, "histogram").locator(".cm-gutter-lint .cm-lint-marker-error")).toHaveCount(1);
  });

  test("the pasted solution passes on the interpreter and drives the counting sort", async () => {
    await setCode(page, "histogram", taskWGSL("histogram", "solution"));
    const r = await runCheck(page, "histogram");
    expect(r.summary).toMatch(/^Passed/);
    expect(await exerciseValue(page, "histogram")).toEqual({task: "histogram", passed: true, attempts: 2, engine: "interpreter"});
    await expect.poll(async () => (await sortValue(page)).counts && (await sortValue(page)).kernel, {timeout: 120_000}).toBe("count");
    const s = await sortValue(page);
    expect(s.phase).toBe("histogram");
    expect(s.engine).toBe("cpu");
    const counted = new Array(s.cells).fill(0);
    for (const p of s.particles) counted[p.cell]++;
    expect(s.counts).toEqual(counted);
  });

  test("an endless loop ends in a message and the page goes on (the worker is stopped)", async () => {
    await setCode(page, "histogram", endlessHistogram());
    const r = await runCheck(page, "histogram");
    expect(r.state).toBe("fail");
    expect(r.summary).toMatch(/endless loop/);
    // the main thread was never blocked: the hero (its CPU twin) draws on
    await page.evaluate(() => window.scrollTo(0, 0));
    const frames = () => page.locator('[data-widget="hero"]').evaluate((el: any) => el.__frames());
    const f0 = await frames();
    await expect.poll(frames).toBeGreaterThan(f0 + 5);
  });

  test("the workgroup scan without its barrier shows as a race: which thread read which slot", async () => {
    await openExercise(page, "workgroup-scan");
    await setCode(page, "workgroup-scan", taskWGSL("workgroup-scan", "race"));
    const r = await runCheck(page, "workgroup-scan");
    expect(r.state).toBe("fail");
    await expect(exercise(page, "workgroup-scan").locator(".exercise-race")).toContainText(/thread \d+ (reads|and \d+).*writes? it/i);
    errs.expectNone();
  });

  // @long: the trace it shows is held in `npm test` by exercises-trace.test.ts (the same thread,
  // slot by slot, and the race); the soak tier's Firefox check also steps a thread by keyboard.
  test("step a thread of that scan by keyboard: the caption says each step (the race too) and the editor marks its line", {tag: "@long"}, async () => {
    const ex = exercise(page, "workgroup-scan");
    const code = taskWGSL("workgroup-scan", "race");
    // its own check of the raced scan: the test above, which leaves the page so, is not in the long tier
    await openExercise(page, "workgroup-scan");
    await setCode(page, "workgroup-scan", code);
    expect((await runCheck(page, "workgroup-scan")).state).toBe("fail");
    // the same trace in Node: the page's captions must be its captions
    const trace = traceOnInterpreter(taskById("workgroup-scan"), code, {thread: 5});
    const raced = trace.steps.findIndex((s) => s.accesses.some((a) => a.race));
    expect(raced).toBeGreaterThan(0);
    const caption = ex.locator(".exercise-stepper-caption");
    await ex.locator(".exercise-step").focus();
    await page.keyboard.press("Enter");
    await expect(caption).toHaveText(/^thread \d+, step 1 of \d+: /, {timeout: 60_000});
    const thread = ex.locator(".exercise-stepper-thread");
    await thread.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("5");
    await page.keyboard.press("Enter");
    await expect(caption).toHaveText(stepCaption(trace, 0), {timeout: 60_000});
    await expect(thread).toHaveAttribute("max", "255");
    // Tab to Next (after Previous), then Enter once and → for the rest
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(ex.locator(".exercise-step-next")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(caption).toHaveText(stepCaption(trace, 1));
    for (let i = 2; i <= raced; i++) await page.keyboard.press("ArrowRight");
    await expect(caption).toHaveText(stepCaption(trace, raced));
    await expect(caption).toContainText("a race: thread 4 writes tile[0][4]");
    await expect(ex.locator(".cm-step-line")).toHaveText(code.split("\n")[trace.steps[raced].line - 1]);
    await page.keyboard.press("ArrowLeft");
    await expect(caption).toHaveText(stepCaption(trace, raced - 1));
    // the panel and the marked line, in both schemes: names, contrast (the dashed end buttons, the tint)
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({colorScheme});
      const r = await new AxeBuilder({page}).include(".exercise-stepper").include(".cm-step-line").analyze();
      const bad = r.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(bad, `${colorScheme}:\n${describeViolations(bad)}`).toEqual([]);
    }
    await page.emulateMedia({colorScheme: "light"});
    errs.expectNone();
  });
});
