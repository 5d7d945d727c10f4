/** §4 of the essay (src/_bundle/sand.js): the sand widget, and the pipelines' phase declarations and the benchmark facts that §4, §6 and the epilogue quote. */
export {createSand} from "../widgets/sand/index.js";
export {bandwidthCeiling, dispatchUs, frameBudget, timedPassOverhead} from "../bench/facts.js";
export {countWord, dispatchesPerSubstep, phaseNames, phasesOfRole} from "../gpu/phases.js";
export {SAND_PHASES} from "../sand/gpu-sand.js";
export {BLOCK_SCAN_SORT_PHASES, SORT_PHASES} from "../sort/gpu-sort.js";
export {WATER_PHASES} from "../water/pipeline.js";
export {WATER_DEFAULTS, WATER_SUBSTEPS} from "../water/params.js";
