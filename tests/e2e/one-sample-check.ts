// "One number, one source": a card's caption and the figures beside it (the counter row under
// it on the page, the engine's line in its status) are written from one sample of the widget's
// `.value` (onCaptionSample, cardCounters: components/widgets/runtime/card.ts, counters.ts), so at
// any moment they say the same count and the same time. Read on a condition, never a clock: each
// read is taken in the microtask after a write of the caption (a MutationObserver), when the task
// that wrote it has finished, several caption writes in a row. Read on moving pages the suite
// already opens: the water card in reader-modes.spec.ts (the essay with motion) and the gravity
// cards in gravity-page.spec.ts (the gravity page with motion), both in the long tier; `npm test`
// holds the same rule on the dust page's §4 disc (dust-page.spec.ts) and in Node (card-sample.test.ts).
import {expect, type Page} from "@playwright/test";

export interface Read {
  caption: string;
  status: string;
  counters: Record<string, string>;
}

/**
 * `n` reads of the card `root` (a selector): its caption, its status line and the counter row
 * `counters` (a `data-counters` name, or "" for none), each taken right after the caption
 * changed.
 */
export function readsAfterCaptionWrites(page: Page, root: string, counters: string, n: number): Promise<Read[]> {
  return page.evaluate(
    ([sel, name, count]) =>
      new Promise<Read[]>((done) => {
        const el = document.querySelector(sel) as HTMLElement;
        const caption = el.querySelector(".widget-caption")!;
        const reads: Read[] = [];
        const read = () => {
          const row: Record<string, string> = {};
          if (name)
            for (const d of document.querySelectorAll(`[data-counters="${name}"] > div`))
              row[d.querySelector("dt")!.textContent!] = d.querySelector("dd")!.textContent!;
          reads.push({caption: caption.textContent ?? "", status: el.querySelector(".widget-status")?.textContent ?? "", counters: row});
        };
        let last = caption.textContent;
        const mo = new MutationObserver(() => {
          if (caption.textContent === last) return;
          last = caption.textContent;
          read();
          if (reads.length >= count) {
            mo.disconnect();
            done(reads);
          }
        });
        mo.observe(caption, {childList: true, characterData: true, subtree: true});
      }),
    [root, counters, n] as const
  );
}

/** The first match's group of `re` in `text`, or "(none)". */
export const grab = (re: RegExp, text: string) => re.exec(text)?.[1] ?? "(none)";
/**
 * The counter row's time (`ms`, rounded to 2 decimals) as the caption writes it (`captionMs`). At
 * 10 ms and over the caption rounds the raw sample to a whole number and the row to hundredths, so
 * one sample of 1,081.4996 ms reads "1081" in the caption and "1,081.50" in the row; a caption whose
 * whole number lies within 0.505 ms of the row's figure said the same sample, and is returned as is.
 */
function sameStep(ms: number, caption: string): string {
  const whole = Number(caption);
  return ms >= 10 && Number.isInteger(whole) && Math.abs(whole - ms) <= 0.505 ? caption : captionMs(ms);
}

/** A time in ms as a caption writes it: two decimals under 10, else a whole number. */
export const captionMs = (ms: number) => (ms < 10 ? ms.toFixed(2) : String(Math.round(ms)));

/** The §5 water card on the essay (running on the GPU, on screen): its caption and its status line say one count and one GPU time. */
export async function expectWaterOneSample(page: Page) {
  const water = page.locator('#demo-water [data-widget="water"]');
  await water.scrollIntoViewIfNeeded();
  await expect(water).toHaveAttribute("data-engine", "gpu", {timeout: 120_000});
  await expect(water.locator(".widget-caption")).toContainText("ms GPU", {timeout: 120_000});
  for (const r of await readsAfterCaptionWrites(page, '#demo-water [data-widget="water"]', "", 6)) {
    const said = {
      caption: `${grab(/([\d,]+) particles/, r.caption)} particles, ${grab(/([\d.]+) ms GPU/, r.caption)} ms`,
      status: `${grab(/: ([\d,]+) particles/, r.status)} particles, ${grab(/([\d.]+) ms of GPU time per frame/, r.status)} ms`,
    };
    expect(said.status, JSON.stringify(r)).toBe(said.caption);
  }
}

/** The gravity page's galaxy hero and direct-sum card (each running on the GPU): caption and counter row say one count and one time per step. */
export async function expectGravityOneSample(page: Page) {
  for (const {sel, counters} of [
    {sel: '.hero [data-widget="galaxy"]', counters: "galaxy"},
    {sel: '[data-widget="nbody"]', counters: "nbody"},
  ]) {
    const w = page.locator(sel);
    await w.scrollIntoViewIfNeeded();
    await expect(w).toHaveAttribute("data-engine", "gpu", {timeout: 120_000});
    await expect(w.locator(".widget-caption")).toContainText("ms per step", {timeout: 120_000});
    for (const r of await readsAfterCaptionWrites(page, sel, counters, 6)) {
      const ms = Number(r.counters["ms per step"]?.replace(/,/g, ""));
      const captionStep = grab(/([\d.]+) ms per step/, r.caption);
      const said = {
        caption: `${grab(/([\d,]+) bodies/, r.caption)} bodies, ${captionStep} ms`,
        counters: `${r.counters.bodies ?? "(none)"} bodies, ${Number.isFinite(ms) ? sameStep(ms, captionStep) : "(none)"} ms`,
      };
      expect(said.counters, `${counters}: ${JSON.stringify(r)}`).toBe(said.caption);
    }
  }
}
