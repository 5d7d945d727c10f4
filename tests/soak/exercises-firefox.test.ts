// The exercises in another engine: Debian's Firefox ESR (no WebGPU, so the CPU interpreter in its
// worker) driven headless by puppeteer-core through WebDriver BiDi, on the built site (dist/,
// served by scripts/serve-dist.mjs). One page load of /exercises: the histogram's reference
// solution, pasted into its editor, passes; the same code with an unclosed parenthesis shows
// the error at its line; "Step a thread" steps thread 0 of the solution by keyboard. The soak tier's (`npm run test:soak`), not `npm test`'s: a second
// browser is a second start-up. It fails, never skips, without Firefox or without the built site.
// Every wait is on a condition of the page.
import {type ChildProcess, spawn} from "node:child_process";
import {existsSync, readFileSync} from "node:fs";
import puppeteer, {type Browser, type Page} from "puppeteer-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";

const FIREFOX = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
const PORT = Number(process.env.FIREFOX_PORT ?? 4650);
const TASK = "histogram";
const WAIT_MS = 120_000;

const solution = readFileSync(`shaders/exercises/${TASK}/solution.wgsl`, "utf8");
/** The solution with `let oops = (1u;` (an unclosed parenthesis) on a line of its own, and that line (1-based). */
function broken(): {code: string; line: number} {
  const lines = solution.split("\n");
  const at = lines.findIndex((l) => l.includes("let key = cell_key"));
  lines.splice(at, 0, "  let oops = (1u;");
  return {code: lines.join("\n"), line: at + 1};
}

const widget = `[data-widget="exercise"][data-task="${TASK}"]`;

/**
 * Replaces the editor's text with `code` as a paste does: select all (Ctrl+A), then the whole text
 * inserted at once (`execCommand("insertText")`: Firefox gives a synthetic paste event no data,
 * and BiDi types one key at a time, a minute for a kernel).
 */
async function paste(page: Page, code: string) {
  await page.click(`${widget} .cm-content`);
  await page.keyboard.down("Control");
  await page.keyboard.press("a");
  await page.keyboard.up("Control");
  await page.$eval(`${widget} .cm-content`, (_el, text) => document.execCommand("insertText", false, text), code);
  await page.waitForFunction((sel, want) => (document.querySelector(sel) as any)?.code() === want, {timeout: WAIT_MS}, widget, code);
}

/** Presses Run and check and waits for its result: the summary sentence and "pass" or "fail". */
async function run(page: Page): Promise<{state: string; summary: string}> {
  const before = await page.$eval(widget, (el: any) => el.value.attempts as number);
  await page.click(`${widget} .exercise-run`);
  await page.waitForFunction(
    (sel, n) => {
      const el = document.querySelector(sel) as any;
      const state = el?.querySelector(".exercise-result")?.dataset.state;
      return el?.value.attempts === n && (state === "pass" || state === "fail");
    },
    {timeout: WAIT_MS},
    widget,
    before + 1
  );
  return page.$eval(widget, (el) => ({
    state: (el.querySelector(".exercise-result") as HTMLElement).dataset.state!,
    summary: el.querySelector(".exercise-summary")!.textContent!,
  }));
}

describe("the exercises in Firefox ESR (no WebGPU), on the built site", () => {
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    expect(existsSync(FIREFOX), `no Firefox at ${FIREFOX}: apt-get install -y firefox-esr (or set FIREFOX_PATH)`).toBe(true);
    expect(existsSync("dist/exercises.html"), "no built site: run `npm run build` first").toBe(true);
    const s = spawn(process.execPath, ["scripts/serve-dist.mjs", String(PORT)], {stdio: ["ignore", "pipe", "inherit"]});
    server = s;
    await new Promise<void>((resolve, reject) => {
      s.stdout!.on("data", (d: Buffer) => d.toString().includes("serving") && resolve());
      s.on("exit", (code) => reject(new Error(`serve-dist exited (${code}): is port ${PORT} taken? (FIREFOX_PORT)`)));
    });
    browser = await puppeteer.launch({browser: "firefox", executablePath: FIREFOX, headless: true});
    page = await browser.newPage();
    await page.setViewport({width: 1200, height: 900});
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
    await page.goto(`http://127.0.0.1:${PORT}/exercises`, {waitUntil: "load"});
    await page.$eval(widget, (el) => el.scrollIntoView({block: "center"}));
    await page.waitForSelector(`${widget} .cm-content`, {visible: true, timeout: WAIT_MS});
  });
  afterAll(async () => {
    await browser?.close();
    server?.kill();
  });

  it("says the checks run on the CPU interpreter, and the pasted reference solution passes there", async () => {
    expect(await page.evaluate(() => "gpu" in navigator)).toBe(false);
    expect(await page.$eval(`${widget} .exercise-engine`, (el) => el.textContent)).toBe(
      "No WebGPU here: your kernel runs on a CPU interpreter at smaller sizes."
    );
    await paste(page, solution);
    const r = await run(page);
    expect(r.summary).toBe("Passed: at every size (1, 100, 257) your kernel's output equals the twin's.");
    expect(r.state).toBe("pass");
    expect(await page.$eval(widget, (el: any) => ({...el.value}))).toEqual({task: TASK, passed: true, attempts: 1, engine: "interpreter"});
  });

  it("a syntax error is listed at its line, and marked in the editor's gutter", async () => {
    const {code, line} = broken();
    await paste(page, code);
    const r = await run(page);
    expect(r.summary).toBe("Your code does not compile: one error, marked in the editor at its line.");
    expect(await page.$eval(`${widget} .exercise-message`, (el) => el.textContent)).toMatch(new RegExp(`^Line ${line}: `));
    expect(await page.$$eval(`${widget} .cm-gutter-lint .cm-lint-marker-error`, (els) => els.length)).toBe(1);
    expect(errors).toEqual([]);
  });

  it("steps a thread of the solution: the caption counts the steps, → moves on, the editor marks the line", async () => {
    await paste(page, solution);
    await page.click(`${widget} .exercise-step`);
    const caption = `${widget} .exercise-stepper-caption`;
    const captionIs = (re: RegExp) =>
      page.waitForFunction((sel, src) => new RegExp(src).test(document.querySelector(sel)?.textContent ?? ""), {timeout: WAIT_MS}, caption, re.source);
    await captionIs(/^thread 0, step 1 of \d+: .* at line \d+/);
    await page.focus(`${widget} .exercise-step-next`);
    await page.keyboard.press("ArrowRight");
    await captionIs(/^thread 0, step 2 of \d+: /);
    const line = Number(/at line (\d+)/.exec((await page.$eval(caption, (el) => el.textContent)) ?? "")![1]);
    expect(await page.$eval(`${widget} .cm-step-line`, (el) => el.textContent)).toBe(solution.split("\n")[line - 1]);
    expect(errors).toEqual([]);
  });
});
