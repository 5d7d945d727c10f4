// Pointer → world mapping and backing-store size of the widgets' canvas stage (pure functions).
import {describe, expect, it} from "vitest";
import {backingSize} from "../../components/widgets/runtime/canvas.js";
import {clientToWorld as viewToWorld, insideBox} from "../../components/sim/pointer.js";

type Rect = {left: number; top: number; width: number; height: number};
/** The stage's map for a canvas showing the box [0, worldW] × [0, worldH], with its inside test. */
const clientToWorld = (clientX: number, clientY: number, rect: Rect, worldW: number, worldH: number) => ({
  ...viewToWorld(clientX, clientY, rect, {x0: 0, y0: 0, x1: worldW, y1: worldH}),
  inside: insideBox(clientX, clientY, rect),
});

describe("clientToWorld", () => {
  const rect = {left: 100.5, top: 40.25, width: 560.4, height: 560.4};
  it("maps the corners and the centre of the canvas to the box, y up", () => {
    expect(clientToWorld(100.5, 40.25 + 560.4, rect, 2, 2)).toEqual({x: 0, y: 0, inside: true});
    expect(clientToWorld(100.5 + 560.4, 40.25, rect, 2, 2)).toEqual({x: 2, y: 2, inside: true});
    const c = clientToWorld(100.5 + 280.2, 40.25 + 280.2, rect, 2, 2);
    expect(c.x).toBeCloseTo(1, 12);
    expect(c.y).toBeCloseTo(1, 12);
  });
  it("is independent of the device pixel ratio (CSS pixels in, world out) and flags outside points", () => {
    expect(clientToWorld(99, 100, rect, 2, 2).inside).toBe(false);
    expect(clientToWorld(200, 700, rect, 2, 2).inside).toBe(false);
    const p = clientToWorld(100.5 + 56.04, 40.25 + 504.36, rect, 2, 1);
    expect(p.x).toBeCloseTo(0.2, 12);
    expect(p.y).toBeCloseTo(0.1, 12);
  });
});

describe("backingSize", () => {
  it("is the CSS size times devicePixelRatio, rounded, at least 1", () => {
    expect(backingSize(560, 560, 1)).toEqual({width: 560, height: 560});
    expect(backingSize(560, 350, 2)).toEqual({width: 1120, height: 700});
    expect(backingSize(333.4, 333.4, 3)).toEqual({width: 1000, height: 1000});
    expect(backingSize(0, 0, 2)).toEqual({width: 1, height: 1});
  });
});

describe("contacts slider (log scale, 200–4,000)", async () => {
  const {sliderToCount, countToSlider, CONTACTS_MIN, CONTACTS_MAX, SLIDER_STEPS} = await import("../../components/widgets/contacts/controls.js");
  it("maps its ends to the limits and round-trips the default", () => {
    expect(sliderToCount(0)).toBe(CONTACTS_MIN);
    expect(sliderToCount(SLIDER_STEPS)).toBe(CONTACTS_MAX);
    for (const n of [200, 500, 1000, 2000, 3000, 4000]) expect(sliderToCount(countToSlider(n))).toBe(n);
    for (let v = 1; v <= SLIDER_STEPS; v++) expect(sliderToCount(v)).toBeGreaterThanOrEqual(sliderToCount(v - 1));
  });
});
