// The §1 engine without a page: a reset (the slider's new count, Re-seed) publishes the new
// discs' value at once, so a paused widget (reduced motion, Pause) shows the count its slider
// says; its counters agree with a recount of the positions it keeps.
import {describe, expect, it} from "vitest";
import {CONTACT_DEFAULTS, countTouching} from "../../components/contacts/physics.js";
import {contactsCPU} from "../../components/widgets/contacts/cpu.js";
import type {ContactsValue} from "../../components/widgets/contacts/options.js";
import {frameTiming} from "../../components/widgets/runtime/timing.js";

function engine(count: number) {
  const published: ContactsValue[] = [];
  const state = {count, seed: 1};
  const e = contactsCPU({
    P: CONTACT_DEFAULTS,
    stepsPerFrame: 1,
    state,
    pointer: {x: 0, y: 0, active: false} as never,
    timing: frameTiming(),
    draw: () => {},
    publish: (v) => published.push(v),
  });
  return {e, state, published};
}

describe("contacts engine", () => {
  it("publishes its discs at the start and the new count at a reset, before any step, with counters of the positions it keeps", () => {
    const {e, state, published} = engine(300);
    expect(published).toEqual([expect.objectContaining({count: 300, checksPerStep: (300 * 299) / 2, steps: 0})]);
    state.count = 420;
    e.reset();
    expect(published.length).toBe(2);
    const v = published[1];
    expect(v).toMatchObject({count: 420, checksPerStep: (420 * 419) / 2, steps: 0});
    const snap = e.snapshot()!;
    expect(snap.x.length).toBe(420);
    expect(v.touchingPairs).toBe(countTouching(snap.x, snap.y, snap.radius));
  });

  it("steps publish again from zero after a reset", () => {
    const {e, published} = engine(200);
    e.frame!(16, 1000);
    expect(published.at(-1)!.steps).toBe(1);
    e.reset();
    expect(published.at(-1)!.steps).toBe(0);
    e.frame!(16, 2000);
    expect(published.at(-1)!.steps).toBe(1);
  });
});
