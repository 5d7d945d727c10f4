/**
 * The CPU engine: the twin of the three kernels (components/water/twin.ts) at a reduced
 * count (`twinCount`, the widget's declared rule, applied by the runtime: `ctx.load.count`, in
 * the tank `state.params` holds for it), drawn on a 2D canvas. Runs when WebGPU is missing,
 * failed, or was lost too often; the status line says why and how many particles it simulates.
 */
import type {PackedParticles} from "../../sort/particles.js";
import {waterGrid} from "../../water/params.js";
import {pourScene} from "../../water/scene.js";
import {statsTwin, substepTwin} from "../../water/twin.js";
import type {CPUEngineContext} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {drawTwin} from "./draw.js";
import {twinCount} from "./options.js";
import type {WaterEngine, WaterSetup} from "./engine.js";

export {twinCount};

/** Builds the CPU engine (it pours the runtime's count, `ctx.load.count`). */
export function waterCPU(ctx: CPUEngineContext, s: WaterSetup): WaterEngine {
  const {state, stage} = s;
  const grid = waterGrid();
  let particles!: PackedParticles;
  let density!: Float32Array;
  let lastStats = -Infinity;
  const pour = () => {
    const n = ctx.load.count;
    state.gpuMs = null;
    particles = pourScene(s.scene, n, state.params);
    density = new Float32Array(particles.count);
    ctx.status.warn(`${ctx.reason} It simulates ${fmtNumber(n)} particles instead of ${fmtNumber(state.count)}.`);
    s.detail?.(
      `CPU twin of the GPU kernels: ${fmtNumber(n)} particles, ${state.substeps} substep${state.substeps > 1 ? "s" : ""} per frame, in a tank scaled to them.`
    );
  };
  pour();
  s.publish();
  return {
    reset: pour,
    draw() {
      if (stage.hasSize) drawTwin(stage, s.view(), particles, density, state);
    },
    setParams() {}, // the twin reads state.params at every substep
    frame(_dt, now) {
      if (!stage.hasSize) return; // the stage says so; wait for a size
      const ptr = s.stir();
      for (let k = 0; k < state.substeps; k++) {
        const r = substepTwin(grid, state.params, particles, ptr);
        particles = r.particles;
        density = r.density;
      }
      if (now - lastStats > 1000 / s.statsHz) {
        lastStats = now;
        const st = statsTwin(state.params, particles, density);
        state.bins = Array.from(st.bins);
        state.maxSpeed = st.maxSpeed;
        s.onStats();
      }
      drawTwin(stage, s.view(), particles, density, state);
      s.frames.n++;
    },
  };
}
