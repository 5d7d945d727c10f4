/**
 * Where the §2 widget's tree comes from with WebGPU: GravityGPU builds it (keys, radix sort,
 * level-by-level build, centre of mass: shaders/gravity/) and the widget reads the tree, the
 * sorted keys and the sorted bodies back once per new set of bodies (a figure, not a
 * simulation: nothing runs per frame). The probe's walk then runs on the CPU on that tree —
 * the twin of walk.wgsl, which also records WHICH cells it opened, for drawing.
 */
import {GravityGPU} from "../../gravity/gpu.js";
import {boundingSquare} from "../../gravity/morton.js";
import type {GPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {adapterName} from "../../gpu/adapter.js";
import {type ProbeEngine, probeScene, type ProbeSetup} from "./cpu.js";

export async function probeGPU(ctx: GPUEngineContext, s: ProbeSetup, maxCount: number): Promise<ProbeEngine> {
  const g = await GravityGPU.create(ctx.device, ctx.scope, ctx.wgsl, {maxBodies: maxCount});
  let generation = 0;
  const build = async () => {
    const gen = ++generation;
    g.setBodies(probeScene(s.count(), s.seed()), "barnes-hut");
    const [tree, sort, bodies] = await Promise.all([g.readTree(), g.readSort(), g.readBodies()]);
    if (ctx.scope.disposed || gen !== generation) return;
    const square = boundingSquare(bodies.x, bodies.y, bodies.n);
    ctx.status.info(
      `GPU (${adapterName(ctx.handle.adapterInfo)}) built the tree: ${fmtNumber(tree.numNodes)} cells over ${fmtNumber(bodies.n)} bodies; the probe's walk runs on that tree.`
    );
    s.show({tree, square, keys: sort.keys, x: bodies.x, y: bodies.y, m: bodies.m});
  };
  await build();
  return {
    reset: () => {
      build().catch(() => {}); // a lost device: the runtime rebuilds the engine
    },
  };
}
