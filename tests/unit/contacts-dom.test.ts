// @vitest-environment jsdom
// The §1 contacts widget mounted in jsdom (tests/helpers/widget-dom.ts, which needs the Dawn
// device even for this CPU-only widget): the arrow keys and the mouse shove the discs, the
// brute-force counters equal a recount of the snapshot, the slider clamps. These were browser
// tests (tests/e2e/contacts.spec.ts keeps the drawn pixels: the discs' one colour and a canvas
// that is neither blank nor black, read from the page's 2D canvas).
import {describe, expect, it} from "vitest";
import {countTouching} from "../../components/contacts/physics.js";
import {createContacts} from "../../components/widgets/contacts/index.js";
import {widgetDom} from "../helpers/widget-dom.js";

const dom = widgetDom();
/** Real time for the CPU steps while frames run. */
const WAIT_MS = 60_000;
type ContactsElement = ReturnType<typeof createContacts>;

/** Runs frames until `cond` holds (the browser tests' poll while the widget plays). */
async function framesUntil(cond: () => boolean, what: string) {
  const end = Date.now() + WAIT_MS;
  while (!cond() && Date.now() < end) await dom.frames(1);
  expect(cond(), what).toBe(true);
}

/** The widget in the document, its stage 300 px wide and its canvas's box stubbed (jsdom lays nothing out: pointer events map through it). */
async function mounted() {
  const el = dom.mount(createContacts());
  dom.size(el.querySelector(".sim-stage")!, 300);
  await Promise.resolve(); // the stage's first layout
  const canvas = el.querySelector("canvas")!;
  const box = {width: Number.parseFloat(canvas.style.width), height: Number.parseFloat(canvas.style.height)};
  dom.size(canvas, box.width, box.height);
  return {el, canvas, box};
}

/** Discs within 0.06 of world (x, y) in the snapshot (-1 before one). */
function near(el: ContactsElement, x: number, y: number) {
  const s = el.snapshot();
  return s ? s.x.filter((px: number, i: number) => Math.hypot(px - x, s.y[i] - y) < 0.06).length : -1;
}

describe("contacts widget in jsdom", () => {
  it("§1: the arrow keys shove the discs away from the keyboard pointer", async () => {
    const {el, canvas} = await mounted();
    // the pile settles over the point (1, 1/3) of the 2×2 box …
    await framesUntil(() => near(el, 1, 1 / 3) > 2, "discs over (1, 1/3)");
    // … until the keyboard pointer goes there: from the centre (1, 1), 10 presses of 2/30 down
    canvas.focus();
    expect(document.activeElement).toBe(canvas);
    for (let i = 0; i < 10; i++) dom.press("ArrowDown"), await dom.frames(2);
    await framesUntil(() => near(el, 1, 1 / 3) === 0, "no disc left at (1, 1/3)");
    dom.press("Escape");
  });

  it("§1 contacts: brute-force counters equal a recount of the snapshot; pointer shoves; slider clamps", async () => {
    const {el, canvas, box} = await mounted();
    // shove: with the pointer at world (1, 0.8), the falling cloud flows around it
    dom.pointer(canvas, "pointermove", box.width * 0.5, box.height * 0.6);
    let around = 0;
    await framesUntil(() => {
      const s = el.snapshot();
      if (!s) return false;
      const dist = s.x.map((x: number, i: number) => Math.hypot(x - 1, s.y[i] - 0.8));
      around = dist.filter((d: number) => d > 0.3 && d < 0.45).length;
      return dist.filter((d: number) => d < 0.06).length === 0;
    }, "no disc under the pointer");
    expect(around, "discs of the cloud around the pointer").toBeGreaterThan(10);
    await framesUntil(() => el.value.steps > 60, "60 steps");
    const snap = JSON.parse(JSON.stringify(el.snapshot()));
    expect(snap.value.count).toBe(2000);
    expect(snap.value.checksPerStep).toBe(1_999_000); // ≈ 2.0 M
    expect(snap.x.length).toBe(2000);
    expect(snap.value.touchingPairs).toBe(countTouching(snap.x, snap.y, snap.radius));
    expect(snap.value.touchingPairs).toBeGreaterThan(0);
    expect(snap.value.usefulShare).toBeLessThan(1);
    expect(snap.value.msPerStep).toBeGreaterThan(0);
    dom.pointer(canvas, "pointermove", box.width + 40, 10); // off the canvas
    // slider: both ends of the log scale, clamped to 200..4,000
    const slider = el.querySelector<HTMLInputElement>('input[type="range"]')!;
    const fill = (v: string) => {
      slider.value = v; // a range input clamps to its max, as Playwright's fill leaves it
      slider.dispatchEvent(new Event("input", {bubbles: true}));
      slider.dispatchEvent(new Event("change", {bubbles: true}));
    };
    fill("0");
    await framesUntil(() => el.value.count === 200, "200 discs");
    expect(el.value.checksPerStep).toBe(19_900);
    fill("10000");
    await framesUntil(() => el.value.count === 4000, "4,000 discs");
    expect(el.value.checksPerStep).toBe(7_998_000);
  });
});
