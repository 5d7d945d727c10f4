// Embedding from another origin: plain host pages (tests/fixtures/, served on a second
// port) load the built site's element module, an exported module and iframe pages.
import {expect, test, type Frame, type Page} from "@playwright/test";
import {animationFrames, expectNoSubmits, expectWebGPU, gpuStats, settled, watchErrors} from "./helpers";

const SITE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4321)}`;
const HOST = `http://127.0.0.1:${Number(process.env.E2E_FIXTURE_PORT ?? Number(process.env.E2E_PORT ?? 4321) + 1)}`;

/** The inner widget of the element `#id`: data-engine, status text, `.value` (JSON). */
function inner(page: Page, id: string) {
  return page.evaluate((id) => {
    const el = document.getElementById(id) as any;
    const w = el?.shadowRoot?.querySelector("[data-widget]") as any;
    return w
      ? {
          engine: w.dataset.engine as string,
          status: w.querySelector(".widget-status")?.textContent ?? "",
          value: JSON.parse(JSON.stringify(el.value ?? null)),
          widget: w.dataset.widget as string,
        }
      : null;
  }, id);
}
const engineOf = async (page: Page, id: string) => (await inner(page, id))?.engine ?? null;
const ledger = async (page: Page) => (await gpuStats(page)).buffersLive as number;

/** `buffersLive` once it holds still over 30 animation frames (readback staging buffers come and go). */
const settledLedger = (page: Page): Promise<number> => settled(page, () => ledger(page), 30);

test("two custom elements of different widgets share one device; removal frees, re-insertion rebuilds, attributes reconfigure", async ({page}) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await page.setViewportSize({width: 1200, height: 2400}); // both widgets on screen: both animate
  await page.goto(`${HOST}/elements.html`);
  await expectWebGPU(page);
  await expect.poll(() => engineOf(page, "sand"), {timeout: 90_000}).toBe("gpu");
  const sandAlone = await settledLedger(page);
  expect(sandAlone).toBeGreaterThan(0);

  // a second widget, added by script as a host would; its input events reach the host
  await page.evaluate(() => {
    const el = document.createElement("ns-grid-query");
    el.id = "grid";
    el.setAttribute("count", "1200");
    (window as any).gridInputs = 0;
    el.addEventListener("input", () => (window as any).gridInputs++);
    document.querySelector("#second")!.append(el);
  });
  await expect.poll(() => engineOf(page, "grid"), {timeout: 90_000}).toBe("gpu");
  await expect.poll(async () => (await inner(page, "grid"))?.value.steps ?? 0, {timeout: 60_000}).toBeGreaterThan(0);
  await expect.poll(() => page.evaluate(() => (window as any).gridInputs), {timeout: 30_000}).toBeGreaterThan(0);
  expect((await inner(page, "grid"))!.value.count).toBe(1200);
  const f0 = (await inner(page, "sand"))!.value.frames;
  await expect.poll(async () => (await inner(page, "sand"))!.value.frames, {timeout: 60_000}).toBeGreaterThan(f0);
  expect((await gpuStats(page)).devicesCreated, "one device for both elements").toBe(1);
  expect(await ledger(page)).toBeGreaterThan(sandAlone);

  // a slider moved inside an element: the host sees the element's own input event (a value
  // change), never the slider's native, composed one
  const leaked = await page.evaluate(async () => {
    const el = document.querySelector("#sand")!;
    let composed = 0;
    const count = (e: Event) => (composed += e.composed ? 1 : 0);
    el.addEventListener("input", count);
    const slider = el.shadowRoot!.querySelector('input[type="range"]') as HTMLInputElement;
    slider.value = String(Number(slider.max) - 1);
    slider.dispatchEvent(new Event("input", {bubbles: true, composed: true}));
    await new Promise((r) => setTimeout(r, 200));
    el.removeEventListener("input", count);
    return composed;
  });
  expect(leaked).toBe(0);

  // styles: the host's rules do not reach inside, the widgets' rules do not reach the host
  const styles = await page.evaluate(() => {
    const w = document.querySelector("#sand")!.shadowRoot!.querySelector(".widget") as HTMLElement;
    const b = w.querySelector("button") as HTMLElement;
    return {
      border: getComputedStyle(w).borderTopWidth,
      button: getComputedStyle(b).backgroundColor,
      hostStatus: getComputedStyle(document.querySelector("#host-status")!).fontSize,
    };
  });
  expect(styles.border).toBe("0px");
  expect(styles.button).not.toBe("rgb(255, 0, 0)");
  expect(styles.hostStatus).toBe("16px");

  // removing the grid element: its buffers go, the ledger is back at the sand's own
  await page.evaluate(() => document.querySelector("#grid")!.remove());
  await expect.poll(() => ledger(page), {timeout: 30_000}).toBe(sandAlone);
  // removing the sand element too: no more submits at all, an empty ledger
  await page.evaluate(() => document.querySelector("#sand")!.remove());
  await expectNoSubmits(page, "a removed element submits nothing");
  expect(await ledger(page)).toBe(0);

  // re-inserting rebuilds, on the same device
  await page.evaluate(() => document.querySelector("#second")!.before(Object.assign(document.createElement("ns-sand"), {id: "sand"})));
  await page.evaluate(() => document.querySelector("#sand")!.setAttribute("count", "2000"));
  await expect.poll(() => engineOf(page, "sand"), {timeout: 90_000}).toBe("gpu");
  await expect.poll(() => ledger(page), {timeout: 30_000}).toBe(sandAlone);
  const s2 = (await gpuStats(page)).submits;
  await expect.poll(async () => (await gpuStats(page)).submits, {timeout: 30_000}).toBeGreaterThan(s2);

  // an attribute change reconfigures the live widget
  await page.evaluate(() => document.querySelector("#sand")!.setAttribute("count", "3000"));
  await expect.poll(async () => (await inner(page, "sand"))?.value.count, {timeout: 60_000}).toBe(3000);
  await expect.poll(() => engineOf(page, "sand"), {timeout: 90_000}).toBe("gpu");
  expect((await gpuStats(page)).devicesCreated).toBe(1);
  expect((await gpuStats(page)).validationErrors).toBe(0);
  errors.expectNone();
});

test("an exported module places a widget; its shaders come from the site's origin", async ({page}) => {
  const errors = watchErrors(page);
  const shaders: string[] = [];
  page.on("response", (r) => r.url().endsWith(".wgsl") && shaders.push(r.url()));
  await page.goto(`${HOST}/module.html`);
  await expectWebGPU(page);
  await expect.poll(() => engineOf(page, "from-module"), {timeout: 90_000}).toBe("gpu");
  await expect.poll(async () => (await inner(page, "from-module"))?.value.windowCount ?? 0, {timeout: 60_000}).toBeGreaterThan(0);
  const v = (await inner(page, "from-module"))!;
  expect(v.widget).toBe("grid-query");
  expect(v.value.count).toBe(900);
  expect(shaders.length).toBeGreaterThan(0);
  for (const url of shaders) expect(url.startsWith(`${SITE}/`), url).toBe(true);
  // an unknown name: a visible message, as text
  await expect(page.locator("#unknown")).toContainText("There is no widget called");
  await expect(page.locator("#unknown")).toContainText("grid-query");
  expect(await page.locator("img").count()).toBe(0);
  expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
  errors.expectNone();
});

/**
 * A request for code or shaders of a widget other than the contacts: another widget's folder
 * (components/widgets/<name>/, the runtime, the contacts' shared room of the disc demos' stage
 * and the catalogue, the list of names, excepted), another simulation's physics
 * (components/<water|sand|sort|gravity|gravity3d|dust|bench>/) or any shader (the contacts run
 * on the CPU: brute force is the point of §1, so they compile no kernel).
 */
const foreignToContacts = (path: string) =>
  /\/components\/widgets\/(?!contacts\/|runtime\/|shared\/discs\/|catalogue\.(?:[0-9a-f]+\.)?js$)/.test(path) ||
  /\/components\/(water|sand|sort|gravity|gravity3d|dust|bench)\//.test(path) ||
  path.endsWith(".wgsl");

test("one element costs only its own code: <ns-contacts> loads its widget and the runtime, nothing of another widget, no shader", async ({page}) => {
  const errors = watchErrors(page);
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(`${HOST}/contacts-only.html`);
  await expect.poll(() => engineOf(page, "contacts"), {timeout: 90_000}).toBe("cpu");
  await expect.poll(async () => (await inner(page, "contacts"))?.value.steps ?? 0, {timeout: 60_000}).toBeGreaterThan(0);
  const site = requests.filter((u) => u.startsWith(`${SITE}/`)).map((u) => new URL(u).pathname);
  expect(site.filter(foreignToContacts), site.join("\n")).toEqual([]);
  expect(
    site.some((p) => p.includes("/components/widgets/contacts/")),
    site.join("\n")
  ).toBe(true);
  // 185 requests before, when the element module imported every widget
  expect(site.length, site.join("\n")).toBeLessThanOrEqual(60);
  errors.expectNone();
});

/** The frame whose URL contains `part`. */
const frameOf = (page: Page, part: string): Frame => page.frames().find((f) => f.url().includes(part))!;

// @long: every iframe page's start is held in `npm test` by embed-errors.nogpu (each /embed/<name>
// page); here a host page's frames: the posted height, and a hidden frame that submits nothing.
test("an iframe shows the configured widget and posts its height; a display:none iframe submits nothing until shown", {tag: "@long"}, async ({page}) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await page.goto(`${HOST}/iframe.html`);
  await expectWebGPU(page);
  const shown = frameOf(page, "/embed/contacts");
  await expect.poll(() => shown.evaluate(() => (document.querySelector("ns-contacts") as any)?.value?.steps ?? 0), {timeout: 60_000}).toBeGreaterThan(0);
  expect(await shown.evaluate(() => (document.querySelector("ns-contacts") as any).value.count)).toBe(600);
  expect(await shown.evaluate(() => document.querySelector("ns-contacts")!.getAttribute("theme"))).toBe("dark");
  await expect(shown.locator("a.ns-embed-source")).toHaveAttribute("href", /#1-contacts/);
  // the posted height sizes the frame to the widget
  await expect.poll(() => page.evaluate(() => (window as any).heights.length), {timeout: 30_000}).toBeGreaterThan(0);
  const last = await page.evaluate(() => (window as any).heights.at(-1));
  expect(last.widget).toBe("contacts");
  expect(last.height).toBeGreaterThan(200);
  // the frame follows the latest posted height (the widget may post again as its caption fills in)
  await expect
    .poll(() =>
      page.evaluate(() => {
        const posted = (window as any).heights.at(-1).height;
        const frame = (document.querySelector("#shown") as HTMLElement).getBoundingClientRect().height;
        return frame === posted ? "sized" : `frame ${frame} px, posted ${posted} px`;
      })
    )
    .toBe("sized");

  // a display:none frame gets no animation frames: its page does not even build the widget
  const hidden = frameOf(page, "/embed/sand");
  const submits = () => hidden.evaluate(() => (globalThis as any).__gpuStats?.submits ?? 0);
  await animationFrames(page, 60); // 60 of the host's frames
  expect(await submits(), "a display:none iframe submits no GPU work").toBe(0);
  const setDisplay = (d: string) => page.evaluate((d) => ((document.querySelector("#hidden") as HTMLElement).style.display = d), d);
  // Shows the frame and brings all of it on screen. The frame's height comes from its own
  // message and can change after a scroll (the widget fills in), so scroll until the whole
  // frame lies inside the viewport: a frame partly below the fold leaves the widget off
  // screen, where its loop rightly does not run.
  const showOnScreen = async () => {
    await setDisplay("block");
    await expect
      .poll(
        async () => {
          await page.locator("#hidden").scrollIntoViewIfNeeded();
          return page.evaluate(() => {
            const r = (document.querySelector("#hidden") as HTMLElement).getBoundingClientRect();
            return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight ? "on screen" : `top ${r.top} px, height ${r.height} px, viewport ${innerHeight} px`;
          });
        },
        {timeout: 30_000}
      )
      .toBe("on screen");
  };
  await showOnScreen();
  await expect.poll(submits, {timeout: 90_000}).toBeGreaterThan(0);
  // hidden again while running: its loop stops
  await setDisplay("none");
  // Under load Chromium may still deliver one animation frame that was already due when the
  // frame was hidden; wait until the count settles over 30 of the host's frames, then it stays
  // flat over 60 more (the hidden frame itself gets none).
  const s1 = await settled(page, submits, 30);
  await animationFrames(page, 60);
  expect(await submits(), "hidden again: no more GPU work").toBe(s1);
  // a hidden frame posts no height of 0: the host keeps its last size, so showing it again does not shift the page
  const sandHeights = await page.evaluate(() => (window as any).heights.filter((h: any) => h.widget === "sand").map((h: any) => h.height));
  expect(sandHeights.length).toBeGreaterThan(0);
  expect(Math.min(...sandHeights), `sand heights posted: ${sandHeights}`).toBeGreaterThan(200);
  // and shown again (and scrolled to: hiding it changed the page's height): it resumes
  await showOnScreen();
  await expect.poll(submits, {timeout: 60_000}).toBeGreaterThan(s1);
  errors.expectNone();
});

// @long: the iframe's posted height is held in `npm test` by the test above; here a host sizing its
// frame from it at two widths.
test("an iframe sized from its posted height shows its whole document, credit line included, at two widths", {tag: "@long"}, async ({page}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.emulateMedia({reducedMotion: "reduce"}); // about the frame's layout, not the widget's motion
  await page.goto(`${HOST}/iframe.html`);
  const shown = frameOf(page, "/embed/contacts");
  await expect(shown.locator("a.ns-embed-source")).toBeVisible({timeout: 60_000});
  /** The frame's box on the host against its document: "whole" once the frame holds all of it and nothing scrolls inside. */
  const fit = async () => {
    const frame = await page.evaluate(() => (document.querySelector("#shown") as HTMLElement).getBoundingClientRect().height);
    const inside = await shown.evaluate(() => {
      const root = document.scrollingElement as HTMLElement;
      root.scrollTop = 1e6; // a frame shorter than its document would scroll
      const scrolled = root.scrollTop;
      root.scrollTop = 0;
      const link = document.querySelector(".ns-embed-source") as HTMLElement;
      return {scrollHeight: root.scrollHeight, clientHeight: root.clientHeight, scrolled, linkBottom: link.getBoundingClientRect().bottom, innerHeight};
    });
    const whole =
      frame >= inside.scrollHeight && inside.scrollHeight <= inside.clientHeight && inside.scrolled === 0 && inside.linkBottom <= inside.innerHeight;
    return whole ? "whole" : `frame ${frame} px, document ${JSON.stringify(inside)}`;
  };
  await expect.poll(fit, {timeout: 60_000}).toBe("whole");
  // the host narrows the frame: the widget reflows taller, the page posts its new height (the frame
  // can fit before its first post has arrived: wait for one)
  await expect.poll(() => page.evaluate(() => (window as any).heights.length), {timeout: 60_000}).toBeGreaterThan(0);
  const before = await page.evaluate(() => (window as any).heights.at(-1).height);
  await page.evaluate(() => ((document.querySelector("#shown") as HTMLElement).style.width = "360px"));
  await expect.poll(() => page.evaluate(() => (window as any).heights.at(-1).height), {timeout: 60_000}).not.toBe(before);
  await expect.poll(fit, {timeout: 60_000}).toBe("whole");
  errors.expectNone();
});

// @long: bad options are held in `npm test` in Node (options.test.ts: the note naming the option
// and its range; embed-docs.test.ts: every schema against bad strings) and on a page by
// water.nogpu's clamps; here the custom elements' attributes.
test("bad attributes: each element names the option and its range, runs on a valid value, creates nothing from the text", {tag: "@long"}, async ({page}) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await page.goto(`${HOST}/bad.html`);
  for (const id of ["text", "negative", "above", "empty", "script", "img"]) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await expect.poll(async () => (await inner(page, id))?.value.steps ?? 0, {timeout: 60_000, message: id}).toBeGreaterThan(0);
    const {status, value} = (await inner(page, id))!;
    expect(status, id).toContain("disc count (count)"); // the label and the attribute the author wrote
    expect(status, id).toMatch(/200.*4,000/);
    expect(value.count, id).toBeGreaterThanOrEqual(200);
    expect(value.count, id).toBeLessThanOrEqual(4000);
  }
  const created = await page.evaluate(() => [...document.querySelectorAll("ns-contacts")].map((el) => el.shadowRoot!.querySelectorAll("script, img").length));
  expect(created).toEqual([0, 0, 0, 0, 0, 0]);
  expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
  errors.expectNone();
});

// @long: bad options on an embedding are held in `npm test` by "bad attributes" above (the same
// schemas, options.test.ts and embed-docs.test.ts in Node); here the iframe pages' URL.
test("bad URL parameters and an unknown widget name on the iframe pages", {tag: "@long"}, async ({page}) => {
  const errors = watchErrors(page);
  const cases: [string, RegExp][] = [
    ["count=abc", /disc count \(count\) must be a number between 200 and 4,000/],
    ["count=-5", /disc count \(count\) -5 is outside 200–4,000/],
    ["count=99999", /disc count \(count\) 99999 is outside 200–4,000/],
    ["count=", /disc count \(count\) must be a number between 200 and 4,000, got \(empty\)/],
    [`count=${encodeURIComponent("<script>window.__pwned=1</script>")}`, /disc count \(count\) must be a number between 200 and 4,000/],
    [`count=${encodeURIComponent("<img src=x onerror=window.__pwned=1>")}&theme=${encodeURIComponent("<b>x</b>")}`, /disc count \(count\) must be a number/],
  ];
  for (const [query, message] of cases) {
    await page.goto(`${SITE}/embed/contacts?${query}`);
    await expect
      .poll(() => page.evaluate(() => (document.querySelector("ns-contacts") as any)?.value?.steps ?? 0), {timeout: 60_000, message: query})
      .toBeGreaterThan(0);
    const status = await page.evaluate(() => document.querySelector("ns-contacts")!.shadowRoot!.querySelector(".widget-status")!.textContent);
    expect(status, query).toMatch(message);
    expect(
      await page.evaluate(
        () => document.querySelectorAll("img, b").length + document.querySelector("ns-contacts")!.shadowRoot!.querySelectorAll("script, img, b").length
      ),
      query
    ).toBe(0);
    expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
  }
  await expect(page.locator(".ns-embed-frame > .widget-status.warn")).toContainText("theme must be one of light, dark, auto");
  errors.expectNone();

  // an unknown widget name: the site's 404 page says so (the 404 status itself is expected)
  for (const name of ["nope", encodeURIComponent("<img src=x onerror=window.__pwned=1>")]) {
    const response = await page.goto(`${SITE}/embed/${name}?count=5`);
    expect(response?.status()).toBe(404);
    await expect(page.locator(".ns-embed-unknown")).toContainText("There is no widget called");
    await expect(page.locator(".ns-embed-unknown")).toContainText("counting-sort");
    expect(await page.locator("main img").count()).toBe(0);
    expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
  }
});
