/**
 * The dust disc's CPU engine: the twin of the combined substep (`DustTwin`: Barnes–Hut,
 * contacts, merging and compaction in JavaScript) at the runtime's count (`ctx.load.count`: the
 * widget's `fallbackCount`, or CLOUD_SMALL grains of the cloud), one substep per frame, drawn on
 * a 2D canvas.
 */
import {compareScene, discScene} from "../../dust/scene.js";
import {DustTwin, dustTotals} from "../../dust/twin.js";
import type {DustParams, DustPointer} from "../../dust/params.js";
import type {CanvasStage} from "../runtime/canvas.js";
import type {CPUEngineContext, Engine} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {drawDust2D, dustView} from "./draw.js";
import type {DustDiscState} from "./options.js";

export interface DustDiscSetup {
  state: DustDiscState;
  stage: CanvasStage;
  seed: number;
  substeps: number;
  scene: "disc" | "cloud";
  cloudGrains: number;
  /** the pointer's stir now (inactive while the pointer is up or away) */
  pointer(simTime: number): DustPointer;
  publish(): void;
  /** A disc of n grains starts on `engine` (the engine's choice of count: the Grains slider shows it). */
  started(n: number, engine: "gpu" | "cpu"): void;
  /** The engine's own first picture is on the stage (the poster can go). */
  shown(): void;
  /** The page's hero: its first frame sets the mark "first-gpu-frame". */
  hero: boolean;
  frames: {n: number};
}

export interface DustDiscEngine extends Engine {
  reset(): void;
  /** stickiness or merge changed (state) */
  setControls(): void;
}

/** Mass octaves of a set of bodies (the GPU's spectrum, computed on the CPU). */
export function spectrumOf(m: Float32Array): number[] {
  const out = new Array(24).fill(0);
  for (const v of m) if (v > 0) out[Math.floor(Math.log2(v))]++;
  return out;
}

/** Grains of the cloud scene on a CPU-emulated adapter and on the CPU twin. */
export const CLOUD_SMALL = 800;

export function applyControls(p: DustParams, s: DustDiscState): DustParams {
  return {...p, stickiness: s.stickiness, merge: s.merge};
}

export function dustDiscCPU(ctx: CPUEngineContext, s: DustDiscSetup): DustDiscEngine {
  const {state, stage} = s;
  let twin!: DustTwin;
  let base!: DustParams;
  let last = -Infinity;
  const sync = () => {
    const t = dustTotals(twin.bodies);
    state.count = t.count;
    state.merges = state.initialCount - t.count;
    state.totalMass = t.mass;
    state.largestMass = t.largestMass;
    state.steps = twin.steps;
    state.momentumDrift = twin.momentumDrift;
    state.spectrum = spectrumOf(twin.bodies.m);
  };
  const reset = () => {
    const n = ctx.load.count;
    const scene = s.scene === "cloud" ? compareScene(n, s.seed) : discScene(n, s.seed);
    base = scene.params;
    twin = new DustTwin(scene.bodies, applyControls(base, state), state.forces);
    state.initialCount = n;
    state.momentumStart = {...twin.start};
    sync();
    s.started(n, "cpu");
    ctx.status.warn(`${ctx.reason} The CPU twin simulates ${fmtNumber(n)} grains (gravity tree, contacts and merging in JavaScript), one substep per frame.`);
    s.publish();
  };
  const draw = () => {
    if (!stage.hasSize) return;
    drawDust2D(stage, dustView(stage, s.scene), twin.bodies, base.unitRadius, s.scene);
    s.shown();
  };
  reset();
  draw();
  return {
    reset,
    draw,
    setControls() {
      twin.params = {...applyControls(twin.params, state)};
    },
    frame(_dt, now) {
      if (!stage.hasSize) return;
      twin.params.pointer = s.pointer(twin.steps * twin.params.dt);
      twin.step();
      sync();
      if (now - last > 250) {
        last = now;
        s.publish();
      }
      draw();
      s.frames.n++;
    },
  };
}
