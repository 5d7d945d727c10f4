/**
 * The one life cycle of every widget's engine. A widget declares how to build a GPU
 * engine and a CPU engine (the CPU twin of the same kernels); the runtime decides which
 * one runs, and when:
 *
 * - **Lazy**: nothing is built until the widget first comes within one screen of the
 *   viewport (`whenNear`), so a page allocates GPU memory only for what the reader sees.
 * - **GPU, else CPU**: the shared device is acquired (with a time limit: some drivers
 *   never answer `requestAdapter`); without one the CPU engine runs and the status line
 *   says why, in one line.
 * - **Device loss**: the engine's scope is disposed (every buffer destroyed), the status
 *   line says so, and the GPU engine is rebuilt on a new device after `RETRY_DELAY_MS`.
 *   When the device is lost more than `MAX_RESTARTS` times within `RETRY_WINDOW_MS`, the
 *   CPU engine takes over for good. A loss reported by a device the widget no longer uses
 *   is ignored.
 * - **Frames**: when the engine has a `frame`, the runtime runs it from one frame loop
 *   that runs only while the widget is on screen and the tab is shown (`frameLoop`), so
 *   a widget scrolled away submits no GPU work.
 * - **Motion** (`animated`): under `prefers-reduced-motion: reduce` the loop starts paused
 *   until the reader presses the widget's Play button (`playControl`); everywhere that
 *   button pauses it. A paused widget keeps its picture: after a control or pointer
 *   change, a resize or a new engine it is drawn once more (`draw`), not stepped.
 * - **Print** (`stage`): when the page is printed, the canvas's current picture becomes a
 *   still image (a WebGPU canvas is drawn and copied in the same task: its texture is only
 *   readable then).
 * - **Load**: before it builds an engine the runtime knows where it will run (which engine, on
 *   a hardware GPU, a CPU emulation of one or no adapter) and decides what it runs (`spec.load`:
 *   `mountWidget` applies the widget's declared rule, load.ts); the engine reads it as `ctx.load`.
 *   `refit()` decides again for the same engine after the reader changed the count.
 * - **Ownership**: the widget's `ResourceScope` owns the loop and a child scope per engine;
 *   `dispose()` (or Framework's `invalidation`) releases everything.
 *
 * Why one policy: four private copies of this logic had drifted apart (different delays,
 * unlimited or limited retries, cleanups registered again on every restart).
 */
import {acquireGPU, gpuUnavailableReason, type GPUHandle} from "../../gpu/context.js";
import {frameLoop, type FrameLoop} from "../../gpu/loop.js";
import {ResourceScope} from "../../gpu/scope.js";
import type {WGSLLoader} from "../../gpu/wgsl.js";
import {browserWGSL} from "../../gpu/wgsl-browser.js";
import {adapterInfoOf, isSoftwareAdapter, softwareRenderer} from "../../gpu/adapter.js";
import {type AdapterKind, decideLoad, type Load, type Placement} from "./load.js";
import type {EnginePhase} from "./phase.js";
import {CHOSEN_TWIN_REASON, CHOSEN_TWIN_SHORT, type EngineChoice, readEngineChoice, SOFTWARE_TWIN_SHORT, softwareTwinReason} from "./engine-choice.js";
import {whenNear} from "./lazy.js";
import {onReducedMotionChange, playButton, prefersReducedMotion, type PlayButton} from "./motion.js";
import {printStill} from "./still.js";
import {deviceLostMessage, FALLBACK_SHORT, fallbackMessage, gaveUpReason, rebuiltMessage, type Status} from "./status.js";

/** Rebuilds after device losses within RETRY_WINDOW_MS before the CPU engine takes over. */
export const MAX_RESTARTS = 2;
export const RETRY_WINDOW_MS = 10_000;
/** Wait before rebuilding on a new device (lets the browser finish tearing the old one down). */
export const RETRY_DELAY_MS = 250;
/** Longest wait for the shared device before running the CPU engine. */
export const ACQUIRE_TIMEOUT_MS = 15_000;
/** After this long without the device on a first start, the status line says the widget is waiting for it. */
const WAIT_NOTICE_MS = 1_000;

export type EngineKind = "gpu" | "cpu";
export type {EnginePhase};

/** What a widget's engine may do; every member is optional. */
export interface Engine {
  /** Advances one animation frame (`dt` in seconds, clamped). Present → the runtime animates it. */
  frame?(dt: number, now: number): void;
  /**
   * Draws the current state again without advancing it (one submit on the GPU): a paused
   * widget after a change, a print still. Present → the runtime uses it.
   */
  draw?(): void;
  /** Back to the initial state with the current options. */
  reset?(): void;
  /** Releases what the engine holds outside its scope (its scope is disposed anyway). */
  dispose?(): void;
}

interface EngineContextBase {
  /** Scope of this engine: disposed when the engine is replaced or the widget goes away. */
  scope: ResourceScope;
  status: Status;
  /**
   * What this engine runs, decided by the runtime before it was built (load.ts): its target, the
   * count, the pace, the frames in flight, the world's scale. Always the latest decision: a
   * `refit` (the reader's new count) replaces it before the widget asks the engine to reset.
   */
  readonly load: Load;
}
export interface GPUEngineContext extends EngineContextBase {
  handle: GPUHandle;
  device: GPUDevice;
  wgsl: WGSLLoader;
  /** true when this build follows a device loss. */
  rebuilt: boolean;
}
export interface CPUEngineContext extends EngineContextBase {
  /** The full sentence saying why the CPU engine runs ("WebGPU is not available here: …"); show it, append to it. */
  reason: string;
}

interface EngineSpec<E extends Engine> {
  /** The widget's element: its position drives the lazy start and the frame loop. */
  root: Element;
  status: Status;
  /** Builds the GPU engine; throwing falls back to the CPU engine. Omit for CPU-only widgets. */
  gpu?: (ctx: GPUEngineContext) => Promise<E> | E;
  /** Builds the CPU engine (the twin of the GPU kernels). */
  cpu: (ctx: CPUEngineContext) => Promise<E> | E;
  /** Called each time an engine starts running (first start, rebuild, fallback). */
  onEngine?: (engine: E, kind: EngineKind) => void;
  /** Called when an engine stops running (before its scope is disposed). */
  onEngineStop?: (kind: EngineKind) => void;
  /** Called when the device of the running or starting GPU engine is lost (before the rebuild or the CPU engine). */
  onDeviceLost?: (info: GPUDeviceLostInfo) => void;
  /** When set, the GPU is never tried and the CPU engine gets this reason. */
  cpuReason?: string | null;
  /**
   * Decides the load of the engine about to be built at `place` (`mountWidget` applies the
   * widget's declared rule and lets it write its state); `refit`: again for the running engine,
   * after the reader changed the count. Default: `decideLoad` without a rule.
   */
  load?: (place: Placement, refit: boolean) => Load;
  /**
   * The engine to run on a software adapter (engine-choice.ts, `SOFTWARE_ENGINES`): "cpu" runs
   * the twin there unless the reader chose the GPU; default "gpu".
   */
  software?: EngineChoice;
  /** Device provider (tests); default: the page's shared device. */
  acquire?: () => Promise<GPUHandle | null>;
  /** WGSL loader handed to the GPU engine; default: the site's shaders. */
  wgsl?: WGSLLoader;
  /** false: start at once instead of when near the viewport. */
  lazy?: boolean;
  /** Largest frame dt, seconds (default 1/30). */
  maxDt?: number;
  /** Framework's invalidation: everything is released when it resolves. */
  invalidation?: Promise<unknown>;
  /**
   * The frames animate on their own (a simulation): starts paused under
   * `prefers-reduced-motion: reduce`, and the runtime makes a Play/Pause button
   * (`playControl`) for the widget's controls row.
   */
  animated?: boolean;
  /** The widget's canvas stage: a paused widget is redrawn on resize, and printed as a still picture. */
  stage?: {element: HTMLElement; readonly canvas: HTMLCanvasElement; onResize(cb: () => void): void};
}

export interface EngineRuntime<E extends Engine> {
  /** The running engine, or null before the first start and between a loss and the rebuild. */
  readonly engine: E | null;
  readonly kind: EnginePhase;
  /** The widget's scope (register widget-level cleanups here). */
  readonly scope: ResourceScope;
  /** Resolves when the first engine runs. */
  readonly ready: Promise<void>;
  /** Pauses / resumes the frame loop (a pause button). */
  setPaused(paused: boolean): void;
  /** true while the frame loop is paused (by the reader, or by the reduced-motion preference). */
  readonly paused: boolean;
  /** The Play/Pause button of an `animated` widget (null otherwise): put it in the controls row. */
  readonly playControl: HTMLButtonElement | null;
  /** While paused: draws the current state once on the next animation frame (engines with `draw`). */
  redraw(): void;
  /** Starts now, whatever the widget's position (also cancels the lazy wait). */
  start(): void;
  /** Replaces the running engine by a fresh one of the same kind (an option that needs new buffers). */
  rebuild(): Promise<void>;
  /** Decides the load again for the running engine (the reader's new count): `ctx.load` changes, the engine is not rebuilt. */
  refit(): void;
  /** true once the device turned out to be a CPU emulation (`isSoftwareAdapter`): the reader may switch engines. */
  readonly softwareAdapter: boolean;
  /** Runs the other engine (the reader's switch): the twin instead of the GPU engine, or back. */
  switchEngine(): Promise<void>;
  dispose(): void;
}

/** `p`, or a rejection with `message` after `ms` milliseconds. */
export function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(message)), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e))
    );
  });
}

/**
 * `data-engine` on the widget's root, for tests and host pages: "idle" (not started: far
 * from the viewport), "pending" (starting, or rebuilding after a loss), "gpu" or "cpu".
 */
function markEngine(root: Element, k: EngineKind | "pending" | "idle") {
  if (typeof HTMLElement !== "undefined" && root instanceof HTMLElement) root.dataset.engine = k;
}

/**
 * When `on`, says after WAIT_NOTICE_MS that the widget is waiting for the GPU: a driver slow
 * to answer (some never do) must not leave the widget blank meanwhile. The returned function
 * cancels the notice and tells whether it was shown.
 */
export function waitingNotice(status: Status, on: boolean): () => boolean {
  if (!on) return () => false;
  let shown = false;
  const t = setTimeout(() => {
    shown = true;
    status.info(`Waiting for the GPU (up to ${ACQUIRE_TIMEOUT_MS / 1000} s)…`);
  }, WAIT_NOTICE_MS);
  return () => (clearTimeout(t), shown);
}

/**
 * A device-loss record: the times of the losses within the last RETRY_WINDOW_MS. `record`
 * says whether to rebuild on the GPU or give up (the CPU engine), and how many losses.
 */
function lossWindow() {
  let losses: number[] = [];
  return (now: number) => {
    losses = [...losses.filter((t) => now - t < RETRY_WINDOW_MS), now];
    return {count: losses.length, giveUp: losses.length > MAX_RESTARTS};
  };
}

/** The life cycle of one widget's engines (see the module comment); made by `runEngine`. */
class EngineRunner<E extends Engine> implements EngineRuntime<E> {
  readonly scope = new ResourceScope(null);
  readonly ready: Promise<void>;
  engine: E | null = null;
  kind: EnginePhase = "pending";
  private engineScope: ResourceScope | null = null;
  private handle: GPUHandle | null = null;
  private recordLoss = lossWindow();
  private started = false;
  paused = false;
  private play: PlayButton | null = null;
  private redrawFrame = 0;
  private loop: FrameLoop | null = null;
  private cpuReason = "";
  private cpuShort: string | undefined;
  private markReady!: () => void;
  softwareAdapter = false;
  /** The adapter found by the last acquire (none before one, or when none answered), and its name when it is an emulation. */
  private adapter: AdapterKind = "none";
  private renderer: string | null = null;
  /** Where the running (or starting) engine runs, and the load decided for it. */
  private placement: Placement | null = null;
  private currentLoad: Load | null = null;
  /** This widget's own choice (its switch), over the page's (`readEngineChoice`). */
  private choice: EngineChoice | null = null;

  constructor(private spec: EngineSpec<E>) {
    this.ready = new Promise<void>((r) => (this.markReady = r));
    markEngine(spec.root, "idle");
    if (spec.lazy === false) queueMicrotask(() => this.start());
    else this.scope.onDispose(whenNear(spec.root, () => this.start()));
    this.scope.onDispose(() => this.stopEngine());
    if (spec.animated) this.setUpMotion();
    if (spec.stage) this.setUpStage(spec.stage);
    spec.invalidation?.then(() => this.scope.dispose());
  }

  get playControl() {
    return this.play?.element ?? null;
  }

  /** Paused under reduced motion until the reader chooses; a Play/Pause button; a redraw after any change while paused. */
  private setUpMotion() {
    let chosen = false; // once the reader has pressed the button, the preference no longer overrides it
    this.play = playButton(() => {
      chosen = true;
      this.setPaused(!this.paused);
    });
    this.setPaused(prefersReducedMotion());
    this.scope.onDispose(onReducedMotionChange((reduce) => chosen || this.setPaused(reduce)));
    // a control or the pointer changed something: show it (capture phase: controls stop their own events)
    const root = this.spec.root;
    // pointer events count only on the canvas: a press on a button is shown by its click (its
    // pointerdown, pointerup and click can fall in different frames: up to three draws for one change)
    const onChange = (e: Event) => {
      if (e.target === root || (e.type.startsWith("pointer") && !(e.target instanceof HTMLCanvasElement))) return;
      this.redraw();
    };
    const kinds = ["input", "change", "click", "pointermove", "pointerdown", "pointerup"];
    for (const k of kinds) root.addEventListener(k, onChange, true);
    this.scope.onDispose(() => {
      for (const k of kinds) root.removeEventListener(k, onChange, true);
      cancelAnimationFrame(this.redrawFrame);
    });
  }

  private setUpStage(stage: NonNullable<EngineSpec<E>["stage"]>) {
    stage.onResize(() => this.redraw());
    this.scope.onDispose(
      printStill(stage, () => {
        const e = this.engine;
        if (!e) return false;
        e.draw?.();
        return true;
      })
    );
  }

  start() {
    if (this.started || this.scope.disposed) return;
    this.started = true;
    markEngine(this.spec.root, "pending");
    void this.startGPU(false);
  }

  setPaused(p: boolean) {
    this.paused = p;
    this.loop?.setPaused(p);
    this.play?.show(p);
  }

  redraw() {
    if (!this.paused || this.redrawFrame || this.scope.disposed) return;
    this.redrawFrame = requestAnimationFrame(() => {
      this.redrawFrame = 0;
      if (this.paused && !this.scope.disposed) this.engine?.draw?.();
    });
  }

  async rebuild() {
    if (!this.started || this.scope.disposed) return;
    if (this.kind === "gpu") await this.startGPU(false);
    else if (this.kind === "cpu") await this.startCPU(this.cpuReason, this.cpuShort);
  }

  async switchEngine() {
    if (!this.started || this.scope.disposed || this.kind === "pending") return;
    if (this.kind === "gpu") {
      this.choice = "cpu";
      await this.startCPU(CHOSEN_TWIN_REASON, CHOSEN_TWIN_SHORT);
    } else {
      this.choice = "gpu";
      await this.startGPU(false);
    }
  }

  refit() {
    if (this.placement && !this.scope.disposed) this.decide(this.placement, true);
  }

  dispose() {
    this.scope.dispose();
  }

  /** The load at `place` (spec.load, else the rule-less default), remembered as the current one. */
  private decide(place: Placement, refit: boolean): Load {
    this.placement = place;
    this.currentLoad = this.spec.load ? this.spec.load(place, refit) : decideLoad(undefined, place).load;
    return this.currentLoad;
  }

  /** The context fields every engine gets: its scope and status, and the current load (read through, so a refit shows). */
  private context(scope: ResourceScope, status: Status) {
    const runner = this;
    return {
      scope,
      status,
      get load() {
        return runner.currentLoad!;
      },
    };
  }

  /** Stops the running engine and releases its scope (every GPU object it made). */
  private stopEngine() {
    if (!this.engineScope) return;
    const {kind: k, engineScope: s, engine: e} = this;
    this.engineScope = null;
    this.engine = null;
    this.kind = "pending";
    markEngine(this.spec.root, "pending");
    this.loop?.stop();
    this.loop = null;
    if (k !== "pending") this.spec.onEngineStop?.(k);
    try {
      e?.dispose?.();
    } finally {
      s.dispose();
    }
  }

  /** Makes `e` the running engine; an engine with `frame` gets the frame loop. */
  private run(e: E, k: EngineKind) {
    this.engine = e;
    this.kind = k;
    markEngine(this.spec.root, k);
    this.spec.onEngine?.(e, k);
    if (e.frame) {
      // an error in a frame: the GPU engine hands over to the CPU one; a CPU engine stops and says why
      const onError = (err: unknown) => {
        console.error(err);
        const why = (err as Error)?.message ?? String(err);
        if (k === "gpu") void this.startCPU(fallbackMessage(`the GPU engine stopped after an error (${why})`), FALLBACK_SHORT);
        else this.spec.status.error(`The animation stopped after an error: ${why}`);
      };
      const loop = frameLoop(this.spec.root, (dt, now) => e.frame!(dt, now), {maxDt: this.spec.maxDt, onError});
      loop.setPaused(this.paused);
      this.loop = loop;
      this.engineScope!.onDispose(() => loop.stop());
      // paused from the start (reduced motion) or across a rebuild: show the first picture
      if (this.paused) this.redraw();
    }
    this.markReady();
  }

  /**
   * Runs the CPU engine with `reason` (the whole sentence it shows); `short`: the reason's short
   * form, which a compact status line (a hero's) shows for every line the engine writes that
   * starts with the reason (`shortened`).
   */
  private async startCPU(reason: string, short?: string) {
    if (this.scope.disposed) return;
    this.cpuReason = reason;
    this.cpuShort = short;
    this.stopEngine();
    const s = (this.engineScope = this.scope.child(null));
    const status = short ? shortened(this.spec.status, reason, short) : this.spec.status;
    try {
      this.decide({engine: "cpu", adapter: this.adapter, renderer: this.renderer, device: null}, false);
      const e = await this.spec.cpu(Object.assign(this.context(s, status), {reason}));
      if (s.disposed) return e.dispose?.();
      this.run(e, "cpu");
    } catch (err) {
      // disposed while it started (a cell re-run, a page unloading): the failure is the dispose's, not the reader's
      if (s.disposed) return this.markReady();
      console.error(err);
      this.spec.status.error(`The CPU engine failed to start: ${err instanceof Error ? err.message : String(err)}`);
      this.markReady();
    }
  }

  private onLost(lostHandle: GPUHandle, info: GPUDeviceLostInfo) {
    // a loss of a device this widget no longer uses (an old one, lost late) changes nothing
    if (this.scope.disposed || lostHandle !== this.handle) return;
    this.handle = null;
    this.spec.onDeviceLost?.(info);
    this.stopEngine();
    const {count, giveUp} = this.recordLoss(performance.now());
    const why = info.message || info.reason || "no reason given";
    if (giveUp) {
      void this.startCPU(fallbackMessage(gaveUpReason(count, RETRY_WINDOW_MS / 1000, why)), FALLBACK_SHORT);
      return;
    }
    // not "rebuilt": that is said once the rebuild has finished (rebuiltStatus), and tests wait for it
    this.spec.status.warn(deviceLostMessage(why));
    setTimeout(() => void this.startGPU(true), RETRY_DELAY_MS);
  }

  /**
   * The shared device, or null with the CPU engine started and the reason said. On a first
   * start a slow answer is announced (waitingNotice); a rebuild keeps its "lost" message.
   */
  private async acquire(rebuilt: boolean): Promise<GPUHandle | null> {
    const acquire = this.spec.acquire ?? (() => acquireGPU());
    const settled = waitingNotice(this.spec.status, !rebuilt);
    try {
      const h = await withTimeout(acquire(), ACQUIRE_TIMEOUT_MS, `the GPU adapter did not answer within ${ACQUIRE_TIMEOUT_MS / 1000} s`);
      if (settled()) this.spec.status.info(""); // the engine that starts now says what runs
      if (!h && !this.scope.disposed) void this.startCPU(fallbackMessage(gpuUnavailableReason), FALLBACK_SHORT);
      return h;
    } catch (err) {
      settled();
      void this.startCPU(fallbackMessage((err as Error).message), FALLBACK_SHORT);
      return null;
    }
  }

  private async startGPU(rebuilt: boolean): Promise<void> {
    const {spec} = this;
    if (this.scope.disposed) return;
    if (!spec.gpu || spec.cpuReason) return this.startCPU(spec.cpuReason ?? "this widget runs on the CPU");
    const choice = this.choice ?? readEngineChoice();
    if (choice === "cpu") return this.startCPU(CHOSEN_TWIN_REASON, CHOSEN_TWIN_SHORT);
    const h = await this.acquire(rebuilt);
    if (!h || this.scope.disposed) return;
    const info = h.adapterInfo ?? adapterInfoOf(h.device);
    this.softwareAdapter = isSoftwareAdapter(info);
    this.adapter = this.softwareAdapter ? "software" : "gpu";
    this.renderer = softwareRenderer(info);
    // on a CPU emulation the twin is the faster engine for some widgets (engine-choice.ts)
    if (this.softwareAdapter && spec.software === "cpu" && choice !== "gpu")
      return this.startCPU(softwareTwinReason(this.renderer ?? "a software adapter"), SOFTWARE_TWIN_SHORT);
    if (h.isLost()) {
      // the shared device died between acquire and now: count it as a loss and retry
      this.handle = h;
      return this.onLost(h, {reason: "unknown", message: "the device was lost while starting"} as GPUDeviceLostInfo);
    }
    this.stopEngine();
    this.handle = h;
    const s = (this.engineScope = this.scope.child(h.device));
    s.onDispose(h.onLost((info) => this.onLost(h, info)));
    const status = rebuilt ? rebuiltStatus(spec.status) : null;
    try {
      // the load before the engine exists: the widget's state says it while the pipelines compile
      this.decide({engine: "gpu", adapter: this.adapter, renderer: this.renderer, device: h.device}, false);
      const ctx = Object.assign(this.context(s, status ?? spec.status), {handle: h, device: h.device, wgsl: spec.wgsl ?? browserWGSL, rebuilt});
      const e = await spec.gpu(ctx);
      if (s.disposed) return e.dispose?.();
      this.run(e, "gpu");
      status?.settle();
    } catch (err) {
      // lost while building: the loss handler has already scheduled the rebuild
      if (s.disposed || h.isLost()) return;
      console.error(err);
      this.handle = null;
      void this.startCPU(fallbackMessage(`the GPU engine failed to start: ${(err as Error).message}`), FALLBACK_SHORT);
    }
  }
}

/**
 * The status line handed to a GPU engine rebuilt after a device loss: every info line it
 * writes starts with `rebuiltMessage()`; `settle()` (once the engine runs) says the message
 * alone when the engine wrote no info line while it was built.
 */
function rebuiltStatus(status: Status): Status & {settle(): void} {
  let said = false;
  const info = (text: string) => {
    said = true;
    status.info(text ? `${rebuiltMessage()} ${text}` : rebuiltMessage());
  };
  return Object.assign(Object.create(status) as Status, {
    info,
    settle() {
      if (!said) info("");
    },
  });
}

/**
 * The status line handed to a CPU engine started for `reason`: each line it writes that starts
 * with the reason (`${ctx.reason} The CPU twin simulates …`) carries `short` as its short form,
 * which a compact line (a hero's) shows instead of the whole line (status.ts).
 */
function shortened(status: Status, reason: string, short: string): Status {
  const wrap = (say: Status["info"]) => (text: string, s?: string) => say(text, s ?? (text.startsWith(reason) ? short : undefined));
  return Object.assign(Object.create(status) as Status, {info: wrap(status.info), warn: wrap(status.warn), error: wrap(status.error)});
}

/** Runs a widget's engines with the life cycle described in the module comment. */
export function runEngine<E extends Engine>(spec: EngineSpec<E>): EngineRuntime<E> {
  return new EngineRunner(spec);
}
