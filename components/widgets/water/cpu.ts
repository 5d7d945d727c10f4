/**
 * The CPU engine: the twin of the three kernels (components/water/twin.ts) at a reduced
 * count (`twinCount`, the widget's declared rule, applied by the runtime: `ctx.load.count`, in
 * the tank `state.params` holds for it), drawn on a 2D canvas. Runs when WebGPU is missing,
 * failed, or was lost too often; the status line says why and how many particles it simulates.
 */
import type {PackedParticles} from "../../sort/particles.js";
import type {WorldView} from "../../sim/renderer.js";
import type {PointerState} from "../../water/params.js";
import {waterGrid} from "../../water/params.js";
import {pourScene, type WaterScene} from "../../water/scene.js";
import {statsTwin, substepTwin} from "../../water/twin.js";
import type {CanvasStage} from "../runtime/canvas.js";
import type {CPUEngineContext, Engine} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {drawTwin} from "./draw.js";
import {twinCount, type WaterState, type WaterValue} from "./options.js";

export {twinCount};

/** What both engines get from the widget. */
export interface WaterSetup {
  state: WaterState;
  stage: CanvasStage;
  /** The world rectangle drawn on the canvas. */
  view: () => WorldView;
  /** The pointer as the kernels see it, for this frame. */
  stir: () => PointerState | null;
  /** Stats readbacks per second. */
  statsHz: number;
  /** Frames run (the widget's `__frames()`): only frames that simulated something count. */
  frames: {n: number};
  /** New stats are in `state`: draw the chart and publish `.value`. */
  onStats(): void;
  /** Publish `.value` now. */
  publish(): void;
  /** What is poured: the §5 dam break, or the hero's pool across the whole tank. */
  scene: WaterScene;
  /** Where the engine's one line about itself goes (the hero's details); default: the status line. */
  detail?(text: string): void;
  /**
   * Calls `cb` with the `.value` the card's caption shows now and with every one it is written
   * from (`onCaptionSample`); returns the unsubscribe function. The engine's line with figures
   * the caption also says (count, GPU time) is written from it: one number, one source.
   */
  onSample(cb: (v: WaterValue) => void): () => void;
}

export interface WaterEngine extends Engine {
  /** Pours again with the runtime's count (`ctx.load.count`: the CPU engine's is reduced). */
  reset(): void;
  /** `state.params` changed. */
  setParams(): void;
}

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
