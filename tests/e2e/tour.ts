/**
 * A page's tour: one page load that does what a layout check and an accessibility check each did
 * with loads of their own. A layout-shift counter is installed before anything of the page runs;
 * axe reads the page at load (the widgets idle); the page is scrolled from top to bottom a quarter
 * of a viewport at a time, each step at rest with the widgets on screen started; its cumulative
 * layout shift is held to `MAX_CLS`; axe reads it again once every widget runs; last, on a page with
 * a hero, the hero's canvas is focused by Tab (its keyboard help shown over the picture) and axe
 * reads it a third time. The Tab comes after the count on purpose: a shift within 0.5 s of a key
 * press is "after recent input" and not counted, so keys pressed before the scroll would hide the
 * load's own shifts.
 *
 * A failure says everything the tour found, not only the first thing: the shift bound is a soft
 * assertion listing the shifting nodes (the entries' sources, boxes before and after, the scroll
 * position), and every axe run's serious and critical violations are listed together at the end.
 */
import AxeBuilder from "@axe-core/playwright";
import {type Browser, expect, type Page, test} from "@playwright/test";
import {type A11yCase, describeViolations} from "./a11y-check.js";
import {animationFrames, disableWebGPU, expectWebGPU, scrollSettled} from "./helpers.js";

/** The acceptance bound: no page's cumulative layout shift above it. */
export const MAX_CLS = 0.05;

/** One page load: a page, one case of size, scheme and motion, with or without WebGPU. */
export interface Tour extends A11yCase {
  path: string;
  gpu: boolean;
  /** The page has a hero canvas whose keyboard help is read by axe (focused by Tab). */
  heroKeys: boolean;
}

/** A phone is emulated as one (touch, the mobile viewport), so its touch hints and coarse-pointer rules apply. */
const isPhone = (t: Tour) => t.size.name === "phone";

/** Counts layout shifts without recent input from the first byte of the page, with what moved. */
function installShiftCounter() {
  const g = globalThis as any;
  g.__cls = 0;
  g.__shifts = [];
  const describe = (n: Node | null) => {
    if (!n) return "(gone)";
    const el = (n.nodeType === 1 ? n : n.parentElement) as Element | null;
    if (!el) return "(text)";
    const path: string[] = [];
    for (let e: Element | null = el; e && path.length < 4; e = e.parentElement) {
      path.unshift(e.tagName.toLowerCase() + (e.id ? `#${e.id}` : "") + (e.classList.length ? `.${[...e.classList].join(".")}` : ""));
    }
    return path.join(" > ");
  };
  const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as any[]) {
      if (e.hadRecentInput) continue;
      g.__cls += e.value;
      g.__shifts.push({
        value: Number(e.value.toFixed(4)),
        scrollY: Math.round(scrollY),
        sources: (e.sources ?? []).map((s: any) => `${describe(s.node)}: ${box(s.previousRect)} → ${box(s.currentRect)}`),
      });
    }
  }).observe({type: "layout-shift", buffered: true});
}

/** Every widget whose box meets the viewport has started: its engine is chosen (no longer idle or pending). */
const widgetsOnScreenReady = (page: Page) =>
  page.evaluate(() => {
    const waiting: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("[data-widget]")) {
      const r = el.getBoundingClientRect();
      if (r.bottom <= 0 || r.top >= innerHeight || r.height === 0) continue;
      const engine = el.dataset.engine;
      if (engine === "idle" || engine === "pending") waiting.push(`${el.dataset.widget}:${engine}`);
    }
    return waiting.join(" ");
  });

/**
 * Scrolls from the top to the bottom of the page in steps of a quarter of a viewport (half a
 * viewport stepped over the shifts under §3 and §5 on a phone), each step at rest and the widgets
 * on screen started. The page may grow as it goes: its bottom is read again at every step.
 */
async function scrollThrough(page: Page) {
  await animationFrames(page, 10);
  for (let step = 0; step < 400; step++) {
    const {y, bottom} = await page.evaluate(() => ({y: scrollY, bottom: document.documentElement.scrollHeight - innerHeight}));
    await expect.poll(() => widgetsOnScreenReady(page), {message: `the widgets on screen at scrollY ${y} start`, timeout: 120_000}).toBe("");
    await animationFrames(page, 6);
    if (y >= bottom - 1) return;
    await page.evaluate(() => window.scrollBy(0, Math.round(innerHeight / 4)));
    await scrollSettled(page);
  }
  throw new Error("the page never ended");
}

/** Widgets whose engine does not run (anything but gpu or cpu), as "name:state". */
const notRunning = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-engine]")].map((e) => `${e.dataset.widget}:${e.dataset.engine}`).filter((s) => !/:(gpu|cpu)$/.test(s))
  );

/** Rules left out of the run, from `A11Y_SKIP` (comma separated), for local runs while another change is pending. None by default. */
const skipped = (process.env.A11Y_SKIP ?? "").split(",").filter(Boolean);

/**
 * Runs axe on the page (or only on what `within` selects); returns its serious and critical
 * violations as text ("" if none) and prints the others.
 */
async function axe(page: Page, where: string, within?: string): Promise<string> {
  // violations only: axe skips gathering the passes and the incomplete checks (≈ 1 s of 4 on the essay)
  const builder = new AxeBuilder({page}).disableRules(skipped).options({resultTypes: ["violations"]});
  const result = await (within ? builder.include(within) : builder).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const rest = result.violations.filter((v) => !bad.includes(v));
  if (rest.length) console.log(`${where}, minor or moderate:\n${describeViolations(rest)}`);
  return bad.length ? `${where}:\n${describeViolations(bad)}` : "";
}

/** The tour's title: the page and its case, as the report lists it. */
export function tourTitle(t: Tour): string {
  const size = `${t.size.width}×${t.size.height}${isPhone(t) ? " touch" : ""}`;
  return `${t.gpu ? "" : "without WebGPU: "}${t.path}, ${t.scheme}, ${size}${t.motion === "reduce" ? ", reduced motion" : ""}`;
}

/** Loads the tour's page once and runs every check of it (see the module comment). */
export async function tourPage(browser: Browser, t: Tour) {
  const phone = isPhone(t);
  const context = await browser.newContext({
    viewport: {width: t.size.width, height: t.size.height},
    isMobile: phone,
    hasTouch: phone,
    colorScheme: t.scheme,
    reducedMotion: t.motion,
  });
  const page = await context.newPage();
  const where = tourTitle(t);
  const failures: string[] = [];
  try {
    if (!t.gpu) await disableWebGPU(page);
    await page.addInitScript(installShiftCounter);
    await page.goto(t.path);
    await page.waitForLoadState("load");
    if (t.gpu) await expectWebGPU(page); // the page checked had WebGPU (a WebGPU test fails without it)
    await test.step("axe at load", async () => failures.push(await axe(page, `${where}, at load`)));

    await test.step("scrolled top to bottom, every widget started on the way", async () => {
      await scrollThrough(page);
      const {cls, shifts} = await page.evaluate(() => ({cls: (globalThis as any).__cls as number, shifts: (globalThis as any).__shifts}));
      expect.soft(cls, `cumulative layout shift of ${where}; the shifts:\n${JSON.stringify(shifts, null, 1)}`).toBeLessThanOrEqual(MAX_CLS);
      await expect.poll(() => notRunning(page), {message: "every widget's engine runs", timeout: 120_000}).toEqual([]);
    });

    await test.step("axe with every widget started", async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await scrollSettled(page);
      failures.push(await axe(page, `${where}, every widget started`));
    });

    // The keyboard help over a hero's picture ("Arrow keys stir the water. …") sits on the hero's
    // dark stage in both themes: read with the canvas focused by Tab (the scheme is the tour's; the
    // colours a scheme gives do not depend on the width, a11y-check.ts). Axe reads the hero alone:
    // the focus changes nothing outside it (the help and the ring are the stage's), and the rest
    // of the page was read twice already — on the moving essay a third whole run took 20 s.
    if (t.heroKeys)
      await test.step("axe with the hero's canvas focused by Tab, its keyboard help shown", async () => {
        const canvas = page.locator(".hero-widget canvas").first();
        await expect(canvas).toBeVisible();
        const onCanvas = () => page.evaluate(() => document.activeElement?.matches(".hero-widget canvas:focus-visible") ?? false);
        for (let i = 0; i < 30 && !(await onCanvas()); i++) await page.keyboard.press("Tab");
        expect(await onCanvas(), "Tab reaches the hero's canvas").toBe(true);
        const help = page.locator(".hero-widget .sim-keys");
        await expect(help).toBeVisible();
        expect((await help.boundingBox())!.width).toBeGreaterThan(50);
        failures.push(await axe(page, `${where}, the hero's canvas focused by Tab, its keyboard help shown`, ".hero-widget"));
      });

    const found = failures.filter(Boolean);
    expect(found.length, `serious or critical axe violations:\n${found.join("\n")}`).toBe(0);
  } finally {
    await context.close();
  }
}
