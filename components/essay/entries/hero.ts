/**
 * The essay page's first module (src/_bundle/hero.js, bundled by scripts/bundle-page.mjs):
 * what the first screen needs — the shared GPU device, the water widget (the hero, and §5's
 * demo later), the table of contents — and `loadNear`, with which every other section's cell
 * loads its own module (neighbours.js, sort.js, sand.js) when the hero has drawn. Framework
 * preloads this module and what it imports, nothing else. See docs/ARCHITECTURE.md, "Loading".
 */
export {acquireGPU} from "../../gpu/context.js";
export {createWaterWidget} from "../../widgets/water/index.js";
export {keepFragmentInView, tocFloat, tocHighlight} from "../toc.js";
export {loadNear} from "../load.js";
