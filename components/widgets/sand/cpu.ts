/**
 * The CPU engine of the sand demo: the twin of the GPU substep (`sandSubstepTwin`: the
 * same counting sort and force kernel in TypeScript) at a sixth of the grains (the runtime's
 * count, `ctx.load.count`, from the widget's rule `cpuCount`), drawn on a 2D canvas, in a box
 * shrunk to them (the picture of the full count, with bigger grains: `params.box`).
 * Every control works as on the GPU; the status line says why the CPU runs and how many
 * grains it simulates instead, the same number as the caption and `.value.count`.
 */
import {SAND_PHASES} from "../../sand/gpu-sand.js";
import {sandGrid} from "../../sand/params.js";
import {pourSand} from "../../sand/pour.js";
import {sandSubstepTwin} from "../../sand/twin.js";
import type {PackedParticles} from "../../sort/particles.js";
import type {CPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {drawGrains} from "./draw.js";
import type {SandEngine, SandSetup} from "./engine.js";

/** Builds the CPU engine (pours at once). */
export function sandCPU(ctx: CPUEngineContext, s: SandSetup): SandEngine {
  const {state, params, value} = s;
  // (the canvas a GPU engine drew into is swapped for a fresh one by mountWidget)
  value.gpuMsPerFrame = null;
  for (const {key} of SAND_PHASES) value.passMs[key] = null;
  value.passMs.clear = null;
  s.diagram.setShares(null);

  let grains: PackedParticles;
  const pour = () => {
    const n = ctx.load.count;
    grains = pourSand(n, Math.floor(Math.random() * 1e9), undefined, params.box);
    value.frames = 0;
    ctx.status.warn(`${ctx.reason} It simulates ${fmtNumber(n)} grains instead of ${fmtNumber(state.count)}.`);
  };
  pour();

  const draw = () => {
    if (s.stage.hasSize) drawGrains(s.stage, grains, s.view(), params.radius * 1.05);
  };
  const frame = (_dt: number, now: number) => {
    if (!s.stage.hasSize) return;
    s.syncPointer();
    const g = sandGrid(state.hashed);
    const t0 = performance.now();
    let stats = {candidates: 0, collided: 0, contacts: 0};
    for (let k = 0; k < state.substeps; k++) {
      const r = sandSubstepTwin(params, g, grains);
      grains = r.next;
      stats = r.stats;
    }
    value.frameMs = s.smooth("frame", performance.now() - t0);
    value.candidates = stats.candidates;
    value.collisionCandidates = stats.collided;
    value.contactPairs = stats.contacts / 2;
    draw();
    s.afterFrame(now);
  };
  // the twin reads `state.hashed` every frame
  return {frame, draw, pour, setHashed: () => {}};
}
