/**
 * Options, `.value` and state of the dust disc (the Worlds from Dust page's main widget and
 * its hero). Bad options never throw: they are replaced and a note goes to the status line.
 */
import type {GPUHandle} from "../../gpu/context.js";
import type {EnginePhase} from "../runtime/phase.js";
import {DUST_DEFAULT_GRAINS, DUST_MAX_GRAINS, DUST_MIN_GRAINS, DUST_TWIN_GRAINS} from "../../dust/params.js";
import {readOptions, type OptionSchema, type OptionValues} from "../runtime/options.js";

export const DUST_DISC_OPTIONS = {
  grains: {
    type: "number",
    label: "grains",
    default: DUST_DEFAULT_GRAINS,
    min: DUST_MIN_GRAINS,
    max: DUST_MAX_GRAINS,
    doc: "Grains of the disc at the start (10,000–150,000; on a CPU-emulated adapter the disc starts with 3,000 unless this is given).",
  },
  stickiness: {
    type: "number",
    label: "stickiness",
    default: 0.7,
    min: 0,
    max: 1,
    integer: false,
    doc: "The contact dashpot's damping ratio ζ: 0 bounces elastically, 1 is critically damped (no rebound).",
  },
  merge: {
    type: "number",
    label: "merge",
    default: 1,
    min: 0,
    max: 3,
    integer: false,
    doc: "Two touching bodies merge when their relative speed is below this × their mutual escape speed; 0 turns merging off.",
  },
  forces: {
    type: "choice",
    label: "forces",
    values: ["both", "gravity", "contacts"] as const,
    default: "both",
    doc: "Which forces act: both (the disc), gravity only (collisionless: bodies pass through each other) or contacts only (no far field: loose sand). Merging needs both.",
  },
  scene: {
    type: "choice",
    label: "scene",
    values: ["disc", "cloud"] as const,
    default: "disc",
    doc: "The disc round a star, or the three-way comparison's cloud (no star: spinning slowly and falling in).",
  },
  cloudGrains: {
    type: "number",
    label: "cloud grains",
    default: 4000,
    min: 200,
    max: 50000,
    doc: "Grains of the cloud scene (800 on a CPU-emulated adapter and on the CPU twin).",
  },
  substeps: {
    type: "number",
    label: "substeps per frame",
    default: 8,
    min: 1,
    max: 32,
    doc: "Combined substeps per animation frame on a GPU (one on a CPU-emulated adapter and on the CPU twin).",
  },
  fallbackCount: {type: "number", label: "fallback count", default: DUST_TWIN_GRAINS, min: 200, max: 5000, doc: "Grains of the CPU twin."},
  seed: {type: "number", label: "seed", default: 1, min: 1, max: 1_000_000, doc: "Seed of the disc."},
  aspect: {type: "number", label: "aspect", default: 1.5, min: 0.5, max: 4, integer: false, doc: "Canvas width / height."},
  maxHeight: {type: "number", label: "maximum height", default: 560, min: 80, max: 4000, doc: "Largest canvas height, CSS px."},
} satisfies OptionSchema;

export interface DustDiscOptions {
  /** true: the page's hero (class `hero-widget`, no controls but Play; same `data-widget`). */
  hero?: boolean;
  grains?: number;
  stickiness?: number;
  merge?: number;
  forces?: "both" | "gravity" | "contacts";
  scene?: "disc" | "cloud";
  cloudGrains?: number;
  substeps?: number;
  fallbackCount?: number;
  seed?: number;
  aspect?: number;
  maxHeight?: number;
  invalidation?: Promise<unknown>;
  acquire?: () => Promise<GPUHandle | null>;
}

type DustDiscOptionValues = Omit<OptionValues<typeof DUST_DISC_OPTIONS>, "forces" | "scene"> & {
  forces: "both" | "gravity" | "contacts";
  scene: "disc" | "cloud";
};

export interface DustDiscValue {
  /** bodies now (grains and moonlets) */
  count: number;
  /** bodies at the last (re)start */
  initialCount: number;
  /** merges since the last start: initialCount − count */
  merges: number;
  /** total mass in grains (conserved exactly: whole-grain masses) */
  totalMass: number;
  /** the largest body's mass, in grains */
  largestMass: number;
  /** substeps run since the last start */
  steps: number;
  /**
   * |P − P₀ − J| / Σ m |v₀|: the change of the bodies' momentum P since the start that the
   * star's impulse J (the momentum ledger) does not explain, over the sum of the momenta's sizes
   * at the start; the pointer's stir is an external force too and shows here (0 at the start)
   */
  momentumDrift: number;
  /** bodies per mass octave: spectrum[k] = bodies with 2^k ≤ m < 2^(k+1) */
  spectrum: number[];
  stickiness: number;
  merge: number;
  /** which forces act ("both", "gravity", "contacts") */
  forces: "both" | "gravity" | "contacts";
  /** Where the engine stands: the runtime's phase (`EnginePhase`). */
  engine: "gpu" | "cpu" | "pending";
}

export interface DustDiscState extends Omit<DustDiscValue, "engine"> {
  /** grains asked for (null: the default for this adapter) */
  requested: number | null;
  /** Σ m v and Σ m |v| of the bodies at the last start (the drift's reference) */
  momentumStart: {px: number; py: number; speedSum: number};
}

export function readDustDiscOptions(options: DustDiscOptions) {
  const input = {...options} as Record<string, unknown>;
  const {values, notes} = readOptions(DUST_DISC_OPTIONS, input);
  const explicit = input.grains !== undefined && input.grains !== "" && Number.isFinite(Number(input.grains));
  return {o: values as DustDiscOptionValues, explicitGrains: explicit, notes};
}

/** `.value` of `s`, with `engine` the runtime's phase. */
export function dustDiscValue(s: DustDiscState, engine: EnginePhase): DustDiscValue {
  return {
    count: s.count,
    initialCount: s.initialCount,
    merges: s.merges,
    totalMass: s.totalMass,
    largestMass: s.largestMass,
    steps: s.steps,
    momentumDrift: s.momentumDrift,
    spectrum: s.spectrum.slice(),
    stickiness: s.stickiness,
    merge: s.merge,
    forces: s.forces,
    engine,
  };
}
