// The scroll story "two structures, one kernel": its step model (progress → step) and its
// state, held to the twins: the far field to the tree walk of every body (walkTwin, with the
// star), the near field and the contacts to nearTwin and the brute-force pair list, the sum.
import {describe, expect, it} from "vitest";
import {
  STORY_GRAINS,
  STORY_LEAF,
  STORY_SEED,
  STORY_STEPS,
  storyCaption,
  storyRest,
  storyState,
  storyStepAt,
  storyValue,
} from "../../components/widgets/dust-story/model.js";
import {discScene} from "../../components/dust/scene.js";
import {contactPairsBruteForce, nearTwin} from "../../components/dust/twin.js";
import {buildBarnesHut, walkTwin} from "../../components/gravity/twin.js";

const s = storyState();

describe("the story's steps", () => {
  it("four steps: the grain, the tree, the grid, the sum", () => {
    expect(STORY_STEPS.map((k) => k.id)).toEqual(["grain", "tree", "grid", "sum"]);
  });
  it("progress picks the step evenly, clamps and survives NaN; each rest point is inside its step", () => {
    expect(storyStepAt(0)).toEqual({stepIndex: 0, step: "grain", t: 0});
    expect(storyStepAt(0.3).step).toBe("tree");
    expect(storyStepAt(0.6).step).toBe("grid");
    expect(storyStepAt(1)).toEqual({stepIndex: 3, step: "sum", t: 1});
    expect(storyStepAt(-2).step).toBe("grain");
    expect(storyStepAt(Number.NaN).step).toBe("grain");
    for (let k = 0; k < 4; k++) expect(storyStepAt(storyRest(k)).stepIndex).toBe(k);
  });
  it(".value reports the step and the clamped progress", () => {
    const v = storyValue(s, storyRest(2));
    expect(v.step).toBe("grid");
    expect(v.stepIndex).toBe(2);
    expect(v.heading).toBe(STORY_STEPS[2].heading);
    expect(storyValue(s, 5).progress).toBe(1);
    expect(v.engine).toBe("cpu");
    expect(v.grains).toBe(STORY_GRAINS);
  });
});

describe("the story's state is the twins'", () => {
  const {bodies, params} = discScene(STORY_GRAINS, STORY_SEED);
  const bh = buildBarnesHut(bodies, STORY_LEAF);
  const i = s.grain;

  it("the bodies are in the tree's order and the grain has contacts", () => {
    expect(Array.from(s.bodies.id)).toEqual(Array.from(bh.sorted.id));
    expect(s.grid.contacts.length).toBeGreaterThan(0);
  });
  it("far field = the walk of every body (walkTwin with the star) at the grain", () => {
    const all = walkTwin(bh, params, params.star ?? undefined);
    expect(s.far[0]).toBeCloseTo(all.ax[i], 12);
    expect(s.far[1]).toBeCloseTo(all.ay[i], 12);
    expect(s.tree.approximated.length + s.tree.direct.length).toBe(all.interactions[i]);
  });
  it("near field and contacts = nearTwin and the brute-force pair list; the sum adds the two", () => {
    const near = nearTwin(bh.sorted, params, 4 * params.unitRadius);
    expect(s.near).toEqual([near.ax[i], near.ay[i]]);
    expect(s.grid.contacts.length).toBe(near.touching[i]);
    const brute = contactPairsBruteForce(bh.sorted, params.unitRadius)
      .filter((p) => p.i === i || p.j === i)
      .map((p) => (p.i === i ? p.j : p.i))
      .sort((a, b) => a - b);
    expect(s.grid.contacts).toEqual(brute);
    for (const j of s.grid.contacts) expect(s.grid.candidates).toContain(j);
    expect(s.grid.cells.length).toBe((2 * s.grid.reach + 1) ** 2);
    expect(s.sum).toEqual([s.far[0] + s.near[0], s.far[1] + s.near[1]]);
  });
  it("the captions give the state's own numbers", () => {
    expect(storyCaption(s, 2)).toContain(`visits ${s.grid.cells.length} cells`);
    expect(storyCaption(s, 1)).toContain(`takes ${s.tree.approximated.length} cells`);
  });
});
