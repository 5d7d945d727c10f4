/**
 * The essay page's first module (src/_bundle/hero.js, bundled by scripts/bundle-page.mjs):
 * what the first screen needs — the shared GPU device, the water widget (the hero, and §5's
 * demo later), the table of contents — and `loadNear`, with which every other section's cell
 * loads its own module (neighbours.js, sort.js, sand.js) when the hero has drawn. Framework
 * preloads this module and what it imports, nothing else. See docs/ARCHITECTURE.md, "Loading".
 */
import {acquireGPU as acquire, type AcquireOptions, type GPUHandle} from "../../gpu/context.js";

/**
 * `acquireGPU` (components/gpu/context.ts) asked right after the page's first paint: requesting
 * the adapter makes the browser's GPU process set up WebGPU (half a second on SwiftShader),
 * and a first paint waiting behind that came later than the page's text could have. The hero's
 * cell calls this first thing; the widget itself asks again (the same shared promise) when it starts.
 */
export function acquireGPU(options?: AcquireOptions): Promise<GPUHandle | null> {
  return new Promise<void>((painted) => requestAnimationFrame(() => setTimeout(painted, 0))).then(() => acquire(options));
}
export {createWaterWidget} from "../../widgets/water/index.js";
export {keepFragmentInView, tocFloat, tocHighlight} from "../toc.js";
export {heroFirstFrame, loadNear} from "../load.js";
