/**
 * Options, `.value` and shared state of the §5 water demo and the §0 hero. Bad values never
 * throw: they are replaced (clamped, or the default) and a note goes to the status line.
 * The hero reads the same schema with its own defaults (HERO_OPTIONS).
 */
import type {WGSLLoader} from "../../gpu/wgsl.js";
import type {GPUHandle} from "../../gpu/context.js";
import {DENSITY_BINS, TUNABLE, WATER_DEFAULTS, WATER_SUBSTEPS, type TunableKey, type WaterParams} from "../../water/params.js";
import {type EnginePhase, startingAlias} from "../runtime/phase.js";
import {labelFor, OPTION_NAMES, readOption, readOptions, type NumberOption, type OptionSchema, type OptionValues} from "../runtime/options.js";

/** Fewest particles of either widget. */
const MIN_COUNT = 500;

/** Width of the demo's full tank, world units (its height: TANK_WIDTH / aspect); a reduced count gets a narrower one. */
export const TANK_WIDTH = 2;

export const WATER_OPTIONS = {
  maxCount: {
    type: "number",
    label: "maximum count",
    default: 80_000,
    min: MIN_COUNT,
    max: 1_000_000,
    doc: "Right end of the count slider; the GPU buffers are sized for it.",
  },
  count: {
    type: "number",
    label: "particle count",
    default: 50_000,
    min: MIN_COUNT,
    max: 80_000,
    doc: "Particles at the start (at most `maxCount`). Without it, a software adapter starts with `softwareCount`.",
  },
  minCount: {
    type: "number",
    label: "minimum count",
    default: 10_000,
    min: MIN_COUNT,
    max: 80_000,
    doc: "Left end of the count slider (log scale); lowered to `count` when that is smaller.",
  },
  substeps: {
    type: "number",
    label: "substeps",
    default: WATER_SUBSTEPS,
    min: 1,
    max: 8,
    doc: `Simulation substeps per animation frame (one submit per frame), each ${+(WATER_DEFAULTS.dt * 1000).toFixed(3)} ms of simulated time (\`WATER_DEFAULTS.dt\`): the default ${WATER_SUBSTEPS} advance ${+(WATER_SUBSTEPS * WATER_DEFAULTS.dt * 1000).toFixed(3)} ms per frame.`,
  },
  colorBy: {type: "choice", label: "colour", default: "density" as const, values: ["density", "speed"] as const, doc: "What the colour of a disc shows."},
  fallbackCount: {
    type: "number",
    label: "fallback count",
    default: 4000,
    min: 100,
    max: 20_000,
    doc: "Most particles of the CPU twin: it runs count / 16, clamped to [1,000, fallbackCount], never more than count.",
  },
  aspect: {type: "number", label: "aspect", default: 2, min: 1, max: 4, integer: false, doc: "Tank width / height (the tank is 2 wide)."},
  maxHeight: {type: "number", label: "maximum height", default: 600, min: 80, max: 4000, doc: "Largest canvas height, CSS px."},
  softwareCount: {
    type: "number",
    label: "software count",
    default: 4000,
    min: MIN_COUNT,
    max: 80_000,
    doc: "Particles (with one substep) on a software adapter (a CPU emulation of a GPU: SwiftShader, llvmpipe, lavapipe, WARP, …; the rule of `isSoftwareAdapter`) when `count` is not given.",
  },
  statsHz: {
    type: "number",
    label: "statsHz",
    default: 4,
    min: 0.5,
    max: 30,
    integer: false,
    doc: "Readbacks per second of the density histogram and the counters.",
  },
} satisfies OptionSchema;

/** The hero: the same options, a smaller default count and canvas. */
export const HERO_OPTIONS = {
  ...WATER_OPTIONS,
  maxCount: {...WATER_OPTIONS.maxCount, default: 45_000},
  count: {...WATER_OPTIONS.count, default: 45_000, max: 45_000},
  maxHeight: {...WATER_OPTIONS.maxHeight, default: 560},
} satisfies OptionSchema;

/** The parameters panel's options (`params: {k, kNear, restDensity, xsph}`). */
export const PARAM_OPTIONS = Object.fromEntries(
  (Object.keys(TUNABLE) as TunableKey[]).map((k) => [
    k,
    {
      type: "number",
      label: TUNABLE[k].label,
      default: WATER_DEFAULTS[k],
      min: TUNABLE[k].min,
      max: TUNABLE[k].max,
      integer: false,
      doc: `Initial ${TUNABLE[k].label}.`,
    } satisfies NumberOption,
  ])
) as Record<TunableKey, NumberOption>;

export interface WaterOptions {
  /** true: the hero at the top of the page (data-widget="hero", compact, no chart). */
  hero?: boolean;
  count?: number;
  minCount?: number;
  maxCount?: number;
  substeps?: number;
  colorBy?: "density" | "speed";
  /** Initial values of the tunable parameters (default: WATER_DEFAULTS). */
  params?: Partial<Pick<WaterParams, TunableKey>>;
  fallbackCount?: number;
  aspect?: number;
  maxHeight?: number;
  softwareCount?: number;
  statsHz?: number;
  invalidation?: Promise<unknown>;
  /** Device provider (tests, benchmarks); default: the page's shared device. */
  acquire?: () => Promise<GPUHandle | null>;
  /** Shader loader (tests; default: the page's). */
  wgsl?: WGSLLoader;
  /**
   * The hero only: an element outside the widget (the page's line under its title) that the
   * widget keeps saying what runs where it runs (the GPU, a CPU-emulated adapter, the CPU twin).
   */
  hint?: Element | null;
}

type WaterOptionValues = OptionValues<typeof WATER_OPTIONS>;

export interface WaterValue {
  /** Particles simulated now (on the CPU twin: fewer than requested). */
  count: number;
  /** Particles asked for by the slider or the `count` option. */
  requestedCount: number;
  substeps: number;
  params: {k: number; kNear: number; restDensity: number; xsph: number};
  /** 64 bins over [0, 2ρ₀). */
  densityHistogram: number[];
  /** World units / s. */
  maxSpeed: number;
  /** Timestamp queries when the device has them, else submit → done wall time; null on the CPU. */
  gpuMsPerFrame: number | null;
  /**
   * Which engine runs: the runtime's phase (`EnginePhase`), with "pending" spelled "starting" as
   * this contract always said (`startingAlias`); the root's data-engine says "pending" (or "idle").
   */
  engine: "gpu" | "cpu" | "starting";
  /** The GPU engine runs on a CPU emulation of a GPU (`isSoftwareAdapter`: SwiftShader, llvmpipe, lavapipe, WARP, …): fewer, bigger particles. */
  softwareAdapter: boolean;
}

/** What the controls change and the engines read. */
export interface WaterState {
  /** Particles asked for. */
  count: number;
  /** Left end of the count slider. */
  minCount: number;
  /** Particles the running engine simulates (the runtime's load: `applyLoad`). */
  simulated: number;
  substeps: number;
  params: WaterParams;
  colorBy: "density" | "speed";
  /** The latest stats readback. */
  bins: number[];
  maxSpeed: number;
  gpuMs: number | null;
  /** The GPU engine runs on a CPU emulation of a GPU (the runtime's load says so). */
  softwareAdapter: boolean;
}

/** Blank strings (`?water=` in the URL) mean "the default", like undefined. */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/**
 * Reads the options: the count bounds follow `maxCount`, the parameters come from `params`.
 * `explicitCount`: a valid count was given (a bad one gets the default, reduced on software adapters).
 */
export function readWaterOptions(options: WaterOptions) {
  const schema = options.hero ? HERO_OPTIONS : WATER_OPTIONS;
  const names = {[OPTION_NAMES]: (options as {[OPTION_NAMES]?: string})[OPTION_NAMES]};
  const input: Record<string, unknown> = {...Object.fromEntries(Object.entries(options).filter(([, v]) => !blank(v))), ...names};
  const notes: string[] = [];
  const maxCount = readOption(notes, labelFor(schema.maxCount, "maxCount", input), input.maxCount) as number;
  const upTo = (spec: NumberOption) => ({...spec, max: maxCount, default: Math.min(maxCount, spec.default)});
  const bounded = {...schema, count: upTo(schema.count), minCount: upTo(schema.minCount), softwareCount: upTo(schema.softwareCount)};
  const {values: o, notes: more} = readOptions(bounded, {...input, maxCount});
  const {values: tunable, notes: paramNotes} = readOptions(PARAM_OPTIONS, options.params);
  const explicitCount = input.count !== undefined && Number.isFinite(Number(input.count));
  return {o: o as WaterOptionValues, tunable, notes: [...notes, ...more, ...paramNotes], explicitCount};
}

/** The state at the start. */
export function initialState(o: WaterOptionValues, tunable: Record<TunableKey, number>): WaterState {
  return {
    count: o.count,
    minCount: Math.min(o.count, o.minCount),
    simulated: o.count,
    substeps: o.substeps,
    params: {...WATER_DEFAULTS, tank: [0, 0, TANK_WIDTH, TANK_WIDTH / o.aspect], ...tunable},
    colorBy: o.colorBy,
    bins: new Array(DENSITY_BINS).fill(0),
    maxSpeed: 0,
    gpuMs: null,
    softwareAdapter: false,
  };
}

/** `.value` of `state`, with `engine` the runtime's phase. */
export function waterValue(s: WaterState, engine: EnginePhase): WaterValue {
  const {k, kNear, restDensity, xsph} = s.params;
  return {
    count: s.simulated,
    requestedCount: s.count,
    substeps: s.substeps,
    params: {k, kNear, restDensity, xsph},
    densityHistogram: [...s.bins],
    maxSpeed: s.maxSpeed,
    gpuMsPerFrame: s.gpuMs,
    engine: startingAlias(engine),
    softwareAdapter: s.softwareAdapter,
  };
}

/**
 * Particles the CPU twin simulates for a requested `count`: count / 16 (the twin runs on one
 * CPU core, roughly 16× slower per particle than a GPU here), clamped to [1,000, cap] and never
 * more than `count`. E.g. 10,000 → 1,000; 20,000 → 1,250; 50,000 → 3,125; 80,000 → 4,000 (cap 4,000).
 */
export function twinCount(count: number, cap = 4000): number {
  return Math.min(count, Math.max(Math.min(1000, cap), Math.min(cap, Math.round(count / 16))));
}

/** The embedding's schema: the widget's options and the parameters panel's starting values (k, k-near, rest-density, xsph). */
export const WATER_EMBED_SCHEMA: OptionSchema = {...WATER_OPTIONS, ...PARAM_OPTIONS};

/** The embedding's flat attributes → the factory's options (the parameters go into `params`, with the note names). */
export function waterEmbedOptions(input: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(input);
  const isParam = ([key]: [string, unknown]) => key in PARAM_OPTIONS;
  const names = {[OPTION_NAMES]: (input as {[OPTION_NAMES]?: unknown})[OPTION_NAMES]};
  return {...Object.fromEntries(entries.filter((e) => !isParam(e))), ...names, params: {...Object.fromEntries(entries.filter(isParam)), ...names}};
}
