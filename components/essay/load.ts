/**
 * The order in which the essay page loads its code: the hero first, every other section
 * after it. A section's cell calls `loadNear(visibility(), () => import("./_bundle/x.js"))`
 * and gets the module; its widget's cell (and every cell that reads the widget's `.value`)
 * simply waits for it, as Framework's cells wait on any promise.
 *
 * `loadNear` starts nothing before the hero has shown its first frame — the mark
 * "first-gpu-frame" that the hero's engine sets (the water's, the galaxy's, the dust disc's), or the hero running on the
 * CPU twin (`data-engine="cpu"`: no WebGPU), or the hero being far from the viewport (it then
 * does not start: the reader arrived further down). After that a section's module loads as soon as
 * its cell is in view (`visible`, Framework's `visibility()`), or else in an idle moment of
 * the browser, one section after another (in the order their cells ran); so a reader who scrolls gets the
 * section on approach, and a page left open (or printed, or searched) soon has every widget.
 * See docs/records/loading.md.
 */

import {deviceWaitMs} from "../gpu/context.js";
import {NEAR_MARGIN} from "../widgets/runtime/lazy.js";

/**
 * The hero's head start ends when the page has waited this long (ms) for its GPU device: an
 * adapter that does not answer (some drivers never do; the widgets then give up after their own
 * 15 s limit) must not keep every other section's code, CPU-only widgets included, from loading.
 * An adapter answers in well under a second, so a page whose GPU works never gets here.
 */
const HERO_DEVICE_WAIT_MS = 5000;

/**
 * The longest the hero's head start lasts (ms from the first call of `heroFirstFrame`): a hero
 * that cannot draw (a stage of zero size, a widget that failed before choosing an engine) must
 * not keep Framework's runtime and every section back. A working page draws long before.
 */
const HERO_HEAD_START_MAX_MS = 10_000;

let heroShown: Promise<void> | null = null;

/**
 * Resolves once the hero has drawn its first frame on the GPU, runs on the CPU twin, is not
 * near the viewport (a reader who arrived at a section further down: the hero starts only near),
 * or the page has waited more than HERO_DEVICE_WAIT_MS for its GPU device (a hanging adapter),
 * and at the latest HERO_HEAD_START_MAX_MS after the first call.
 */
export function heroFirstFrame(): Promise<void> {
  heroShown ??= new Promise<void>((resolve) => {
    if (typeof document === "undefined" || typeof PerformanceObserver === "undefined" || typeof IntersectionObserver === "undefined") return resolve();
    let far: IntersectionObserver | null = null;
    const started = performance.now();
    const done = () => {
      clearInterval(waiting);
      marks.disconnect();
      changes.disconnect();
      far?.disconnect();
      resolve();
    };
    // the adapter has not answered for HERO_DEVICE_WAIT_MS: no first frame is on its way
    const waiting = setInterval(() => {
      const ms = deviceWaitMs();
      if ((ms !== null && ms > HERO_DEVICE_WAIT_MS) || performance.now() - started > HERO_HEAD_START_MAX_MS) done();
    }, 250);
    const marks = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-gpu-frame").length) done();
    });
    marks.observe({type: "mark", buffered: true});
    const check = () => {
      // the page's hero: the widget in its `.hero-slot` (the essay's water, the gravity page's
      // galaxy, Worlds from Dust's disc)
      const hero = document.querySelector<HTMLElement>('.hero-slot [data-widget], [data-widget="hero"]');
      if (!hero) return;
      if (hero.dataset.engine === "cpu" || performance.getEntriesByName("first-gpu-frame").length) return done();
      if (far) return;
      far = new IntersectionObserver((entries) => entries.some((e) => !e.isIntersecting) && done(), {rootMargin: NEAR_MARGIN});
      far.observe(hero);
    };
    const changes = new MutationObserver(check);
    changes.observe(document.documentElement, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-engine"]});
    check();
  });
  return heroShown;
}

/** The browser's next idle moment (at most `timeout` ms away). */
function idleMoment(timeout = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), {timeout});
    else setTimeout(resolve, 50);
  });
}

/** The idle turns are taken in the order of the calls: each after the previous section's module loaded. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Loads a section's module (`load()`, a dynamic import) after the hero's first frame, as soon
 * as `visible` resolves (the section is in view) or the browser is idle, whichever comes
 * first. Returns the module. A failed load rejects (the cell shows Framework's error box).
 */
export function loadNear<T>(visible: Promise<unknown>, load: () => Promise<T>): Promise<T> {
  const turn = queue.then(() => heroFirstFrame()).then(() => idleMoment());
  const result = heroFirstFrame()
    .then(() => Promise.race([visible, turn]))
    .then(load);
  queue = result.catch(() => undefined);
  return result;
}
