/**
 * GPU engine of the scroll-scrubbed diagram: the teaching counting sort of shaders/sort/
 * (clear, count, one scan_round dispatch per Hillis–Steele round, shift_exclusive, scatter)
 * on the shared device, every phase's buffer read back once per particle set.
 */
import {createTeachingSorter, sortTeachingSet, type TeachingParticle} from "../../sort/teaching.js";
import type {GPUEngineContext} from "../runtime/engine.js";
import {adapterName} from "../../gpu/adapter.js";
import {GRID, type ScrubEngine} from "./engine.js";

export async function gpuEngine(ctx: GPUEngineContext): Promise<ScrubEngine> {
  const sorter = await createTeachingSorter(ctx.device, ctx.scope, ctx.wgsl);
  return {
    kind: "gpu",
    sort: (particles: TeachingParticle[]) => sortTeachingSet(GRID, particles, sorter),
    report: () => ctx.status.info(`Arrays computed by the GPU kernels and read back after each phase (${adapterName(ctx.handle.adapterInfo)}).`),
  };
}
