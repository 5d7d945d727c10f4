/** §1–§2 of the essay (src/_bundle/neighbours.js): the naive contacts demo, the grid query and their counters. */
export {createContactsDemo} from "../../widgets/contacts/index.js";
export {counterList, fmt} from "../../widgets/counters.js";
export {createGridDemo} from "../../widgets/grid-query/index.js";
