/**
 * The one canvas shell of the simulation widgets, for a 2D context (the §1–§2 disc demos)
 * or a WebGPU context (sand, water, hero), and the one pointer model.
 *
 * - Size: the canvas fills its stage's width at a fixed aspect ratio, capped by
 *   `maxWidth` and `maxHeight`; its backing store follows the CSS size × devicePixelRatio,
 *   so it stays sharp when the window moves to another screen.
 * - Zero size (a collapsed container): the status line says the simulation is paused,
 *   `hasSize` is false, and the widget's own message comes back once it has a size.
 * - Pointer → world: exact at any devicePixelRatio; the map uses the canvas's CSS content
 *   box and the world rectangle the widget draws (`view()`), so drawing and pointer agree.
 *   When the page scrolls under a mouse or pen that does not move (a wheel), the pointer is
 *   recomputed from its last client point, so it follows what is now under it.
 * - Touch: `"tap-to-wake"` keeps a vertical swipe scrolling the page until a touch lands
 *   on the canvas; then drags belong to the demo for `wakeMs` after the last touch.
 *   `"capture"` gives every touch to the demo (for a host page that wants it; it traps a
 *   reader's swipe, so the essay does not use it); `"pan-y"` always lets vertical swipes
 *   scroll the page and gives the demo the sideways drags (a canvas that fills the screen).
 *   The stage says which in a hint line under the canvas (shown on touch screens).
 * - Keyboard: the canvas takes focus and the arrow keys move the same pointer
 *   (`keyboard-pointer.ts`), with a visible cursor and instructions for screen readers.
 * - A canvas that once had a WebGPU context cannot get a 2D one: `fresh()` swaps in a new
 *   canvas (for the CPU engine after a device loss); the pointer follows it.
 */
import {backingSize, pageDpr} from "../../sim/backing-store.js";
import {clientToWorld, contentBox, insideBox, type WorldPointer} from "../../sim/pointer.js";
import type {WorldView} from "../../sim/renderer.js";
import {keyboardPointer} from "./keyboard-pointer.js";
import {observeResize} from "./resize.js";
import type {Status} from "./status.js";
import {onThemeChange} from "./theme.js";

export type {WorldPointer};

export interface CanvasStageOptions {
  /** Canvas width / height (> 0). */
  aspect: number;
  /** Largest CSS width and height (px). */
  maxWidth?: number;
  maxHeight?: number;
  /** Accessible name of the canvas (focusable, role=application: see keyboard-pointer.ts). */
  label: string;
  /** What the arrow keys do here, one sentence (the start of the keyboard instructions). */
  keys?: string;
  /** The world rectangle drawn on the whole canvas (y up), read at every pointer event. */
  view: () => WorldView;
  /** Touch behaviour (see the module comment); default "tap-to-wake". */
  touch?: "tap-to-wake" | "capture" | "pan-y";
  /** The touch hint line under the canvas (default: what the touch mode means, in words). */
  touchHint?: string;
  /** What the hints call the canvas ("box", "tank"), the same word the widget's caption uses; default "picture". */
  noun?: string;
  /** How long a woken canvas keeps touches (ms, default 2,500). */
  wakeMs?: number;
  /** Where "the canvas has no size" is said. */
  status?: Status;
}

export interface CanvasStage {
  /** The stage element (put it in the widget). */
  element: HTMLDivElement;
  /** The canvas now (replaced by `fresh()`). */
  readonly canvas: HTMLCanvasElement;
  pointer: WorldPointer;
  /** CSS size of the canvas, px (updated on every layout change). */
  readonly size: {width: number; height: number};
  /** false while the canvas is narrower or lower than 1 CSS px: skip frames. */
  readonly hasSize: boolean;
  /** Called after every size or devicePixelRatio change (the backing store was resized and cleared). */
  onResize(cb: () => void): void;
  /** Called on every pointer change. */
  onPointer(cb: (p: WorldPointer) => void): void;
  /** A software 2D context of the current canvas (created on first use). */
  context2d(): CanvasRenderingContext2D;
  /** Sets `ctx`'s transform so drawing uses world units of `view` (y up). */
  worldTransform(ctx: CanvasRenderingContext2D, view: WorldView): void;
  /** Replaces the canvas by a new one (see the module comment). */
  fresh(): HTMLCanvasElement;
  dispose(): void;
}

export {backingSize} from "../../sim/backing-store.js";

/** What each touch mode means to a reader, said under the canvas. */
const TOUCH_HINTS = {
  "tap-to-wake": (noun: string) => `On a touch screen, tap the ${noun} first, then drag; a swipe that starts here scrolls the page.`,
  "pan-y": (_noun: string) => "On a touch screen, drag sideways to play; swipe up or down to scroll the page.",
  capture: (noun: string) => `On a touch screen, drag on the ${noun} to play.`,
};

/**
 * Whether the reader's main pointer is a finger (CSS `pointer: coarse`, the same query that
 * shows the touch hint line): widgets then say "touch …" instead of "move the pointer …".
 * False where matchMedia is missing (Node tests).
 */
export function touchFirst(): boolean {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

/**
 * The stage's touch hint line, taken out of the stage: for a hero whose stage lies under the
 * whole widget (position: absolute), where the line would print over the caption and the status
 * under the picture. The hero's grid gives it a row of its own (widgets.css); put it in the
 * widget's layout. [] when the stage has no hint.
 */
export function touchHintRow(stage: Pick<CanvasStage, "element">): HTMLElement[] {
  const hint = stage.element.querySelector<HTMLElement>(":scope > .touch-hint");
  return hint ? [hint] : [];
}

/** The canvas's `touch-action` while no touch has woken it. */
const idleTouchAction = (o: CanvasStageOptions) => (o.touch === "capture" ? "none" : "pan-y");

/** Builds the stage (see the module comment). */
export function createCanvasStage(o: CanvasStageOptions): CanvasStage {
  const aspect = o.aspect > 0 ? o.aspect : 1;
  const element = document.createElement("div");
  element.className = "sim-stage";
  element.style.cssText = `position: relative; width: 100%;${o.maxWidth ? ` max-width: ${o.maxWidth}px;` : ""}`;
  const pointer: WorldPointer = {x: NaN, y: NaN, inside: false, down: false, active: false};
  const resizeCbs: (() => void)[] = [];
  const pointerCbs: ((p: WorldPointer) => void)[] = [];
  const size = {width: 0, height: 0};
  let hasSize = true;
  let ctx2d: CanvasRenderingContext2D | null = null;
  const idleTouch = idleTouchAction(o);

  const makeCanvas = () => {
    const c = document.createElement("canvas");
    c.setAttribute("aria-label", o.label);
    c.style.cssText = `display: block; margin: 0 auto; touch-action: ${idleTouch};`;
    return c;
  };
  let canvas = makeCanvas();
  const hint = document.createElement("p");
  hint.className = "touch-hint";
  hint.textContent = o.touchHint ?? TOUCH_HINTS[o.touch ?? "tap-to-wake"](o.noun ?? "picture");
  element.append(canvas, hint);

  const setHasSize = (ok: boolean) => {
    if (ok === hasSize) return;
    hasSize = ok;
    if (!ok)
      o.status?.hold(
        "warn",
        `The canvas has no size (${Math.round(size.width)} × ${Math.round(size.height)} px), so the simulation is paused until it is shown with a size.`
      );
    else o.status?.release();
  };
  const layout = () => {
    const w = element.clientWidth;
    const h = Math.min(o.maxHeight ?? Infinity, w / aspect);
    // whole CSS pixels: the renderers size the backing store from the laid-out size (fitBackingStore)
    const width = Math.round(Math.min(w, h * aspect));
    canvas.style.width = `${Math.round(width)}px`;
    canvas.style.height = `${Math.round(h)}px`;
    size.width = width;
    size.height = Math.round(h);
    setHasSize(width >= 1 && h >= 1);
    if (!(width >= 1 && h >= 1)) return;
    const b = backingSize(width, Math.round(h), pageDpr());
    if (canvas.width === b.width && canvas.height === b.height) return;
    canvas.width = b.width;
    canvas.height = b.height;
    for (const cb of resizeCbs) cb();
  };
  // deferred a frame: layout() sets the canvas height, which is the stage's (resize.ts)
  const stopResize = observeResize([element], layout);
  let mq: MediaQueryList | null = null;
  const onDpr = () => {
    layout();
    watchDpr();
  };
  const watchDpr = () => {
    mq?.removeEventListener("change", onDpr);
    mq = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    mq.addEventListener("change", onDpr);
  };
  watchDpr();
  // a theme change repaints like a resize: every canvas reads its colours from the theme
  const stopTheme = onThemeChange(element, () => {
    for (const cb of resizeCbs) cb();
  });

  const notify = () => {
    for (const cb of pointerCbs) cb(pointer);
  };
  const tracker = pointerTracker(pointer, () => canvas, o, notify);
  const keys = keyboardPointer({pointer, stage: element, canvas: () => canvas, view: o.view, hint: o.keys, notify});
  const listen = (c: HTMLCanvasElement, on: boolean) => {
    tracker.listen(c, on);
    keys.listen(c, on);
  };
  listen(canvas, true);
  queueMicrotask(layout);

  return {
    element,
    get canvas() {
      return canvas;
    },
    pointer,
    size,
    get hasSize() {
      return hasSize;
    },
    onResize(cb) {
      resizeCbs.push(cb);
    },
    onPointer(cb) {
      pointerCbs.push(cb);
    },
    context2d() {
      // willReadFrequently: a software canvas. A few thousand small discs raster in a few ms
      // on the CPU and the GPU process stays free for the WebGPU kernels (measured in
      // headless Chromium with SwiftShader: the accelerated canvas starved other widgets'
      // frames, about 3 frames/s against about 30).
      ctx2d ??= canvas.getContext("2d", {alpha: false, willReadFrequently: true})!;
      return ctx2d;
    },
    worldTransform(ctx, v) {
      const sx = canvas.width / (v.x1 - v.x0);
      const sy = canvas.height / (v.y1 - v.y0);
      ctx.setTransform(sx, 0, 0, -sy, -v.x0 * sx, canvas.height + v.y0 * sy);
    },
    fresh() {
      const c = makeCanvas();
      c.style.cssText = canvas.style.cssText; // a widget's own canvas styles (a frame) stay
      const focused = canvas.matches(":focus");
      listen(canvas, false);
      canvas.replaceWith(c);
      if (focused) c.focus({preventScroll: true}); // a keyboard reader keeps their place
      canvas = c;
      ctx2d = null;
      listen(c, true);
      layout();
      return c;
    },
    dispose() {
      stopResize();
      mq?.removeEventListener("change", onDpr);
      stopTheme();
      tracker.stop();
      keys.stop();
      listen(canvas, false);
    },
  };
}

/**
 * Keeps `pointer` in world units from the pointer events of the current canvas (pointer
 * capture, so a drag that leaves the canvas keeps pushing), and wakes a "tap-to-wake"
 * canvas on touch. `listen(c, on)` attaches or detaches the listeners of canvas `c`.
 */
function pointerTracker(pointer: WorldPointer, canvas: () => HTMLCanvasElement, o: CanvasStageOptions, notify: () => void) {
  const touch = o.touch ?? "tap-to-wake";
  const idleTouch = idleTouchAction(o);
  let sleepTimer: ReturnType<typeof setTimeout> | undefined;
  const wake = () => {
    if (touch !== "tap-to-wake") return;
    canvas().style.touchAction = "none";
    clearTimeout(sleepTimer);
    sleepTimer = setTimeout(() => (canvas().style.touchAction = idleTouch), o.wakeMs ?? 2500);
  };
  // the last pointer event's client point: when the page scrolls under a pointer that does
  // not move (a mouse wheel), no pointer event comes, yet the canvas moved under it
  let last: {clientX: number; clientY: number; pointerType: string} | null = null;
  const place = (e: {clientX: number; clientY: number; pointerType: string}) => {
    last = {clientX: e.clientX, clientY: e.clientY, pointerType: e.pointerType};
    const p = clientToWorld(e.clientX, e.clientY, contentBox(canvas()), o.view());
    pointer.x = p.x;
    pointer.y = p.y;
    pointer.active = pointer.inside && (e.pointerType === "mouse" || e.pointerType === "pen" || pointer.down);
  };
  /** On any scroll: the world point now under the last client point of a hovering mouse or pen. */
  const onScroll = () => {
    if (!last || last.pointerType === "touch") return; // a finger that scrolls is not hovering
    if (!pointer.down) pointer.inside = insideBox(last.clientX, last.clientY, contentBox(canvas()));
    place(last);
    notify();
  };
  window.addEventListener("scroll", onScroll, {capture: true, passive: true});
  const onDown = (e: PointerEvent) => {
    pointer.down = true;
    pointer.inside = true;
    if (e.pointerType === "touch") wake();
    try {
      canvas().setPointerCapture(e.pointerId);
    } catch {
      /* synthetic events have no active pointer to capture */
    }
    place(e);
    notify();
  };
  const onMove = (e: PointerEvent) => {
    pointer.inside = pointer.down || insideBox(e.clientX, e.clientY, contentBox(canvas()));
    if (e.pointerType === "touch") wake();
    place(e);
    notify();
  };
  const onUp = (e: PointerEvent) => {
    pointer.down = false;
    if (e.pointerType === "touch" || e.type === "pointercancel") pointer.inside = false;
    place(e);
    notify();
  };
  const onLeave = () => {
    if (pointer.down) return;
    last = null; // where the pointer goes next is not this canvas's to know
    pointer.inside = false;
    pointer.active = false;
    notify();
  };
  const listen = (c: HTMLCanvasElement, on: boolean) => {
    const f = on ? c.addEventListener.bind(c) : c.removeEventListener.bind(c);
    f("pointerdown", onDown as EventListener);
    f("pointermove", onMove as EventListener);
    f("pointerup", onUp as EventListener);
    f("pointercancel", onUp as EventListener);
    f("pointerleave", onLeave as EventListener);
  };
  return {
    listen,
    stop: () => {
      clearTimeout(sleepTimer);
      window.removeEventListener("scroll", onScroll, {capture: true});
    },
  };
}
