// No layout shift while a reader scrolls through a page: every page at 390 × 844 (touch) and
// 1440 × 900, scrolled from top to bottom step by step. The counter is the hero test's
// (tests/e2e/hero.spec.ts): a PerformanceObserver for 'layout-shift' entries installed before
// anything of the page runs, summing entries without recent input. Each step waits on
// conditions — the scroll at rest, every widget on screen started (its data-engine no longer
// idle or pending), animation frames — never on a clock. A failure names the shifting nodes
// (the entries' sources) with their boxes before and after.
// Reduced motion: the widgets start and draw once (docs/records/tests.md, "Browser tests: motion
// only where a test is about motion"); the boxes they reserve are the same.
import {type Browser, expect, type Page, test} from "@playwright/test";
import {animationFrames, scrollSettled} from "./helpers.js";

const PAGES = ["/", "/gravity", "/worlds-from-dust", "/bench", "/embed", "/exercises"];
const SIZES = [
  {label: "390×844 touch", viewport: {width: 390, height: 844}, touch: true},
  {label: "1440×900", viewport: {width: 1440, height: 900}, touch: false},
];
/**
 * Still shifting, found by this test and not yet fixed: none. (/embed at both sizes, 0.55, and /bench
 * at 1440 × 900, 0.076, were: their late boxes are reserved now — src/embed.md, src/style.css.)
 */
const KNOWN_SHIFTING = new Set<string>();
/** The acceptance bound: no page's cumulative layout shift above it. */
const MAX_CLS = 0.05;

async function openCounted(browser: Browser, path: string, viewport: {width: number; height: number}, touch: boolean): Promise<Page> {
  const context = await browser.newContext({viewport, isMobile: touch, hasTouch: touch, reducedMotion: "reduce"});
  const page = await context.newPage();
  await page.addInitScript(() => {
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
  });
  await page.goto(path);
  return page;
}

/** Every widget whose box meets the viewport has started: its engine is chosen (gpu or cpu). */
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

/** Scrolls from the top to the bottom of the page in steps of a quarter of a viewport (half a viewport stepped over the shifts under §3 and §5 on a phone), each step at rest and its widgets started. */
async function scrollThrough(page: Page) {
  await page.waitForLoadState("load");
  await animationFrames(page, 10);
  for (let step = 0; step < 400; step++) {
    const {y, bottom} = await page.evaluate(() => ({y: scrollY, bottom: document.documentElement.scrollHeight - innerHeight}));
    await expect.poll(() => widgetsOnScreenReady(page), {timeout: 120_000}).toBe("");
    await animationFrames(page, 6);
    if (y >= bottom - 1) return;
    await page.evaluate(() => window.scrollBy(0, Math.round(innerHeight / 4)));
    await scrollSettled(page);
  }
  throw new Error("the page never ended");
}

for (const size of SIZES) {
  for (const path of PAGES) {
    test(`scrolling through ${path} at ${size.label}: cumulative layout shift ≤ ${MAX_CLS}`, async ({browser}) => {
      test.fixme(KNOWN_SHIFTING.has(`${path} ${size.label}`), "shifts found, fix pending (see KNOWN_SHIFTING)");
      test.setTimeout(600_000);
      const page = await openCounted(browser, path, size.viewport, size.touch);
      try {
        await scrollThrough(page);
        const {cls, shifts} = await page.evaluate(() => ({cls: (globalThis as any).__cls as number, shifts: (globalThis as any).__shifts}));
        expect(cls, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(MAX_CLS);
      } finally {
        await page.context().close();
      }
    });
  }
}
