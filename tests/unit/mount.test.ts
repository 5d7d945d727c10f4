// @vitest-environment jsdom
// (jsdom is installed with @observablehq/framework, a dependency of the site, at the version the lockfile pins)
// mountWidget (components/widgets/runtime/mount.ts) with fake devices: the root, status and
// card it makes, the one canvas swap before a CPU engine that follows a GPU engine (only for
// definitions whose GPU engine draws on the canvas), disposal, and the load: a declared rule
// applied by the runtime before the engine is built, the engine handed the result, and
// `.value.engine` written from the runtime's phase.
import {afterEach, beforeAll, describe, expect, it, vi} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {type Engine, type GPUEngineContext, MAX_RESTARTS, RETRY_DELAY_MS} from "../../components/widgets/runtime/engine.js";
import type {Load} from "../../components/widgets/runtime/load.js";
import {defineWidget, type Mounted, mountWidget} from "../../components/widgets/runtime/mount.js";
import {startingAlias} from "../../components/widgets/runtime/phase.js";

beforeAll(() => {
  // jsdom has neither: the stage observes its size, the runtime reads the motion preference
  (globalThis as any).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia ??= ((q: string) => ({matches: false, media: q, addEventListener() {}, removeEventListener() {}})) as any;
});
afterEach(() => vi.useRealTimers());

/** A device provider whose devices can be lost (a new one after each loss); `architecture` "swiftshader" makes a CPU emulation. */
function devices(architecture = "") {
  const made: {handle: GPUHandle; lose(): void}[] = [];
  const make = () => {
    const listeners = new Set<(i: GPUDeviceLostInfo) => void>();
    let lost = false;
    const handle = {
      device: {createBuffer: (d: GPUBufferDescriptor) => ({size: d.size, destroy() {}})} as unknown as GPUDevice,
      adapterInfo: {vendor: "fake", architecture, description: ""},
      timestamps: false,
      subgroups: null,
      stats: {} as GPUHandle["stats"],
      onLost: (cb: (i: GPUDeviceLostInfo) => void) => (listeners.add(cb), () => listeners.delete(cb)),
      isLost: () => lost,
    } as GPUHandle;
    made.push({
      handle,
      lose() {
        lost = true;
        for (const cb of [...listeners]) cb({reason: "unknown", message: "lost"} as GPUDeviceLostInfo);
      },
    });
    return handle;
  };
  return {made, acquire: async () => (made.length && !made[made.length - 1].handle.isLost() ? made[made.length - 1].handle : make())};
}

const definition = (gpuCanvas: boolean, seen: string[]) =>
  defineWidget<{acquire?: () => Promise<GPUHandle | null>}, {notes: string[]; n: number}, {engine: string}, Engine>({
    name: "test-widget",
    className: "test",
    read: () => ({notes: ["a note."], n: 1}),
    value: () => ({engine: seen.at(-1) ?? "pending"}),
    stage: () => ({aspect: 1, label: "test", view: () => ({x0: 0, y0: 0, x1: 1, y1: 1}), touch: "capture"}),
    gpuCanvas,
    build: (w) => ({
      gpu: () => (seen.push(`gpu on ${w.stage.canvas.dataset.n ?? "first"}`), {}),
      cpu: () => (seen.push(`cpu on ${w.stage.canvas.dataset.n ?? "fresh"}`), {}),
      layout: (play) => [w.stage.element, ...(play ? [play] : []), w.status.element],
      caption: ({value}) => `engine ${value.engine}`,
    }),
  });

describe("mountWidget", () => {
  it("makes the root, the status line with the notes, the stage, the card and the Play button", async () => {
    const seen: string[] = [];
    const dev = devices();
    const el = mountWidget(definition(true, seen), {acquire: dev.acquire});
    expect(el.dataset.widget).toBe("test-widget");
    expect(el.className).toContain("widget test widget-card");
    expect(el.querySelector(".widget-status")?.textContent).toContain("a note.");
    expect(el.querySelector("canvas")).not.toBeNull();
    expect(el.querySelector(".widget-caption")?.textContent).toBe("engine pending");
    expect(el.querySelector("button")?.textContent).toMatch(/Pause|Play/);
    expect(el.__frames()).toBe(0);
    el.dispose();
  });

  for (const gpuCanvas of [true, false])
    it(`after the GPU engine is lost too often the CPU engine ${gpuCanvas ? "gets a fresh canvas (gpuCanvas)" : "keeps the canvas"}`, async () => {
      vi.useFakeTimers();
      const seen: string[] = [];
      const dev = devices();
      const el = mountWidget(definition(gpuCanvas, seen), {acquire: dev.acquire});
      // jsdom has no IntersectionObserver: the lazy start runs at once
      await vi.advanceTimersByTimeAsync(0);
      expect(seen).toEqual(["gpu on first"]);
      const first = el.querySelector("canvas")!;
      first.dataset.n = "the GPU's canvas";
      for (let i = 0; i <= MAX_RESTARTS; i++) {
        dev.made[dev.made.length - 1]?.lose();
        await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS + 1);
      }
      expect(seen.at(-1)).toBe(gpuCanvas ? "cpu on fresh" : "cpu on the GPU's canvas");
      expect(el.querySelector("canvas") === first).toBe(!gpuCanvas);
      el.dispose();
    });
});

/** A widget state like the water's: the reader's count, the count simulated, the box, gravity and substeps. */
interface LoadState {
  count: number;
  simulated: number;
  box: number;
  gravity: number;
  substeps: number;
}

/**
 * A definition with a declared rule (4,000 bodies on a CPU emulation when no count was given,
 * count / 16 on the twin, a 2-unit box that shrinks with the count) and a fake engine that only
 * records what it was handed: its context, and the state when it was built and when it pours.
 */
function loadDefinition(log: string[], got: {ctx?: GPUEngineContext; w?: Mounted<{notes: string[]; state: LoadState}, unknown, Engine>}) {
  return defineWidget<{acquire?: () => Promise<GPUHandle | null>}, {notes: string[]; state: LoadState}, {count: number; engine: string}, Engine>({
    name: "load-widget",
    className: "test",
    read: () => ({notes: [], state: {count: 50_000, simulated: 50_000, box: 2, gravity: 3, substeps: 5}}),
    value: ({state}, engine) => ({count: state.simulated, engine: startingAlias(engine)}),
    load: ({state}) => ({request: () => ({count: state.count, given: false}), softwareCount: 4000, twinCount: (n) => Math.round(n / 16), world: {full: 2}}),
    build: (w) => {
      const {state} = w.config;
      got.w = w as never;
      const say = (what: string) =>
        log.push(`${what}: ${state.simulated} of ${state.count} in a box of ${state.box.toFixed(3)}, gravity ${state.gravity.toFixed(2)}`);
      return {
        applyLoad: (load: Load) => {
          state.count = load.requested!;
          state.simulated = load.count;
          state.box = load.world!.side;
          state.gravity = 3 * load.world!.gravity;
          if (load.reduced) state.substeps = 1;
          say(`applyLoad (${load.target})`);
        },
        gpu: (ctx) => {
          got.ctx = ctx;
          say(`gpu built with ctx.load.count ${ctx.load.count}`);
          return {reset: () => say(`reset pours ${ctx.load.count}`)};
        },
        cpu: (ctx) => (say(`cpu built with ctx.load.count ${ctx.load.count}`), {}),
        layout: () => [w.status.element],
      };
    },
  });
}

describe("the load, decided by the runtime before an engine is built", () => {
  it("applies the declared rule on a CPU emulation: the state is final before the engine exists, the engine gets the result and nothing of the widget's", async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const got: Parameters<typeof loadDefinition>[1] = {};
    const dev = devices("swiftshader");
    const el = mountWidget(loadDefinition(log, got), {acquire: dev.acquire});
    expect(el.value).toEqual({count: 50_000, engine: "starting"});
    await vi.advanceTimersByTimeAsync(0);
    const f = Math.sqrt(4000 / 50_000);
    expect(log).toEqual([
      `applyLoad (software): 4000 of 4000 in a box of ${(2 * f).toFixed(3)}, gravity ${(3 / f).toFixed(2)}`,
      `gpu built with ctx.load.count 4000: 4000 of 4000 in a box of ${(2 * f).toFixed(3)}, gravity ${(3 / f).toFixed(2)}`,
    ]);
    const {ctx, w} = got;
    expect(w!.config.state.substeps).toBe(1);
    // the engine's context holds the runtime's parts only: no callback into the definition
    expect(Object.keys(ctx!).sort()).toEqual(["device", "handle", "load", "rebuilt", "scope", "status", "wgsl"]);
    expect(ctx!.load).toMatchObject({target: "software", renderer: "SwiftShader", count: 4000, standsFor: 50_000, reduced: true, pace: 1, maxInFlight: 1});
    expect(w!.phase).toBe("gpu");
    w!.setValue();
    expect(el.value).toEqual({count: 4000, engine: "gpu"});

    // the reader's new count: the runtime decides again (never lowered: the reader chose), the engine pours it
    log.length = 0;
    w!.config.state.count = 20_000;
    w!.refit();
    w!.engine!.reset!();
    const g = Math.sqrt(20_000 / 50_000);
    expect(log).toEqual([
      `applyLoad (software): 20000 of 20000 in a box of ${(2 * g).toFixed(3)}, gravity ${(3 / g).toFixed(2)}`,
      `reset pours 20000: 20000 of 20000 in a box of ${(2 * g).toFixed(3)}, gravity ${(3 / g).toFixed(2)}`,
    ]);
    expect(ctx!.load).toMatchObject({count: 20_000, reduced: false});

    // a loss: the phase is "pending" at once, "gpu" again on the rebuild, which lowers nothing
    dev.made[0].lose();
    expect(w!.phase).toBe("pending");
    w!.setValue();
    expect(el.value.engine).toBe("starting");
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS + 1);
    expect(w!.phase).toBe("gpu");
    expect(got.ctx!.load).toMatchObject({count: 20_000, reduced: false, target: "software"});
    el.dispose();
  });

  it("on a hardware GPU the reader's count runs in the full world; on the twin its share, standing for the reader's count", async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const got: Parameters<typeof loadDefinition>[1] = {};
    const dev = devices();
    const el = mountWidget(loadDefinition(log, got), {acquire: dev.acquire});
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual([
      "applyLoad (gpu): 50000 of 50000 in a box of 2.000, gravity 3.00",
      "gpu built with ctx.load.count 50000: 50000 of 50000 in a box of 2.000, gravity 3.00",
    ]);
    expect(got.ctx!.load).toMatchObject({target: "gpu", renderer: null, pace: null, maxInFlight: 2});
    log.length = 0;
    for (let i = 0; i <= MAX_RESTARTS; i++) {
      dev.made[dev.made.length - 1].lose();
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS + 1);
    }
    const f = Math.sqrt(3125 / 50_000);
    expect(log.at(-1)).toBe(`cpu built with ctx.load.count 3125: 3125 of 50000 in a box of ${(2 * f).toFixed(3)}, gravity ${(3 / f).toFixed(2)}`);
    expect(got.w!.phase).toBe("cpu");
    el.dispose();
  });
});
