/**
 * Options, `.value` and state of the 3D galaxy (`data-widget="galaxy-3d"`). Bad options never
 * throw: they are replaced and a note goes to the status line.
 */
import {blankToUndefined, readOptions, type OptionSchema, type OptionValues} from "../shared/gravity/read.js";
import {gravity3BufferBytes} from "../../gravity3d/gpu.js";
import {SCENES3, type Scene3} from "../../gravity3d/scenes.js";
import type {GPUHandle} from "../../gpu/context.js";
import type {WGSLLoader} from "../../gpu/wgsl.js";
import type {EnginePhase} from "../runtime/phase.js";

/** The count slider's range on a GPU, and on a software adapter (a CPU emulation). */
export const COUNT_RANGE: [number, number] = [10_000, 1_000_000];
export const SOFTWARE_RANGE: [number, number] = [500, 10_000];
/** The count on a software adapter when none is given. */
export const SOFTWARE_COUNT = 2000;

export const GALAXY3D_OPTIONS = {
  count: {
    type: "number",
    label: "body count",
    default: 100_000,
    min: 500,
    max: 1_000_000,
    doc: "Bodies simulated. Without it: 100,000 (30,000 on a narrow screen, 2,000 on a software adapter, fewer if the device's buffers are smaller).",
  },
  theta: {type: "number", label: "θ", default: 0.5, min: 0.1, max: 1.2, integer: false, doc: "Opening angle θ of the walk."},
  stepsPerFrame: {type: "number", label: "steps per frame", default: 2, min: 1, max: 8, doc: "Leapfrog steps per animation frame."},
  fallbackCount: {type: "number", label: "fallback count", default: 1200, min: 100, max: 10_000, doc: "Bodies of the CPU twin."},
  seed: {type: "number", label: "seed", default: 1, min: 1, max: 1_000_000, doc: "Seed of the scene."},
  aspect: {type: "number", label: "aspect", default: 1.6, min: 0.5, max: 4, integer: false, doc: "Canvas width / height."},
  maxHeight: {type: "number", label: "maximum height", default: 560, min: 80, max: 4000, doc: "Largest canvas height, CSS px."},
} satisfies OptionSchema;

export type Colouring = "speed" | "galaxy";

export interface Galaxy3DOptions {
  count?: number;
  theta?: number;
  /** "plummer", "disc" or "collision" (default) */
  scene?: string;
  /** "speed" or "galaxy" (default: galaxy for the collision, else speed) */
  colour?: string;
  stepsPerFrame?: number;
  fallbackCount?: number;
  seed?: number;
  aspect?: number;
  maxHeight?: number;
  invalidation?: Promise<unknown>;
  /** Shader loader (tests: components/gpu/node.ts); default: the page's. */
  wgsl?: WGSLLoader;
  acquire?: () => Promise<GPUHandle | null>;
}

export interface Galaxy3DValue {
  /** bodies simulated now */
  count: number;
  theta: number;
  scene: Scene3;
  /** ms per leapfrog step (GPU: submit-to-done of a frame / its steps, drawing included; CPU: JavaScript time); null before the first */
  stepMs: number | null;
  /** (E − E₀)/|E₀| since the last restart, E from the walk's potentials (GPU partial sums, every two seconds); null before the first */
  energyDrift: number | null;
  /** Where the engine stands: the runtime's phase (`EnginePhase`). */
  engine: "gpu" | "cpu" | "pending";
  colour: Colouring;
}

export interface Galaxy3DState {
  requested: number | null;
  count: number;
  theta: number;
  scene: Scene3;
  colour: Colouring;
  stepsPerFrame: number;
  stepMs: number | null;
  energyDrift: number | null;
}

export function readGalaxy3DOptions(options: Galaxy3DOptions) {
  const input = blankToUndefined(options as Record<string, unknown>);
  const {values, notes} = readOptions(GALAXY3D_OPTIONS, input);
  const explicit = input.count !== undefined && Number.isFinite(Number(input.count));
  let scene: Scene3 = "collision";
  if (input.scene !== undefined) {
    if ((SCENES3 as readonly string[]).includes(String(input.scene))) scene = input.scene as Scene3;
    else notes.push(`scene "${String(input.scene)}" is not one of ${SCENES3.join(", ")}: the collision is shown.`);
  }
  let colour: Colouring = scene === "collision" ? "galaxy" : "speed";
  if (input.colour !== undefined) {
    if (input.colour === "speed" || input.colour === "galaxy") colour = input.colour;
    else notes.push(`colour "${String(input.colour)}" is not speed or galaxy: ${colour} is used.`);
  }
  return {o: values as OptionValues<typeof GALAXY3D_OPTIONS>, explicitCount: explicit, scene, colour, notes};
}

/** `.value` of `s`, with `engine` the runtime's phase. */
export function galaxy3DValue(s: Galaxy3DState, engine: EnginePhase): Galaxy3DValue {
  return {count: s.count, theta: s.theta, scene: s.scene, stepMs: s.stepMs, energyDrift: s.energyDrift, engine, colour: s.colour};
}

/**
 * The default count on this device: SOFTWARE_COUNT on a software adapter, 30,000 on a narrow
 * screen, else 100,000; halved until the pipeline's largest buffer fits the device's limits.
 */
export function sizedCount3(device: Pick<GPUDevice, "limits">, software: boolean, narrow: boolean): number {
  if (software) return SOFTWARE_COUNT;
  let n = narrow ? 30_000 : 100_000;
  while (n > COUNT_RANGE[0] && gravity3BufferBytes(n) / 3 > Math.min(device.limits.maxBufferSize, device.limits.maxStorageBufferBindingSize))
    n = Math.round(n / 2);
  return n;
}

/** The largest count the slider offers on this device (its buffers within the limits). */
export function maxCount3(device: Pick<GPUDevice, "limits">, software: boolean): number {
  if (software) return SOFTWARE_RANGE[1];
  let n = COUNT_RANGE[1];
  while (n > COUNT_RANGE[0] && gravity3BufferBytes(n) / 3 > Math.min(device.limits.maxBufferSize, device.limits.maxStorageBufferBindingSize))
    n = Math.round(n / 2);
  return n;
}
