/** CPU engine of the counting-sort widget: the CPU twin of the counting-sort kernels (components/sort/twin.ts). */
import type {GridParams} from "../../sort/grid.js";
import {sortTeachingSet} from "../../sort/teaching.js";
import type {CPUEngineContext} from "../runtime/engine.js";
import type {SortEngine} from "./engine.js";

/** `chosen`: the page asked for the twin (engine: "cpu"), so the line is information, not a warning. */
export function countingSortCPU(ctx: CPUEngineContext, grid: GridParams, frame: (dt: number) => void, chosen: boolean): SortEngine {
  if (chosen) ctx.status.info(ctx.reason);
  else ctx.status.warn(ctx.reason);
  return {kind: "cpu", sort: (particles) => sortTeachingSet(grid, particles, null), frame};
}
