/**
 * The accessibility check's parts, shared by the tours of `tour.spec.ts` (WebGPU, `tour.ts`) and
 * `a11y.nogpu.spec.ts` (WebGPU hidden): axe-core on a built page at load and once every widget has
 * started. Each page is checked twice (some cases in the long tier), light at one size and dark at
 * the other (`CASES`; a caller picks which pairing), so every page meets both colour schemes and
 * both sizes without the four page loads of the full product: the colours a scheme gives do not
 * depend on the width, and the phone layout's boxes do not depend on the scheme. Serious and
 * critical violations fail; each is printed on one line per rule with its first few targets.
 */
import AxeBuilder from "@axe-core/playwright";
import {expect, type Page} from "@playwright/test";

export const SIZES = [
  {name: "desktop", width: 1440, height: 900},
  {name: "phone", width: 390, height: 844},
] as const;
export const SCHEMES = ["light", "dark"] as const;

/** A size with a colour scheme and a motion preference: one page load of the check. */
export interface A11yCase {
  size: (typeof SIZES)[number];
  scheme: (typeof SCHEMES)[number];
  /** "reduce": the widgets wait for Play (their paused state and its labels are what axe reads). */
  motion: "reduce" | "no-preference";
}

/**
 * The two pairings of size and scheme. `A` is light on a desktop (moving) and dark on a phone
 * (reduced motion); `B` is the other way round. Pages checked with both cover all four. The tours
 * with WebGPU take the pairings' sizes and schemes with reduced motion in both (`tour.spec.ts`
 * says why); the checks without WebGPU keep the motion, so the long tier still reads the running
 * widgets' controls ("Pause") and captions.
 */
export const CASES: Record<"A" | "B", A11yCase[]> = {
  A: [
    {size: SIZES[0], scheme: "light", motion: "no-preference"},
    {size: SIZES[1], scheme: "dark", motion: "reduce"},
  ],
  B: [
    {size: SIZES[1], scheme: "light", motion: "no-preference"},
    {size: SIZES[0], scheme: "dark", motion: "reduce"},
  ],
};

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
    // two frames: the observers of what came into view have run
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
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
 * For each case: loads `path` once at its size, scheme and motion preference, runs axe at load
 * (the widgets still idle), scrolls through the page until every widget has started
 * (`startEveryWidget`) and runs axe again. Fails on any serious or critical violation of any
 * run, listing all of them; minor and moderate ones are printed.
 */
export async function checkPage(page: Page, path: string, cases: A11yCase[]) {
  const failures: string[] = [];
  const run = async (where: string) => {
    // violations only: axe skips gathering the passes and the incomplete checks (≈ 1 s of 4 on the essay)
    const result = await new AxeBuilder({page})
      .disableRules(skipped)
      .options({resultTypes: ["violations"]})
      .analyze();
    const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    const rest = result.violations.filter((v) => !bad.includes(v));
    if (rest.length) console.log(`${where}, minor or moderate:\n${describeViolations(rest)}`);
    if (bad.length) failures.push(`${where}:\n${describeViolations(bad)}`);
  };
  for (const {size, scheme, motion} of cases) {
    const where = `${path} ${scheme} ${size.width}×${size.height}${motion === "reduce" ? " reduced motion" : ""}`;
    await page.setViewportSize(size);
    await page.emulateMedia({colorScheme: scheme, reducedMotion: motion});
    await page.goto(path);
    await page.waitForLoadState("load");
    await run(`${where}, at load`);
    await startEveryWidget(page);
    await run(`${where}, every widget started`);
  }
  expect(failures.length, failures.join("\n")).toBe(0);
}
