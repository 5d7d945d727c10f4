/**
 * The §2 GPU engine: the physics steps on the CPU (sim.ts); each sample's sorted discs
 * are uploaded, counting-sorted on the GPU and queried by shaders/contacts/grid_query.wgsl
 * (GridQueryGPU). The counts come back through its non-blocking StagingRing, so a frame
 * never waits for the GPU; a result that arrives after the engine stopped is dropped.
 */
import {GridQueryGPU} from "../../contacts/grid-query-gpu.js";
import type {GridParams} from "../../sort/grid.js";
import type {Engine, GPUEngineContext} from "../runtime/engine.js";
import type {QueryCounter, GridSim} from "./sim.js";

export async function gridGPU(ctx: GPUEngineContext, sim: GridSim, count: number, g: GridParams): Promise<Engine> {
  const query = await GridQueryGPU.create(ctx.device, ctx.scope, ctx.wgsl, count, g);
  ctx.status.info("Counters from the GPU: counting sort + 3×3 query kernel, read back without stalling a frame.");
  // any order of the discs will do: the GPU sorts them again
  const count3x3: QueryCounter = (layout, cell, done) =>
    query.step(layout.sorted, cell, (counts) => {
      if (!ctx.scope.disposed) done(counts);
    });
  return {frame: (_dt, now) => sim.frame(now, count3x3, "gpu"), draw: () => sim.draw()};
}
