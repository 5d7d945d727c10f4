/**
 * The exercises' browser tests, shared by exercise.spec.ts (WebGPU) and exercise.nogpu.spec.ts
 * (WebGPU hidden: the CPU interpreter): open a "Write this kernel yourself" disclosure, put code in
 * an exercise's editor as a paste would, run the check, read what it said. Every wait is on a
 * condition of the page.
 */
import {readFileSync} from "node:fs";
import {expect, type Locator, type Page} from "@playwright/test";

/** A task's WGSL as the repository has it (shaders/exercises/<id>/<kind>.wgsl). */
export const taskWGSL = (task: string, kind: "starter" | "solution" | "race") => readFileSync(`shaders/exercises/${task}/${kind}.wgsl`, "utf8");

/** The exercise widget of `task` on the page. */
export const exercise = (page: Page, task: string): Locator => page.locator(`[data-widget="exercise"][data-task="${task}"]`);

/** Its editor's editable text (CodeMirror's content element). */
export const editorOf = (page: Page, task: string): Locator => exercise(page, task).locator(".cm-content");

/**
 * Opens the disclosure that holds `task` (clicking its summary, as a reader would) and waits until
 * the task's editor has loaded. The essay's cells arrive after the hero's first frame: a disclosure
 * opened before they ran is mounted when they run.
 */
export async function openExercise(page: Page, task: string) {
  const slot = page.locator(`details.exercise-slot[data-tasks~="${task}"]`);
  await slot.locator("summary").scrollIntoViewIfNeeded();
  // once in seven loaded runs of `npm test` (a fresh clone, 2026-12-04) the disclosure was found
  // closed after the click, its summary focused, and the exercise never came: until the exercise is
  // there, a closed disclosure is clicked open again, as a reader would
  await expect(async () => {
    if (!(await slot.evaluate((d) => (d as HTMLDetailsElement).open))) await slot.locator("summary").click();
    await expect(exercise(page, task)).toBeAttached({timeout: 10_000});
  }).toPass({timeout: 150_000});
  await exercise(page, task).scrollIntoViewIfNeeded();
  await expect(editorOf(page, task)).toBeVisible({timeout: 120_000});
}

/** Replaces the editor's text with `code` as a paste does (select all, insert). */
export async function setCode(page: Page, task: string, code: string) {
  await editorOf(page, task).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(code);
  await expect.poll(() => editorText(page, task)).toBe(code.replace(/\r/g, ""));
}

/** The editor's text (the widget's `code()`). */
export function editorText(page: Page, task: string): Promise<string> {
  return exercise(page, task).evaluate((el: any) => el.code());
}

/** `.value` of the task's exercise. */
export const exerciseValue = (page: Page, task: string) => exercise(page, task).evaluate((el: any) => ({...el.value}));

/** Presses Run and check and waits for its result: "pass" or "fail", and the summary sentence. */
export async function runCheck(page: Page, task: string): Promise<{state: string; summary: string}> {
  const before = (await exerciseValue(page, task)).attempts;
  await exercise(page, task).locator(".exercise-run").click();
  const result = exercise(page, task).locator(".exercise-result");
  await expect.poll(() => exerciseValue(page, task).then((v) => v.attempts)).toBe(before + 1);
  await expect(result).toHaveAttribute("data-state", /^(pass|fail)$/, {timeout: 120_000});
  return {state: (await result.getAttribute("data-state"))!, summary: (await result.locator(".exercise-summary").textContent())!};
}

/** The counting-sort widget of §3 and its `.value`. */
export const sortValue = (page: Page) =>
  page.locator('#demo-counting-sort [data-widget="counting-sort"]').evaluate((el: any) => JSON.parse(JSON.stringify(el.value)));

/**
 * The histogram's solution with its count made an endless loop: a `loop` whose only way out is a
 * condition that never holds (the compiler cannot tell; a `loop` with no way out at all it refuses).
 */
export function endlessHistogram(): string {
  return taskWGSL("histogram", "solution").replace(
    "atomicAdd(&counts[key], 1u);",
    "loop {\n    atomicAdd(&counts[key], 1u);\n    if (grid.num_particles == 0u) {\n      break;\n    }\n  }"
  );
}

/** The histogram's solution with a syntax error (`let oops = (1u;`: an unclosed parenthesis) on a line of its own: the code and that line (1-based). */
export function brokenHistogram(): {code: string; line: number} {
  const lines = taskWGSL("histogram", "solution").split("\n");
  const at = lines.findIndex((l) => l.includes("let key = cell_key"));
  lines.splice(at, 0, "  let oops = (1u;");
  return {code: lines.join("\n"), line: at + 1};
}
