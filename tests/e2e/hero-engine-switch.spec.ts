// On a CPU-emulated GPU (SwiftShader here) the gravity and dust heroes run their faster CPU twin
// (components/widgets/runtime/engine-choice.ts). Their status line has a fixed row under the
// picture: it says the short form of the reason, the whole sentence in its disclosure, and the
// switch to the other engine sits in that row, over the stage, in sight. Nothing of the hero's
// foot is cut or printed over another line, on a phone and on a desktop, with either engine.
// Without the webgpu project's page-wide choice (playwright.config.ts), as a reader's browser starts.
import {type Browser, expect, type Page, test} from "@playwright/test";
import {heroTextBoxes, overlaps} from "./helpers.js";

test.use({storageState: {cookies: [], origins: []}});

const FULL = "CPU emulation of a GPU (SwiftShader), on which the CPU twin of the same kernels runs faster";

/** The hero's status and switch boxes (viewport px), whether the status cuts its text, and the hero band's box. */
function footFacts(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector(".hero-widget") as HTMLElement;
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return {left: r.left, top: r.top, width: r.width, height: r.height, right: r.right, bottom: r.bottom};
    };
    const status = root.querySelector(".widget-status") as HTMLElement;
    const sw = root.querySelector(".engine-switch") as HTMLElement;
    const r = sw.getBoundingClientRect();
    // what a tap at the switch's centre reaches: the switch, not the canvas over it
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      status: box(status),
      statusCut: status.scrollWidth > status.clientWidth + 1 || status.scrollHeight > status.clientHeight + 1,
      statusText: status.innerText,
      switchBox: box(sw),
      switchOnTop: hit === sw || sw.contains(hit),
      switchInk: getComputedStyle(sw).color,
      band: box(root.closest(".hero") ?? root),
      viewport: {width: innerWidth, height: innerHeight},
    };
  });
}

/** The contrast of the CSS colour `rgb(r, g, b)` against the heroes' stage, #0b1120 (WCAG relative luminance). */
function contrastOnStage(rgb: string): number {
  const lum = (c: number[]) => {
    const [r, g, b] = c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ink = lum((rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number));
  const stage = lum([0x0b, 0x11, 0x20]);
  return (Math.max(ink, stage) + 0.05) / (Math.min(ink, stage) + 0.05);
}

type Box = {left: number; top: number; right: number; bottom: number};
const inside = (a: Box, b: Box) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;

/**
 * Asserts the hero's foot: status not cut and inside the band and viewport, the switch in sight
 * and on top, no two lines overlapping; `touchHint`: the touch hint is one of those lines.
 */
async function expectFootFits(page: Page, label: string, touchHint = false) {
  const f = await footFacts(page);
  const vp = {left: 0, top: 0, right: f.viewport.width, bottom: f.viewport.height};
  const msg = `${label}: ${JSON.stringify(f)}`;
  expect(f.statusCut, msg).toBe(false);
  expect(inside(f.status, f.band), msg).toBe(true);
  expect(inside(f.status, vp), msg).toBe(true);
  expect(inside(f.switchBox, f.band), msg).toBe(true);
  expect(inside(f.switchBox, vp), msg).toBe(true);
  expect(f.switchOnTop, msg).toBe(true);
  // light ink on the dark stage, in both page themes: contrast against the stage's #0b1120 at least 4.5:1
  expect(contrastOnStage(f.switchInk), msg).toBeGreaterThanOrEqual(4.5);
  // under the status, in its column (not in a second grid column that narrows the foot's lines)
  expect(Math.abs(f.switchBox.left - f.status.left), msg).toBeLessThan(1);
  // every line of text (caption, status, touch hint) and the switch: no two overlap
  const sw = f.switchBox;
  const boxes = [
    ...(await heroTextBoxes(page)),
    {
      name: "engine-switch",
      text: "",
      left: sw.left + (await page.evaluate(() => scrollX)),
      top: sw.top + (await page.evaluate(() => scrollY)),
      width: sw.width,
      height: sw.height,
    },
  ];
  if (touchHint) expect(boxes.map((b) => b.name)).toContain("touch-hint");
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      expect(overlaps(boxes[i], boxes[j]), `${label}: ${boxes[i].name} over ${boxes[j].name}: ${JSON.stringify([boxes[i], boxes[j]])}`).toBe(false);
}

async function open(browser: Browser, path: string, width: number, height: number, touch: boolean) {
  const context = await browser.newContext({viewport: {width, height}, isMobile: touch, hasTouch: touch, storageState: {cookies: [], origins: []}});
  const page = await context.newPage();
  await page.goto(path);
  return {context, page};
}

// `npm test` reads each page at one size, the two pages at different sizes: /worlds-from-dust on a
// phone with touch (the switch tapped), /gravity on a desktop (clicked). The other size of each is
// the long tier's.
const CASES = [
  {path: "/worlds-from-dust", width: 390, height: 844, touch: true, long: false},
  {path: "/gravity", width: 1440, height: 900, touch: false, long: false},
  // @long: the same foot as "/gravity at 1440×900: …" (this page at the other size) and
  // "/worlds-from-dust at 390×844 touch: …" (this size, the other page), both in npm test
  {path: "/gravity", width: 390, height: 844, touch: true, long: true},
  // @long: the same foot as "/worlds-from-dust at 390×844 touch: …" (this page at the other size)
  // and "/gravity at 1440×900: …" (this size, the other page), both in npm test
  {path: "/worlds-from-dust", width: 1440, height: 900, touch: false, long: true},
];

for (const {path, width, height, touch, long} of CASES)
  test(
    `${path} at ${width}×${height}${touch ? " touch" : ""}: the hero's twin line is short, not cut; the whole sentence opens from it; the switch is in sight, and after it the GPU line fits too`,
    {tag: long ? "@long" : []},
    async ({browser}) => {
      const {context, page} = await open(browser, path, width, height, touch);
      const hero = page.locator(".hero-widget");
      await expect(hero).toHaveAttribute("data-engine", "cpu", {timeout: 90_000});
      const status = hero.locator(".widget-status");
      // the whole sentence stays the line's text (screen readers, tests, the disclosure)
      await expect(status).toContainText(FULL);
      await expect(status.locator("summary")).toHaveText("CPU twin: faster than this emulated GPU");
      await expect(status.locator(".status-more > p")).toBeHidden();
      const sw = hero.locator("button.engine-switch");
      await expect(sw).toBeVisible();
      await expect(sw).toHaveText("Run the GPU kernels (emulated) instead");
      await expect(hero.locator(".widget-caption")).toContainText("fps", {timeout: 90_000});
      await expectFootFits(page, "twin");
      // the disclosure opens the whole sentence over the picture, inside the viewport
      await status.locator("summary").click();
      const body = status.locator(".status-more > p");
      await expect(body).toBeVisible();
      await expect(body).toContainText(FULL);
      const b = (await body.boundingBox())!;
      expect(b.y, JSON.stringify(b)).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, JSON.stringify(b)).toBeLessThanOrEqual(width + 0.5);
      await status.locator("summary").click();
      await expect(body).toBeHidden();
      // the reader's switch: the emulated GPU kernels, their line and the switch back still fit
      await (touch ? sw.tap() : sw.click());
      await expect(hero).toHaveAttribute("data-engine", "gpu", {timeout: 90_000});
      await expect(sw).toHaveText("Run the CPU twin instead");
      await expect(status).toContainText("This WebGPU adapter is a CPU emulation (SwiftShader)");
      // on the GPU kernels the foot holds the same lines as with the page-wide GPU choice, the
      // touch hint among them on a phone (hero.spec.ts reads them there at the other sizes)
      await expectFootFits(page, "gpu", touch);
      await context.close();
    }
  );
