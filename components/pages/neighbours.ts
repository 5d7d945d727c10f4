/** §1–§2 of the essay (src/_bundle/neighbours.js): the naive contacts demo, the grid query and their counters. */
export {createContacts} from "../widgets/contacts/index.js";
export {cardCounters, counterList, fmt} from "../widgets/runtime/counters.js";
export {createGridQuery} from "../widgets/grid-query/index.js";
