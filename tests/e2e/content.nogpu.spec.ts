// The essay as a reader meets it in a browser: deep links and the contents while scrolling,
// labels on a phone, §3's summary, the teaching widgets' buttons, one colour for §1's discs,
// following a citation, the page's layout boxes. None of it depends on the GPU, so it runs
// without WebGPU (the CPU twins draw), and with reduced motion: an animating simulation takes
// both cores from the checks (the colour of §1's moving discs is read on contacts.spec.ts's
// page of that widget). The facts of the markup
// (anchors, kickers, references, footer, links) are read in Node: built-html.node.spec.ts.
// Tests that read one page at one size share its load (a serial block, one page opened in
// beforeAll): every load starts every widget; the order inside a block is the order written.
import {type BrowserContextOptions, expect, type Locator, type Page, test} from "@playwright/test";
import {expectH200Chart} from "./gravity-chart-check.js";
import {watchErrors, widgetValue} from "./helpers.js";
import {SECTIONS} from "./sections.js";

test.use({reducedMotion: "reduce"});

/**
 * One page for the serial block this is called in: opened with `options` (reduced motion unless
 * they say otherwise) and loaded at `path` in beforeAll, closed in afterAll. `errs` watches it
 * from before the load.
 */
function onePage(options: BrowserContextOptions, path = "/") {
  const s = {} as {page: Page; errs: ReturnType<typeof watchErrors>};
  test.describe.configure({mode: "serial"});
  test.beforeAll(async ({browser}) => {
    s.page = await browser.newPage({reducedMotion: "reduce", ...options});
    s.errs = watchErrors(s.page);
    await s.page.goto(path);
  });
  test.afterAll(async () => {
    await s.page?.close();
  });
  return s;
}

/** Scrolls so that the element with `id` is at the top of the viewport, as a followed link does. */
async function scrollToId(page: Page, id: string) {
  await page.evaluate((i) => document.getElementById(i)!.scrollIntoView({block: "start", behavior: "instant"}), id);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Rectangles of the text (paragraphs, headings, list items) in the essay column that are on screen. */
const textRects = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("#observablehq-main p, #observablehq-main h2, #observablehq-main li, #observablehq-main [data-widget]")]
      .filter((e) => !e.closest("#toc"))
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.bottom > 0 && r.top < innerHeight && r.width > 0)
      .map((r) => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom}))
  );

/** Rendered font size (CSS px on screen) of every non-empty text inside `root`: SVG text scaled by its CTM, HTML text as computed. */
function renderedFontSizes(root: Locator) {
  return root.evaluate((el) => {
    const out: {text: string; px: number}[] = [];
    for (const t of el.querySelectorAll<SVGTextElement>("svg text")) {
      const text = t.textContent?.trim() ?? "";
      if (!text) continue;
      const m = t.getScreenCTM();
      const scale = m ? Math.hypot(m.a, m.b) : 1;
      out.push({text, px: parseFloat(getComputedStyle(t).fontSize) * scale});
    }
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement!;
      if (!n.textContent?.trim() || parent.closest("svg")) continue;
      const cs = getComputedStyle(parent);
      if (cs.display === "none" || cs.visibility === "hidden") continue;
      out.push({text: n.textContent.trim().slice(0, 30), px: parseFloat(cs.fontSize)});
    }
    return out;
  });
}

function expectLegible(sizes: {text: string; px: number}[], what: string) {
  expect(sizes.length, `${what} has text`).toBeGreaterThan(5);
  const small = sizes.filter((s) => s.px < 11 - 1e-6);
  expect(small, `${what}: labels under 11 px at 390 px wide`).toEqual([]);
}

/** Kickers touch their headings, every widget card spans its slot, no empty band before the footer. */
async function expectLayoutBoxes(page: Page, viewport: {width: number; height: number}) {
  await expect(page.locator("#observablehq-main .widget-slot [data-widget]")).toHaveCount(7);
  // a kicker ("Step 3 · Sorting") belongs to the heading right under it
  const gaps = await page
    .locator("#observablehq-main > .kicker")
    .evaluateAll((ks) => ks.map((k) => k.nextElementSibling!.getBoundingClientRect().top - k.getBoundingClientRect().bottom));
  expect(gaps.length).toBe(SECTIONS.length);
  for (const g of gaps) expect(g, `kicker-to-heading gap at ${viewport.width} px`).toBeLessThanOrEqual(12);
  // every card is as wide as its slot (and so as the "Link to this demo" above it), none wider than the screen
  const cards = await page.locator("#observablehq-main .widget-slot [data-widget]").evaluateAll((ws) =>
    ws.map((w) => ({
      widget: (w as HTMLElement).dataset.widget,
      card: w.getBoundingClientRect().width,
      slot: w.closest(".widget-slot")!.getBoundingClientRect().width,
      right: w.getBoundingClientRect().right,
    }))
  );
  expect(cards.length).toBe(7);
  for (const c of cards) {
    expect(Math.abs(c.card - c.slot), `${c.widget} card ${c.card} px in a ${c.slot} px slot at ${viewport.width} px`).toBeLessThanOrEqual(1);
    expect(c.right).toBeLessThanOrEqual(viewport.width);
  }
  // the §3 block-scan figure stays centred in its card
  const fig = await page.locator("#demo-scan-blocks [data-widget] > figure").evaluate((f) => {
    const a = f.getBoundingClientRect();
    const b = f.parentElement!.getBoundingClientRect();
    return {left: a.left - b.left, right: b.right - a.right};
  });
  expect(Math.abs(fig.left - fig.right)).toBeLessThanOrEqual(2);
  // the footer follows the references after a short gap, not a screen-high band
  const band = await page.evaluate(
    () => document.getElementById("observablehq-footer")!.getBoundingClientRect().top - document.querySelector("ol.references")!.getBoundingClientRect().bottom
  );
  expect(band).toBeLessThanOrEqual(96);
}

/** The table of contents covers no text with any section at the top of the screen. */
async function expectTocCoversNothing(page: Page) {
  for (const id of SECTIONS) {
    await scrollToId(page, id);
    const toc = await page.locator("nav#toc").evaluate((n) => {
      const r = n.getBoundingClientRect();
      return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, position: getComputedStyle(n).position};
    });
    if (toc.position === "static") continue; // in the flow: part of the text, covers nothing
    for (const r of await textRects(page)) {
      const overlap = r.left < toc.right && r.right > toc.left && r.top < toc.bottom && r.bottom > toc.top;
      expect(overlap, `contents over the text in ${id}: ${JSON.stringify({toc, r})}`).toBe(false);
    }
  }
}

// the default size (1200 × 900): the contents, §3's sentences, the teaching widgets, a citation
// and the links on one page; the links' test loads a deep link, so it comes last
test.describe("one page at the default size", () => {
  const shared = onePage({});

  test("the table of contents marks the section being read", async () => {
    const {page, errs} = shared;
    const toc = page.locator("nav#toc");
    const current = () => toc.locator('a[aria-current="location"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    for (const id of [SECTIONS[2], SECTIONS[4], SECTIONS[0], "references"]) {
      // scrolled there again on each try: sections that arrive after the scroll (a busy machine
      // renders cells late) move the heading, and a reader at the heading is what is asked
      await expect
        .poll(async () => {
          await scrollToId(page, id);
          return current();
        })
        .toEqual([`#${id}`]);
    }
    // deep inside §3's long scroll diagram, §3 is still the one being read (the diagram exists
    // once §3's module has loaded, after the hero has started)
    await page.locator(".scan-scrub .scrub-steps").waitFor({state: "attached"});
    await page.evaluate(() => document.querySelector(".scan-scrub .scrub-steps")!.scrollIntoView({block: "center", behavior: "instant"}));
    await expect.poll(current).toEqual([`#${SECTIONS[2]}`]);
    errs.expectNone();
  });

  test("§3's scroll diagram says where it is in sentences", async () => {
    const {page} = shared;
    const w = page.locator('[data-widget="scan-scrub"]');
    await w.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await widgetValue(page, "scan-scrub"))?.engine ?? null, {timeout: 60_000}).toBe("cpu");
    await expect(page.locator("#scrub-counter")).toContainText("phase");
    const text = ((await page.locator("#scrub-counter").textContent()) ?? "").trim();
    // sentences: a capital first, a full stop last, no "label · label" separators or scroll percentages
    expect(text).toMatch(/^[A-Z][^·]*\.$/);
    expect(text).not.toMatch(/%|scroll progress|rounds done/);
  });

  test("both teaching widgets name their actions alike, and both can go back a phase", async () => {
    const {page} = shared;
    for (const name of ["scan-scrub", "counting-sort"]) {
      const w = page.locator(`[data-widget="${name}"]`);
      await w.scrollIntoViewIfNeeded();
      for (const b of ["◀ Previous", "Next ▶", "New particles"]) await expect(w.getByRole("button", {name: b, exact: true}), `${name}: ${b}`).toHaveCount(1);
    }
    const w = page.locator('[data-widget="counting-sort"]');
    await expect.poll(async () => (await widgetValue(page, "counting-sort"))?.particles?.[0]?.cell ?? -1, {timeout: 60_000}).toBeGreaterThanOrEqual(0);
    const prev = w.getByRole("button", {name: "◀ Previous", exact: true});
    await expect(prev).toBeDisabled(); // nothing before the first phase (this block's first test of the widget)
    await w.getByRole("button", {name: "Next ▶", exact: true}).click();
    await w.getByRole("button", {name: "Next ▶", exact: true}).click();
    await expect.poll(async () => (await widgetValue(page, "counting-sort")).phaseIndex).toBe(2);
    await prev.click();
    await expect.poll(async () => (await widgetValue(page, "counting-sort")).phaseIndex).toBe(1);
    expect((await widgetValue(page, "counting-sort")).counts).not.toBeNull();
  });

  test("both teaching widgets name a phase alike: .value.phaseId and .value.heading, shown above each diagram", async () => {
    const {page} = shared;
    const cs = page.locator('[data-widget="counting-sort"]');
    await cs.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await widgetValue(page, "counting-sort"))?.particles?.[0]?.cell ?? -1, {timeout: 60_000}).toBeGreaterThanOrEqual(0);
    // from the phase the test before left it in, to phase 7 of 8
    for (let i = (await widgetValue(page, "counting-sort")).phaseIndex; i < 6; i++) await cs.getByRole("button", {name: "Next ▶", exact: true}).click();
    await expect.poll(async () => (await widgetValue(page, "counting-sort")).phaseIndex).toBe(6);
    const v = await widgetValue(page, "counting-sort");
    // the stepped widget's `phase` keeps its old name of the shift; `phaseId` is the shared one
    expect([v.phase, v.phaseId, v.heading]).toEqual(["starts", "shift", "Phase 7 of 8: Shift to exclusive starts"]);
    await expect(cs.locator(".phase-progress")).toHaveText(v.heading);
    const w = page.locator('[data-widget="scan-scrub"]');
    await w.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await widgetValue(page, "scan-scrub"))?.engine ?? null, {timeout: 60_000}).toBe("cpu");
    // the rest point of the shift, phase 5 of 6
    await page.evaluate(() => {
      const r = document.querySelector(".scan-scrub .scrub-scrolly")!.getBoundingClientRect();
      window.scrollTo({top: Math.round(window.scrollY + r.top + ((4 + 0.85) / 6) * (r.height - innerHeight)), behavior: "instant"});
    });
    await expect.poll(async () => (await widgetValue(page, "scan-scrub")).phaseIndex).toBe(4);
    const s = await widgetValue(page, "scan-scrub");
    expect([s.phase, s.phaseId, s.heading]).toEqual(["shift", "shift", "Phase 5 of 6: Shift to exclusive starts"]);
    await expect(w.locator("div.scrub-phase")).toHaveText(s.heading);
  });

  test("following a citation lands on its reference", async () => {
    const {page, errs} = shared;
    // a DOM click: while the widgets near it start, the text moves under a simulated pointer
    await page
      .locator('#observablehq-main a.cite[href="#ref-teschner-2003"]')
      .first()
      .evaluate((a: HTMLAnchorElement) => a.click());
    await expect(page.locator("#ref-teschner-2003")).toBeInViewport();
    errs.expectNone();
  });

  test("a heading's link shows on hover; every widget's link is visible; a widget's link lands on it", async () => {
    const {page, errs} = shared;
    // a heading's "#" shows on hover and on keyboard focus
    const anchor = page.locator("#observablehq-main h2 a.observablehq-header-anchor").first();
    const afterOf = (a: Locator) => a.evaluate((el) => ({content: getComputedStyle(el, "::after").content, opacity: getComputedStyle(el, "::after").opacity}));
    expect((await afterOf(anchor)).content).toContain("#");
    await page.mouse.move(0, 0);
    expect((await afterOf(anchor)).opacity).toBe("0");
    // hovered again on each try: widgets starting above it can move the heading from under the pointer
    await expect
      .poll(async () => {
        await anchor.hover();
        return (await afterOf(anchor)).opacity;
      })
      .toBe("1");
    // every widget of the sections sits in its slot under a visible link to it (the sections'
    // widgets exist once their modules have loaded, after the hero has started)
    await expect(page.locator("#observablehq-main .widget-slot [data-widget]")).toHaveCount(7);
    const widgets = await page.locator("#observablehq-main .widget-slot [data-widget]").evaluateAll((ws) =>
      ws.map((w) => {
        const r = w.closest(".widget-slot")?.querySelector(":scope > a.widget-link")?.getBoundingClientRect();
        return {widget: (w as HTMLElement).dataset.widget, shown: !!r && r.width > 0 && r.height > 0};
      })
    );
    expect(widgets.map((w) => w.widget).sort()).toEqual(["contacts", "counting-sort", "grid-query", "sand", "scan-blocks", "scan-scrub", "water"]);
    for (const w of widgets) expect(w.shown, `${w.widget}'s link is visible`).toBe(true);
    // following a widget's link lands (a load of its own, so this test is the block's last) on the widget (below the page's scroll padding), and stays
    // there while the widgets above it start
    await page.goto("/#demo-counting-sort");
    await expect.poll(() => page.evaluate(() => Math.abs(document.getElementById("demo-counting-sort")!.getBoundingClientRect().top))).toBeLessThan(80);
    errs.expectNone();
  });
});

test.describe("at 1440 px wide, one page", () => {
  const viewport = {width: 1440, height: 900};
  const shared = onePage({viewport});
  test(`the page's layout boxes: kickers touch their headings, every widget card spans its slot, no empty band before the footer at ${viewport.width} px`, async () => {
    await expectLayoutBoxes(shared.page, viewport);
  });
  test(`the table of contents never covers the text at ${viewport.width} px`, async () => {
    await expectTocCoversNothing(shared.page);
  });
});

test.describe("on a phone (390 × 844)", () => {
  test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

  // the essay's diagrams and charts on one phone page; the gravity page on its own
  test.describe("the essay, one page", () => {
    const shared = onePage({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

    // the layout at 390 px on this page too (a page of its own at the same size once: one load
    // instead of two); the phone's touch and mobile viewport change nothing of the boxes read
    const viewport = {width: 390, height: 844};
    test(`the page's layout boxes: kickers touch their headings, every widget card spans its slot, no empty band before the footer at ${viewport.width} px`, async () => {
      await expectLayoutBoxes(shared.page, viewport);
    });
    test(`the table of contents never covers the text at ${viewport.width} px`, async () => {
      await expectTocCoversNothing(shared.page);
    });

    // (from sort-widget.spec.ts, where it loaded the essay with WebGPU for a layout read)
    test("phone width: the sort diagram stays legible and the page does not scroll sideways", async () => {
      const {page} = shared;
      const widget = page.locator('[data-widget="counting-sort"]');
      await widget.scrollIntoViewIfNeeded();
      await expect.poll(async () => (await widgetValue(page, "counting-sort"))?.particles?.[0]?.cell ?? -1, {timeout: 60_000}).toBeGreaterThanOrEqual(0);
      const m = await page.evaluate(() => {
        const svg = document.querySelector('[data-widget="counting-sort"] svg') as SVGSVGElement;
        const vb = svg.viewBox.baseVal;
        return {scale: svg.getBoundingClientRect().width / vb.width, pageOverflow: document.documentElement.scrollWidth - window.innerWidth};
      });
      expect(m.scale).toBeGreaterThanOrEqual(0.7); // 11 px numbers stay ≥ 7.7 px
      expect(m.pageOverflow).toBeLessThanOrEqual(0);
      await widget.screenshot({path: "test-results/sort-widget-phone.png"});
    });

    test("the sort widget's labels are at least 11 px and its arrays fit the screen", async () => {
      const {page} = shared;
      const w = page.locator('[data-widget="counting-sort"]');
      await w.scrollIntoViewIfNeeded();
      await expect.poll(async () => (await widgetValue(page, "counting-sort"))?.particles?.[0]?.cell ?? -1, {timeout: 60_000}).toBeGreaterThanOrEqual(0);
      // walk to the scatter, where every row and the sorted slots are filled in
      for (let i = 0; i < 7; i++) await w.getByRole("button", {name: "Next ▶"}).click();
      await expect.poll(async () => (await widgetValue(page, "counting-sort")).phase).toBe("scatter");
      expectLegible(await renderedFontSizes(w), "counting-sort");
      const fit = await w.evaluate((el) => {
        const svg = el.querySelector("svg")!;
        const box = svg.parentElement!;
        const r = svg.getBoundingClientRect();
        const parts = [...svg.querySelectorAll("g.box rect, g.slot rect, text")].map((e) => e.getBoundingClientRect().right);
        return {
          svgRight: r.right,
          widgetRight: el.getBoundingClientRect().right,
          overflow: box.scrollWidth - box.clientWidth,
          partsRight: Math.max(...parts),
          vw: innerWidth,
        };
      });
      expect(fit.overflow, "no sideways scroll").toBeLessThanOrEqual(0);
      expect(fit.svgRight).toBeLessThanOrEqual(fit.widgetRight + 0.5);
      expect(fit.partsRight, "every box, slot and label on screen").toBeLessThanOrEqual(Math.min(fit.svgRight, fit.vw) + 0.5);
    });

    test("the scroll diagram's labels are at least 11 px", async () => {
      const {page} = shared;
      const w = page.locator('[data-widget="scan-scrub"]');
      await w.scrollIntoViewIfNeeded();
      await expect.poll(async () => (await widgetValue(page, "scan-scrub"))?.engine ?? null, {timeout: 60_000}).toBe("cpu");
      // the end of the scroll: every row, the slots and the cell labels under them are drawn
      await page.evaluate(() => {
        const r = document.querySelector(".scan-scrub .scrub-scrolly")!.getBoundingClientRect();
        window.scrollTo({top: window.scrollY + r.bottom - innerHeight - 2, behavior: "instant"});
      });
      await expect.poll(async () => (await widgetValue(page, "scan-scrub")).phase).toBe("scatter");
      expectLegible(await renderedFontSizes(w.locator(".scrub-stage")), "scan-scrub");
      const right = await w.locator(".scrub-stage svg").evaluate((s) => s.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(390);
    });

    test("the pipeline diagram's labels are at least 11 px", async () => {
      const {page} = shared;
      const d = page.locator('[data-widget="sand"] .pipeline-diagram');
      await d.scrollIntoViewIfNeeded();
      await expect(d.locator(".loop-label")).toContainText("repeat");
      expectLegible(await renderedFontSizes(d.locator("xpath=..")), "pipeline diagram");
      const r = await d.evaluate((s) => s.getBoundingClientRect().right);
      expect(r).toBeLessThanOrEqual(390);
    });
    test("the performance charts' labels are at least 11 px and fit the screen", async () => {
      const {page} = shared;
      // the charts' code loads when their section scrolls into view: scroll there as a reader would
      await page.locator(`[id="6-performance"]`).scrollIntoViewIfNeeded();
      for (const sel of ["svg.bench-frame-chart", "svg.bench-split-chart"]) {
        const chart = page.locator(sel);
        await expect
          .poll(
            async () => {
              await page.mouse.wheel(0, 300);
              return chart.count();
            },
            {timeout: 60_000}
          )
          .toBeGreaterThan(0);
        await chart.scrollIntoViewIfNeeded();
        await expect(chart.locator("text").first()).toBeAttached();
        expectLegible(await renderedFontSizes(chart.locator("xpath=..")), sel);
        const right = await chart.evaluate((s) =>
          Math.max(s.getBoundingClientRect().right, ...[...s.querySelectorAll("text")].map((t) => t.getBoundingClientRect().right))
        );
        expect(right, `${sel}: every label on screen`).toBeLessThanOrEqual(390);
      }
    });
  });

  // (the chart's bars against the committed JSON moved here from gravity-page.spec.ts, where a
  // WebGPU page compiled the gravity kernels for a figure of committed numbers)
  test("the gravity page's big-GPU charts are drawn from the committed JSON, their labels at least 11 px and on the screen", async ({page}) => {
    const errs = watchErrors(page);
    await page.goto("/gravity");
    await expectH200Chart(page);
    for (const sel of ["svg.gravity-step-chart", "svg.gravity-pass-chart"]) {
      const chart = page.locator(sel);
      await chart.scrollIntoViewIfNeeded();
      await expect(chart.locator("text").first()).toBeAttached();
      expectLegible(await renderedFontSizes(chart.locator("xpath=..")), sel);
      const right = await chart.evaluate((s) =>
        Math.max(s.getBoundingClientRect().right, ...[...s.querySelectorAll("text")].map((t) => t.getBoundingClientRect().right))
      );
      expect(right, `${sel}: every label on screen`).toBeLessThanOrEqual(390);
    }
    errs.expectNone();
  });
});
