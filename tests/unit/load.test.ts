// The runtime's load decision (components/widgets/runtime/load.ts): the one scaling function of a
// world shrunk to fewer bodies (Froude scaling), and a declared rule applied per target (a
// hardware GPU, a CPU emulation, the CPU twin), with what one decision leaves to the next.
import {describe, expect, it} from "vitest";
import {decideLoad, FRESH_LOAD, type LoadRule, loadTarget, type Placement, scaleWorld} from "../../components/widgets/runtime/load.js";

const device = {limits: {maxBufferSize: 1 << 30, maxStorageBufferBindingSize: 1 << 27}} as unknown as GPUDevice;
const at = (engine: "gpu" | "cpu", adapter: Placement["adapter"]): Placement => ({
  engine,
  adapter,
  renderer: adapter === "software" ? "SwiftShader" : null,
  device: engine === "gpu" ? device : null,
});
const GPU = at("gpu", "gpu");
const SOFTWARE = at("gpu", "software");
const TWIN = at("cpu", "none");

/** A rule like the water demo's: 50,000 asked (not given), 4,000 on an emulation, count / 16 on the twin, a 2-unit tank. */
function waterLike(count = 50_000, given = false): LoadRule & {ask: {count: number; given: boolean}} {
  const ask = {count, given};
  return {ask, request: () => ask, softwareCount: 4000, twinCount: (n) => Math.round(n / 16), world: {full: 2}};
}

describe("scaleWorld", () => {
  it("shrinks a world of fixed shape as √ of the count and scales gravity by the inverse (Froude) and the reach by the side", () => {
    for (const [n, standsFor] of [
      [4000, 50_000],
      [2000, 12_000],
      [333, 12_000],
    ]) {
      const f = Math.sqrt(n / standsFor);
      const s = scaleWorld(n, standsFor, {full: 2});
      expect(s.side).toBeCloseTo(2 * f, 12);
      // the same area per body: n bodies fill the side-s world as standsFor fill the full one
      expect(n / s.side ** 2).toBeCloseTo(standsFor / 2 ** 2, 9);
      // Fr = U / √(g L) kept with the speeds: g × 1/f for L × f
      expect(s.gravity * f).toBeCloseTo(1, 12);
      expect(s.reach).toBeCloseTo(f, 12);
    }
  });

  it("keeps the full world at or above the count it stands for", () => {
    expect(scaleWorld(12_000, 12_000, {full: 2})).toEqual({side: 2, gravity: 1, reach: 1});
    expect(scaleWorld(80_000, 50_000, {full: 2})).toEqual({side: 2, gravity: 1, reach: 1});
  });

  it("takes a world sized to its own count (the hero's pool): gravity by the sides' ratio, the reach by the side over full", () => {
    const side = (n: number) => Math.min(2, Math.max(0.25, Math.sqrt(n) / 100));
    const s = scaleWorld(4000, 45_000, {full: 2, side});
    expect(s.side).toBeCloseTo(side(4000), 12);
    expect(s.gravity).toBeCloseTo(side(45_000) / side(4000), 12);
    expect(s.reach).toBeCloseTo(side(4000) / 2, 12);
  });

  it("refuses a count or a side that is not positive", () => {
    expect(() => scaleWorld(0, 100, {full: 2})).toThrow(RangeError);
    expect(() => scaleWorld(10, 100, {full: 0})).toThrow(/positive/);
  });
});

describe("decideLoad", () => {
  it("names the target: the CPU engine is the twin whatever the adapter", () => {
    expect([loadTarget(GPU), loadTarget(SOFTWARE), loadTarget(TWIN), loadTarget(at("cpu", "software"))]).toEqual(["gpu", "software", "twin", "twin"]);
  });

  it("a hardware GPU runs the reader's count in the full world, two frames in flight, the widget's own pace", () => {
    const {load} = decideLoad(waterLike(), GPU);
    expect(load).toMatchObject({
      target: "gpu",
      renderer: null,
      requested: 50_000,
      count: 50_000,
      standsFor: 50_000,
      reduced: false,
      pace: null,
      maxInFlight: 2,
    });
    expect(load.world).toEqual({side: 2, gravity: 1, reach: 1});
  });

  it("a CPU emulation lowers a count nobody gave, once, and the world keeps the picture of the count it replaced", () => {
    const rule = waterLike();
    const first = decideLoad(rule, SOFTWARE);
    expect(first.load).toMatchObject({
      target: "software",
      renderer: "SwiftShader",
      requested: 4000,
      count: 4000,
      standsFor: 50_000,
      reduced: true,
      pace: 1,
      maxInFlight: 1,
    });
    expect(first.load.world!.side).toBeCloseTo(2 * Math.sqrt(4000 / 50_000), 12);
    expect(first.memory).toEqual({reducedFrom: 50_000, chosen: false});
    // the widget wrote the lowered count back (applyLoad): a rebuild lowers nothing more
    rule.ask.count = 4000;
    const again = decideLoad(rule, SOFTWARE, first.memory);
    expect(again.load).toMatchObject({count: 4000, standsFor: 50_000, reduced: false});
    // the twin after it stands for the same picture
    const twin = decideLoad(rule, TWIN, again.memory);
    expect(twin.load).toMatchObject({target: "twin", count: 250, standsFor: 50_000, pace: null, maxInFlight: 2});
    expect(twin.load.world!.gravity).toBeCloseTo(Math.sqrt(50_000 / 250), 9);
  });

  it("keeps a count the page gave, or the reader chose, on a CPU emulation", () => {
    expect(decideLoad(waterLike(50_000, true), SOFTWARE).load).toMatchObject({count: 50_000, reduced: false, standsFor: 50_000, pace: 1});
    expect(decideLoad(waterLike(), SOFTWARE, {reducedFrom: 0, chosen: true}).load).toMatchObject({count: 50_000, reduced: false});
    // a default already under the software count is not a reduction
    expect(decideLoad(waterLike(3000), SOFTWARE).load).toMatchObject({count: 3000, reduced: false, standsFor: 3000});
  });

  it("the twin's count is the rule's function of the reader's count, or its fixed number", () => {
    expect(decideLoad(waterLike(80_000), TWIN).load).toMatchObject({count: 5000, requested: 80_000, standsFor: 80_000});
    const fixed: LoadRule = {request: () => ({count: null, given: false}), twinCount: 1500};
    expect(decideLoad(fixed, TWIN).load).toMatchObject({count: 1500, requested: null, standsFor: 1500, world: null});
  });

  it("sizes a missing count to the device on a GPU and the software count on an emulation, clamped into the target's range", () => {
    const rule: LoadRule = {
      request: () => ({count: null, given: false}),
      softwareCount: 2000,
      gpuCount: (d) => d.limits.maxStorageBufferBindingSize / 1024,
      range: (target) => (target === "software" ? [500, 10_000] : [10_000, 1_000_000]),
    };
    expect(decideLoad(rule, GPU).load).toMatchObject({count: 131_072, range: [10_000, 1_000_000]});
    expect(decideLoad(rule, SOFTWARE).load).toMatchObject({count: 2000, reduced: false, range: [500, 10_000]});
    const given: LoadRule = {...rule, request: () => ({count: 100_000, given: true})};
    expect(decideLoad(given, SOFTWARE).load.count).toBe(10_000);
    expect(decideLoad(given, GPU).load.count).toBe(100_000);
  });

  it("without a rule: only the target, the pace and the frames in flight", () => {
    expect(decideLoad(undefined, SOFTWARE, FRESH_LOAD).load).toMatchObject({target: "software", count: 0, pace: 1, maxInFlight: 1, world: null});
    expect(decideLoad(undefined, GPU).load).toMatchObject({target: "gpu", pace: null, maxInFlight: 2});
  });

  it("refuses a rule that gives no count for its target", () => {
    expect(() => decideLoad({request: () => ({count: null, given: false})}, GPU)).toThrow(/no count for the gpu engine/);
  });
});
