/**
 * The 3D accuracy widget's GPU engine: one Gravity3GPU holds the Plummer sphere. The first
 * build sorts the bodies into Morton order; the exact O(N²) accelerations of that order come
 * from the tiled kernel (direct.wgsl) once, and every θ asked for rebuilds the tree of the
 * same (already sorted, so unchanged) order and walks it; forces are read back and compared
 * body by body on the CPU.
 */
import {Gravity3GPU} from "../../gravity3d/gpu.js";
import {forceErrors3, plummer3Scene} from "../../gravity3d/twin.js";
import {adapterName} from "../../gpu/adapter.js";
import type {GPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import type {BHError3DEngine} from "./engine.js";

export async function bhError3DGPU(ctx: GPUEngineContext, count: number, seed: number): Promise<BHError3DEngine> {
  const g = await Gravity3GPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxBodies: count});
  g.setBodies(plummer3Scene(count, seed));
  const sorted = await g.readBodies();
  g.setBodies(sorted, "direct");
  const e = await g.readBodies();
  const exact = {ax: Float64Array.from(e.ax), ay: Float64Array.from(e.ay), az: Float64Array.from(e.az), phi: Float64Array.from(e.phi)};
  ctx.status.info(
    `GPU (${adapterName(ctx.handle.adapterInfo)}): the octree walk's forces on ${fmtNumber(count)} bodies against the tiled O(N²) kernel's, both on the GPU.`
  );
  return {
    count,
    async measure(theta) {
      g.setParams({theta});
      g.setBodies(sorted);
      const r = forceErrors3(await g.readBodies(), exact);
      return {theta, median: r.median, p99: r.p99, max: r.max};
    },
  };
}
