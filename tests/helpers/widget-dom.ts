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
 *   that moves 1000/60 ms a frame, so auto-play and "nothing moves" are counted in frames; while a
 *   WebGPU canvas is live, each frame waits for its device's submitted work (a browser's
 *   presentation back-pressure), so a widget that submits every frame cannot pile work up;
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
 *   clicks; `button(root, /name/)` finds a button as Playwright's `getByRole` does; `pointer(…)`
 *   sends a mouse's or a finger's pointer events;
 * - canvases: `getContext("webgpu")` gives a context whose current texture is an offscreen texture
 *   on the device the widget configures it with, the canvas's backing size (what a page would
 *   present; `canvasPixels(canvas)` reads its pixels back, `pixels(canvas)` just the bytes), `getContext("2d")` a no-op 2D context
 *   that records the names of the calls made on it (`ctx.calls`; `getImageData` reads zeros, so
 *   a 2D canvas's pixels are a browser test's); `navigator.gpu` answers `getPreferredCanvasFormat`
 *   ("bgra8unorm", desktop Chromium's) and hands `requestAdapter` to Dawn;
 * - layout: jsdom lays nothing out (every box is 0 × 0); `size(el, width, height)` gives one
 *   element a box at the page's top left corner (clientWidth/Height, getBoundingClientRect), so a
 *   canvas stage sized before its first layout (a microtask after the widget is made) gets a
 *   backing store, and pointer events map through the canvas's box; with `widgetDom({layout:
 *   {width}})` every element is laid out: its clientWidth its inline `style.width` in px, else
 *   `width`, its clientHeight its inline `style.height` in px, else 0, its box at (0, 0) (the
 *   canvas stage sizes its canvas by inline styles, canvas.ts).
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

/** A canvas's WebGPU context: the current texture is an offscreen one on the configured device, the canvas's size. */
class FakeGPUCanvasContext {
  private config: GPUCanvasConfiguration | null = null;
  private texture: GPUTexture | null = null;
  constructor(readonly canvas: HTMLCanvasElement) {}
  configure(config: GPUCanvasConfiguration) {
    this.unconfigure();
    this.config = config;
    liveContexts.add(this);
  }
  unconfigure() {
    this.texture?.destroy();
    this.texture = null;
    this.config = null;
    liveContexts.delete(this);
  }
  getConfiguration() {
    return this.config;
  }
  getCurrentTexture(): GPUTexture {
    if (!this.config) throw new DOMException("the canvas context is not configured", "InvalidStateError");
    const width = Math.max(1, this.canvas.width);
    const height = Math.max(1, this.canvas.height);
    if (!this.texture || this.texture.width !== width || this.texture.height !== height) {
      this.texture?.destroy();
      const T = GPUTextureUsage;
      this.texture = this.config.device.createTexture({
        label: "canvas (widget-dom)",
        size: [width, height],
        format: this.config.format,
        usage: T.RENDER_ATTACHMENT | T.COPY_SRC | T.TEXTURE_BINDING | (this.config.usage ?? 0),
      });
    }
    return this.texture;
  }
  /** The last current texture's pixels (4 bytes each, rows top to bottom, the texture's format), or null before the first frame. */
  async pixels(): Promise<{width: number; height: number; data: Uint8Array} | null> {
    const tex = this.texture;
    const device = this.config?.device;
    if (!tex || !device) return null;
    const row = Math.ceil((tex.width * 4) / 256) * 256;
    const buf = device.createBuffer({label: "canvas readback (widget-dom)", size: row * tex.height, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ});
    const enc = device.createCommandEncoder();
    enc.copyTextureToBuffer({texture: tex}, {buffer: buf, bytesPerRow: row}, [tex.width, tex.height]);
    device.queue.submit([enc.finish()]);
    await buf.mapAsync(GPUMapMode.READ);
    const mapped = new Uint8Array(buf.getMappedRange());
    const data = new Uint8Array(tex.width * tex.height * 4);
    for (let y = 0; y < tex.height; y++) data.set(mapped.subarray(y * row, y * row + tex.width * 4), y * tex.width * 4);
    buf.unmap();
    buf.destroy();
    return {width: tex.width, height: tex.height, data};
  }
}
const liveContexts = new Set<FakeGPUCanvasContext>();

/**
 * A browser runs no animation frame while the GPU is behind on presenting the last one: with a
 * WebGPU canvas live, each frame of `frames(n)` waits until the work submitted to its device is
 * done, so a widget that submits every frame cannot queue up work unseen (none live: no wait).
 */
async function presented() {
  const devices = new Set([...liveContexts].map((c) => c.getConfiguration()?.device).filter((d) => d !== undefined));
  await Promise.all([...devices].map((d) => d.queue.onSubmittedWorkDone().catch(() => {})));
}

/** A 2D context that draws nothing and records the names of the calls made on it (`calls`). */
function fake2d(canvas: HTMLCanvasElement) {
  const calls: string[] = [];
  const props: Record<string | symbol, unknown> = {canvas, calls};
  const made = () => ({addColorStop() {}, setTransform() {}});
  return new Proxy(props, {
    get(_, k) {
      if (k in props) return props[k];
      if (typeof k === "symbol" || k === "then") return undefined;
      return (...args: unknown[]) => {
        calls.push(k);
        if (k === "measureText") return {width: 6 * String(args[0]).length, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2};
        if (k === "getImageData" || k === "createImageData") {
          const [w, h] = k === "getImageData" ? [args[2], args[3]] : [args[0], args[1]];
          return {width: w, height: h, data: new Uint8ClampedArray(Number(w) * Number(h) * 4)};
        }
        if (k === "getTransform") return {a: 1, b: 0, c: 0, d: 1, e: 0, f: 0};
        if (k === "isPointInPath" || k === "isPointInStroke") return false;
        if (k.startsWith("create")) return made();
        return undefined;
      };
    },
    set(_, k, v) {
      props[k] = v;
      return true;
    },
  });
}

/** Each canvas's one context (a canvas keeps the kind it gave first, as in a browser). */
const contexts = new WeakMap<HTMLCanvasElement, {kind: string; ctx: unknown}>();
function fakeGetContext(this: HTMLCanvasElement, kind: string) {
  const had = contexts.get(this);
  if (had) return had.kind === kind ? had.ctx : null;
  const ctx = kind === "webgpu" ? new FakeGPUCanvasContext(this) : kind === "2d" ? fake2d(this) : null;
  if (ctx) contexts.set(this, {kind, ctx});
  return ctx;
}

/** The globals installed, each with how to put it back. */
const FAKES: Record<string, unknown> = {
  requestAnimationFrame: (cb: Callback) => (raf.queue.set(raf.next, cb), raf.next++),
  cancelAnimationFrame: (id: number) => raf.queue.delete(id),
  IntersectionObserver: FakeIntersectionObserver,
  ResizeObserver: FakeResizeObserver,
  matchMedia: fakeMatchMedia,
};

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

/** What a file opts into: `layout`, every element laid out (see the module comment). */
export interface WidgetDomOptions {
  layout?: {width: number};
}

/** Registers the file's hooks (see the module comment); returns what its tests use. */
export function widgetDom(options: WidgetDomOptions = {}) {
  const saved = new Map<string, PropertyDescriptor | undefined>();
  /** HTMLElement.prototype's properties the `layout` option replaced, with what was there. */
  const patched: [string, PropertyDescriptor | undefined][] = [];
  /** Whether the mouse's button is down (between a pointerdown and a pointerup). */
  let pressed = false;
  let savedCanvas: PropertyDescriptor | undefined;
  let savedNavigatorGPU: PropertyDescriptor | undefined;
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
    savedCanvas = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, "getContext");
    Object.defineProperty(HTMLCanvasElement.prototype, "getContext", {value: fakeGetContext, writable: true, configurable: true});
    const dawn = await nodeGPU();
    savedNavigatorGPU = Object.getOwnPropertyDescriptor(navigator, "gpu");
    const navigatorGPU = {getPreferredCanvasFormat: () => "bgra8unorm", requestAdapter: (o?: GPURequestAdapterOptions) => dawn.requestAdapter(o)};
    Object.defineProperty(navigator, "gpu", {value: navigatorGPU, writable: true, configurable: true});
    if (options.layout)
      for (const [key, d] of Object.entries(layoutFakes(options.layout.width))) {
        patched.push([key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)]);
        Object.defineProperty(HTMLElement.prototype, key, d);
      }
  });
  afterEach(() => {
    for (const el of mounted) el.dispose(), el.remove();
    mounted.clear();
    for (const ctx of [...liveContexts]) ctx.unconfigure();
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
    if (savedCanvas) Object.defineProperty(HTMLCanvasElement.prototype, "getContext", savedCanvas);
    if (savedNavigatorGPU) Object.defineProperty(navigator, "gpu", savedNavigatorGPU);
    else delete (navigator as any).gpu;
    for (const [key, d] of patched.splice(0).reverse()) d ? Object.defineProperty(HTMLElement.prototype, key, d) : delete (HTMLElement.prototype as any)[key];
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
    /**
     * Runs `n` animation frames, `ms` apart (default 1000/60: a 60 Hz screen; more: a slow machine's
     * frames, as SwiftShader's in a browser), letting promises and timers due now settle after each.
     */
    async frames(n: number, ms = 1000 / 60) {
      for (let i = 0; i < n; i++) {
        raf.now += ms;
        const due = [...raf.queue.values()];
        raf.queue.clear();
        for (const cb of due) cb(raf.now);
        await new Promise((r) => setTimeout(r, 0));
        await presented();
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
     * Gives `el` a box of `width` × `height` CSS px at the page's top left corner (jsdom lays
     * nothing out): its clientWidth/clientHeight and getBoundingClientRect. Size a canvas stage
     * before its first layout (the microtask after the widget is made) and its canvas for pointer events.
     */
    size(el: Element, width: number, height = width) {
      Object.defineProperty(el, "clientWidth", {value: width, configurable: true});
      Object.defineProperty(el, "clientHeight", {value: height, configurable: true});
      const rect = {x: 0, y: 0, left: 0, top: 0, width, height, right: width, bottom: height};
      Object.defineProperty(el, "getBoundingClientRect", {value: () => ({...rect, toJSON: () => rect}), configurable: true});
    },
    /** The pixels of a WebGPU canvas's last frame (its offscreen texture, see the module comment), or null before one. */
    canvasPixels(canvas: HTMLCanvasElement) {
      const ctx = contexts.get(canvas)?.ctx;
      return ctx instanceof FakeGPUCanvasContext ? ctx.pixels() : Promise.resolve(null);
    },
    /** The bytes (4 a pixel, the canvas's format) of a WebGPU canvas's last frame, or null before one. */
    async pixels(canvas: HTMLCanvasElement): Promise<Uint8Array | null> {
      const ctx = contexts.get(canvas)?.ctx;
      return ctx instanceof FakeGPUCanvasContext ? ((await ctx.pixels())?.data ?? null) : null;
    },
    /**
     * A pointer event of `type` ("pointerdown", "pointermove", "pointerup") at client (x, y) on `el`,
     * a mouse's by default (jsdom has no PointerEvent: a MouseEvent of that type, with `pointerType`,
     * `pointerId` and `isPrimary`). As in a browser, a pointerdown focuses the nearest focusable
     * element and the button counts as held (`buttons` 1) until the pointerup, unless `o.buttons`
     * says otherwise. Client points map through a box jsdom does not lay out: `size` the target
     * first, or mount with the `layout` option. Returns false when a handler prevented the default.
     */
    pointer(el: Element, type: string, clientX: number, clientY: number, o: {pointerType?: string; buttons?: number} = {}): boolean {
      if (type === "pointerdown") (pressed = true), (el.closest(FOCUSABLE) as HTMLElement | null)?.focus();
      if (type === "pointerup" || type === "pointercancel") pressed = false;
      const e = new MouseEvent(type, {clientX, clientY, button: 0, buttons: o.buttons ?? (pressed ? 1 : 0), bubbles: true, cancelable: true});
      Object.defineProperties(e, {pointerType: {value: o.pointerType ?? "mouse"}, pointerId: {value: 1}, isPrimary: {value: true}});
      return el.dispatchEvent(e);
    },
    /** A mouse click on `el`: its nearest focusable element (itself or an ancestor) takes focus, then the click. */
    click(el: Element) {
      (el.closest(FOCUSABLE) as HTMLElement | null)?.focus();
      el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
    },
  };
}
