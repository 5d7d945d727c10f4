/**
 * §3 of the essay (src/_bundle/sort.js): the scroll diagram, the counting-sort widget, the
 * scan-blocks diagram, the WGSL listings, and `html` for the cells' sentences. Its
 * `browserWGSL` gives the shader files as written, comments included (the page shows them);
 * the widgets compile from the comment-free copies in the hero's module.
 */
export {html} from "htl";
export {shownWGSL as browserWGSL} from "../gpu/wgsl-browser.js";
export {createCountingSort, phaseHeading as sortPhaseHeading} from "../widgets/counting-sort/index.js";
export {createScanBlocks} from "../widgets/scan-blocks/index.js";
export {createScanScrub} from "../widgets/scan-scrub/index.js";
export {createWGSLCode} from "../essay/wgsl-code.js";
