/**
 * The essay page's first module (src/_bundle/hero.js, bundled by scripts/bundle-page.mjs):
 * what the first screen needs — the shared GPU device, the water widget (the hero, and §5's
 * demo later), the table of contents — and `loadNear`, with which every other section's cell
 * loads its own module (neighbours.js, sort.js, sand.js) when the hero has drawn. On the built
 * site the page's first script calls `startHero` before Framework's runtime has loaded (the
 * runtime follows the hero's first frame: scripts/slim-dist.mjs); the hero's cell calls it
 * again and gets the same widget. See docs/records/loading.md.
 */
import {acquireGPU as acquire, type AcquireOptions, type GPUHandle} from "../../gpu/context.js";
import {createWater, type WaterElement} from "../../widgets/water/index.js";

/**
 * `acquireGPU` (components/gpu/context.ts) asked right after the page's first paint: requesting
 * the adapter makes the browser's GPU process set up WebGPU (half a second on SwiftShader),
 * and a first paint waiting behind that came later than the page's text could have. `startHero`
 * calls this first thing; the widget itself asks again (the same shared promise) when it starts.
 */
export function acquireGPU(options?: AcquireOptions): Promise<GPUHandle | null> {
  return new Promise<void>((painted) => requestAnimationFrame(() => setTimeout(painted, 0))).then(() => acquire(options));
}

/** A URL parameter of the page as the widgets' options take it: its text, or undefined when absent (the widget validates it). */
export function numParam(key: string): string | undefined {
  const query = new URLSearchParams(window.location.search);
  return query.has(key) ? (query.get(key) ?? undefined) : undefined;
}

let current: {widget: WaterElement; release: () => void} | null = null;

/**
 * The page's hero: the water widget sized to the stage that style.css reserves in `.hero-slot`
 * (the page's width, `--hero-stage` high; `--hero-foot` under it for the caption), with the
 * page's URL options (?hero=N particles, ?substeps=N substeps per frame). One widget per page:
 * a second call returns the same element (the page's first script starts it, the hero's cell
 * then gives it its place). It is disposed when the `invalidation` of any call resolves (a
 * re-run cell in preview); the next call then makes a new one. A later call keeps the focus of
 * an element inside the widget across the cell's display. Throws when the page has no
 * `.hero-slot`.
 */
export function startHero(invalidation?: Promise<unknown>): WaterElement {
  const created = !current;
  if (!current) {
    const slot = document.querySelector<HTMLElement>(".hero-slot");
    if (!slot) throw new Error("startHero: the page has no .hero-slot to mount the hero in");
    // ask for the shared GPU device (right after the first paint) while the page builds
    acquireGPU();
    const foot = parseFloat(getComputedStyle(slot).getPropertyValue("--hero-foot")) || 0;
    const stage = slot.clientHeight - foot;
    const phone = matchMedia("(max-width: 640px)").matches;
    let release = () => {};
    const gone = new Promise<void>((resolve) => {
      release = resolve;
    });
    // URL parameters are text: the widget's option schema reads text as it reads an element's
    // attributes (a bad value gets a visible message naming the range), hence the casts
    const widget = createWater({
      hero: true,
      count: numParam("hero") as number | undefined,
      // still water is blue, moving water lights up: it reads as water from the first frame
      colorBy: "speed",
      // phones start with fewer particles, as a default (not a demand): a CPU-emulated adapter
      // still gets the widget's own, smaller software count
      maxCount: phone && numParam("hero") === undefined ? 12_000 : undefined,
      substeps: numParam("substeps") as number | undefined,
      aspect: Math.min(4, Math.max(1, slot.clientWidth / stage)),
      maxHeight: stage,
      // the line under the title says which engine simulates the water here
      hint: document.querySelector<HTMLElement>(".hero-hint"),
      invalidation: gone,
    });
    current = {widget, release};
  }
  const mine = current;
  if (!created) {
    // The hero's cell displays the element the page's first script already placed: Framework
    // moves it (remove, then insert at the same place), and a moved element loses the focus. A
    // reader who tabbed into the hero before Framework's runtime arrived keeps it: the cell's
    // display runs right after this call returns, before this microtask.
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && mine.widget.contains(focused))
      queueMicrotask(() => {
        if (focused.isConnected && document.activeElement !== focused) focused.focus({preventScroll: true});
      });
  }
  invalidation?.then(() => {
    if (current !== mine) return;
    current = null;
    mine.release();
  });
  return mine.widget;
}

export {createWater} from "../../widgets/water/index.js";
export {keepFragmentInView, tocFloat, tocHighlight} from "../toc.js";
export {heroFirstFrame, loadNear} from "../load.js";
