/**
 * Options, `.value` and state of the §6 galaxy (also the gravity page's hero). Bad options
 * never throw: they are replaced and a note goes to the status line.
 */
import type {GPUHandle} from "../../gpu/context.js";
import type {WGSLLoader} from "../../gpu/wgsl.js";
import {gravityBufferBytes} from "../../gravity/gpu.js";
import type {EnginePhase} from "../runtime/phase.js";
import {blankToUndefined, readOptions, type OptionSchema, type OptionValues} from "../shared/gravity/read.js";

export const GALAXY_OPTIONS = {
  count: {
    type: "number",
    label: "body count",
    default: 100_000,
    min: 100,
    max: 2_000_000,
    doc: "Bodies of the disc. Without it the count is sized to the GPU: 100,000, or 30,000 on a narrow screen, 1,500 on a software adapter, fewer if the device's buffers are smaller.",
  },
  theta: {type: "number", label: "θ", default: 0.6, min: 0.1, max: 1.5, integer: false, doc: "Opening angle θ of the walk."},
  stepsPerFrame: {type: "number", label: "steps per frame", default: 2, min: 1, max: 8, doc: "Leapfrog steps per animation frame (one submit per frame)."},
  perturberMass: {
    type: "number",
    label: "perturber mass",
    default: 0.15,
    min: 0,
    max: 2,
    integer: false,
    doc: "Mass of the body the pointer drags through the disc (the disc's total mass is 1).",
  },
  fallbackCount: {type: "number", label: "fallback count", default: 1500, min: 100, max: 20_000, doc: "Bodies of the CPU twin."},
  seed: {type: "number", label: "seed", default: 1, min: 1, max: 1_000_000, doc: "Seed of the disc."},
  aspect: {type: "number", label: "aspect", default: 1.6, min: 0.5, max: 4, integer: false, doc: "Canvas width / height."},
  maxHeight: {type: "number", label: "maximum height", default: 560, min: 80, max: 4000, doc: "Largest canvas height, CSS px."},
} satisfies OptionSchema;

export interface GalaxyOptions {
  /** true: the page's hero (class `hero-widget`: it fills a dark full-bleed stage; same `data-widget`). */
  hero?: boolean;
  count?: number;
  theta?: number;
  stepsPerFrame?: number;
  perturberMass?: number;
  fallbackCount?: number;
  seed?: number;
  aspect?: number;
  maxHeight?: number;
  invalidation?: Promise<unknown>;
  /** Shader loader (tests: components/gpu/node.ts); default: the page's. */
  wgsl?: WGSLLoader;
  acquire?: () => Promise<GPUHandle | null>;
  /**
   * The hero only: an element outside the widget (the page's line under its title) that the
   * widget keeps saying what runs where it runs (the GPU, a CPU-emulated adapter, the CPU twin).
   */
  hint?: Element | null;
}

type GalaxyOptionValues = OptionValues<typeof GALAXY_OPTIONS>;

export interface GalaxyValue {
  /** Bodies simulated now (GPU: the given or sized count; CPU twin: `fallbackCount`). */
  count: number;
  theta: number;
  /** Milliseconds per leapfrog step: GPU submit-to-done wall time of a frame / its steps (drawing included), or the twin's JavaScript time; null before the first. */
  stepMs: number | null;
  /**
   * (E − E₀) / |E₀| since the last restart, the perturber's work included; from a readback
   * every two seconds summed exactly on the CPU, so only up to 8,192 bodies; null above
   * that or before the first readback.
   */
  energyDrift: number | null;
  /** Where the engine stands: the runtime's phase (`EnginePhase`). */
  engine: "gpu" | "cpu" | "pending";
}

/** Most bodies whose energy the widget sums exactly (O(N²) on the CPU, every two seconds). */
export const ENERGY_MAX = 8192;

export interface GalaxyState {
  /** Bodies asked for (null: size to the GPU). */
  requested: number | null;
  count: number;
  theta: number;
  stepsPerFrame: number;
  stepMs: number | null;
  energyDrift: number | null;
  /** The GPU engine runs on a software adapter (a CPU emulation of a GPU; the runtime's load): said by the hero's line, not in `.value`. */
  softwareAdapter: boolean;
}

export function readGalaxyOptions(options: GalaxyOptions) {
  const input = blankToUndefined(options as Record<string, unknown>);
  const {values, notes} = readOptions(GALAXY_OPTIONS, input);
  const explicit = input.count !== undefined && Number.isFinite(Number(input.count));
  return {o: values as GalaxyOptionValues, explicitCount: explicit, notes};
}

/** `.value` of `s`, with `engine` the runtime's phase. */
export function galaxyValue(s: GalaxyState, engine: EnginePhase): GalaxyValue {
  return {count: s.count, theta: s.theta, stepMs: s.stepMs, energyDrift: s.energyDrift, engine};
}

/** Bodies on a software adapter (a CPU emulation) when no count is given: the cheapest disc that reads as a galaxy. */
export const GALAXY_SOFTWARE_COUNT = 1500;

/**
 * The default count on this device: GALAXY_SOFTWARE_COUNT on a software adapter, 30,000
 * on a narrow screen (a phone's GPU), else 100,000; halved until the pipeline's buffers fit
 * a quarter of the device's largest buffer × 4 (its memory is not known to a page).
 */
export function sizedCount(device: GPUDevice, software: boolean, narrow: boolean): number {
  if (software) return GALAXY_SOFTWARE_COUNT;
  let n = narrow ? 30_000 : 100_000;
  const budget = Math.min(device.limits.maxBufferSize, device.limits.maxStorageBufferBindingSize);
  while (n > 1000 && gravityBufferBytes(n) > budget) n = Math.round(n / 2);
  return n;
}
