// @vitest-environment jsdom
// (jsdom is installed with @observablehq/framework, a dependency of the site, at the version the lockfile pins)
// The one counting-sort teaching diagram (components/widgets/shared/diagram/sort.ts) and the one phase
// vocabulary (components/sort/teaching.ts) behind both §3 widgets: the stepped widget and the
// scroll diagram name a phase alike, land on the same scene when they rest on it, and draw the
// same numbers there, each in its own layout.
import {beforeAll, describe, expect, it} from "vitest";
import {createTeachingDiagram, type DiagramScene, settledScene} from "../../components/widgets/shared/diagram/sort.js";
import {packParticles} from "../../components/sort/particles.js";
import {phaseHeading, phasesFor, plainSnapshots, seededParticles, teachingGrid} from "../../components/sort/teaching.js";
import {countingSortTwin} from "../../components/sort/twin.js";
import {phaseName, sortPhases} from "../../components/widgets/counting-sort/options.js";
import {sceneAt} from "../../components/widgets/scan-scrub/model.js";
import {restProgress} from "../../components/widgets/shared/scroll/progress.js";

beforeAll(() => {
  window.matchMedia ??= ((q: string) => ({matches: false, media: q, addEventListener() {}, removeEventListener() {}})) as any;
});

const sortOf = (dimX: number, dimY: number, n: number, seed: number) => {
  const particles = seededParticles(seed, n, dimX, dimY);
  return {particles, data: plainSnapshots(countingSortTwin(teachingGrid(dimX, dimY), packParticles(particles)))};
};

/** The diagram's part of a scroll scene (without where in the scroll it is). */
const diagramPart = (s: DiagramScene): DiagramScene => ({
  phase: s.phase,
  counted: s.counted,
  countFlight: s.countFlight,
  countsShown: s.countsShown,
  rounds: s.rounds,
  shift: s.shift,
  placed: s.placed,
  placeFlight: s.placeFlight,
  slotOf: s.slotOf,
});

describe("one phase vocabulary", () => {
  it("the stepped widget's phases are the particles, then exactly the scroll diagram's phases", () => {
    for (const cells of [6, 16, 64]) {
      const stepped = sortPhases(cells);
      expect(stepped[0].id).toBe("start");
      expect(stepped.slice(1)).toEqual(phasesFor(cells));
    }
  });

  it("headings: one wording for a phase in both widgets", () => {
    const stepped = sortPhases(16);
    const scroll = phasesFor(16);
    expect(phaseHeading(stepped, 0)).toBe("Phase 1 of 8: Particles");
    expect(phaseHeading(stepped, 2)).toBe("Phase 3 of 8: Scan round 1, stride 1");
    expect(phaseHeading(scroll, 4)).toBe("Phase 5 of 7: Scan round 4, stride 8");
    expect(phaseHeading(scroll, 5)).toBe("Phase 6 of 7: Shift to exclusive starts");
    for (let k = 0; k < scroll.length; k++) expect(phaseHeading(stepped, k + 1).split(": ")[1]).toBe(phaseHeading(scroll, k).split(": ")[1]);
  });

  it("the stepped widget's old phase names differ from the shared ids only at the shift, which it calls starts", () => {
    const differ = sortPhases(16).filter((p) => phaseName(p) !== p.id);
    expect(differ.map((p) => [p.id, phaseName(p)])).toEqual([["shift", "starts"]]);
  });
});

describe("both drivers land on one scene", () => {
  it("a step to phase k (settledScene) is the scroll diagram at phase k's rest point", () => {
    const {particles, data} = sortOf(3, 2, 18, 8);
    const phases = phasesFor(6);
    for (let k = 0; k < phases.length; k++) {
      const scroll = diagramPart(sceneAt(restProgress(k, phases.length), data, phases, true));
      expect(settledScene(phases, k, data, particles.length, 6), phases[k].id).toEqual(scroll);
    }
  });

  it("the stepped widget's first phase: nothing counted, no row reached; before the sort: nothing at all", () => {
    const {particles, data} = sortOf(4, 4, 56, 7);
    const s = settledScene(sortPhases(16), 0, data, particles.length, 16);
    expect([s.counted, s.placed, s.shift.values, ...s.rounds.map((r) => r.values)]).toEqual([0, 0, 0, 0, 0, 0, 0]);
    const unsorted = settledScene(sortPhases(16), 7, null, particles.length, 16);
    expect([unsorted.counted, unsorted.placed, unsorted.shift.values]).toEqual([0, 0, 0]);
    expect(unsorted.slotOf.every((v) => v === -1)).toBe(true);
  });
});

describe("one renderer, two layouts", () => {
  const rowTexts = (svg: SVGSVGElement) => [...svg.querySelectorAll("g.row")].map((row) => [...row.querySelectorAll("g.box text")].map((t) => t.textContent));

  it("flow and stage draw the same numbers in every row at every phase", () => {
    const {particles, data} = sortOf(3, 2, 18, 8);
    const phases = phasesFor(6);
    const geometry = {dimX: 3, dimY: 2, numCells: 6, numParticles: 18, numRounds: 3};
    const flow = createTeachingDiagram(geometry, "flow");
    const stage = createTeachingDiagram(geometry, "stage");
    for (let k = 0; k < phases.length; k++) {
      const scene = settledScene(phases, k, data, particles.length, 6);
      flow.update(scene, {data, particles, width: 390});
      stage.update(scene, {data, particles});
      expect(rowTexts(flow.svg), phases[k].id).toEqual(rowTexts(stage.svg));
      expect(flow.svg.getAttribute("aria-label")).toBe(`Counting sort of 18 particles in 6 cells — ${phases[k].heading}`);
      expect(stage.svg.getAttribute("aria-label")).toBe(flow.svg.getAttribute("aria-label"));
    }
    // at the scatter: every row filled in, the starts with the total last
    expect(rowTexts(stage.svg).at(-1)).toEqual(data.starts.map(String));
    expect(rowTexts(stage.svg)[0]).toEqual(data.counts.map(String));
    // the flow layout names each particle in its slot; the stage draws a dot there instead
    expect([...flow.svg.querySelectorAll("g.slot text")].map((t) => Number(t.textContent))).toEqual(data.order);
    expect(stage.svg.querySelectorAll(".layer-flights circle").length).toBe(18);
  });

  it("the write row is yellow and the read row blue, in both layouts", () => {
    const {particles, data} = sortOf(4, 4, 56, 7);
    const phases = sortPhases(16);
    const geometry = {dimX: 4, dimY: 4, numCells: 16, numParticles: 56, numRounds: 4};
    for (const look of ["flow", "stage"] as const) {
      const d = createTeachingDiagram(geometry, look);
      d.update(settledScene(phases, 3, data, particles.length, 16), {data, particles}); // scan round 2: reads row 1, writes row 2
      const fills = [...d.svg.querySelectorAll("g.row")].map((row) => row.querySelector("g.box rect")!.getAttribute("fill"));
      expect(fills, look).toEqual(["white", "#cfe3ff", "#ffe58a", "white", "white", "white"]);
    }
  });
});
