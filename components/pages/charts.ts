/** §6 of the essay (src/_bundle/charts.js): the performance charts (d3) and the reference run's adapter label. */
export * from "../bench/charts.js";
