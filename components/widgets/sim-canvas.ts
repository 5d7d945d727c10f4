/**
 * A canvas showing a rectangular simulation world (world units, y up), sized to its
 * container, sharp at any devicePixelRatio, with exact pointer → world mapping and the
 * touch behaviour of the demos: over an idle demo a vertical swipe scrolls the page
 * (touch-action: pan-y); a touch that starts a drag or a tap wakes the demo, and while it
 * is awake (until `wakeMs` after the last touch) drags go to the demo only.
 */
import {clientToWorld as viewToWorld} from "../sim/pointer.js";

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** World position of a client (CSS pixel) point over `rect`, which shows a worldW × worldH box. */
export function clientToWorld(clientX: number, clientY: number, rect: Rect, worldW: number, worldH: number) {
  const {x, y} = viewToWorld(clientX, clientY, rect, {x0: 0, y0: 0, x1: worldW, y1: worldH});
  const inside = clientX >= rect.left && clientX <= rect.left + rect.width && clientY >= rect.top && clientY <= rect.top + rect.height;
  return {x, y, inside};
}

/** Backing-store size (device pixels) of a canvas of CSS size w × h at ratio dpr. */
export function backingSize(cssW: number, cssH: number, dpr: number) {
  return {width: Math.max(1, Math.round(cssW * dpr)), height: Math.max(1, Math.round(cssH * dpr))};
}

export interface SimPointer {
  /** World position of the pointer (valid while `active`). */
  x: number;
  y: number;
  /** true while the pointer is over the box (mouse/pen hover, or a touch down). */
  active: boolean;
  /** true while a button / finger is down. */
  down: boolean;
}

export interface SimCanvas {
  /** Wrapper element (put this in the widget). */
  element: HTMLDivElement;
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  pointer: SimPointer;
  /** Sets the 2D transform so drawing uses world units (y up). Call at the start of each frame. */
  beginFrame(): void;
  /** Device pixels per world unit (after the last resize). */
  readonly pixelsPerUnit: number;
  dispose(): void;
}

export interface SimCanvasOptions {
  worldW: number;
  worldH: number;
  /** Largest CSS width (px). */
  maxWidth?: number;
  /** Accessible label of the canvas. */
  label: string;
  /** Touch stays captured this long after the last touch event (ms). */
  wakeMs?: number;
  /** Called on every pointer change. */
  onPointer?: (p: SimPointer) => void;
  /** Called after the backing store was resized (its pixels were cleared: redraw). */
  onResize?: () => void;
}

/** Creates the canvas; it resizes with its wrapper (ResizeObserver) and with devicePixelRatio. */
export function createSimCanvas(o: SimCanvasOptions): SimCanvas {
  const element = document.createElement("div");
  element.className = "sim-canvas";
  element.style.cssText = `position: relative; width: 100%; max-width: ${o.maxWidth ?? 640}px;`;
  const canvas = document.createElement("canvas");
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", o.label);
  canvas.style.cssText = `display: block; width: 100%; aspect-ratio: ${o.worldW} / ${o.worldH}; touch-action: pan-y; outline: 1px solid var(--theme-foreground-faint, #ccc); background: var(--theme-background, #fff);`;
  element.append(canvas);
  // willReadFrequently: a software (CPU) canvas. A few thousand small discs raster in a few
  // ms on the CPU, and the GPU process stays free for the WebGPU kernels. Measured in headless
  // Chromium with SwiftShader: the accelerated canvas dropped the page to ~3 frames/s while
  // the §2 demo was visible (and kept other widgets' frames starved afterwards); software: ~30.
  const ctx = canvas.getContext("2d", {alpha: false, willReadFrequently: true})!;
  const pointer: SimPointer = {x: 0, y: 0, active: false, down: false};
  let ppu = 1;

  const resize = () => {
    const r = canvas.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return;
    const {width, height} = backingSize(r.width, r.height, window.devicePixelRatio || 1);
    if (canvas.width === width && canvas.height === height) return;
    canvas.width = width;
    canvas.height = height;
    ppu = width / o.worldW;
    o.onResize?.();
  };
  const ro = new ResizeObserver(resize);
  ro.observe(canvas);
  let mq: MediaQueryList | null = null;
  const watchDpr = () => {
    mq?.removeEventListener("change", onDpr);
    mq = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    mq.addEventListener("change", onDpr);
  };
  const onDpr = () => {
    resize();
    watchDpr();
  };
  watchDpr();

  // Pointer → world: the canvas has no border or padding, so its bounding box is the world.
  const toWorld = (ev: PointerEvent) => clientToWorld(ev.clientX, ev.clientY, canvas.getBoundingClientRect(), o.worldW, o.worldH);
  const wakeMs = o.wakeMs ?? 2500;
  let sleepTimer: ReturnType<typeof setTimeout> | undefined;
  const wake = () => {
    canvas.style.touchAction = "none";
    clearTimeout(sleepTimer);
    sleepTimer = setTimeout(() => (canvas.style.touchAction = "pan-y"), wakeMs);
  };
  const notify = () => o.onPointer?.(pointer);
  const onMove = (ev: PointerEvent) => {
    const w = toWorld(ev);
    pointer.x = w.x;
    pointer.y = w.y;
    pointer.active = w.inside && (ev.pointerType === "mouse" || ev.pointerType === "pen" || pointer.down);
    if (ev.pointerType === "touch") wake();
    notify();
  };
  const onDown = (ev: PointerEvent) => {
    pointer.down = true;
    if (ev.pointerType === "touch") wake();
    onMove(ev);
  };
  const onUp = (ev: PointerEvent) => {
    pointer.down = false;
    if (ev.pointerType === "touch" || ev.type === "pointercancel") pointer.active = false;
    notify();
  };
  const onLeave = () => {
    pointer.active = false;
    pointer.down = false;
    notify();
  };
  canvas.addEventListener("pointermove", onMove);
  canvas.addEventListener("pointerdown", onDown);
  canvas.addEventListener("pointerup", onUp);
  canvas.addEventListener("pointercancel", onUp);
  canvas.addEventListener("pointerleave", onLeave);

  return {
    element,
    canvas,
    ctx,
    pointer,
    beginFrame() {
      if (canvas.width <= 1 || canvas.height <= 1) resize();
      const s = canvas.width / o.worldW;
      ctx.setTransform(s, 0, 0, -canvas.height / o.worldH, 0, canvas.height);
    },
    get pixelsPerUnit() {
      return ppu;
    },
    dispose() {
      ro.disconnect();
      mq?.removeEventListener("change", onDpr);
      clearTimeout(sleepTimer);
      canvas.removeEventListener("pointermove", onMove);
      canvas.removeEventListener("pointerdown", onDown);
      canvas.removeEventListener("pointerup", onUp);
      canvas.removeEventListener("pointercancel", onUp);
      canvas.removeEventListener("pointerleave", onLeave);
    },
  };
}
