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
 * - `navigator.gpu`: Dawn's GPU object (renderers ask it for the canvas format);
 * - a canvas's WebGPU context: `canvas.getContext("webgpu")` gives an offscreen one, whose
 *   `getCurrentTexture()` is a texture of the canvas's size (RENDER_ATTACHMENT | COPY_SRC added to
 *   the configured usage), made again when the size changes, destroyed after the test; a 2D
 *   context stays jsdom's null (the widgets moved so far draw SVG);
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

/** The textures the WebGPU canvas contexts made (destroyed after each test), and each canvas's context. */
const textures = new Set<GPUTexture>();
const contexts = new WeakMap<HTMLCanvasElement, GPUCanvasContext>();

/** An offscreen `GPUCanvasContext` for `canvas` (see the module comment). */
function webgpuContext(canvas: HTMLCanvasElement): GPUCanvasContext {
  let config: GPUCanvasConfiguration | null = null;
  let texture: GPUTexture | null = null;
  const drop = () => {
    if (texture) textures.delete(texture), texture.destroy();
    texture = null;
  };
  const ctx = {
    canvas,
    configure: (c: GPUCanvasConfiguration) => (drop(), (config = c)),
    unconfigure: () => (drop(), (config = null)),
    getConfiguration: () => config,
    getCurrentTexture() {
      if (!config) throw new DOMException("the WebGPU canvas context is not configured", "InvalidStateError");
      if (!texture || texture.width !== canvas.width || texture.height !== canvas.height) {
        drop();
        const usage = (config.usage ?? GPUTextureUsage.RENDER_ATTACHMENT) | GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC;
        texture = config.device.createTexture({label: "canvas", size: [canvas.width, canvas.height], format: config.format, usage});
        textures.add(texture);
      }
      return texture;
    },
  };
  return ctx as unknown as GPUCanvasContext;
}

/** `getContext` of this file's jsdom canvases: the WebGPU context above, any other kind jsdom's (`original`). */
function getContextWith(original: (...a: unknown[]) => unknown) {
  return function getContext(this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
    if (kind !== "webgpu") return original.call(this, kind, ...rest);
    let ctx = contexts.get(this);
    if (!ctx) contexts.set(this, (ctx = webgpuContext(this)));
    return ctx;
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
export function widgetDom() {
  const saved: {on: object; key: string; was: PropertyDescriptor | undefined}[] = [];
  const mounted = new Set<HTMLElement & {dispose(): void}>();
  let gpu: GPUHandle | undefined;
  const errors: string[] = [];
  const consoleError = console.error;
  const onError = (e: ErrorEvent) => errors.push(`error event: ${e.message}`);
  beforeAll(async () => {
    gpu = await testGPU();
    console.error = (...args: unknown[]) => (errors.push(`console: ${args.join(" ")}`), consoleError(...args));
    window.addEventListener("error", onError);
    const install = (on: object, key: string, value: unknown) => {
      saved.push({on, key, was: Object.getOwnPropertyDescriptor(on, key)});
      Object.defineProperty(on, key, {value, writable: true, configurable: true});
    };
    for (const [key, value] of Object.entries(FAKES)) install(globalThis, key, value);
    install(HTMLCanvasElement.prototype, "getContext", getContextWith(HTMLCanvasElement.prototype.getContext as (...a: unknown[]) => unknown));
    install(navigator, "gpu", await nodeGPU());
  });
  afterEach(() => {
    for (const el of mounted) el.dispose(), el.remove();
    mounted.clear();
    raf.queue.clear();
    for (const t of textures) t.destroy();
    textures.clear();
    motion.reduce = false;
    motion.listeners.clear();
    observers.clear();
    const seen = errors.splice(0);
    expect(seen, seen.join("\n")).toEqual([]);
  });
  afterAll(() => {
    console.error = consoleError;
    window.removeEventListener("error", onError);
    for (const {on, key, was} of saved.splice(0).reverse()) was ? Object.defineProperty(on, key, was) : delete (on as any)[key];
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
    /** Runs `n` animation frames, 1000/60 ms apart, with a turn of the event loop after each (promises settle). */
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
    /** A mouse click on `el`: its nearest focusable element (itself or an ancestor) takes focus, then the click. */
    click(el: Element) {
      (el.closest(FOCUSABLE) as HTMLElement | null)?.focus();
      el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
    },
  };
}
