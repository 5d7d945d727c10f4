/**
 * The §2 CPU engine: the physics steps as always (sim.ts) and the CPU twin of the GPU
 * kernels (gridQueryTwin: the same counting sort and 3×3 query) counts each sample.
 */
import {gridQueryTwin} from "../../contacts/grid-query.js";
import type {GridParams} from "../../sort/grid.js";
import type {CPUEngineContext, Engine} from "../runtime/engine.js";
import type {QueryCounter, GridSim} from "./sim.js";

export function gridCPU(ctx: CPUEngineContext, sim: GridSim, g: GridParams): Engine {
  ctx.status.info(ctx.reason);
  const twin: QueryCounter = (layout, cell, done) => {
    done(gridQueryTwin(g, layout, cell));
    return true;
  };
  return {frame: (_dt, now) => sim.frame(now, twin, "cpu"), draw: () => sim.draw()};
}
