// The one summary (components/sim/timing.ts `summarize`, `quantile`) and the one pass timer's
// paths that need no GPU: the wall-clock fallback on a device without 'timestamp-query'
// (a stand-in device that fails the test if any timestamp object is asked for), and the
// timestamp pairs' sums per frame.
import {describe, expect, it} from "vitest";
import {ResourceScope} from "../../components/gpu/scope.js";
import {PassTimer, passTimes, quantile, summarize, WALL_CLOCK_LABEL, type PassTimes} from "../../components/sim/timing.js";

describe("summarize", () => {
  it("odd count: the middle value; min, max, spread = max − min", () => {
    expect(summarize([5, 1, 3])).toEqual({median: 3, min: 1, max: 5, spread: 4, n: 3});
  });
  it("even count: the mean of the two middle values", () => {
    expect(summarize([4, 1, 3, 2])).toEqual({median: 2.5, min: 1, max: 4, spread: 3, n: 4});
    expect(summarize([10, 20])).toMatchObject({median: 15});
  });
  it("one value: it is median, min and max; spread 0", () => {
    expect(summarize([0.7])).toEqual({median: 0.7, min: 0.7, max: 0.7, spread: 0, n: 1});
  });
  it("does not reorder its input; rounds to `digits` significant digits when asked", () => {
    const xs = [3.14159, 1, 2.71813];
    expect(summarize(xs, 3)).toEqual({median: 2.72, min: 1, max: 3.14, spread: 2.14, n: 3});
    expect(xs).toEqual([3.14159, 1, 2.71813]);
  });
  it("empty list or a non-finite value: a clear RangeError, never NaN", () => {
    expect(() => summarize([])).toThrow(RangeError);
    expect(() => summarize([])).toThrow(/empty list/);
    expect(() => summarize([1, Number.NaN])).toThrow(/non-finite/);
    expect(() => summarize([1, Infinity])).toThrow(RangeError);
  });
  it("quantile interpolates between ranks (definition 7); 0.5 is the median", () => {
    const xs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(quantile(xs, 0)).toBe(1);
    expect(quantile(xs, 1)).toBe(10);
    expect(quantile(xs, 0.5)).toBe(summarize(xs).median);
    expect(quantile(xs, 0.1)).toBeCloseTo(1.9, 12);
    expect(quantile(xs, 0.9)).toBeCloseTo(9.1, 12);
    expect(() => quantile(xs, 1.5)).toThrow(/outside/);
    expect(() => quantile([], 0.5)).toThrow(/empty/);
  });
});

/** A device that has no 'timestamp-query': creating a query set or a buffer fails the test. */
function deviceWithoutTimestamps() {
  const submitted: unknown[] = [];
  let waits = 0;
  const device = {
    features: new Set<string>(),
    queue: {
      submit: (b: unknown[]) => submitted.push(...b),
      onSubmittedWorkDone: () => (waits++, Promise.resolve()),
    },
    createQuerySet: () => {
      throw new Error("a timestamp query set on a device without 'timestamp-query'");
    },
    createBuffer: () => {
      throw new Error("no buffer is needed to time by the wall clock");
    },
  };
  const encoder = {finish: () => "command buffer", resolveQuerySet: () => expect.unreachable("resolveQuerySet without timestamps")};
  return {device: device as unknown as GPUDevice, encoder: encoder as unknown as GPUCommandEncoder, submitted, waits: () => waits};
}

describe("PassTimer without 'timestamp-query'", () => {
  it("awaited: falls back to the wall clock, one reading under 'all'", async () => {
    const {device, encoder, submitted, waits} = deviceWithoutTimestamps();
    const scope = new ResourceScope(null);
    const timer = PassTimer.create(device, scope, 8);
    expect(timer.mode).toBe("wall-clock");
    expect(timer.beginFrame()).toBe(true);
    expect(timer.writes("count")).toBeUndefined();
    const [t] = await timer.read(encoder);
    expect(submitted).toEqual(["command buffer"]);
    // the queue drained before the clock started, and the clock stopped when it drained again
    expect(waits()).toBe(2);
    expect(Object.keys(t.byLabel)).toEqual([WALL_CLOCK_LABEL]);
    expect(t.total).toBe(t.byLabel.all);
    expect(t.span).toBe(t.total);
    expect(t.total).toBeGreaterThanOrEqual(0);
    timer.dispose();
    scope.dispose();
  });

  it("live: times one frame at a time, without blocking, and stops reporting once disposed", async () => {
    const {device, encoder} = deviceWithoutTimestamps();
    const scope = new ResourceScope(null);
    const got: PassTimes[] = [];
    const timer = PassTimer.create(device, scope, 8, (t) => got.push(t));
    expect(timer.beginFrame()).toBe(true);
    expect(timer.writes("walk")).toBeUndefined();
    timer.resolve(encoder);
    device.queue.submit([encoder.finish()]);
    timer.commit();
    // the reading is in flight: the next frame is not timed
    expect(timer.beginFrame()).toBe(false);
    timer.commit();
    await Promise.resolve();
    await Promise.resolve();
    expect(got).toHaveLength(1);
    expect(got[0].byLabel.all).toBeGreaterThanOrEqual(0);
    expect(timer.beginFrame()).toBe(true);
    timer.resolve(encoder);
    timer.commit();
    timer.dispose();
    await Promise.resolve();
    await Promise.resolve();
    expect(got).toHaveLength(1);
    scope.dispose();
  });

  it("a device with 'timestamp-query' can still be asked for the wall clock", () => {
    const {device} = deviceWithoutTimestamps();
    (device.features as unknown as Set<string>).add("timestamp-query");
    const scope = new ResourceScope(null);
    expect(PassTimer.create(device, scope, 4, null, {wallClock: true}).mode).toBe("wall-clock");
    scope.dispose();
  });
});

describe("passTimes", () => {
  it("sums pairs per label and frame; span from the frame's first begin to its last end", () => {
    // frame 0: a 1→3 ms, b 3→4 ms, a 4→5 ms; frame 1: a 10→12 ms; a reversed pair reads 0
    const ns = (ms: number) => BigInt(ms * 1e6);
    const stamps = new BigUint64Array([1, 3, 3, 4, 4, 5, 10, 12, 20, 19].map(ns));
    const labels = [
      {frame: 0, label: "a"},
      {frame: 0, label: "b"},
      {frame: 0, label: "a"},
      {frame: 1, label: "a"},
      {frame: 1, label: "late"},
    ];
    const [f0, f1] = passTimes(stamps, labels);
    expect(f0.byLabel).toEqual({a: 3, b: 1});
    expect(f0.total).toBe(4);
    expect(f0.span).toBe(4);
    expect([f0.start, f0.end]).toEqual([0, 4]);
    expect(f1.byLabel).toEqual({a: 2, late: 0});
    expect([f1.start, f1.end, f1.span]).toEqual([9, 18, 9]);
    expect(passTimes(new BigUint64Array([ns(2), ns(5)]), ["scan"])[0].byLabel).toEqual({scan: 3});
  });
});
