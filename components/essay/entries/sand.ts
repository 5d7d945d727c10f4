/** §4 of the essay (src/_bundle/sand.js): the sand widget. */
export {createSandWidget} from "../../widgets/sand/index.js";
