/**
 * The Worlds from Dust page's first module (src/_bundle/dust-hero.js): the hero disc alone,
 * started by the page's first script before Framework's runtime and the page's other module
 * (dust.js: the story, the counters, the charts and listings), which loads once it has drawn
 * (scripts/slim-dist.mjs; docs/records/loading.md). URL option: ?grains=N (default: 20,000,
 * fewer on a CPU-emulated adapter); the widget validates it and says what is wrong.
 */
import {acquireGPU, heroStarter, numParam, slotAspect} from "../essay/hero-start.js";
import {createDustDisc, type DustDiscElement} from "../widgets/dust-disc/index.js";

/** The page's hero: the dust disc sized to the stage that style.css reserves in `.hero-slot` (heroStarter). */
export const startHero: (invalidation?: Promise<unknown>) => DustDiscElement = heroStarter(({slot, gone}) => {
  acquireGPU();
  return createDustDisc({hero: true, grains: numParam("grains") as number | undefined, ...slotAspect(slot), invalidation: gone});
});

export {heroFirstFrame} from "../essay/load.js";
