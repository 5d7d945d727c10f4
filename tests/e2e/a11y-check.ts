/**
 * The accessibility check shared by `a11y.spec.ts` (WebGPU) and `a11y.nogpu.spec.ts` (WebGPU
 * hidden): axe-core on a built page at load and once every widget has started, in a light
 * and a dark colour scheme, at a desktop and a phone size (one page load for each pair). Serious and critical violations fail; each is printed
 * on one line per rule with its first few targets.
 */
import AxeBuilder from "@axe-core/playwright";
import {expect, type Page} from "@playwright/test";

export const SIZES = [
  {name: "desktop", width: 1440, height: 900},
  {name: "phone", width: 390, height: 844},
] as const;
export const SCHEMES = ["light", "dark"] as const;

/** Rules left out of the run, from `A11Y_SKIP` (comma separated), e.g. while another change is pending. None by default. */
const skipped = (process.env.A11Y_SKIP ?? "").split(",").filter(Boolean);

/**
 * Scrolls through the whole page one screen at a time (widgets start within one screen of
 * the viewport), then waits until every widget's engine is running (`data-engine` gpu or cpu).
 */
export async function startEveryWidget(page: Page) {
  await page.waitForLoadState("load");
  const step = page.viewportSize()!.height;
  // one pass down the page renders every cell (the page grows as widgets appear)
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(200);
  }
  // then each widget in view until its engine has started (a busy page delivers its observers late)
  const widgets = page.locator("[data-engine]");
  for (let i = 0; i < (await widgets.count()); i++) {
    const w = widgets.nth(i);
    await w.scrollIntoViewIfNeeded();
    await expect(w, `widget ${i} starts`).not.toHaveAttribute("data-engine", "idle", {timeout: 60_000});
  }
  const notRunning = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("[data-engine]")].map((e) => `${e.dataset.widget}:${e.dataset.engine}`).filter((s) => !/:(gpu|cpu)$/.test(s))
    );
  await expect.poll(notRunning, {timeout: 120_000}).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** One line per violation: impact, rule, count, first targets. */
export function describeViolations(violations: {id: string; impact?: string | null; nodes: {target: unknown[]}[]}[]) {
  return violations
    .map(
      (v) =>
        `${v.impact} ${v.id} ×${v.nodes.length}: ${v.nodes
          .slice(0, 4)
          .map((n) => JSON.stringify(n.target))
          .join(" ")}`
    )
    .join("\n");
}

/**
 * For each size and colour scheme: loads `path` once, runs axe at load (the widgets still
 * idle), scrolls through the page until every widget has started (`startEveryWidget`) and
 * runs axe again. Fails on any serious or critical violation of any of the eight runs,
 * listing all of them; minor and moderate ones are printed.
 */
export async function checkPage(page: Page, path: string) {
  const failures: string[] = [];
  const run = async (where: string) => {
    const result = await new AxeBuilder({page}).disableRules(skipped).analyze();
    const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    const rest = result.violations.filter((v) => !bad.includes(v));
    if (rest.length) console.log(`${where}, minor or moderate:\n${describeViolations(rest)}`);
    if (bad.length) failures.push(`${where}:\n${describeViolations(bad)}`);
  };
  for (const size of SIZES)
    for (const scheme of SCHEMES) {
      const where = `${path} ${scheme} ${size.width}×${size.height}`;
      await page.setViewportSize(size);
      await page.emulateMedia({colorScheme: scheme});
      await page.goto(path);
      await page.waitForLoadState("load");
      await run(`${where}, at load`);
      await startEveryWidget(page);
      await run(`${where}, every widget started`);
    }
  expect(failures.length, failures.join("\n")).toBe(0);
}
