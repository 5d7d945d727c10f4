/**
 * A page's hero, started before Framework's runtime: on the built site a page whose hero cell
 * calls `startHero` from a `_bundle/…hero.js` module gets a first script that calls it right
 * after the first paint, and Framework's client, runtime and every other cell load only when
 * the hero has drawn its first frame (scripts/slim-dist.mjs, `bootPage`; docs/records/loading.md).
 * The hero's cell calls `startHero(invalidation)` again and gets the same element.
 */
import {acquireGPU as acquire, type AcquireOptions, type GPUHandle} from "../gpu/context.js";

/**
 * `acquireGPU` (components/gpu/context.ts) asked right after the page's first paint: requesting
 * the adapter makes the browser's GPU process set up WebGPU (half a second on SwiftShader),
 * and a first paint waiting behind that came later than the page's text could have. A hero's
 * `create` calls this first thing; the widget itself asks again (the same shared promise) when it starts.
 */
export function acquireGPU(options?: AcquireOptions): Promise<GPUHandle | null> {
  return new Promise<void>((painted) => requestAnimationFrame(() => setTimeout(painted, 0))).then(() => acquire(options));
}

/** A URL parameter of the page as the widgets' options take it: its text, or undefined when absent (the widget validates it). */
export function numParam(key: string): string | undefined {
  const query = new URLSearchParams(window.location.search);
  return query.has(key) ? (query.get(key) ?? undefined) : undefined;
}

/** What a hero's `create` gets: the page's `.hero-slot` and the promise that disposes the widget. */
interface HeroSlot {
  slot: HTMLElement;
  /** Resolves when the hero is to be disposed (its cell re-ran): the widget's `invalidation`. */
  gone: Promise<void>;
}

/**
 * `startHero(invalidation?)` for a page: the first call makes the hero with `create` in the
 * page's `.hero-slot`; a later call returns the same element (the page's first script starts
 * it, the hero's cell then gives it its place). It is disposed when the `invalidation` of any
 * call resolves (a re-run cell in preview); the next call then makes a new one. A later call
 * keeps the focus of an element inside the widget across the cell's display. The returned
 * function throws when the page has no `.hero-slot`.
 */
export function heroStarter<W extends HTMLElement>(create: (s: HeroSlot) => W): (invalidation?: Promise<unknown>) => W {
  let current: {widget: W; release: () => void} | null = null;
  return (invalidation) => {
    const created = !current;
    if (!current) {
      const slot = document.querySelector<HTMLElement>(".hero-slot");
      if (!slot) throw new Error("startHero: the page has no .hero-slot to mount the hero in");
      let release = () => {};
      const gone = new Promise<void>((resolve) => {
        release = resolve;
      });
      current = {widget: create({slot, gone}), release};
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
  };
}

/** The stage's aspect for a hero filling `slot` above a foot of `foot` px: width / height, within [1, 4]. */
export function slotAspect(slot: HTMLElement, foot = 0): {aspect: number; maxHeight: number} {
  const maxHeight = slot.clientHeight - foot;
  return {aspect: Math.min(4, Math.max(1, slot.clientWidth / maxHeight)), maxHeight};
}
