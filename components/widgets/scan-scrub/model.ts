/**
 * The pure part of the scroll-scrubbed counting-sort diagram: the scene (what is counted,
 * summed, placed) at a scroll progress. Which phase a progress shows and how far its animation
 * has run is the scroll room's (components/widgets/shared/scroll/progress.ts). Everything here
 * is a function of its arguments only — no DOM, no clock — so the diagram at a scroll position
 * is the same whether the reader scrolled there slowly, quickly, forwards, backwards or jumped.
 * The particles, phases and arrays come from the shared teaching model (components/sort/teaching.ts).
 */
import type {PhaseInfo, PlainSnapshots} from "../../sort/teaching.js";
import type {DiagramScene, RowProgress} from "../shared/diagram/sort.js";
import {animationAt, phaseAt} from "../shared/scroll/progress.js";

/**
 * The arrays a phase has produced so far — what `.value` reports at that phase: counts from
 * the histogram on; scan round r from phase r + 1 on; starts from the shift on; order in the
 * scatter. Arrays not yet computed are empty.
 */
export function revealedArrays(s: PlainSnapshots, phaseIndex: number, phases: PhaseInfo[]) {
  const shift = phases.findIndex((p) => p.id === "shift");
  const scatter = phases.findIndex((p) => p.id === "scatter");
  return {
    counts: phaseIndex >= 0 ? s.counts.slice() : [],
    scanRounds: s.scanRounds.filter((_, r) => phaseIndex >= r + 1).map((r) => r.slice()),
    starts: phaseIndex >= shift ? s.starts.slice() : [],
    order: phaseIndex >= scatter ? s.order.slice() : [],
  };
}

/** Everything the drawing needs at one scroll progress: the diagram's scene (components/widgets/shared/diagram/sort.ts) and where in the scroll it is. */
interface Scene extends DiagramScene {
  progress: number;
  phaseIndex: number;
  /** raw progress inside the phase, 0..1 */
  t: number;
  /** animation amount inside the phase, 0..1 (1 with reduced motion) */
  anim: number;
}

/** Progress of a row whose phase is `k` when the scene is at phase `phaseIndex` with animation `anim`. */
function rowProgress(k: number, phaseIndex: number, anim: number): RowProgress {
  if (phaseIndex < k) return {arrows: 0, values: 0};
  if (phaseIndex > k) return {arrows: 1, values: 1};
  // first half: the arrows grow (what each box reads); second half: the sums appear
  return {arrows: Math.min(1, anim * 2), values: Math.min(1, Math.max(0, anim * 2 - 1))};
}

/** Splits anim ∈ [0, 1] over n items done one after another: items finished and the one in flight. */
function sequence(anim: number, n: number): {done: number; flight: {index: number; f: number} | null} {
  const u = anim * n;
  const done = Math.min(n, Math.floor(u));
  return {done, flight: done < n && u > done ? {index: done, f: u - done} : null};
}

/**
 * The scene at scroll progress `progress` for the sort `s` (a pure function).
 * Histogram: particles join their count one after another. Rounds and shift: arrows
 * then sums. Scatter: particles move to their slots one after another (input order, as
 * the threads' atomic claims would go; the slots are the ones the sort produced).
 */
export function sceneAt(progress: number, s: PlainSnapshots, phases: PhaseInfo[], reducedMotion: boolean): Scene {
  const p = Number.isFinite(progress) ? Math.min(1, Math.max(0, progress)) : 0;
  const {phaseIndex, t} = phaseAt(p, phases.length);
  const anim = animationAt(t, reducedMotion);
  const n = s.keys.length;
  const numCells = s.counts.length;
  const shiftIndex = phases.findIndex((q) => q.id === "shift");
  const scatterIndex = phases.findIndex((q) => q.id === "scatter");

  const hist = phaseIndex === 0 ? sequence(anim, n) : {done: n, flight: null};
  const countsShown = new Array(numCells).fill(0);
  for (let i = 0; i < hist.done; i++) countsShown[s.keys[i]]++;

  const slotOf = new Array(n).fill(-1);
  s.order.forEach((id, slot) => (slotOf[id] = slot));
  const scat = phaseIndex < scatterIndex ? {done: 0, flight: null} : sequence(anim, n);

  return {
    progress: p,
    phaseIndex,
    phase: phases[phaseIndex],
    t,
    anim,
    counted: hist.done,
    countFlight: hist.flight,
    countsShown,
    rounds: s.scanRounds.map((_, r) => rowProgress(r + 1, phaseIndex, anim)),
    shift: rowProgress(shiftIndex, phaseIndex, anim),
    placed: scat.done,
    placeFlight: scat.flight,
    slotOf,
  };
}

/** One-line caption of the scene, with the live numbers. */
export function captionOf(scene: Scene, s: PlainSnapshots): string {
  const n = s.keys.length;
  const ph = scene.phase;
  if (ph.id === "histogram") {
    return scene.counted < n
      ? `Histogram: ${scene.counted} of ${n} particles counted — each adds 1 to its cell's box.`
      : `Histogram done: counts ${s.counts.join(", ")} (they sum to ${n}).`;
  }
  if (ph.stride !== undefined) {
    const word = ["one", "two", "four", "eight", "sixteen"][ph.round!] ?? String(ph.stride);
    const done = scene.rounds[ph.round!].values >= 1;
    return `Round ${ph.round! + 1}: every box adds the value ${word} place${ph.stride > 1 ? "s" : ""} to its left${done ? ` → ${s.scanRounds[ph.round!].join(", ")}` : "."}`;
  }
  if (ph.id === "shift") {
    return scene.shift.values >= 1
      ? `Exclusive starts: ${s.starts.slice(0, -1).join(", ")} (total ${s.starts[s.starts.length - 1]}).`
      : "Shift right by one and put a 0 in front: inclusive sums become cell starts.";
  }
  return scene.placed < n
    ? `Scatter: ${scene.placed} of ${n} particles in place — each takes the next free slot of its cell.`
    : `Sorted: every cell's particles sit together, cell c in slots starts[c] … starts[c+1] − 1.`;
}
