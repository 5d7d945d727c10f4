/**
 * Everything src/index.md imports from the project's code, in one module:
 * scripts/bundle-page.mjs bundles it (with d3, and with the shaders as strings) into
 * src/_bundle/essay.js, which the page imports. A new widget on the essay page is one
 * line here and `import {…} from "./_bundle/essay.js"` in the page (see docs/ARCHITECTURE.md,
 * "Loading").
 */
export {acquireGPU, browserWGSL} from "./gpu/browser.js";
export {createContactsDemo} from "./widgets/contacts/index.js";
export {counterList, fmt} from "./widgets/counters.js";
export {createSortWidget, phaseHeading as sortPhaseHeading} from "./widgets/counting-sort/index.js";
export {createGridDemo} from "./widgets/grid-query/index.js";
export {createSandWidget} from "./widgets/sand/index.js";
export {createScanBlocksDiagram} from "./widgets/scan-blocks/index.js";
export {createScanScrub} from "./widgets/scan-scrub/index.js";
export {createWaterWidget} from "./widgets/water/index.js";
export {createWGSLCode} from "./widgets/wgsl-code.js";
export {keepFragmentInView, tocFloat, tocHighlight} from "./essay/toc.js";
export {adapterLabel} from "./bench/charts.js";
export {bandwidthCeiling, dispatchUs, frameBudget, timedPassOverhead} from "./bench/facts.js";
export {countWord, dispatchesPerSubstep, phaseNames, phasesOfRole} from "./gpu/phases.js";
export {SAND_PHASES} from "./sand/gpu-sand.js";
export {BLOCK_SCAN_SORT_PHASES, SORT_PHASES} from "./sort/gpu-sort.js";
export {WATER_PHASES} from "./water/pipeline.js";
