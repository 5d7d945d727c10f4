/**
 * A widget is a definition the runtime mounts. `defineWidget` states what is the widget's
 * own (its name, how it reads its options, its first `.value`, its canvas, its engines, its
 * controls and layout, its caption); `mountWidget(definition, options)` does what every
 * widget used to repeat by hand, once:
 *
 * - the root element (`data-widget`, `.value`, `dispose()`), the status line with the
 *   option notes in front;
 * - the canvas stage (when the definition has one), disposed with the widget;
 * - the engine life cycle (`runEngine`): lazy start near the viewport, GPU else CPU twin,
 *   the rebuild after a device loss, Play/Pause under reduced motion, the print still,
 *   disposal through Framework's `invalidation`;
 * - the load: before each engine is built, the widget's declared rule (`load`) applied where the
 *   engine will run (load.ts: a hardware GPU, a CPU emulation, the CPU twin), the widget's state
 *   written from it (`applyLoad`), the engine handed the result (`ctx.load`); again on `w.refit()`;
 * - `.value.engine`, written from the runtime's one word for the engine (`EnginePhase`: "pending",
 *   "gpu", "cpu"), which `value(config, engine)` receives;
 * - the canvas swap after the GPU (`gpuCanvas`): a canvas that had a WebGPU context cannot
 *   give a 2D one, so before the CPU engine starts on a stage that a GPU engine drew into,
 *   the stage gets a fresh canvas (`CanvasStage.fresh`);
 * - the card and its live caption line, `__frames()` for tests.
 *
 *   export const waterDefinition = defineWidget({name: "water", ...});
 *   export const createWater = (o: WaterOptions = {}) => mountWidget(waterDefinition, o);
 *
 * Diagrams without a canvas or a GPU engine use the same definition without `stage` / `gpu`.
 */
import type {GPUHandle} from "../../gpu/context.js";
import type {WGSLLoader} from "../../gpu/wgsl.js";
import {type CaptionInput, widgetCard} from "./card.js";
import {type CanvasStage, type CanvasStageOptions, createCanvasStage} from "./canvas.js";
import {type CPUEngineContext, type Engine, type EngineKind, type EngineRuntime, type GPUEngineContext, runEngine} from "./engine.js";
import {engineSwitchLabel, readEngineChoice, SOFTWARE_ENGINES} from "./engine-choice.js";
import {decideLoad, FRESH_LOAD, type Load, type LoadRule} from "./load.js";
import type {EnginePhase} from "./phase.js";
import {createStatus, type Status} from "./status.js";
import {setValue, widgetRoot, type WidgetElement} from "./view.js";

/** The options every mounted widget takes besides its own. */
export interface MountOptions {
  /** Framework's invalidation: everything is released when it resolves. */
  invalidation?: Promise<unknown>;
  /** Device provider (tests); default: the page's shared device. */
  acquire?: () => Promise<GPUHandle | null>;
}

/** A mounted widget's element: `.value`, `dispose()`, and `__frames()` (frames run so far, tests). */
export type MountedElement<V> = WidgetElement<V> & {__frames(): number};

/** What `mountWidget` hands to a definition's `build`: the parts it made, and the running engine. */
export interface Mounted<C, V, E extends Engine> {
  /** The definition's config, as `read` returned it. */
  config: C;
  root: MountedElement<V>;
  status: Status;
  /** The canvas stage; undefined for a definition without `stage`. */
  stage: CanvasStage;
  /** Frames run so far (engines count them; the caption's frame rate and `__frames()` read them). */
  frames: {n: number};
  /** The running engine, or null before the first start and between a device loss and the rebuild. */
  readonly engine: E | null;
  /** Where the engine stands ("pending", "gpu", "cpu"): what `.value.engine` says. "pending" from a device loss on. */
  readonly phase: EnginePhase;
  /**
   * The reader changed the count: the runtime decides the load again for the running engine
   * (`applyLoad` writes the state, `ctx.load` changes); the widget then resets the engine. A
   * count the reader chose is never lowered for a software adapter.
   */
  refit(): void;
  /** Sets `.value` from `definition.value(config, phase)` and dispatches `input`. */
  setValue(): void;
}

/** What a definition's `build` returns: its engines, its layout and its caption. */
interface WidgetParts<V, E extends Engine> {
  /** Builds the GPU engine; omit for CPU-only widgets. */
  gpu?: (ctx: GPUEngineContext) => Promise<E> | E;
  /** Builds the CPU engine (the twin of the GPU kernels). */
  cpu: (ctx: CPUEngineContext) => Promise<E> | E;
  /** The root's children, in order; `play` is the Play/Pause button of an animated widget (null otherwise). */
  layout(play: HTMLButtonElement | null, runtime: EngineRuntime<E>): Node[];
  /** The card's live caption line, written from `.value` on every `input` event. */
  caption?: (c: CaptionInput<V>) => string;
  /**
   * The load the next engine runs (and, after `w.refit()`, the running one), decided by the runtime
   * from the definition's `load` rule before the engine is built: write it into the widget's state
   * (the count shown, the world's size and gravity from `load.world`, the slider), say a reduction.
   */
  applyLoad?: (load: Load) => void;
  /** Called each time an engine starts running (after `engine` is set). */
  onEngine?: (engine: E, kind: EngineKind) => void;
  /** Called when an engine stops running (after `engine` is cleared). */
  onEngineStop?: (kind: EngineKind) => void;
  /** Called when the device of the running or starting GPU engine is lost (before the rebuild or the CPU engine). */
  onDeviceLost?: (info: GPUDeviceLostInfo) => void;
  /** WGSL loader handed to the GPU engine (tests); default: the site's shaders. */
  wgsl?: WGSLLoader;
  /** Called once the widget is mounted (its card made): a first `.value` with an `input` event. */
  mounted?: () => void;
  /** Frames run so far, where the widget counts them itself (default: `frames.n`). */
  frameCount?: () => number;
  /** When set, the GPU is never tried and the CPU engine gets this reason. */
  cpuReason?: string | null;
  /** false: start at once instead of when near the viewport. */
  lazy?: boolean;
}

/** A widget's own parts; everything else is `mountWidget`'s. */
interface WidgetDefinition<O extends MountOptions, C extends {notes: readonly string[]}, V, E extends Engine> {
  /** `data-widget` (a function when it depends on the options: the hero). */
  name: string | ((config: C, options: O) => string);
  /** The root's classes besides `widget`. */
  className: string | ((config: C, options: O) => string);
  /** Reads the options (bad values replaced, never thrown): the widget's config and state, with the notes for the status line. */
  read(options: O): C;
  /**
   * The `.value` of the current state (the first one is set without an event); `engine` is the
   * runtime's phase, for a widget whose `.value.engine` says where its engine stands.
   */
  value(config: C, engine: EnginePhase): V;
  /**
   * The widget's reduction rule (load.ts), read once from the config: its count on a CPU
   * emulation of a GPU and on the CPU twin, the counts each GPU offers, whether its world shrinks
   * with a reduced count. The runtime applies it before each engine is built; omit for a widget
   * whose load never changes with the adapter (its engines still get the pace: `ctx.load`).
   */
  load?(config: C): LoadRule;
  /** The canvas stage (`view` may read the stage through `stage()`); omit for a widget without a canvas. */
  stage?(config: C, stage: () => CanvasStage, options: O): Omit<CanvasStageOptions, "status">;
  /**
   * The GPU engine draws on the stage's canvas through a WebGPU context: a CPU engine after it
   * (a device lost too often, a GPU engine that failed) gets a fresh canvas (default false).
   */
  gpuCanvas?: boolean;
  /** The frames animate on their own: Play/Pause, paused under reduced motion (default true with a stage). */
  animated?: boolean;
  /** Everything else: controls, panels, engines, layout, caption. */
  build(w: Mounted<C, V, E>, options: O): WidgetParts<V, E>;
}

/** Checks nothing and returns `d`: it only gives a definition its types (`defineWidget({...})`). */
export function defineWidget<O extends MountOptions, C extends {notes: readonly string[]}, V, E extends Engine>(
  d: WidgetDefinition<O, C, V, E>
): WidgetDefinition<O, C, V, E> {
  return d;
}

/** Mounts `definition` with `options` (see the module comment). Bad options are replaced and reported in the status line, never thrown. */
export function mountWidget<O extends MountOptions, C extends {notes: readonly string[]}, V, E extends Engine>(
  definition: WidgetDefinition<O, C, V, E>,
  options: O
): MountedElement<V> {
  const d = definition;
  const config = d.read(options);
  const pick = (f: string | ((c: C, o: O) => string)) => (typeof f === "string" ? f : f(config, options));
  const root = widgetRoot(pick(d.name), pick(d.className), d.value(config, "pending")) as MountedElement<V>;
  // a hero's status has a fixed row under its picture: long lines show their short form there
  const status = createStatus({compact: root.classList.contains("hero-widget")});
  status.setNotes(config.notes);
  let stage: CanvasStage | undefined;
  if (d.stage) stage = createCanvasStage({...d.stage(config, () => stage!, options), status});
  let engine: E | null = null;
  let phase: EnginePhase = "pending";
  const rule = d.load?.(config);
  let memory = FRESH_LOAD;
  const w: Mounted<C, V, E> = {
    config,
    root,
    status,
    stage: stage!,
    frames: {n: 0},
    get engine() {
      return engine;
    },
    get phase() {
      return phase;
    },
    refit: () => runtime.refit(),
    setValue: () => setValue(root, d.value(config, phase)),
  };
  const parts = d.build(w, options);
  // on a CPU-emulated GPU the reader may run the other engine (engine-choice.ts): one button beside the status line
  const engineSwitch = document.createElement("button");
  engineSwitch.type = "button";
  engineSwitch.className = "engine-switch";
  engineSwitch.hidden = true;
  engineSwitch.addEventListener("click", () => void runtime.switchEngine());
  // the one canvas swap: a canvas that had a WebGPU context cannot give a 2D one, nor the other
  // way round, so an engine of the other kind than the last one to draw (the CPU engine after a
  // device lost too often or a GPU engine that failed to start; either after the reader's
  // switch on a CPU-emulated GPU) draws on a fresh canvas
  let drew: EngineKind | null = null;
  const freshFor = (kind: EngineKind) => {
    if (drew && drew !== kind && d.gpuCanvas && stage) stage.fresh();
    drew = kind;
  };
  const gpu = parts.gpu;
  const software = SOFTWARE_ENGINES[root.dataset.widget ?? ""];
  const pageChoice = readEngineChoice();
  const runtime = runEngine<E>({
    root,
    status,
    gpu:
      gpu &&
      ((ctx) => {
        freshFor("gpu");
        return gpu(ctx);
      }),
    cpu: (ctx) => {
      freshFor("cpu");
      return parts.cpu(ctx);
    },
    onEngine: (e, kind) => {
      engine = e;
      phase = kind;
      // only where the table chose for this widget on such a machine (engine-choice.ts), and
      // not when the page already chose for every widget (?engine=, localStorage)
      engineSwitch.hidden = !(runtime.softwareAdapter && gpu && software && !pageChoice);
      engineSwitch.textContent = engineSwitchLabel(kind);
      parts.onEngine?.(e, kind);
    },
    onEngineStop: (kind) => {
      engine = null;
      phase = "pending";
      parts.onEngineStop?.(kind);
    },
    onDeviceLost: (info) => {
      // a widget that publishes on the loss says "pending" at once (the rebuild or the CPU engine follows)
      phase = "pending";
      parts.onDeviceLost?.(info);
    },
    // the declared rule, where the engine will run, decides; the widget writes its state from it
    load: (place, refit) => {
      if (refit) memory = {...memory, chosen: true};
      const next = decideLoad(rule, place, memory);
      memory = next.memory;
      parts.applyLoad?.(next.load);
      return next.load;
    },
    wgsl: parts.wgsl,
    cpuReason: parts.cpuReason,
    software,
    lazy: parts.lazy,
    acquire: options.acquire,
    animated: d.animated ?? !!stage,
    stage,
    invalidation: options.invalidation,
  });
  if (stage) runtime.scope.onDispose(() => stage.dispose());
  root.append(...parts.layout(runtime.playControl, runtime));
  if (status.element.parentNode) status.element.after(engineSwitch);
  else root.append(engineSwitch);
  const frames = parts.frameCount ?? (() => w.frames.n);
  if (parts.caption) widgetCard(root, parts.caption, {frames});
  root.__frames = frames;
  parts.mounted?.();
  root.dispose = () => runtime.dispose();
  return root;
}
