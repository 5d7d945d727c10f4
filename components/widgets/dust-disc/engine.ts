/**
 * The engine contract of the dust disc: what both engines (gpu.ts, cpu.ts) get from the widget
 * (`DustDiscSetup`), what it asks of them (`DustDiscEngine`), and what both compute alike (the
 * mass spectrum, the controls applied to a scene's parameters, the cloud's small count). Their
 * count, pace and frames in flight are the runtime's (`ctx.load`).
 */
import type {DustParams, DustPointer} from "../../dust/params.js";
import type {CanvasStage} from "../runtime/canvas.js";
import type {Engine} from "../runtime/engine.js";
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
