/**
 * GPU engine of the counting-sort widget: the teaching counting sort of shaders/sort/
 * (clear, count, one scan_round dispatch per Hillis–Steele round, shift_exclusive,
 * scatter) on the shared device, every phase's buffer read back once per particle set.
 */
import type {GridParams} from "../../sort/grid.js";
import {createTeachingSorter, sortTeachingSet} from "../../sort/teaching.js";
import type {GPUEngineContext} from "../runtime/engine.js";
import {adapterName} from "../../gpu/adapter.js";
import type {SortEngine} from "./engine.js";

export async function countingSortGPU(ctx: GPUEngineContext, grid: GridParams, frame: (dt: number) => void): Promise<SortEngine> {
  const sorter = await createTeachingSorter(ctx.device, ctx.scope, ctx.wgsl);
  ctx.status.info(`Arrays computed by the GPU kernels (${adapterName(ctx.handle.adapterInfo)}) and read back after each phase.`);
  return {kind: "gpu", sort: (particles) => sortTeachingSet(grid, particles, sorter), frame};
}
