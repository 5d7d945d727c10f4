/**
 * The essay page's first module (src/_bundle/hero.js, bundled by scripts/bundle-page.mjs):
 * what the first screen needs — the shared GPU device, the water widget (the hero, and §5's
 * demo later), the table of contents — and `loadNear`, with which every other section's cell
 * loads its own module (neighbours.js, sort.js, sand.js) when the hero has drawn. On the built
 * site the page's first script calls `startHero` before Framework's runtime has loaded (the
 * runtime follows the hero's first frame: scripts/slim-dist.mjs); the hero's cell calls it
 * again and gets the same widget. See docs/records/loading.md.
 */
import {createWater, type WaterElement} from "../widgets/water/index.js";
import {acquireGPU, heroStarter, numParam, slotAspect} from "../essay/hero-start.js";

export {acquireGPU, numParam};

/**
 * The page's hero: the water widget sized to the stage that style.css reserves in `.hero-slot`
 * (the page's width, `--hero-stage` high; `--hero-foot` under it for the caption), with the
 * page's URL options (?hero=N particles, ?substeps=N substeps per frame). One widget per page
 * (heroStarter: a second call returns the same element; disposed when an `invalidation`
 * resolves). Throws when the page has no `.hero-slot`.
 */
export const startHero: (invalidation?: Promise<unknown>) => WaterElement = heroStarter(({slot, gone}) => {
  // ask for the shared GPU device (right after the first paint) while the page builds
  acquireGPU();
  const foot = parseFloat(getComputedStyle(slot).getPropertyValue("--hero-foot")) || 0;
  const phone = matchMedia("(max-width: 640px)").matches;
  // URL parameters are text: the widget's option schema reads text as it reads an element's
  // attributes (a bad value gets a visible message naming the range), hence the casts
  return createWater({
    hero: true,
    count: numParam("hero") as number | undefined,
    // still water is blue, moving water lights up: it reads as water from the first frame
    colorBy: "speed",
    // phones start with fewer particles, as a default (not a demand): a CPU-emulated adapter
    // still gets the widget's own, smaller software count
    maxCount: phone && numParam("hero") === undefined ? 12_000 : undefined,
    substeps: numParam("substeps") as number | undefined,
    ...slotAspect(slot, foot),
    // the line under the title says which engine simulates the water here
    hint: document.querySelector<HTMLElement>(".hero-hint"),
    invalidation: gone,
  });
});

export {createWater} from "../widgets/water/index.js";
export {keepFragmentInView, tocFloat, tocHighlight} from "../essay/toc.js";
export {heroFirstFrame, loadNear} from "../essay/load.js";
