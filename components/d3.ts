/**
 * The d3 functions this site uses, imported from their own d3 modules so that a page
 * loads those ten modules and their dependencies (17 of d3's 31), not the whole bundle. Import this as
 * `import * as d3 from "../d3.js"` and call `d3.range`, `d3.scaleLinear`, … as usual.
 */
export {max, range} from "d3-array";
export {axisBottom, axisLeft} from "d3-axis";
export {color} from "d3-color";
export {easeCubicInOut} from "d3-ease";
export {randomLcg} from "d3-random";
export {scaleLinear, scaleLog} from "d3-scale";
export {interpolateSinebow, schemeTableau10} from "d3-scale-chromatic";
export {create, select, type Selection} from "d3-selection";
export {curveStepAfter, line} from "d3-shape";
// d3-transition adds `selection.transition()` to d3-selection's prototype when imported.
import "d3-transition";
