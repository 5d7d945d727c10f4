/**
 * The gravity page's first module (src/_bundle/gravity-hero.js): the hero galaxy alone, started
 * by the page's first script before Framework's runtime and the page's other modules
 * (gravity.js: the sections' widgets, charts and listings), which load once it has drawn
 * (scripts/slim-dist.mjs; docs/records/loading.md). URL options: ?galaxy=N bodies (default:
 * sized to this GPU), ?theta=θ the opening angle; the widget validates them and says what is wrong.
 */
import {acquireGPU, heroStarter, numParam, slotAspect} from "../essay/hero-start.js";
import {createGalaxy, type GalaxyElement} from "../widgets/galaxy/index.js";

/** The page's hero: the galaxy sized to the stage that style.css reserves in `.hero-slot` (heroStarter). */
export const startHero: (invalidation?: Promise<unknown>) => GalaxyElement = heroStarter(({slot, gone}) => {
  acquireGPU();
  // URL parameters are text, read by the widget's option schema as an element's attributes
  return createGalaxy({
    hero: true,
    count: numParam("galaxy") as number | undefined,
    theta: numParam("theta") as number | undefined,
    ...slotAspect(slot),
    // the line under the title says which engine simulates the galaxy here
    hint: document.querySelector<HTMLElement>(".hero-hint"),
    invalidation: gone,
  });
});

export {heroFirstFrame} from "../essay/load.js";
export {numParam};
