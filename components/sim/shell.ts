/**
 * A small shell for live simulation widgets (sand §4, water §5, the hero): the DOM
 * (canvas stage, controls row, live panel, status line), canvas sizing that follows the
 * layout (ResizeObserver, fixed aspect ratio, capped height), cleanup on `invalidation`,
 * and the GPU life cycle (`runOnGPU`: start, fallback without WebGPU, restart after a
 * lost device).
 *
 *   const shell = createSimShell({name: "sand", aspect: 1, invalidation});
 *   runOnGPU(shell, {start: async (handle, scope) => {…; return frameLoop(shell.canvas, step)}, fallback: (why) => …});
 *   return shell.root;
 */
import {acquireGPU, gpuUnavailableReason, type GPUHandle} from "../gpu/context.js";
import {ResourceScope} from "../gpu/scope.js";
import {statusLine, type StatusLine} from "../widgets/view.js";

export interface SimShellOptions {
  /** The widget's name: `data-widget` of the root. */
  name: string;
  /** Canvas width / height (default 1). */
  aspect?: number;
  /** Largest canvas height in CSS px (default 640; not a number ≥ 1 → the default — widgets validate it first with `clampOption`). */
  maxHeight?: number;
  /** Accessible label of the canvas. */
  label?: string;
  /** Framework's invalidation promise: the shell (and everything in its scope) is disposed on it. */
  invalidation?: Promise<unknown>;
}

export interface SimShell {
  /** The widget element (class "widget", data-widget=name); `.dispose()` releases everything. */
  root: HTMLElement & {value?: unknown; dispose(): void};
  /** Wraps the canvas (position: relative, for overlays). */
  stage: HTMLDivElement;
  /** The simulation canvas (replaced by `freshCanvas`). */
  canvas: HTMLCanvasElement;
  /** Row of controls (sliders, buttons). */
  controls: HTMLDivElement;
  /** Live panel (counters, timings). */
  panel: HTMLDivElement;
  /**
   * The status line. While the canvas has no size it shows "the canvas has no size …";
   * messages written meanwhile are kept and shown once the canvas has a size again.
   */
  status: StatusLine;
  /** false while the canvas is narrower or lower than 1 CSS px: frame loops should skip frames. */
  readonly hasSize: boolean;
  /** Owns cleanups of the whole widget; disposed on invalidation / root.dispose(). */
  scope: ResourceScope;
  /** Current canvas CSS size in px (updated by the ResizeObserver). */
  size: {width: number; height: number};
  /** Registers a callback run after every layout size change. */
  onResize(cb: (size: {width: number; height: number}) => void): void;
  /**
   * Replaces the canvas by a new one (a canvas that had a WebGPU context cannot get a 2D
   * one, e.g. when falling back to the CPU twin after a device loss). Returns it.
   */
  freshCanvas(): HTMLCanvasElement;
  readonly disposed: boolean;
}

/** Builds the shell's DOM and sizing. See the module comment. */
export function createSimShell(options: SimShellOptions): SimShell {
  const aspect = options.aspect && options.aspect > 0 ? options.aspect : 1;
  const maxHeight = Number.isFinite(options.maxHeight) && options.maxHeight! >= 1 ? options.maxHeight! : 640;
  const root = document.createElement("div") as unknown as SimShell["root"];
  root.className = `widget sim-widget ${options.name}-widget`;
  root.dataset.widget = options.name;
  const stage = document.createElement("div");
  stage.className = "sim-stage";
  stage.style.position = "relative";
  stage.style.width = "100%";
  const controls = document.createElement("div");
  controls.className = "widget-controls";
  const panel = document.createElement("div");
  panel.className = "sim-panel counter";
  const line = statusLine();
  root.append(stage, controls, panel, line.element);
  // the widget's latest message, shown again when a zero-size canvas gets a size
  let latest: {kind: "info" | "warn" | "error"; text: string} | null = null;
  let hasSize = true;
  const write = (kind: "info" | "warn" | "error") => (text: string) => {
    latest = {kind, text};
    if (hasSize) line[kind](text);
  };
  const status: StatusLine = {element: line.element, info: write("info"), warn: write("warn"), error: write("error")};
  function setHasSize(ok: boolean, width: number, height: number) {
    if (ok === hasSize) return;
    hasSize = ok;
    if (!ok) line.warn(`The canvas has no size (${Math.round(width)} × ${Math.round(height)} px), so the simulation is paused until it is shown with a size.`);
    else if (latest) line[latest.kind](latest.text);
    else line.info("");
  }

  const scope = new ResourceScope(null);
  const resizeCallbacks: ((s: {width: number; height: number}) => void)[] = [];
  const size = {width: 0, height: 0};
  let canvas = makeCanvas();
  stage.append(canvas);

  function makeCanvas() {
    const c = document.createElement("canvas");
    c.style.display = "block";
    c.style.width = "100%";
    c.style.touchAction = "none";
    c.setAttribute("role", "img");
    if (options.label) c.setAttribute("aria-label", options.label);
    return c;
  }
  function layout() {
    const w = stage.clientWidth;
    const h = Math.min(maxHeight, w / aspect);
    const width = Math.min(w, h * aspect);
    canvas.style.width = `${Math.round(width)}px`;
    canvas.style.height = `${Math.round(h)}px`;
    canvas.style.margin = "0 auto";
    setHasSize(width >= 1 && h >= 1, width, h);
    if (width !== size.width || h !== size.height) {
      size.width = width;
      size.height = h;
      for (const cb of resizeCallbacks) cb(size);
    }
  }
  const ro = new ResizeObserver(() => layout());
  ro.observe(stage);
  scope.onDispose(() => ro.disconnect());

  const shell: SimShell = {
    root,
    stage,
    get canvas() {
      return canvas;
    },
    controls,
    panel,
    status,
    scope,
    size,
    get hasSize() {
      return hasSize;
    },
    onResize(cb) {
      resizeCallbacks.push(cb);
    },
    freshCanvas() {
      const c = makeCanvas();
      canvas.replaceWith(c);
      canvas = c;
      layout();
      return c;
    },
    get disposed() {
      return scope.disposed;
    },
  };
  root.dispose = () => scope.dispose();
  options.invalidation?.then(() => scope.dispose());
  queueMicrotask(layout);
  return shell;
}

export interface GPURunOptions {
  /**
   * Builds the simulation on `handle.device` with GPU buffers in `scope` (disposed when
   * the device is lost or the widget goes away) and starts it. Return a stop function
   * (or register cleanups on scope). Throwing falls back to the CPU.
   */
  start(handle: GPUHandle, scope: ResourceScope): Promise<(() => void) | void>;
  /** Runs the CPU twin; `reason` is one line saying why the GPU is not used. */
  fallback(reason: string): void;
  /** Device provider (default: the page's shared device, `acquireGPU()`). */
  acquire?: () => Promise<GPUHandle | null>;
  /** Called when the device is lost, before the restart. */
  onLost?: (info: GPUDeviceLostInfo) => void;
  /** Restarts after device losses before giving up and falling back (default 2). */
  maxRestarts?: number;
}

/**
 * Runs a simulation on the GPU with the shell's life cycle: WebGPU missing → `fallback`;
 * device lost → status message, rebuild on a new device (up to `maxRestarts`), then
 * `fallback`. Every GPU resource lives in a child scope of `shell.scope`.
 */
export async function runOnGPU(shell: SimShell, options: GPURunOptions): Promise<void> {
  const acquire = options.acquire ?? (() => acquireGPU());
  let restarts = 0;
  const maxRestarts = options.maxRestarts ?? 2;
  const attempt = async (): Promise<void> => {
    if (shell.disposed) return;
    const handle = await acquire();
    if (shell.disposed) return;
    if (!handle) return options.fallback(gpuUnavailableReason ?? "no WebGPU adapter");
    const scope = shell.scope.child(handle.device);
    let unsub = () => {};
    scope.onDispose(() => unsub());
    unsub = handle.onLost((info) => {
      scope.dispose();
      // "destroyed" too: widgets never destroy the shared device themselves, so someone
      // else did (another owner, a test hook) and this widget still needs a device
      if (shell.disposed) return;
      options.onLost?.(info);
      if (restarts++ < maxRestarts) {
        shell.status.warn(`The GPU device was lost (${info.message || "no reason given"}); restarting the simulation…`);
        shell.freshCanvas();
        setTimeout(() => void attempt(), 250);
      } else {
        shell.freshCanvas();
        options.fallback(`the GPU device was lost ${restarts} times (${info.message || "no reason given"})`);
      }
    });
    try {
      const stop = await options.start(handle, scope);
      if (stop) scope.onDispose(stop);
    } catch (e) {
      // lost while starting: the loss handler above already disposed the scope and
      // scheduled the rebuild, so the error (e.g. "ResourceScope already disposed") is expected
      if (scope.disposed || handle.isLost()) return;
      console.error(e);
      scope.dispose();
      if (shell.disposed) return;
      shell.freshCanvas();
      options.fallback(`the GPU simulation failed to start: ${(e as Error).message}`);
    }
  };
  await attempt();
}
