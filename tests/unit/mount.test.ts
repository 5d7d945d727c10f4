// @vitest-environment jsdom
// (jsdom is installed with @observablehq/framework, a dependency of the site, at the version the lockfile pins)
// mountWidget (components/widgets/runtime/mount.ts) with fake devices: the root, status and
// card it makes, the one canvas swap before a CPU engine that follows a GPU engine (only for
// definitions whose GPU engine draws on the canvas), and disposal.
import {afterEach, beforeAll, describe, expect, it, vi} from "vitest";
import type {GPUHandle} from "../../components/gpu/context.js";
import {type Engine, MAX_RESTARTS, RETRY_DELAY_MS} from "../../components/widgets/runtime/engine.js";
import {defineWidget, mountWidget} from "../../components/widgets/runtime/mount.js";

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

/** A device provider whose devices can be lost (a new one after each loss). */
function devices() {
  const made: {handle: GPUHandle; lose(): void}[] = [];
  const make = () => {
    const listeners = new Set<(i: GPUDeviceLostInfo) => void>();
    let lost = false;
    const handle = {
      device: {createBuffer: (d: GPUBufferDescriptor) => ({size: d.size, destroy() {}})} as unknown as GPUDevice,
      adapterInfo: {vendor: "fake", architecture: "", description: ""},
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
