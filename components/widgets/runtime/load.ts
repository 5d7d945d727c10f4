/**
 * How much a widget's engine runs, decided by the runtime once per engine, before the engine is
 * built. A widget declares its rule (`LoadRule`: how many bodies on a CPU emulation of a GPU and
 * on the CPU twin, which counts each GPU offers, whether its world shrinks with a reduced count);
 * the runtime learns where the engine will run (`Placement`: which engine, on which adapter) and
 * applies the rule (`decideLoad`), scaling the world through the one scaling function
 * (`scaleWorld`). The engine reads the result (`ctx.load`) and the state the widget wrote from it
 * (`applyLoad`); it never discovers the adapter itself and never calls back into its widget.
 *
 * Why here: six engines used to test for a software adapter themselves and call up into their
 * widget to shrink the count, the tank and the gravity, through a state three places wrote, and
 * the Froude scaling was written twice (widget-runtime.md, "The load, decided before the engine").
 */

/** The adapter the runtime found: a hardware GPU, a CPU emulation of one (`isSoftwareAdapter`), or none in use. */
export type AdapterKind = "gpu" | "software" | "none";

/** Where an engine's load is decided for: the GPU engine on a hardware GPU, on a software adapter, or the CPU twin. */
type LoadTarget = "gpu" | "software" | "twin";

/** What the runtime knows when it is about to build an engine. */
export interface Placement {
  /** The engine about to be built. */
  engine: "gpu" | "cpu";
  /** The adapter: "none" when there is no WebGPU, it did not answer, or none was asked for (the page chose the twin). */
  adapter: AdapterKind;
  /** The CPU emulation's name for messages (`softwareRenderer`: "SwiftShader", …) when `adapter` is "software", else null. */
  renderer: string | null;
  /** The GPU engine's device (a rule may size a count to its limits); null for the CPU engine. */
  device: GPUDevice | null;
}

/** The world of a widget whose world shrinks with a reduced count (the sand's box, the water's tank). */
export interface WorldRule {
  /** The full world's side, world units: the side at the count it is drawn for. */
  full: number;
  /**
   * The side of a world sized to its own count (the hero's pool: `poolTank`), world units; omit
   * for a world of fixed shape: full × √(count / standsFor), at most full (the same area per body).
   */
  side?(count: number): number;
}

/** A widget's declared reduction rule (`defineWidget({load})`); every field but `request` is optional. */
export interface LoadRule {
  /** The reader's count now (null: none asked for, the target's default) and whether the page gave it. */
  request(): {count: number | null; given: boolean};
  /**
   * Bodies on a software adapter when no count was given: a larger count is lowered to it (the
   * reader's count then says the lower one: `Load.reduced`), a missing one set to it. Omit: kept.
   */
  softwareCount?: number;
  /** The count on a hardware GPU when none was asked for: sized to the device (its buffer limits). */
  gpuCount?(device: GPUDevice): number;
  /** The CPU twin's count: fixed, or a function of the reader's count (count / 16 for the water). Omit: the reader's count. */
  twinCount?: number | ((count: number) => number);
  /** The counts a GPU target offers (the slider's ends); the count is clamped into them. Omit: any. */
  range?(target: "gpu" | "software", device: GPUDevice): [number, number];
  /** The world shrinks with the count it runs (Froude scaling, `scaleWorld`). Omit: nothing scales. */
  world?: WorldRule;
}

/** The factors of a world shrunk to fewer bodies (`scaleWorld`). */
export interface WorldScale {
  /** The world's side for the bodies simulated, world units. */
  side: number;
  /** Factor on gravity: 1 / (side over the side at the count stood for), ≥ 1. */
  gravity: number;
  /** Factor on the pointer's reach: side / full side, ≤ 1 for a world no larger than full. */
  reach: number;
}

/** What an engine runs: the runtime's decision (`decideLoad`), read by the engine as `ctx.load`. */
export interface Load {
  target: LoadTarget;
  /** The CPU emulation's name when `target` is "software", else null. */
  renderer: string | null;
  /** The reader's count after the rule: the one asked for, or the software count that replaced it; null: none asked for. */
  requested: number | null;
  /** Bodies the engine runs. */
  count: number;
  /** The count the world is drawn for: the larger of the reader's count and the count a software adapter lowered it from. */
  standsFor: number;
  /** This decision lowered the reader's count (a software adapter, no count given): the widget says so, once. */
  reduced: boolean;
  /** The counts this target offers (the slider's ends), or null: the widget's own range. */
  range: [number, number] | null;
  /**
   * Steps (or substeps) per frame: 1 on a software adapter, where one step of a full load takes
   * a frame already; null: the widget's own. (The water and the sand, whose substeps are a slider
   * of the reader's, start at one substep when `reduced` instead.)
   */
  pace: number | null;
  /** Frames in flight at most: 1 on a software adapter (one CPU, shared by every widget of the page), else 2. */
  maxInFlight: number;
  /** The world's factors (`scaleWorld`) for a widget with a `world` rule, else null. */
  world: WorldScale | null;
}

/** What `decideLoad` carries from one decision to the next (the runtime keeps it per widget). */
interface LoadMemory {
  /** The reader's count a software adapter lowered (0: none): the world keeps its picture from then on. */
  reducedFrom: number;
  /** The reader chose a count (`refit`): a software adapter no longer lowers it. */
  chosen: boolean;
}

/** The memory before any decision. */
export const FRESH_LOAD: LoadMemory = {reducedFrom: 0, chosen: false};

/**
 * The one scaling function of a world shrunk to fewer bodies: `count` bodies standing for
 * `standsFor` (the reader's count), in a world of side `world.side(count)` (default full ×
 * √(count / standsFor), at most full: each body keeps its share of the area, so the fewer fill it
 * as the reader's count fills the full world, drawn bigger). Lengths shrink by
 * f = side(count) / side(max(count, standsFor)); speeds are kept, so the Froude number
 * Fr = U / √(g L) is kept when gravity grows by 1 / f (Froude similitude, the rule of scale
 * models of free-surface flows since W. Froude's ship models; for granular flows the same
 * number governs, e.g. Pouliquen, Phys. Fluids 11, 542 (1999)). The weight of a column, ρ g h,
 * and so the pressure (the water's density colours) and the load on a pile's floor, are those of
 * the full world, and motions cross the smaller world in f of the time: a slow CPU emulation
 * still shows the wave move and the pile form. The pointer's reach is side / full.
 *
 * Units: counts in bodies, sides in world units; `gravity` and `reach` are factors on the
 * widget's full-world values. Errors: RangeError when `count` is not a positive number or
 * `world.full` not positive.
 */
export function scaleWorld(count: number, standsFor: number, world: WorldRule): WorldScale {
  if (!(count > 0) || !(world.full > 0)) throw new RangeError(`scaleWorld needs a positive count and side, got ${count} and ${world.full}`);
  const side = world.side ?? ((m: number) => world.full * Math.min(1, Math.sqrt(m / Math.max(1, standsFor))));
  const s = side(count);
  return {side: s, gravity: side(Math.max(count, standsFor)) / s, reach: s / world.full};
}

/** The target of a placement: the CPU engine is the twin whatever the adapter. */
export function loadTarget(p: Pick<Placement, "engine" | "adapter">): LoadTarget {
  return p.engine === "cpu" ? "twin" : p.adapter === "software" ? "software" : "gpu";
}

/**
 * The load of the engine about to run at `place` under `rule` (undefined: a widget without a
 * rule: the count is the reader's, only the pace and the frames in flight follow the target),
 * given what earlier decisions left (`memory`). Returns the load and the memory for the next
 * decision. Pure: the runtime calls it before building each engine and on a `refit` (the
 * reader's new count), and writes nothing itself.
 *
 * The count: on the twin, `twinCount`; on a software adapter, the reader's count, or
 * `softwareCount` when none was given and it is lower (`reduced`); on a hardware GPU, the
 * reader's count or `gpuCount(device)`; then clamped into `range`. Errors: RangeError when no
 * count results (no count asked for and no rule gives one for this target).
 */
export function decideLoad(rule: LoadRule | undefined, place: Placement, memory: LoadMemory = FRESH_LOAD): {load: Load; memory: LoadMemory} {
  const target = loadTarget(place);
  const software = target === "software";
  const ask = rule?.request() ?? {count: null, given: false};
  const given = ask.given || memory.chosen;
  let count: number | null = ask.count;
  let reduced = false;
  if (target === "twin") {
    const twin = rule?.twinCount;
    count = typeof twin === "number" ? twin : twin && ask.count !== null ? twin(ask.count) : ask.count;
  } else if (software && !given && rule?.softwareCount !== undefined && (count === null || rule.softwareCount < count)) {
    reduced = count !== null;
    count = rule.softwareCount;
  } else if (!software && count === null && rule?.gpuCount && place.device) count = rule.gpuCount(place.device);
  const range = target !== "twin" && rule?.range && place.device ? rule.range(target, place.device) : null;
  if (count !== null && range) count = Math.min(range[1], Math.max(range[0], count));
  if (rule && (count === null || !(count > 0))) throw new RangeError(`no count for the ${target} engine (asked for ${ask.count})`);
  const requested = reduced ? count : ask.count;
  const reducedFrom = reduced ? ask.count! : memory.reducedFrom;
  const n = count ?? 0;
  const standsFor = Math.max(requested ?? n, reducedFrom);
  const load: Load = {
    target,
    renderer: software ? place.renderer : null,
    requested,
    count: n,
    standsFor,
    reduced,
    range,
    pace: software ? 1 : null,
    maxInFlight: software ? 1 : 2,
    world: rule?.world && n > 0 ? scaleWorld(n, standsFor, rule.world) : null,
  };
  return {load, memory: {reducedFrom, chosen: memory.chosen}};
}
