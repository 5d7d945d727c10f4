// The scroll-scrubbed counting sort on the built page, with WebGPU (SwiftShader).
// Every phase's arrays must equal the CPU twin computed here from `.value.particles`; the
// diagram must be a pure function of scroll position (jump = step, any direction, any speed).
import {test, expect, type Page, type BrowserContext} from "@playwright/test";
import {readFileSync, mkdirSync} from "node:fs";
import {distinctColours, expectWebGPU, gpuStats, scrollSettled, settled, watchErrors, widgetValue} from "./helpers.js";
import {denseGrid} from "../../components/sort/grid.js";
import {packParticles} from "../../components/sort/particles.js";
import {countingSortTwin} from "../../components/sort/twin.js";

const PHASES = ["histogram", "scan-1", "scan-2", "scan-4", "shift", "scatter"];
const REST = (k: number) => (k + 0.85) / 6; // where a keyboard step lands inside phase k
const SHOTS = "test-results/screenshots"; // committed copies: docs/screenshots/scan-scrub-*.png

interface Value {
  progress: number;
  phase: string;
  phaseIndex: number;
  particles: {id: number; x: number; y: number; cell: number}[];
  counts: number[];
  scanRounds: number[][];
  starts: number[];
  order: number[];
  seed: number;
  engine: string;
}

/** The twin's arrays for these particles, and what the widget must show at phase k. */
function expectedAt(v: Value, k: number) {
  const twin = countingSortTwin(denseGrid(3, 2, 1), packParticles(v.particles.map((p) => ({x: p.x, y: p.y, id: p.id}))));
  return {
    keys: Array.from(twin.keys),
    counts: Array.from(twin.counts),
    scanRounds: twin.scanRounds.slice(0, Math.max(0, Math.min(3, k))).map((r) => Array.from(r)),
    starts: k >= 4 ? Array.from(twin.starts) : [],
    order: k >= 5 ? Array.from(twin.order) : [],
  };
}

/** Asserts that `.value` shows phase floor(6p) with the twin's arrays (per-cell sets for the scatter's order). */
function expectMatchesTwin(v: Value, label: string) {
  const k = Math.min(5, Math.floor(v.progress * 6));
  expect(v.phaseIndex, label).toBe(k);
  expect(v.phase, label).toBe(PHASES[k]);
  const e = expectedAt(v, k);
  expect(
    v.particles.map((p) => p.cell),
    `${label}: cell keys`
  ).toEqual(e.keys);
  expect(v.counts, `${label}: counts`).toEqual(e.counts);
  expect(v.scanRounds, `${label}: scan rounds`).toEqual(e.scanRounds);
  expect(v.starts, `${label}: starts`).toEqual(e.starts);
  expect(v.order.length, `${label}: order length`).toBe(e.order.length);
  if (e.order.length) {
    // inside a cell the GPU's order is arbitrary (atomics): compare each cell's set of ids
    expect(
      [...v.order].sort((a, b) => a - b),
      `${label}: order is a permutation`
    ).toEqual(v.particles.map((p) => p.id));
    for (let c = 0; c < 6; c++) {
      const cellOf = (o: number[]) => o.slice(e.starts[c], e.starts[c + 1]).sort((a, b) => a - b);
      expect(cellOf(v.order), `${label}: ids in cell ${c}`).toEqual(cellOf(e.order));
    }
  }
}

/** During the histogram the drawn counts are those of the first k particles, k = the "counted" note. */
async function expectHistogramDrawing(page: Page, v: Value) {
  const note = await page.locator(".scan-scrub .note-live").textContent();
  const k = Number(/counted: (\d+) \/ 18/.exec(note ?? "")?.[1]);
  expect(k).toBeGreaterThanOrEqual(0);
  const partial = [0, 0, 0, 0, 0, 0];
  for (const p of v.particles.slice(0, k)) partial[p.cell]++;
  const drawn = await page.locator(".scan-scrub g.row-0 text").allTextContents();
  expect(
    drawn.map((t) => (t === "" ? 0 : Number(t))),
    `counts drawn after ${k} particles`
  ).toEqual(partial);
  // ~ progress through the first 70 % of the phase, one particle at a time
  expect(k).toBe(Math.min(18, Math.floor(Math.min(1, (v.progress * 6) / 0.7) * 18)));
}

/** Scroll geometry of the widget: document y where progress is 0, and the scroll range. */
async function geometry(page: Page) {
  return page.evaluate(() => {
    const el = document.querySelector(".scan-scrub .scrub-scrolly")!;
    const r = el.getBoundingClientRect();
    return {top: r.top + window.scrollY, range: r.height - window.innerHeight};
  });
}

const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Jumps (instantly) to document y and returns `.value` once the frame is drawn. */
async function jumpToY(page: Page, y: number): Promise<Value> {
  await page.evaluate((yy) => window.scrollTo({top: yy, behavior: "instant"}), y);
  await frames(page);
  return widgetValue<Value>(page, "scan-scrub");
}

/** Waits until the page stops scrolling (smooth scrolls, wheel): see `scrollSettled`. */
const settle = (page: Page) => scrollSettled(page);

/** After a step: waits until the widget rests at phase k's rest point, then until scrolling stops. */
async function restsAt(page: Page, k: number, range: number): Promise<number> {
  await expect
    .poll(
      async () => {
        const v = await widgetValue<Value>(page, "scan-scrub");
        const ok = v.phaseIndex === k && Math.abs(v.progress - REST(k)) < 2 / range;
        // on failure the report shows where the widget is instead
        return ok ? "at rest" : `phase ${v.phaseIndex}, progress ${v.progress} (rest ${REST(k)}), scrollY ${await page.evaluate(() => window.scrollY)}`;
      },
      {timeout: 20_000}
    )
    .toBe("at rest");
  return settle(page);
}

/** Progress computed from scrollY in the test, independently of the widget. */
async function progressFromScroll(page: Page) {
  const g = await geometry(page);
  const y = await page.evaluate(() => window.scrollY);
  return Math.min(1, Math.max(0, (y - g.top) / g.range));
}

async function openPage(context: BrowserContext) {
  const page = await context.newPage();
  const errs = watchErrors(page);
  await page.goto("/");
  await expectWebGPU(page);
  await page.locator('[data-widget="scan-scrub"]').scrollIntoViewIfNeeded(); // widgets start when they come near the viewport
  await expect.poll(async () => (await widgetValue<Value>(page, "scan-scrub"))?.engine, {timeout: 90_000}).toBe("gpu");
  return {page, errs};
}

test.describe.configure({mode: "serial"});

let page: Page;
let errs: ReturnType<typeof watchErrors>;

test.beforeAll(async ({browser}) => {
  const context = await browser.newContext({viewport: {width: 1200, height: 900}});
  ({page, errs} = await openPage(context));
});

test.afterAll(async () => {
  const stats = await gpuStats(page);
  expect(stats.validationErrors, stats.lastError ?? "").toBe(0);
  errs.expectNone();
  await page.context().close();
});

test("20 scroll positions, both directions and fast jumps, equal the twin", async () => {
  const g = await geometry(page);
  expect(g.range).toBeGreaterThan(3 * 900); // several screen heights of scrolling
  await expect(page.locator("#scrub-counter")).toContainText("read back from the GPU");
  // forwards in small steps, a jump back, backwards, jumps across the whole section
  const jumps = [0.01, 0.09, 0.17, 0.26, 0.31, 0.44, 0.49, 0.58, 0.71, 0.83, 0.97, 1.0, 0.05, 0.66, 0.36, 0.12, 0.9, 0.2];
  for (const p of jumps) {
    // the section never moves while the reader scrubs (the summary above it keeps one height)
    const gNow = await geometry(page);
    expect(gNow, `the scroll diagram stays put (before the jump to ${p})`).toEqual(g);
    const v = await jumpToY(page, Math.round(gNow.top + p * gNow.range));
    expect(v.progress).toBeCloseTo(await progressFromScroll(page), 9);
    expect(Math.abs(v.progress - p), `progress near ${p}`).toBeLessThan(2 / gNow.range);
    expectMatchesTwin(v, `jump to ${p}`);
    if (v.phaseIndex === 0) await expectHistogramDrawing(page, v);
    // the page's reactive counter follows the widget's value
    const said =
      v.phase === "histogram"
        ? "the histogram"
        : v.phase.startsWith("scan-")
          ? `scan round ${v.phaseIndex} of 3, stride ${v.phase.slice(5)}.`
          : v.phase === "shift"
            ? "the shift to exclusive starts"
            : "the scatter";
    await expect(page.locator("#scrub-counter")).toContainText(`phase ${v.phaseIndex + 1} of 6: ${said}`);
  }
  // the arrays really came through GPU buffers
  expect((await gpuStats(page)).bytesPeak).toBeGreaterThan(0);
  // real wheel input: down, then back up (scroll events from the browser, not scrollTo)
  await jumpToY(page, Math.round(g.top + 0.3 * g.range));
  const box = page.locator(".scan-scrub .scrub-steps");
  await box.hover({position: {x: 20, y: 20}, force: true});
  for (const dy of [700, -1400]) {
    await page.mouse.wheel(0, dy);
    await settle(page);
    await frames(page);
    const v = await widgetValue<Value>(page, "scan-scrub");
    expect(v.progress).toBeCloseTo(await progressFromScroll(page), 9);
    expectMatchesTwin(v, `wheel ${dy}`);
  }
});

test("stepping with the keyboard and the buttons lands where jumping lands, with identical .value", async () => {
  const g = await geometry(page);
  await jumpToY(page, g.top);
  await page.locator(".scan-scrub .scrub-stage").focus();
  const stepped: {y: number; v: Value}[] = [];
  for (let k = 0; k < 6; k++) {
    await page.keyboard.press("ArrowRight");
    const y = await restsAt(page, k, g.range);
    await frames(page);
    const v = await widgetValue<Value>(page, "scan-scrub");
    expect(v.phaseIndex, `ArrowRight #${k + 1}`).toBe(k);
    expectMatchesTwin(v, `step ${k}`);
    stepped.push({y, v});
  }
  // backwards by keyboard, then forwards by mouse on the buttons
  for (let k = 4; k >= 0; k--) {
    await page.keyboard.press("ArrowLeft");
    await restsAt(page, k, g.range);
  }
  await page.locator(`[data-widget="scan-scrub"]`).getByRole("button", {name: "Next ▶"}).click();
  await restsAt(page, 1, g.range);
  await page.locator(`[data-widget="scan-scrub"]`).getByRole("button", {name: "◀ Previous"}).click();
  await restsAt(page, 0, g.range);
  // the same positions reached by jumping (from far away) give identical values
  for (const [i, s] of stepped.entries()) {
    await jumpToY(page, i % 2 ? g.top + g.range : g.top - 500);
    const v = await jumpToY(page, s.y);
    expect(v, `jump to step ${i}`).toEqual(s.v);
  }
});

test("a fixed scroll position does not change over time (no animation outside scrolling)", async () => {
  const g = await geometry(page);
  for (const p of [0.08, 0.55, 0.93]) {
    await jumpToY(page, Math.round(g.top + p * g.range));
    const a = await page.locator(".scan-scrub svg.scrub-svg").evaluate((el) => el.outerHTML);
    await page.waitForTimeout(400);
    const b = await page.locator(".scan-scrub svg.scrub-svg").evaluate((el) => el.outerHTML);
    expect(b).toBe(a);
  }
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
});

test("screenshots of three phases are not blank and differ", async () => {
  mkdirSync(SHOTS, {recursive: true});
  const g = await geometry(page);
  const stage = page.locator(".scan-scrub .scrub-stage");
  const shots: Buffer[] = [];
  for (const [name, p] of [
    ["histogram", 0.1],
    ["scan-round-2", REST(2)],
    ["scatter", 0.93],
  ] as const) {
    await jumpToY(page, Math.round(g.top + p * g.range));
    const png = await stage.screenshot({path: `${SHOTS}/scan-scrub-${name}.png`});
    const colours = await distinctColours(page, png);
    expect(colours, `${name}: distinct colours`).toBeGreaterThan(50);
    shots.push(png);
  }
  expect(shots[0].equals(shots[1])).toBe(false);
  expect(shots[1].equals(shots[2])).toBe(false);
  expect(shots[0].equals(shots[2])).toBe(false);
});

test("reseeding gives new particles whose arrays again equal the twin", async () => {
  const g = await geometry(page);
  const before = await jumpToY(page, Math.round(g.top + 0.95 * g.range));
  await page.locator(`[data-widget="scan-scrub"]`).getByRole("button", {name: "New particles"}).click();
  await expect.poll(async () => (await widgetValue<Value>(page, "scan-scrub")).seed, {timeout: 60_000}).toBe(before.seed + 1);
  const v = await widgetValue<Value>(page, "scan-scrub");
  expect(v.engine).toBe("gpu");
  expect(v.particles).not.toEqual(before.particles);
  expectMatchesTwin(v, "after reseed");
});

test("bad options give a visible message and a working widget, never a blank", async () => {
  const res = await page.evaluate(async () => {
    const url = performance
      .getEntriesByType("resource")
      .map((e) => e.name)
      .find((n) => /\/_bundle\/sort\.[0-9a-f]+\.js$/.test(n)); // the page's §3 module exports the factory
    if (!url) return null;
    const mod = await import(url);
    const el = mod.createScanScrub({count: 99, seed: "not a number"});
    el.id = "scrub-bad";
    document.body.appendChild(el);
    el.scrollIntoView(); // widgets start when they come near the viewport
    for (let i = 0; i < 600 && !el.value; i++) await new Promise((r) => setTimeout(r, 50));
    const out = {status: el.querySelector(".widget-status")?.textContent ?? "", particles: el.value?.particles.length ?? -1, seed: el.value?.seed ?? -1};
    el.dispose();
    el.remove();
    return out;
  });
  expect(res, "the widget module was loaded by the page").not.toBeNull();
  expect(res!.status).toContain("count 99 is outside 2–24");
  expect(res!.status).toContain("seed must be a number");
  expect(res!.particles).toBe(24);
  expect(res!.seed).toBe(8);
});

test("the WGSL code block shows shaders/sort/scan.wgsl verbatim, next to the block diagram", async () => {
  const file = readFileSync("shaders/sort/scan.wgsl", "utf8");
  const code = page.locator('pre[data-source="shaders/sort/scan.wgsl"] code');
  await expect(code).toHaveCount(1);
  expect(await code.evaluate((el) => el.textContent)).toBe(file);
  expect(file).toContain("workgroupBarrier()");
  const blocks = await widgetValue<{numCells: number; blockSize: number; blockSums: number[]; blockOffsets: number[]}>(page, "scan-blocks");
  expect(blocks.numCells).toBe(65_536);
  expect(blocks.blockSize).toBe(256);
  // offsets are the exclusive scan of the block totals
  for (let b = 1; b < blocks.blockSums.length; b++) expect(blocks.blockOffsets[b]).toBe(blocks.blockOffsets[b - 1] + blocks.blockSums[b - 1]);
});

// On the shared page, the preference switched under it: the widget reads it on every draw (its
// matchMedia query, components/widgets/scan-scrub/index.ts) and its stylesheet's media query
// applies at once, so what is read is the reduced drawing itself. A page of its own cost a
// second load of the essay and its kernels. Before dispose(), which ends the shared page.
test("reduced motion: no tweening, every phase appears final, keyboard steps jump", async () => {
  const p2 = page;
  await p2.emulateMedia({reducedMotion: "reduce"});
  const g = await geometry(p2);
  const svg = p2.locator(".scan-scrub svg.scrub-svg");
  for (let k = 0; k < 6; k++) {
    await jumpToY(p2, Math.round(g.top + ((k + 0.03) / 6) * g.range));
    const early = await svg.evaluate((el) => el.outerHTML);
    const v = await jumpToY(p2, Math.round(g.top + ((k + 0.6) / 6) * g.range));
    const late = await svg.evaluate((el) => el.outerHTML);
    expect(late, `phase ${k} drawn the same at its start and middle`).toBe(early);
    expectMatchesTwin(v, `reduced ${k}`);
  }
  // the histogram at its very start already shows all counts
  await jumpToY(p2, Math.round(g.top + 0.01 * g.range));
  const counts = await p2.locator(".scan-scrub g.row-0 text").allTextContents();
  expect(counts.map(Number)).toEqual((await widgetValue<Value>(p2, "scan-scrub")).counts);
  // no CSS animation or transition anywhere in the widget
  const moving = await p2.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll(".scan-scrub, .scan-scrub *")) {
      const cs = getComputedStyle(el);
      if (cs.animationName !== "none" || cs.transitionDuration.split(",").some((d) => parseFloat(d) > 0)) out.push(el.tagName);
    }
    return {out, animations: document.getAnimations().length};
  });
  expect(moving).toEqual({out: [], animations: 0});
  // a keyboard step scrolls instantly (no smooth scrolling)
  await jumpToY(p2, g.top);
  await p2.locator(".scan-scrub .scrub-stage").focus();
  await p2.keyboard.press("ArrowRight");
  await frames(p2);
  const y = await p2.evaluate(() => window.scrollY);
  // re-measure: live counters of the demos above may have re-wrapped and moved the section
  const g2 = await geometry(p2);
  expect(Math.abs(y - Math.round(g2.top + REST(0) * g2.range))).toBeLessThanOrEqual(1);
  await p2.emulateMedia({reducedMotion: "no-preference"});
});

test("dispose() releases the sort's GPU buffers and scrolling no longer drives the diagram", async () => {
  // (the last test on the shared page. A device loss is tested in Node on Dawn on the other
  // teaching widget, tests/unit/sort-widget-dom.test.ts; the runtime's policy with fake devices in
  // tests/unit/engine-runtime.test.ts.)
  const g = await geometry(page);
  await jumpToY(page, Math.round(g.top + 0.95 * g.range));
  const last = await widgetValue<Value>(page, "scan-scrub");
  // before and after in one synchronous turn: no other widget can create buffers in between
  const released = await page.evaluate(() => {
    const live = (globalThis as any).__gpuStats.buffersLive;
    (document.querySelector('[data-widget="scan-scrub"]') as any).dispose();
    return {live, left: (globalThis as any).__gpuStats.buffersLive};
  });
  expect(released.left).toBeLessThan(released.live);
  await jumpToY(page, Math.round(g.top + 0.2 * g.range));
  expect(await widgetValue<Value>(page, "scan-scrub")).toEqual(last);
});

// @long: the essay's phone layout is held in `npm test` by content.nogpu's phone page; here the
// scroll story scrubbed by touch.
test("phone width 390×844: stage above the text, no horizontal scroll, touch scrolling scrubs", {tag: "@long"}, async ({browser}) => {
  const context = await browser.newContext({viewport: {width: 390, height: 844}, deviceScaleFactor: 2, isMobile: true, hasTouch: true});
  const {page: p3, errs: e3} = await openPage(context);
  // the stage takes its phone size a frame after its first layout (a resize observer): measure
  // once the geometry holds still (seen: 294 px taller in a capture taken right after the start)
  const g = await settled(p3, () => geometry(p3));
  const overflow = await p3.evaluate(() => ({
    sw: document.documentElement.scrollWidth,
    cw: document.documentElement.clientWidth,
    bw: document.body.scrollWidth,
  }));
  expect(overflow.sw).toBeLessThanOrEqual(overflow.cw);
  expect(overflow.bw).toBeLessThanOrEqual(overflow.cw);
  // on a phone the summary above wraps to more lines; it still keeps one height in every phase
  for (let k = 0; k < 6; k++) {
    await jumpToY(p3, Math.round(g.top + REST(k) * g.range));
    expect(await geometry(p3), `the scroll diagram stays put in phase ${k + 1}`).toEqual(g);
  }
  await jumpToY(p3, Math.round(g.top + REST(2) * g.range));
  const layout = await p3.evaluate(() => {
    const stage = document.querySelector(".scan-scrub .scrub-stage")!.getBoundingClientRect();
    const svg = document.querySelector(".scan-scrub svg.scrub-svg")!.getBoundingClientRect();
    const active = document.querySelector(".scan-scrub .scrub-step.active .scrub-card")!.getBoundingClientRect();
    return {
      stageTop: stage.top,
      stageBottom: stage.bottom,
      stageRight: stage.right,
      svgWidth: svg.width,
      activeTop: active.top,
      activeBottom: active.bottom,
      vw: window.innerWidth,
    };
  });
  expect(layout.stageTop).toBeGreaterThanOrEqual(-1); // stuck to the top
  expect(layout.stageRight).toBeLessThanOrEqual(layout.vw);
  expect(layout.svgWidth).toBeGreaterThan(300); // the diagram uses the width: labels ≥ 10 px
  expect(layout.activeTop).toBeGreaterThanOrEqual(layout.stageBottom - 1); // the current text is visible under the stage
  expect(layout.activeBottom).toBeLessThanOrEqual(844);
  mkdirSync(SHOTS, {recursive: true});
  await p3.screenshot({path: `${SHOTS}/scan-scrub-phone.png`});
  // a touch swipe scrolls the page and moves the diagram on
  const before = await widgetValue<Value>(p3, "scan-scrub");
  const cdp = await context.newCDPSession(p3);
  // a finger dragged up over the text (raw touch events, scrolled by the browser itself)
  await cdp.send("Input.dispatchTouchEvent", {type: "touchStart", touchPoints: [{x: 200, y: 780}]});
  for (let i = 1; i <= 10; i++) {
    await cdp.send("Input.dispatchTouchEvent", {type: "touchMove", touchPoints: [{x: 200, y: 780 - i * 25}]});
    await p3.waitForTimeout(16);
  }
  await cdp.send("Input.dispatchTouchEvent", {type: "touchEnd", touchPoints: []});
  await settle(p3);
  await frames(p3);
  const after = await widgetValue<Value>(p3, "scan-scrub");
  expect(after.progress).toBeGreaterThan(before.progress);
  expect(after.progress).toBeCloseTo(await progressFromScroll(p3), 9);
  expectMatchesTwin(after, "after touch swipe");
  const again = await p3.evaluate(() => ({sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth}));
  expect(again.sw).toBeLessThanOrEqual(again.cw);
  e3.expectNone();
  await context.close();
});
