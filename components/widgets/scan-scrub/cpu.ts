/** CPU engine of the scroll-scrubbed diagram: the CPU twin of the counting-sort kernels (components/sort/twin.ts). */
import {sortTeachingSet, type TeachingParticle} from "../../sort/teaching.js";
import type {CPUEngineContext} from "../runtime/engine.js";
import {GRID, type ScrubEngine} from "./engine.js";

/** `chosen`: the page asked for the twin (engine: cpu), so the line is information, not a warning. */
export function cpuEngine(ctx: CPUEngineContext, chosen: boolean): ScrubEngine {
  return {
    kind: "cpu",
    sort: (particles: TeachingParticle[]) => sortTeachingSet(GRID, particles, null),
    report: () => (chosen ? ctx.status.info(ctx.reason) : ctx.status.warn(ctx.reason)),
  };
}
