/**
 * The benchmark page's one module (src/_bundle/bench.js, bundled by scripts/bundle-page.mjs):
 * the page's harness and charts and the reference run's facts. See docs/records/loading.md.
 */
export {html} from "htl";
export {createBenchPage, optionsFromQuery} from "../bench/page.js";
export {adapterLabel} from "../bench/charts.js";
export {bandwidthCeiling, timedPassOverhead} from "../bench/facts.js";
export {sortMatches} from "../bench/vs-original.js";
