/**
 * The Worlds from Dust page's one module (src/_bundle/dust.js, bundled by
 * scripts/bundle-page.mjs): its widget, the counters, the mass spectrum, the WGSL listings
 * and the facts the prose reads from code (the substep's phases, the software grain count).
 */
export {html} from "htl";
export {shownWGSL as browserWGSL} from "../gpu/wgsl-browser.js";
export {counterList, fmt} from "../widgets/runtime/counters.js";
export {createDustDisc} from "../widgets/dust-disc/index.js";
export {createWGSLCode} from "../essay/wgsl-code.js";
export {massSpectrum} from "../dust/spectrum.js";
export {MAX_TOTAL_MASS} from "../dust/twin.js";
export {DUST_PHASES} from "../dust/gpu.js";
export {DUST_DEFAULT_GRAINS, DUST_MAX_GRAINS, DUST_MIN_GRAINS, DUST_SOFTWARE_GRAINS, DUST_TWIN_GRAINS} from "../dust/params.js";
export {discScene, DISC_INNER, DISC_OUTER} from "../dust/scene.js";
export {dispatchesPerSubstep} from "../gpu/phases.js";
