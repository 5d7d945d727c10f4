/** Shared Playwright helpers: console/page error capture, GPU stats, widget values. */
import {expect, type Page} from "@playwright/test";

/** Collects console errors and uncaught page errors; call `expectNone()` at the end. */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("response", (r) => {
    if (r.status() >= 400) errors.push(`http ${r.status()}: ${r.url()}`);
  });
  return {
    errors,
    expectNone() {
      expect(errors, errors.join("\n")).toEqual([]);
    },
  };
}

/** The page's GPU counters (components/gpu/context.ts), or null if the runtime never loaded. */
export function gpuStats(page: Page) {
  return page.evaluate(() => (globalThis as any).__gpuStats ?? null);
}

/** Asserts that the page has a working WebGPU adapter — a WebGPU test must fail without it. */
export async function expectWebGPU(page: Page) {
  const ok = await page.evaluate(async () => {
    const gpu = (navigator as any).gpu;
    if (!gpu) return "navigator.gpu missing";
    const a = await gpu.requestAdapter();
    return a ? "ok" : "no adapter";
  });
  expect(ok, "WebGPU must be available in this test").toBe("ok");
}

/**
 * `.value` of the widget element with data-widget=name (JSON-cloned): in the page, or inside
 * the shadow root of its custom element `<ns-name>` (the `/embed/<name>` pages).
 */
export function widgetValue<T = any>(page: Page, name: string): Promise<T> {
  return page.evaluate((n) => {
    const sel = `[data-widget="${n}"]`;
    const el = document.querySelector(sel) ?? document.querySelector(`ns-${n}`)?.shadowRoot?.querySelector(sel);
    return JSON.parse(JSON.stringify((el as any)?.value ?? null));
  }, name);
}

/**
 * Runs `fn` in the page on the widget element with data-widget=name, found as `widgetValue`
 * finds it (in the page, or in the shadow root of `<ns-name>` on the `/embed/<name>` pages),
 * e.g. `onWidget(page, "contacts", (el) => el.snapshot())`. Fails if there is no such widget.
 */
export async function onWidget<R, A = undefined>(page: Page, name: string, fn: (el: any, arg: A) => R | Promise<R>, arg?: A): Promise<R> {
  const handle = await page.evaluateHandle((n) => {
    const sel = `[data-widget="${n}"]`;
    const el = document.querySelector(sel) ?? document.querySelector(`ns-${n}`)?.shadowRoot?.querySelector(sel);
    if (!el) throw new Error(`no widget ${n} on the page`);
    return el;
  }, name);
  try {
    return (await handle.evaluate(fn as any, arg)) as R;
  } finally {
    await handle.dispose();
  }
}

/** Hides WebGPU from the page before any script runs (for the fallback tests). */
export async function disableWebGPU(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "gpu", {get: () => undefined, configurable: true});
  });
}

/**
 * The colours of a PNG (decoded by the page's own canvas) with their pixel counts, most
 * frequent first: `[0xRRGGBB, count][]`. The most frequent is a capture's background.
 */
export async function colourCounts(page: Page, png: Buffer): Promise<[number, number][]> {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const counts = new Map<number, number>();
    for (let i = 0; i < d.length; i += 4) {
      const k = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    return [...counts].sort((x, y) => y[1] - x[1]);
  }, png.toString("base64"));
}

/** Number of distinct colours in a PNG: a blank capture has 1–2. */
export async function distinctColours(page: Page, png: Buffer): Promise<number> {
  return (await colourCounts(page, png)).length;
}

/**
 * The particle count that the caption of the water widget `name` ("hero" or "water") says,
 * and its `.value.count` as the caption writes it (en-US thousands separators), as
 * "caption = value" — e.g. "4,000 = 4,000" when they agree. Polled, it shows both on failure.
 */
export async function captionAgrees(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => {
    const el = document.querySelector(`[data-widget="${n}"]`) as any;
    const said = /^([\d,]+) particles/.exec(el.querySelector(".widget-caption")?.textContent ?? "")?.[1] ?? "(none)";
    return `${said} = ${(el.value.count as number).toLocaleString("en-US")}`;
  }, name);
}

/**
 * The hero's layout in page CSS px: the region its particles can occupy (the tank's interior
 * from the widget's `data-tank-box`, placed at the canvas), the canvas, the title and the line
 * under it, and the caption's line count (its height over its line height) and whether it is cut.
 */
export async function heroLayout(page: Page) {
  return page.evaluate(() => {
    const el = document.querySelector('[data-widget="hero"]') as HTMLElement;
    const rect = (e: Element | null) => {
      const r = e!.getBoundingClientRect();
      return {left: r.left + scrollX, top: r.top + scrollY, width: r.width, height: r.height};
    };
    const canvas = rect(el.querySelector("canvas"));
    const [l, t, w, h] = (el.dataset.tankBox ?? "").split(" ").map(Number);
    const caption = el.querySelector(".widget-caption") as HTMLElement;
    return {
      tank: {left: canvas.left + l, top: canvas.top + t, width: w, height: h},
      canvas,
      title: rect(document.querySelector(".hero-title h1")),
      hint: rect(document.querySelector(".hero-hint")),
      captionLines: caption.getBoundingClientRect().height / parseFloat(getComputedStyle(caption).lineHeight),
      captionCut: caption.scrollWidth > caption.clientWidth + 1,
    };
  });
}

/** Whether two boxes {left, top, width, height} overlap (touching edges do not). */
export function overlaps(a: {left: number; top: number; width: number; height: number}, b: typeof a): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

/**
 * The sand card's counts as "caption = .value.count = status": the grains its caption says,
 * its `.value.count`, and the first "N grains" of its status line (en-US separators), e.g.
 * "2,000 = 2,000 = 2,000" when the card shows one count. Polled, it shows all three on failure.
 */
export async function sandCountsAgree(page: Page): Promise<string> {
  return page.evaluate(() => {
    const sel = '[data-widget="sand"]';
    const el = (document.querySelector(sel) ?? document.querySelector("ns-sand")?.shadowRoot?.querySelector(sel)) as any;
    const first = (sel: string) => /([\d,]+) grains/.exec(el.querySelector(sel)?.textContent ?? "")?.[1] ?? "(none)";
    return `${first(".widget-caption")} = ${(el.value.count as number).toLocaleString("en-US")} = ${first(".widget-status")}`;
  });
}

/**
 * Resolves after the page has drawn `n` more animation frames. A condition, not a clock:
 * every widget's loop runs on requestAnimationFrame, so a loop that still runs has had `n`
 * chances to submit, however slow the machine is.
 */
export function animationFrames(page: Page, n: number): Promise<void> {
  return page.evaluate(
    (count) =>
      new Promise<void>((done) => {
        let left = count;
        const tick = () => (--left <= 0 ? done() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    n
  );
}

/**
 * A value of the page, read until it holds still over `frames` animation frames (work
 * already in flight lands first), e.g. the GPU submit count after a widget is told to stop.
 * Fails after `tries` reads that all differ.
 */
export async function settled<T>(page: Page, read: () => Promise<T>, frames = 10, tries = 60): Promise<T> {
  let prev = await read();
  for (let i = 0; i < tries; i++) {
    await animationFrames(page, frames);
    const now = await read();
    if (JSON.stringify(now) === JSON.stringify(prev)) return now;
    prev = now;
  }
  throw new Error(`the value never held still over ${frames} frames (last: ${JSON.stringify(prev)})`);
}

/** GPU submits once in-flight work has landed, then asserts none follow over `frames` more animation frames. */
export async function expectNoSubmits(page: Page, message: string, frames = 30): Promise<number> {
  const s1 = await settled(page, async () => (await gpuStats(page)).submits as number);
  await animationFrames(page, frames);
  expect((await gpuStats(page)).submits, message).toBe(s1);
  return s1;
}

/**
 * Resolves with scrollY once the page has stopped scrolling: scrollY unchanged over `frames`
 * animation frames in a row (a smooth scroll, a wheel's or the layout settling after an instant
 * scroll moves it on every frame, however slow the frames are). Fails after 5,000 frames.
 */
export function scrollSettled(page: Page, frames = 8): Promise<number> {
  return page.evaluate(
    (need) =>
      new Promise<number>((done, fail) => {
        let last = window.scrollY;
        let still = 0;
        let seen = 0;
        const tick = () => {
          const y = window.scrollY;
          still = y === last ? still + 1 : 0;
          last = y;
          if (still >= need) return done(y);
          if (++seen > 5000) return fail(new Error("page kept scrolling"));
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    frames
  );
}

/**
 * The visible text of a hero widget's lines under its picture, in page CSS px: each of its
 * caption, status, touch hint and the water's adapter line that shows text, as the box of its
 * text (its lines' union) cut to the element's box where the element clips its overflow.
 * Elements that are not displayed (the touch hint on a desktop pointer, a closed disclosure's
 * contents) or empty are left out.
 */
export async function heroTextBoxes(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector(".hero-widget") as HTMLElement;
    const out: {name: string; text: string; left: number; top: number; width: number; height: number}[] = [];
    for (const el of root.querySelectorAll<HTMLElement>(".widget-caption, .widget-status, .touch-hint, .hero-adapter")) {
      if (!el.checkVisibility() || !(el.textContent ?? "").trim()) continue;
      // the union of the rendered text only: a closed disclosure's body (a hero's compact status,
      // runtime/status.ts) is laid out but not shown, and must not count as a line
      let r = new DOMRect(0, 0, 0, 0);
      let any = false;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim() || !n.parentElement?.checkVisibility()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const t = range.getBoundingClientRect();
        if (t.width <= 0 || t.height <= 0) continue;
        const left = any ? Math.min(r.left, t.left) : t.left;
        const top = any ? Math.min(r.top, t.top) : t.top;
        r = new DOMRect(left, top, Math.max(any ? r.right : t.right, t.right) - left, Math.max(any ? r.bottom : t.bottom, t.bottom) - top);
        any = true;
      }
      const s = getComputedStyle(el);
      if (s.overflowX !== "visible" || s.overflowY !== "visible") {
        const b = el.getBoundingClientRect();
        const left = Math.max(r.left, b.left);
        const top = Math.max(r.top, b.top);
        r = new DOMRect(left, top, Math.max(0, Math.min(r.right, b.right) - left), Math.max(0, Math.min(r.bottom, b.bottom) - top));
      }
      if (r.width <= 0 || r.height <= 0) continue;
      out.push({name: el.className, text: (el.textContent ?? "").slice(0, 40), left: r.left + scrollX, top: r.top + scrollY, width: r.width, height: r.height});
    }
    return out;
  });
}
