/**
 * The gravity page's one module (src/_bundle/gravity.js, bundled by scripts/bundle-page.mjs):
 * its four widgets, the counters, the WGSL listings and the H200 charts. Its `browserWGSL`
 * gives the shader files the page shows as written, comments and excerpt markers included;
 * the widgets compile from the comment-free copies. See docs/records/loading.md.
 */
export {html} from "htl";
export {shownWGSL as browserWGSL} from "../gpu/wgsl-browser.js";
export {gpuName, passChart, stepChart, walkTrade} from "../gravity/bench-chart.js";
export {gravityMatches} from "../bench/vs-original.js";
export {DIRECT_LEVEL_WORKGROUPS, forceDispatches} from "../gravity/gpu.js";
export {createBHError} from "../widgets/bh-error/index.js";
export {createBHProbe} from "../widgets/bh-probe/index.js";
export {cardCounters, counterList, errorPercent, fmt} from "../widgets/runtime/counters.js";
export {createGalaxy} from "../widgets/galaxy/index.js";
export {createNBody} from "../widgets/nbody/index.js";
export {createWGSLCode} from "../essay/wgsl-code.js";
// the 3D section (appended to src/gravity.md): the octree galaxy and its twin for the live figures
export {createGalaxy3D} from "../widgets/galaxy-3d/index.js";
export {createBHError3D} from "../widgets/bh-error-3d/index.js";
export {octreeFacts} from "../gravity3d/facts.js";
export {buildOf, step3Rows} from "../gravity3d/facts.js";
export {GRAVITY3_BUILD, GRAVITY3_UNNAMED_BUILD} from "../gravity3d/bodies.js";
export {gravity3BuildDispatches, gravity3SortDispatches} from "../gravity3d/gpu.js";
