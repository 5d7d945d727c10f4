/**
 * A widget mounted in vitest's jsdom on the real Dawn device: what a browser test of a widget's
 * behaviour (its keys, buttons, auto-play, device loss, dispose) needs, without the browser.
 *
 * `widgetDom()` registers the file's hooks, like `gpuSuite`: before the tests, the shared Dawn
 * device (`testGPU`, which throws without an adapter, so the file fails rather than runs the CPU
 * twin) and the fakes of what jsdom lacks; after each test, every widget it mounted disposed and
 * removed; after the file, every global it installed put back and the device's validation errors
 * still 0. The file must say `// @vitest-environment jsdom`.
 *
 * What it stands in for, and how:
 * - the device: `acquire` hands the runtime `testGPU()`, the process's shared handle
 *   (context.ts `acquireGPU`), as the page's default does: after a loss (`__gpuLoseDevice()`, a
 *   Dawn `device.destroy()`) the next call makes a new device, which later files share;
 * - the shaders: widgets take a `wgsl` option; pass `nodeWGSL` (components/gpu/node.ts), which
 *   reads shaders/ from disk;
 * - animation frames: `requestAnimationFrame` queues, and only `frames(n)` runs them, on a clock
 *   that moves 1000/60 ms a frame, so auto-play and "nothing moves" are counted in frames;
 * - IntersectionObserver: every observed element is on screen until `setInView(el, false)`;
 *   observers are told at once, as a page's are when a widget is scrolled away;
 * - ResizeObserver: observes and never reports (jsdom has no layout: nothing changes size);
 * - matchMedia: `prefers-reduced-motion` as `setReducedMotion` says (default off), with its change
 *   event; every other query is false;
 * - the page's errors: every `console.error` and every error event on the window during a test
 *   fails it after the test (Playwright's `watchErrors`); the calls still print;
 * - the reader's keys and mouse: `press(key)` sends keydown/keyup to the focused element with the
 *   browser's default actions that widgets rely on (Enter and Space click a button; Tab moves
 *   focus to the next focusable element in document order, a browser's order where no positive
 *   tabindex is set, and the widgets set none); `click(el)` focuses what a press would focus and
 *   clicks; `button(root, /name/)` finds a button as Playwright's `getByRole` does.
 *
 * Opt-in, for widgets with a canvas stage (`widgetDom({layout: {width}, canvas: true})`):
 * - layout (`layout: {width}`): jsdom lays nothing out. Every HTMLElement's clientWidth is its
 *   inline `style.width` in px, else `width`; its clientHeight its inline `style.height` in px,
 *   else 0; getBoundingClientRect that box at the page's (0, 0). The canvas stage sizes its canvas
 *   by inline styles (canvas.ts), so the canvas gets a size and the pointer maps through it;
 * - canvases (`canvas: true`): `getContext("2d")` gives a no-op 2D context that counts its calls
 *   (`ctx.calls`, by method name); `getContext("webgpu")` a GPUCanvasContext whose current texture
 *   is a plain texture of the canvas's size on the configured device, which `pixels(canvas)` reads
 *   back (what the GPU drew, not what a page composites). A canvas that gave one kind gives null
 *   for the other, as in a browser. `navigator.gpu` is Dawn's (getPreferredCanvasFormat).
 */
import {afterAll, afterEach, beforeAll, expect} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {nodeGPU} from "../../components/gpu/node.js";
import {testGPU} from "./gpu.js";

type Callback = (now: number) => void;

/** The frame clock and queue behind `requestAnimationFrame` (see the module comment). */
const raf = {queue: new Map<number, Callback>(), next: 1, now: 0};

/** Visibility per element (absent: on screen) and the live observers with their targets. */
const hidden = new WeakSet<Element>();
const observers = new Set<FakeIntersectionObserver>();
const inView = (el: Element) => {
  for (let e: Element | null = el; e; e = e.parentElement) if (hidden.has(e)) return false;
  return true;
};

class FakeIntersectionObserver {
  readonly targets = new Set<Element>();
  constructor(private cb: (entries: Partial<IntersectionObserverEntry>[], io: unknown) => void) {}
  observe(el: Element) {
    this.targets.add(el);
    observers.add(this);
    // a browser reports every new target once, soon after observe()
    queueMicrotask(() => this.targets.has(el) && this.report([el]));
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
    observers.delete(this);
  }
  report(els: Element[]) {
    this.cb(
      els.map((target) => ({target, isIntersecting: inView(target), intersectionRatio: inView(target) ? 1 : 0})),
      this
    );
  }
}

class FakeResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const motion = {reduce: false, listeners: new Set<(e: {matches: boolean}) => void>()};
const REDUCE = "(prefers-reduced-motion: reduce)";
function fakeMatchMedia(query: string) {
  const reduce = query === REDUCE;
  return {
    media: query,
    get matches() {
      return reduce && motion.reduce;
    },
    addEventListener: (_: string, cb: (e: {matches: boolean}) => void) => reduce && motion.listeners.add(cb),
    removeEventListener: (_: string, cb: (e: {matches: boolean}) => void) => motion.listeners.delete(cb),
  };
}

/** The globals installed, each with how to put it back. */
const FAKES: Record<string, unknown> = {
  requestAnimationFrame: (cb: Callback) => (raf.queue.set(raf.next, cb), raf.next++),
  cancelAnimationFrame: (id: number) => raf.queue.delete(id),
  IntersectionObserver: FakeIntersectionObserver,
  ResizeObserver: FakeResizeObserver,
  matchMedia: fakeMatchMedia,
};

/** What `widgetDom` installs besides the default fakes (see the module comment). */
export interface WidgetDomOptions {
  /** Elements get a layout: this width (CSS px) unless their inline style says another. */
  layout?: {width: number};
  /** Canvases give a counting no-op 2D context and a texture-backed WebGPU context. */
  canvas?: boolean;
}

/** The no-op 2D context: every method counts its calls (`calls`) and returns nothing, or what callers read. */
function fake2D(canvas: HTMLCanvasElement) {
  const calls = new Map<string, number>();
  const values: Record<string, unknown> = {canvas, calls};
  const made: Record<string, (...a: any[]) => unknown> = {
    measureText: (t: string) => ({width: 6 * String(t).length, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2}),
    getImageData: (_x: number, _y: number, w: number, h: number) => ({width: w, height: h, data: new Uint8ClampedArray(Math.max(0, w * h * 4))}),
    createImageData: (w: number, h: number) => ({width: w, height: h, data: new Uint8ClampedArray(Math.max(0, w * h * 4))}),
    createLinearGradient: () => ({addColorStop() {}}),
    createRadialGradient: () => ({addColorStop() {}}),
    createConicGradient: () => ({addColorStop() {}}),
    createPattern: () => ({setTransform() {}}),
    getTransform: () => ({a: 1, b: 0, c: 0, d: 1, e: 0, f: 0}),
    getLineDash: () => [],
    isPointInPath: () => false,
    isPointInStroke: () => false,
  };
  return new Proxy(values, {
    get(target, key) {
      if (typeof key !== "string" || key in target) return target[key as string];
      return (...args: unknown[]) => {
        calls.set(key, (calls.get(key) ?? 0) + 1);
        return made[key]?.(...args);
      };
    },
    set(target, key, v) {
      target[key as string] = v;
      return true;
    },
  });
}

/** A GPUCanvasContext on a plain texture of the canvas's size (see the module comment). */
class FakeGPUCanvasContext {
  private config: GPUCanvasConfiguration | null = null;
  texture: GPUTexture | null = null;
  constructor(readonly canvas: HTMLCanvasElement) {}
  configure(config: GPUCanvasConfiguration) {
    this.drop();
    this.config = config;
  }
  unconfigure() {
    this.drop();
    this.config = null;
  }
  getConfiguration() {
    return this.config;
  }
  getCurrentTexture(): GPUTexture {
    const c = this.config;
    if (!c) throw new Error("getCurrentTexture: the context is not configured");
    const width = Math.max(1, this.canvas.width);
    const height = Math.max(1, this.canvas.height);
    if (this.texture && (this.texture.width !== width || this.texture.height !== height)) this.drop();
    this.texture ??= c.device.createTexture({
      label: "fake-canvas",
      size: [width, height],
      format: c.format,
      usage: (c.usage ?? GPUTextureUsage.RENDER_ATTACHMENT) | GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC,
    });
    return this.texture;
  }
  private drop() {
    this.texture?.destroy();
    this.texture = null;
  }
}

const contexts = new WeakMap<HTMLCanvasElement, {kind: string; ctx: unknown}>();
function fakeGetContext(this: HTMLCanvasElement, kind: string) {
  const had = contexts.get(this);
  if (had) return had.kind === kind ? had.ctx : null;
  const ctx = kind === "2d" ? fake2D(this) : kind === "webgpu" ? new FakeGPUCanvasContext(this) : null;
  if (ctx) contexts.set(this, {kind, ctx});
  return ctx;
}

/** An inline style length in px, or null. */
const px = (v: string) => (/^-?[\d.]+px$/.test(v) ? Number.parseFloat(v) : null);
/** The layout getters for HTMLElement.prototype (`layout` option). */
function layoutFakes(width: number): Record<string, PropertyDescriptor> {
  const w = (el: HTMLElement) => px(el.style.width) ?? width;
  const h = (el: HTMLElement) => px(el.style.height) ?? 0;
  return {
    clientWidth: {
      get: function (this: HTMLElement) {
        return w(this);
      },
      configurable: true,
    },
    clientHeight: {
      get: function (this: HTMLElement) {
        return h(this);
      },
      configurable: true,
    },
    getBoundingClientRect: {
      value: function (this: HTMLElement) {
        const [width, height] = [w(this), h(this)];
        return {x: 0, y: 0, left: 0, top: 0, width, height, right: width, bottom: height, toJSON() {}};
      },
      writable: true,
      configurable: true,
    },
  };
}

const FOCUSABLE = "button, a[href], input, select, textarea, [tabindex]";

/** The buttons under `root` that a reader can reach (none of their ancestors hidden) whose accessible name matches `name`: Playwright's `getByRole("button", {name})`. */
export function buttons(root: Element, name: RegExp): HTMLButtonElement[] {
  return [...root.querySelectorAll("button")].filter((b) => !b.closest("[hidden]") && name.test(b.getAttribute("aria-label") ?? b.textContent?.trim() ?? ""));
}

/** The one button `buttons(root, name)` finds; throws when there is none or several, as a strict locator does. */
export function button(root: Element, name: RegExp): HTMLButtonElement {
  const found = buttons(root, name);
  if (found.length !== 1) throw new Error(`${found.length} buttons named ${name}`);
  return found[0];
}

/** Registers the file's hooks (see the module comment); returns what its tests use. */
export function widgetDom(options: WidgetDomOptions = {}) {
  const saved = new Map<string, PropertyDescriptor | undefined>();
  /** Prototype properties the options replaced, with what was there. */
  const patched: [object, string, PropertyDescriptor | undefined][] = [];
  const patch = (proto: object, props: Record<string, PropertyDescriptor>) => {
    for (const [key, d] of Object.entries(props)) {
      patched.push([proto, key, Object.getOwnPropertyDescriptor(proto, key)]);
      Object.defineProperty(proto, key, d);
    }
  };
  const mounted = new Set<HTMLElement & {dispose(): void}>();
  let gpu: GPUHandle | undefined;
  const errors: string[] = [];
  const consoleError = console.error;
  const onError = (e: ErrorEvent) => errors.push(`error event: ${e.message}`);
  beforeAll(async () => {
    gpu = await testGPU();
    console.error = (...args: unknown[]) => (errors.push(`console: ${args.join(" ")}`), consoleError(...args));
    window.addEventListener("error", onError);
    for (const [key, value] of Object.entries(FAKES)) {
      saved.set(key, Object.getOwnPropertyDescriptor(globalThis, key));
      Object.defineProperty(globalThis, key, {value, writable: true, configurable: true});
    }
    if (options.layout) patch(HTMLElement.prototype, layoutFakes(options.layout.width));
    if (options.canvas) {
      patch(HTMLCanvasElement.prototype, {getContext: {value: fakeGetContext, writable: true, configurable: true}});
      patch(navigator, {gpu: {value: await nodeGPU(), configurable: true}});
    }
  });
  afterEach(() => {
    for (const el of mounted) el.dispose(), el.remove();
    mounted.clear();
    raf.queue.clear();
    motion.reduce = false;
    motion.listeners.clear();
    observers.clear();
    const seen = errors.splice(0);
    expect(seen, seen.join("\n")).toEqual([]);
  });
  afterAll(() => {
    console.error = consoleError;
    window.removeEventListener("error", onError);
    for (const [key, d] of saved) d ? Object.defineProperty(globalThis, key, d) : delete (globalThis as any)[key];
    saved.clear();
    for (const [proto, key, d] of patched.reverse()) d ? Object.defineProperty(proto, key, d) : delete (proto as any)[key];
    patched.length = 0;
    // the device may have been replaced by a loss: the counters are the page's, shared by every device
    if (gpu) expect(gpu.stats.validationErrors, gpu.stats.lastError ?? "").toBe(0);
  });

  /** Tab: focus moves to the next element in document order that takes focus (not disabled, not hidden, tabindex ≥ 0). */
  const tab = () => {
    const all = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && !e.closest("[hidden]")
    );
    const at = all.indexOf(document.activeElement as HTMLElement);
    all[(at + 1) % all.length]?.focus();
  };

  return {
    /** The device provider for a widget's `acquire` option: the shared Dawn handle, a new one after a loss. */
    acquire: (): Promise<GPUHandle | null> => testGPU(),
    /** Puts `el` (a widget just made) in the document; it is disposed and removed after the test. */
    mount<T extends HTMLElement & {dispose(): void}>(el: T): T {
      document.body.append(el);
      mounted.add(el);
      return el;
    },
    /** Runs `n` animation frames, 1000/60 ms apart, letting promises and timers due now settle after each. */
    async frames(n: number) {
      for (let i = 0; i < n; i++) {
        raf.now += 1000 / 60;
        const due = [...raf.queue.values()];
        raf.queue.clear();
        for (const cb of due) cb(raf.now);
        await new Promise((r) => setTimeout(r, 0));
      }
    },
    /** Scrolls `el` (and what it holds) out of view or back: its observers are told at once. */
    setInView(el: Element, visible: boolean) {
      if (visible) hidden.delete(el);
      else hidden.add(el);
      for (const io of [...observers]) {
        const touched = [...io.targets].filter((t) => el.contains(t));
        if (touched.length) io.report(touched);
      }
    },
    /** The reader's `prefers-reduced-motion: reduce` (listeners are told when it changes). */
    setReducedMotion(reduce: boolean) {
      if (motion.reduce === reduce) return;
      motion.reduce = reduce;
      for (const cb of [...motion.listeners]) cb({matches: reduce});
    },
    /**
     * Presses `key` (Playwright's names: "Enter", "Space", "Tab", "ArrowRight") on the focused element,
     * with the browser's default actions widgets rely on: Tab moves focus (`tab`), Enter clicks a
     * button on keydown and Space on keyup, unless a handler prevented it.
     */
    press(key: string) {
      if (key === "Tab") return tab();
      const k = key === "Space" ? " " : key;
      const target = (document.activeElement ?? document.body) as HTMLElement;
      const send = (type: string) => target.dispatchEvent(new KeyboardEvent(type, {key: k, bubbles: true, cancelable: true}));
      const button = target instanceof HTMLButtonElement;
      if (send("keydown") && button && k === "Enter") target.click();
      if (send("keyup") && button && k === " ") target.click();
    },
    /**
     * The bytes (rows of width × 4, unpadded, in the texture format's order: bgra8unorm from Dawn) of what the GPU last drew on `canvas` through its
     * WebGPU context (the `canvas` option), read back from the context's texture; null before a draw.
     */
    async pixels(canvas: HTMLCanvasElement): Promise<Uint8Array | null> {
      const ctx = contexts.get(canvas);
      const t = ctx?.kind === "webgpu" ? (ctx.ctx as FakeGPUCanvasContext).texture : null;
      const device = t && (ctx!.ctx as FakeGPUCanvasContext).getConfiguration()?.device;
      if (!t || !device) return null;
      const row = Math.ceil((t.width * 4) / 256) * 256;
      const buf = device.createBuffer({size: row * t.height, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ});
      const enc = device.createCommandEncoder();
      enc.copyTextureToBuffer({texture: t}, {buffer: buf, bytesPerRow: row}, [t.width, t.height]);
      device.queue.submit([enc.finish()]);
      await buf.mapAsync(GPUMapMode.READ);
      const src = new Uint8Array(buf.getMappedRange());
      const out = new Uint8Array(t.width * t.height * 4);
      for (let y = 0; y < t.height; y++) out.set(src.subarray(y * row, y * row + t.width * 4), y * t.width * 4);
      buf.destroy();
      return out;
    },
    /**
     * A mouse's pointer event (`pointerdown`, `pointermove`, `pointerup`) of pointer 1 at client point
     * (x, y) on `el`, as a MouseEvent with `pointerId` and `pointerType` (jsdom has no PointerEvent);
     * a pointerdown focuses what a press would focus. Returns false when a handler prevented it.
     */
    pointer(el: Element, type: string, x: number, y: number): boolean {
      if (type === "pointerdown") (el.closest(FOCUSABLE) as HTMLElement | null)?.focus();
      const e = new MouseEvent(type, {clientX: x, clientY: y, button: 0, buttons: type === "pointerup" ? 0 : 1, bubbles: true, cancelable: true});
      Object.defineProperties(e, {pointerId: {value: 1}, pointerType: {value: "mouse"}, isPrimary: {value: true}});
      return el.dispatchEvent(e);
    },
    /** A mouse click on `el`: its nearest focusable element (itself or an ancestor) takes focus, then the click. */
    click(el: Element) {
      (el.closest(FOCUSABLE) as HTMLElement | null)?.focus();
      el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
    },
  };
}
