/**
 * Where the §2 widget's tree comes from without WebGPU: the twin's build (Morton keys →
 * radix sort → level-by-level tree → centre of mass) of the N − 1 other bodies.
 */
import {plummerScene} from "../../gravity/scenes.js";
import {buildBarnesHut} from "../../gravity/twin.js";
import type {CPUEngineContext, Engine} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import type {ProbeField} from "./options.js";

export interface ProbeEngine extends Engine {
  /** Builds the tree of `count − 1` bodies of scene `seed`, then calls `show`. */
  reset(): void;
}

export interface ProbeSetup {
  count: () => number;
  seed: () => number;
  show(field: ProbeField): void;
}

/** The other bodies of the scene: a Plummer sphere (cut at 2.5 scale radii, so the figure stays on the canvas). */
export const probeScene = (count: number, seed: number) => plummerScene(Math.max(1, count - 1), seed, {truncate: 2.5});

/** Builds the CPU engine. */
export function probeCPU(ctx: CPUEngineContext, s: ProbeSetup): ProbeEngine {
  const reset = () => {
    const bh = buildBarnesHut(probeScene(s.count(), s.seed()));
    ctx.status.warn(`${ctx.reason} The CPU twin built the tree: ${fmtNumber(bh.tree.numNodes)} cells over ${fmtNumber(bh.sorted.n)} bodies.`);
    s.show({tree: bh.tree, square: bh.square, keys: bh.keys, x: bh.x, y: bh.y, m: bh.m});
  };
  reset();
  return {reset};
}
