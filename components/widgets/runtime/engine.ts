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
import {whenNear} from "./lazy.js";
import {fallbackMessage, type Status} from "./status.js";

/** Rebuilds after device losses within RETRY_WINDOW_MS before the CPU engine takes over. */
export const MAX_RESTARTS = 2;
export const RETRY_WINDOW_MS = 10_000;
/** Wait before rebuilding on a new device (lets the browser finish tearing the old one down). */
export const RETRY_DELAY_MS = 250;
/** Longest wait for the shared device before running the CPU engine. */
export const ACQUIRE_TIMEOUT_MS = 15_000;
/** After this long without the device on a first start, the status line says the widget is waiting for it. */
export const WAIT_NOTICE_MS = 1_000;

export type EngineKind = "gpu" | "cpu";

/** What a widget's engine may do; every member is optional. */
export interface Engine {
  /** Advances one animation frame (`dt` in seconds, clamped). Present → the runtime animates it. */
  frame?(dt: number, now: number): void;
  /** Back to the initial state with the current options. */
  reset?(): void;
  /** Releases what the engine holds outside its scope (its scope is disposed anyway). */
  dispose?(): void;
}

interface EngineContextBase {
  /** Scope of this engine: disposed when the engine is replaced or the widget goes away. */
  scope: ResourceScope;
  status: Status;
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

export interface EngineSpec<E extends Engine> {
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
}

export interface EngineRuntime<E extends Engine> {
  /** The running engine, or null before the first start and between a loss and the rebuild. */
  readonly engine: E | null;
  readonly kind: EngineKind | "pending";
  /** The widget's scope (register widget-level cleanups here). */
  readonly scope: ResourceScope;
  /** Resolves when the first engine runs. */
  readonly ready: Promise<void>;
  /** Pauses / resumes the frame loop (a pause button). */
  setPaused(paused: boolean): void;
  /** Starts now, whatever the widget's position (also cancels the lazy wait). */
  start(): void;
  /** Replaces the running engine by a fresh one of the same kind (an option that needs new buffers). */
  rebuild(): Promise<void>;
  dispose(): void;
}

/** `p`, or a rejection with `message` after `ms` milliseconds. */
function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(message)), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e))
    );
  });
}

/**
 * When `on`, says after WAIT_NOTICE_MS that the widget is waiting for the GPU: a driver slow
 * to answer (some never do) must not leave the widget blank meanwhile. The returned function
 * cancels the notice and tells whether it was shown.
 */
function waitingNotice(status: Status, on: boolean): () => boolean {
  if (!on) return () => false;
  let shown = false;
  const t = setTimeout(() => {
    shown = true;
    status.info(`Waiting for the GPU (up to ${ACQUIRE_TIMEOUT_MS / 1000} s)…`);
  }, WAIT_NOTICE_MS);
  return () => (clearTimeout(t), shown);
}

/** Runs a widget's engines with the life cycle described in the module comment. */
export function runEngine<E extends Engine>(spec: EngineSpec<E>): EngineRuntime<E> {
  const scope = new ResourceScope(null);
  let engine: E | null = null;
  let kind: EngineKind | "pending" = "pending";
  let engineScope: ResourceScope | null = null;
  let handle: GPUHandle | null = null;
  let losses: number[] = [];
  let started = false;
  let paused = false;
  let loop: FrameLoop | null = null;
  let markReady!: () => void;
  const ready = new Promise<void>((r) => (markReady = r));
  const acquire = spec.acquire ?? (() => acquireGPU());

  const stopEngine = () => {
    if (!engineScope) return;
    const k = kind;
    const s = engineScope;
    const e = engine;
    engineScope = null;
    engine = null;
    kind = "pending";
    mark("pending");
    loop?.stop();
    loop = null;
    if (k !== "pending") spec.onEngineStop?.(k);
    try {
      e?.dispose?.();
    } finally {
      s.dispose();
    }
  };

  // data-engine on the root, for tests and host pages: "idle" (not started: far from the
  // viewport), "pending" (starting, or rebuilding after a loss), "gpu" or "cpu"
  const mark = (k: EngineKind | "pending" | "idle") => {
    if (typeof HTMLElement !== "undefined" && spec.root instanceof HTMLElement) spec.root.dataset.engine = k;
  };
  mark("idle");

  const run = (e: E, k: EngineKind) => {
    engine = e;
    kind = k;
    mark(k);
    spec.onEngine?.(e, k);
    if (e.frame) {
      loop = frameLoop(spec.root, (dt, now) => e.frame!(dt, now), {maxDt: spec.maxDt});
      loop.setPaused(paused);
      engineScope!.onDispose(() => loop?.stop());
    }
    markReady();
  };

  let cpuReason = "";
  const startCPU = async (reason: string) => {
    if (scope.disposed) return;
    cpuReason = reason;
    stopEngine();
    const s = (engineScope = scope.child(null));
    try {
      const e = await spec.cpu({scope: s, status: spec.status, reason});
      if (s.disposed) return e.dispose?.();
      run(e, "cpu");
    } catch (err) {
      console.error(err);
      spec.status.error(`The CPU engine failed to start: ${(err as Error).message}`);
      markReady();
    }
  };

  const onLost = (lostHandle: GPUHandle, info: GPUDeviceLostInfo) => {
    // a loss of a device this widget no longer uses (an old one, lost late) changes nothing
    if (scope.disposed || lostHandle !== handle) return;
    handle = null;
    spec.onDeviceLost?.(info);
    stopEngine();
    const now = performance.now();
    losses = [...losses.filter((t) => now - t < RETRY_WINDOW_MS), now];
    const why = info.message || info.reason || "no reason given";
    if (losses.length > MAX_RESTARTS) {
      void startCPU(fallbackMessage(`the GPU device was lost ${losses.length} times within ${RETRY_WINDOW_MS / 1000} s (${why})`));
      return;
    }
    spec.status.warn(`The GPU device was lost (${why}); rebuilding on a new GPU device…`);
    setTimeout(() => void startGPU(true), RETRY_DELAY_MS);
  };

  const startGPU = async (rebuilt: boolean): Promise<void> => {
    if (scope.disposed) return;
    if (!spec.gpu || spec.cpuReason) return startCPU(spec.cpuReason ?? "this widget runs on the CPU");
    let h: GPUHandle | null;
    const settled = waitingNotice(spec.status, !rebuilt);
    try {
      h = await withTimeout(acquire(), ACQUIRE_TIMEOUT_MS, `the GPU adapter did not answer within ${ACQUIRE_TIMEOUT_MS / 1000} s`);
    } catch (err) {
      settled();
      return startCPU(fallbackMessage((err as Error).message));
    }
    if (settled()) spec.status.info(""); // the engine that starts now says what runs
    if (scope.disposed) return;
    if (!h) return startCPU(fallbackMessage(gpuUnavailableReason));
    if (h.isLost()) {
      // the shared device died between acquire and now: count it as a loss and retry
      handle = h;
      return onLost(h, {reason: "unknown", message: "the device was lost while starting"} as GPUDeviceLostInfo);
    }
    stopEngine();
    handle = h;
    const hh = h;
    const s = (engineScope = scope.child(h.device));
    s.onDispose(h.onLost((info) => onLost(hh, info)));
    try {
      const e = await spec.gpu({scope: s, status: spec.status, handle: h, device: h.device, wgsl: spec.wgsl ?? browserWGSL, rebuilt});
      if (s.disposed) return e.dispose?.();
      run(e, "gpu");
    } catch (err) {
      // lost while building: the loss handler has already scheduled the rebuild
      if (s.disposed || h.isLost()) return;
      console.error(err);
      handle = null;
      void startCPU(fallbackMessage(`the GPU engine failed to start: ${(err as Error).message}`));
    }
  };

  const start = () => {
    if (started || scope.disposed) return;
    started = true;
    mark("pending");
    void startGPU(false);
  };

  if (spec.lazy === false) queueMicrotask(start);
  else scope.onDispose(whenNear(spec.root, start));
  scope.onDispose(stopEngine);
  spec.invalidation?.then(() => scope.dispose());

  return {
    get engine() {
      return engine;
    },
    get kind() {
      return kind;
    },
    scope,
    ready,
    setPaused(p) {
      paused = p;
      loop?.setPaused(p);
    },
    start,
    async rebuild() {
      if (!started || scope.disposed) return;
      if (kind === "gpu") await startGPU(false);
      else if (kind === "cpu") await startCPU(cpuReason);
    },
    dispose: () => scope.dispose(),
  };
}
