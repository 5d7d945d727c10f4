/** The 3D accuracy widget's CPU engine: the twin's walk (`barnesHut3`) against `direct3` on a Plummer sphere of at most `fallbackCount` bodies. */
import {barnesHut3, direct3, forceErrors3, GRAVITY3_DEFAULTS, plummer3Scene} from "../../gravity3d/twin.js";
import type {CPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import type {BHError3DEngine} from "./engine.js";

export function bhError3DCPU(ctx: CPUEngineContext, count: number, seed: number, fallbackCount: number): BHError3DEngine {
  const n = Math.min(count, fallbackCount);
  const b = plummer3Scene(n, seed);
  const p = GRAVITY3_DEFAULTS;
  const exact = direct3(b, p.G, p.softening);
  ctx.status.warn(`${ctx.reason} The CPU twin compares the octree walk with the exact sum on ${fmtNumber(n)} bodies.`);
  return {
    count: n,
    async measure(theta) {
      await new Promise((r) => setTimeout(r, 0)); // one θ per task: the page stays responsive
      const e = forceErrors3(barnesHut3(b, {...p, theta}), exact);
      return {theta, median: e.median, p99: e.p99, max: e.max};
    },
  };
}
