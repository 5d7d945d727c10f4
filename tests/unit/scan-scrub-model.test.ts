// The pure progress → scene mapping of the scroll-scrubbed counting sort.
import {describe, expect, it} from "vitest";
import {denseGrid} from "../../components/sort/grid.js";
import {packParticles} from "../../components/sort/particles.js";
import {countingSortTwin} from "../../components/sort/twin.js";
import {phasesFor, plainSnapshots, seededParticles} from "../../components/sort/teaching.js";
import {captionOf, revealedArrays, sceneAt} from "../../components/widgets/scan-scrub/model.js";
import {animationAt, phaseAt, restProgress} from "../../components/widgets/shared/scroll/progress.js";

const grid = denseGrid(3, 2, 1);
const phases = phasesFor(6);
const particles = seededParticles(7, 18, 3, 2);
const snaps = plainSnapshots(countingSortTwin(grid, packParticles(particles)));

describe("phases", () => {
  it("6 cells: histogram, rounds with strides 1, 2, 4, shift, scatter", () => {
    expect(phases.map((p) => p.id)).toEqual(["histogram", "scan-1", "scan-2", "scan-4", "shift", "scatter"]);
    expect(
      phasesFor(16)
        .filter((p) => p.stride)
        .map((p) => p.stride)
    ).toEqual([1, 2, 4, 8]);
    expect(phasesFor(1).map((p) => p.id)).toEqual(["histogram", "shift", "scatter"]);
  });

  it("phaseAt splits progress evenly, clamps and survives NaN", () => {
    expect(phaseAt(0, 6)).toEqual({phaseIndex: 0, t: 0});
    expect(phaseAt(1, 6)).toEqual({phaseIndex: 5, t: 1});
    expect(phaseAt(-3, 6)).toEqual({phaseIndex: 0, t: 0});
    expect(phaseAt(7, 6)).toEqual({phaseIndex: 5, t: 1});
    expect(phaseAt(NaN, 6)).toEqual({phaseIndex: 0, t: 0});
    const a = phaseAt(2.5 / 6, 6);
    expect(a.phaseIndex).toBe(2);
    expect(a.t).toBeCloseTo(0.5, 12);
    for (let k = 0; k < 6; k++) {
      expect(phaseAt(k / 6 + 1e-9, 6).phaseIndex).toBe(k);
      expect(phaseAt((k + 1) / 6 - 1e-9, 6).phaseIndex).toBe(k);
    }
  });

  it("every rest point lies inside its phase with the animation finished", () => {
    for (let k = 0; k < 6; k++) {
      const {phaseIndex, t} = phaseAt(restProgress(k, 6), 6);
      expect(phaseIndex).toBe(k);
      expect(animationAt(t, false)).toBe(1);
    }
  });

  it("animation grows linearly, then holds; reduced motion is always final", () => {
    expect(animationAt(0, false)).toBe(0);
    expect(animationAt(0.35, false)).toBeCloseTo(0.5, 12);
    expect(animationAt(0.9, false)).toBe(1);
    for (const t of [0, 0.1, 0.5, 1]) expect(animationAt(t, true)).toBe(1);
  });
});

describe("seeded particles", () => {
  it("same seed, same particles; another seed, others; all inside the box and f32-exact", () => {
    expect(seededParticles(7, 18, 3, 2)).toEqual(particles);
    expect(seededParticles(8, 18, 3, 2)).not.toEqual(particles);
    for (const p of particles) {
      expect(p.x).toBe(Math.fround(p.x));
      expect(p.y).toBe(Math.fround(p.y));
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(3);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(2);
    }
  });
});

describe("scene at a scroll progress", () => {
  it("is a pure function: the same progress gives the same scene whatever came before", () => {
    const ps = [0.93, 0.01, 0.5, 0.17, 0.75, 0.33];
    const first = ps.map((p) => sceneAt(p, snaps, phases, false));
    const again = [...ps]
      .reverse()
      .map((p) => sceneAt(p, snaps, phases, false))
      .reverse();
    expect(again).toEqual(first);
  });

  it("histogram: counts grow one particle at a time and end at the real counts", () => {
    let prevCounted = -1;
    for (let i = 0; i <= 100; i++) {
      const s = sceneAt((i / 100) * (1 / 6) * 0.999, snaps, phases, false);
      expect(s.phase.id).toBe("histogram");
      expect(s.counted).toBeGreaterThanOrEqual(prevCounted);
      prevCounted = s.counted;
      expect(s.countsShown.reduce((a, b) => a + b, 0)).toBe(s.counted);
      for (let c = 0; c < 6; c++) expect(s.countsShown[c]).toBeLessThanOrEqual(snaps.counts[c]);
    }
    expect(prevCounted).toBe(18);
    expect(sceneAt(restProgress(0, 6), snaps, phases, false).countsShown).toEqual(snaps.counts);
    expect(sceneAt(0, snaps, phases, false).counted).toBe(0);
    expect(sceneAt(0, snaps, phases, true).countsShown).toEqual(snaps.counts);
  });

  it("scan rounds: arrows before sums; earlier rounds done, later ones empty", () => {
    const mid = sceneAt((2 + 0.15) / 6, snaps, phases, false); // round 2, arrows half grown
    expect(mid.phase.id).toBe("scan-2");
    expect(mid.rounds[0]).toEqual({arrows: 1, values: 1});
    expect(mid.rounds[1].arrows).toBeGreaterThan(0);
    expect(mid.rounds[1].values).toBe(0);
    expect(mid.rounds[2]).toEqual({arrows: 0, values: 0});
    expect(mid.shift).toEqual({arrows: 0, values: 0});
    const rest = sceneAt(restProgress(2, 6), snaps, phases, false);
    expect(rest.rounds[1]).toEqual({arrows: 1, values: 1});
  });

  it("scatter: particles reach the slots the sort gave them", () => {
    const end = sceneAt(1, snaps, phases, false);
    expect(end.placed).toBe(18);
    expect(end.placeFlight).toBeNull();
    end.slotOf.forEach((slot, id) => expect(snaps.order[slot]).toBe(id));
    const before = sceneAt(restProgress(4, 6), snaps, phases, false);
    expect(before.placed).toBe(0);
    const half = sceneAt((5 + 0.36) / 6, snaps, phases, false);
    expect(half.placed).toBe(9);
  });

  it("reduced motion: within a phase every progress gives the same final picture", () => {
    for (let k = 0; k < 6; k++) {
      const a = sceneAt((k + 0.02) / 6, snaps, phases, true);
      const b = sceneAt((k + 0.97) / 6, snaps, phases, true);
      const strip = (s: ReturnType<typeof sceneAt>) => ({...s, progress: 0, t: 0});
      expect(strip(a)).toEqual(strip(b));
      expect(a.anim).toBe(1);
    }
  });
});

describe("revealed arrays (the .value of each phase)", () => {
  it("reveals counts, then each round, then starts, then order", () => {
    const at = (k: number) => revealedArrays(snaps, k, phases);
    expect(at(0)).toEqual({counts: snaps.counts, scanRounds: [], starts: [], order: []});
    expect(at(1).scanRounds).toEqual(snaps.scanRounds.slice(0, 1));
    expect(at(3).scanRounds).toEqual(snaps.scanRounds);
    expect(at(3).starts).toEqual([]);
    expect(at(4).starts).toEqual(snaps.starts);
    expect(at(4).order).toEqual([]);
    expect(at(5).order).toEqual(snaps.order);
  });

  it("the twin's arrays for seed 7 are the ones the essay describes", () => {
    expect(snaps.counts.reduce((a, b) => a + b, 0)).toBe(18);
    expect(snaps.scanRounds).toHaveLength(3);
    expect(snaps.starts[0]).toBe(0);
    expect(snaps.starts[6]).toBe(18);
  });

  it("captions carry the live numbers", () => {
    expect(captionOf(sceneAt(restProgress(0, 6), snaps, phases, false), snaps)).toContain(snaps.counts.join(", "));
    expect(captionOf(sceneAt(restProgress(4, 6), snaps, phases, false), snaps)).toContain(snaps.starts.slice(0, -1).join(", "));
    expect(captionOf(sceneAt(0.01, snaps, phases, false), snaps)).toMatch(/of 18 particles counted/);
  });
});
