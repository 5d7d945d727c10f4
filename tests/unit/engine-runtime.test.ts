// The widget runtime's life cycle (components/widgets/runtime/engine.ts) with fake devices:
// which engine runs, the one retry policy after device losses, late losses, time limits.
import {afterEach, describe, expect, it, vi} from "vitest";
import {gpuStats, type GPUHandle} from "../../components/gpu/context.js";
import {ACQUIRE_TIMEOUT_MS, MAX_RESTARTS, RETRY_DELAY_MS, RETRY_WINDOW_MS, runEngine, type Engine} from "../../components/widgets/runtime/engine.js";
import {deviceLostMessage, rebuiltMessage, type Status} from "../../components/widgets/runtime/status.js";

/**
 * A fake shared device: `lose()` reports a loss to every subscriber; `loseLate()` reports
 * it also to listeners already unsubscribed (a loss event delivered to a listener list
 * copied before a widget moved to a new device).
 */
function fakeHandle(name: string) {
  const listeners = new Set<(i: GPUDeviceLostInfo) => void>();
  const everSubscribed: ((i: GPUDeviceLostInfo) => void)[] = [];
  let lost = false;
  const handle = {
    // buffers of a ResourceScope on this device are counted in the page's ledger (gpuStats)
    device: {label: name, createBuffer: (d: GPUBufferDescriptor) => ({size: d.size, destroy() {}})} as unknown as GPUDevice,
    adapterInfo: {vendor: "fake", architecture: "", description: ""},
    timestamps: false,
    subgroups: null,
    stats: {} as GPUHandle["stats"],
    onLost(cb: (i: GPUDeviceLostInfo) => void) {
      listeners.add(cb);
      everSubscribed.push(cb);
      return () => listeners.delete(cb);
    },
    isLost: () => lost,
  } as GPUHandle;
  return {
    handle,
    lose() {
      lost = true;
      for (const cb of [...listeners]) cb({reason: "unknown", message: `${name} lost`} as GPUDeviceLostInfo);
    },
    loseLate() {
      for (const cb of everSubscribed) cb({reason: "unknown", message: `${name} lost (late)`} as GPUDeviceLostInfo);
    },
  };
}

function fakeStatus(): Status & {lines: string[]} {
  const lines: string[] = [];
  const say = (t: string) => lines.push(t);
  return {element: {} as HTMLElement, setNotes() {}, info: say, warn: say, error: say, hold: say as any, release() {}, text: "", lines};
}

/** A provider that hands out a new fake device whenever the previous one is lost (like acquireGPU). */
function deviceProvider() {
  const made: ReturnType<typeof fakeHandle>[] = [];
  return {
    made,
    acquire: async () => {
      const last = made[made.length - 1];
      if (!last || last.handle.isLost()) made.push(fakeHandle(`d${made.length}`));
      return made[made.length - 1].handle;
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.useRealTimers());

describe("runEngine", () => {
  it("runs the GPU engine on the shared device, and the CPU engine with the reason when there is none", async () => {
    const dev = deviceProvider();
    const built: string[] = [];
    const rt = runEngine<Engine>({
      root: {} as Element,
      status: fakeStatus(),
      lazy: false,
      acquire: dev.acquire,
      gpu: () => (built.push("gpu"), {}),
      cpu: (c) => (built.push(`cpu: ${c.reason}`), {}),
    });
    await rt.ready;
    expect(rt.kind).toBe("gpu");
    expect(built).toEqual(["gpu"]);

    const rt2 = runEngine<Engine>({
      root: {} as Element,
      status: fakeStatus(),
      lazy: false,
      acquire: async () => null,
      gpu: () => ({}),
      cpu: (c) => (built.push(`cpu: ${c.reason}`), {}),
    });
    await rt2.ready;
    expect(rt2.kind).toBe("cpu");
    expect(built[1]).toMatch(/^cpu: WebGPU is not available here/);
  });

  it(`rebuilds after a loss, and after ${MAX_RESTARTS + 1} losses within ${RETRY_WINDOW_MS / 1000} s runs the CPU engine`, async () => {
    vi.useFakeTimers();
    const dev = deviceProvider();
    let gpuBuilds = 0;
    let reason = "";
    const disposed: string[] = [];
    const rt = runEngine<Engine>({
      root: {} as Element,
      status: fakeStatus(),
      lazy: false,
      acquire: dev.acquire,
      gpu: (c) => {
        gpuBuilds++;
        c.scope.onDispose(() => disposed.push(`gpu ${gpuBuilds}`));
        return {};
      },
      cpu: (c) => ((reason = c.reason), {}),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(rt.kind).toBe("gpu");
    for (let i = 1; i <= MAX_RESTARTS; i++) {
      dev.made[dev.made.length - 1].lose();
      expect(rt.kind).toBe("pending"); // the engine's scope is released at once
      expect(disposed.length).toBe(i);
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS + 1);
      expect(rt.kind).toBe("gpu");
      expect(gpuBuilds).toBe(i + 1);
    }
    dev.made[dev.made.length - 1].lose();
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS + 1);
    expect(rt.kind).toBe("cpu");
    expect(reason).toContain(`lost ${MAX_RESTARTS + 1} times`);
    expect(gpuBuilds).toBe(MAX_RESTARTS + 1);
  });

  it("says the device loss, then the one rebuilt message in front of the rebuilt engine's own line (or alone)", async () => {
    vi.useFakeTimers();
    const dev = deviceProvider();
    for (const writes of [true, false]) {
      const status = fakeStatus();
      const rt = runEngine<Engine>({
        root: {} as Element,
        status,
        lazy: false,
        acquire: dev.acquire,
        gpu: (c) => (writes && c.status.info("GPU line."), {}),
        cpu: () => ({}),
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(status.lines.at(-1)).toBe(writes ? "GPU line." : undefined);
      dev.made[dev.made.length - 1].lose();
      expect(status.lines.at(-1)).toBe(deviceLostMessage(`d${dev.made.length - 1} lost`));
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS + 1);
      expect(rt.kind).toBe("gpu");
      expect(status.lines.at(-1)).toBe(writes ? `${rebuiltMessage()} GPU line.` : rebuiltMessage());
      rt.dispose();
    }
  });

  it("losses spread out over more than the window are each recovered", async () => {
    // (the browser's former test of this, three real losses 15 s apart on the essay, slept 30 s)
    vi.useFakeTimers();
    const dev = deviceProvider();
    const status = fakeStatus();
    let gpuBuilds = 0;
    let cpuBuilds = 0;
    const rt = runEngine<Engine>({
      root: {} as Element,
      status,
      lazy: false,
      acquire: dev.acquire,
      gpu: () => (gpuBuilds++, {}),
      cpu: () => (cpuBuilds++, {}),
    });
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 5; i++) {
      dev.made[dev.made.length - 1].lose();
      await vi.advanceTimersByTimeAsync(RETRY_WINDOW_MS);
      expect(rt.kind).toBe("gpu");
      expect(gpuBuilds, "rebuilt on a new device after each loss").toBe(i + 2);
    }
    expect(dev.made.length, "one new device per loss").toBe(6);
    expect(cpuBuilds, "never the CPU engine").toBe(0);
    expect(status.lines.some((l) => /lost \d+ times/.test(l))).toBe(false);
  });

  it("reports every loss of its device, one that comes while the engine is still being built included", async () => {
    vi.useFakeTimers();
    const dev = deviceProvider();
    const lost: string[] = [];
    let finishBuild = () => {};
    let builds = 0;
    const rt = runEngine<Engine>({
      root: {} as Element,
      status: fakeStatus(),
      lazy: false,
      acquire: dev.acquire,
      // the second build waits until told: the device is lost before it finishes
      gpu: () => {
        builds++;
        if (builds !== 2) return {};
        return new Promise<Engine>((resolve) => {
          finishBuild = () => resolve({});
        });
      },
      cpu: () => ({}),
      onDeviceLost: (info) => lost.push(info.message),
    });
    await vi.advanceTimersByTimeAsync(0);
    dev.made[0].lose();
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS + 1);
    expect(builds).toBe(2);
    dev.made[1].lose();
    finishBuild();
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS + 1);
    expect(lost).toEqual(["d0 lost", "d1 lost"]);
    expect(rt.kind).toBe("gpu");
  });

  it("a GPU object built in a child scope after an await, its device lost during the await, leaves no buffer after dispose", async () => {
    vi.useFakeTimers();
    const dev = deviceProvider();
    const live = () => gpuStats().buffersLive;
    const before = live();
    let resume = () => {};
    let builds = 0;
    const rt = runEngine<Engine>({
      root: {} as Element,
      status: fakeStatus(),
      lazy: false,
      acquire: dev.acquire,
      // like X.create(device, ctx.scope, …): compile (an await), then a child scope with buffers
      gpu: async (c) => {
        if (++builds === 1) await new Promise<void>((r) => (resume = r));
        const child = c.scope.child();
        child.buffer({size: 64, usage: 0});
        return {};
      },
      cpu: () => ({}),
    });
    await vi.advanceTimersByTimeAsync(0);
    dev.made[0].lose();
    resume(); // the first build goes on after its device is gone
    await vi.advanceTimersByTimeAsync(0);
    expect(live()).toBe(before);
    rt.dispose();
    expect(live()).toBe(before);
  });

  it("ignores a late loss of a device it no longer uses", async () => {
    vi.useFakeTimers();
    const dev = deviceProvider();
    let gpuBuilds = 0;
    const rt = runEngine<Engine>({root: {} as Element, status: fakeStatus(), lazy: false, acquire: dev.acquire, gpu: () => (gpuBuilds++, {}), cpu: () => ({})});
    await vi.advanceTimersByTimeAsync(0);
    const old = dev.made[0];
    old.lose();
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS + 1);
    expect(gpuBuilds).toBe(2);
    old.loseLate(); // reported again by the old device, to a stale listener: nothing happens
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS + 1);
    expect(gpuBuilds).toBe(2);
    expect(rt.kind).toBe("gpu");
  });

  it("an adapter that never answers: the CPU engine after the time limit, saying so", async () => {
    vi.useFakeTimers();
    let reason = "";
    const status = fakeStatus();
    const rt = runEngine<Engine>({
      root: {} as Element,
      status,
      lazy: false,
      acquire: () => new Promise(() => {}),
      gpu: () => ({}),
      cpu: (c) => ((reason = c.reason), {}),
    });
    await vi.advanceTimersByTimeAsync(ACQUIRE_TIMEOUT_MS - 1);
    expect(rt.kind).toBe("pending");
    // never blank while it waits
    expect(status.lines).toEqual([`Waiting for the GPU (up to ${ACQUIRE_TIMEOUT_MS / 1000} s)…`]);
    await vi.advanceTimersByTimeAsync(2);
    expect(rt.kind).toBe("cpu");
    expect(reason).toContain("did not answer");
  });

  it("a GPU engine that fails to build falls back to the CPU engine; dispose releases the engine's scope", async () => {
    const dev = deviceProvider();
    let reason = "";
    let released = false;
    const rt = runEngine<Engine>({
      root: {} as Element,
      status: fakeStatus(),
      lazy: false,
      acquire: dev.acquire,
      gpu: () => {
        throw new Error("no pipeline");
      },
      cpu: (c) => {
        reason = c.reason;
        c.scope.onDispose(() => (released = true));
        return {};
      },
    });
    await rt.ready;
    await tick();
    expect(rt.kind).toBe("cpu");
    expect(reason).toContain("no pipeline");
    rt.dispose();
    expect(released).toBe(true);
    expect(rt.kind).toBe("pending");
  });

  it("a CPU engine that fails because the widget was disposed while it started says nothing, not even in the console", async () => {
    const status = fakeStatus();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let fail: (e: unknown) => void = () => {};
    const rt = runEngine<Engine>({
      root: {} as Element,
      status,
      lazy: false,
      acquire: async () => null,
      gpu: () => ({}),
      cpu: () => new Promise<Engine>((_, reject) => (fail = reject)),
    });
    await tick();
    rt.dispose();
    fail(undefined); // as a terminated worker's check does
    await tick();
    expect(status.lines.filter((l) => l.includes("failed to start"))).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  describe("on a CPU-emulated GPU (engine-choice.ts)", () => {
    /** A provider whose device says it is SwiftShader. */
    const swiftShader = () => {
      const h = fakeHandle("swiftshader");
      h.handle.adapterInfo = {vendor: "google", architecture: "swiftshader", description: "SwiftShader Device (Subzero)"};
      return async () => h.handle;
    };
    const run = (software: "cpu" | "gpu" | undefined, acquire: () => Promise<GPUHandle | null>, built: string[]) =>
      runEngine<Engine>({
        root: {} as Element,
        status: fakeStatus(),
        lazy: false,
        acquire,
        software,
        gpu: () => (built.push("gpu"), {}),
        cpu: (c) => (built.push(`cpu: ${c.reason}`), {}),
      });

    it("a widget whose twin is faster there runs the twin, says why, and the reader can switch to the GPU and back", async () => {
      const built: string[] = [];
      const rt = run("cpu", swiftShader(), built);
      await rt.ready;
      expect(rt.kind).toBe("cpu");
      expect(rt.softwareAdapter).toBe(true);
      expect(built).toEqual([
        "cpu: This WebGPU adapter is a CPU emulation of a GPU (SwiftShader), on which the CPU twin of the same kernels runs faster, so the twin runs here.",
      ]);
      await rt.switchEngine();
      expect(rt.kind).toBe("gpu");
      await rt.switchEngine();
      expect(rt.kind).toBe("cpu");
      expect(built.at(-1)).toBe("cpu: You chose the CPU twin of the GPU kernels, so it runs here.");
      rt.dispose();
    });

    it("every other widget runs its GPU engine there; a hardware GPU runs the GPU engine whatever the table says", async () => {
      const a: string[] = [];
      const rtA = run(undefined, swiftShader(), a);
      await rtA.ready;
      expect([rtA.kind, rtA.softwareAdapter]).toEqual(["gpu", true]);
      const b: string[] = [];
      const rtB = run("cpu", deviceProvider().acquire, b);
      await rtB.ready;
      expect([rtB.kind, rtB.softwareAdapter]).toEqual(["gpu", false]);
      rtA.dispose();
      rtB.dispose();
    });

    it("the page-wide choice in localStorage wins over the table (the browser tests choose the GPU)", async () => {
      const store = new Map<string, string>([["ns-engine", "gpu"]]);
      vi.stubGlobal("localStorage", {getItem: (k: string) => store.get(k) ?? null});
      try {
        const built: string[] = [];
        const rt = run("cpu", swiftShader(), built);
        await rt.ready;
        expect(rt.kind).toBe("gpu");
        store.set("ns-engine", "cpu");
        const twin: string[] = [];
        const rt2 = run(undefined, deviceProvider().acquire, twin);
        await rt2.ready;
        expect(twin).toEqual(["cpu: You chose the CPU twin of the GPU kernels, so it runs here."]);
        rt.dispose();
        rt2.dispose();
      } finally {
        vi.unstubAllGlobals();
      }
    });
  });
});
