/**
 * The pure part of a scroll-driven widget (the scroll room's model): which phase a scroll
 * progress shows, how far that phase's animation has run, and where each phase rests. No DOM,
 * no clock: the picture at a scroll position is the same whether the reader scrolled there
 * slowly, quickly, forwards, backwards or jumped. Read by the scroll-scrubbed counting sort
 * (components/widgets/scan-scrub/model.ts) and the Worlds from Dust story
 * (components/widgets/dust-story/model.ts); `scrolly.ts` beside it is the DOM half.
 */

/** Share of each phase's scroll span used by its animation; the rest holds the final state. */
const ANIMATION_SHARE = 0.7;
/** Where inside its span a phase "rests" (fully drawn): the target of keyboard steps. */
const REST_SHARE = 0.85;

/**
 * Maps scroll progress ∈ [0, 1] (clamped; NaN → 0) to a phase and the phase's own
 * progress t ∈ [0, 1). Each of the `numPhases` phases gets an equal share; progress 1
 * is the end of the last phase (t = 1).
 */
export function phaseAt(progress: number, numPhases: number): {phaseIndex: number; t: number} {
  const p = Number.isFinite(progress) ? Math.min(1, Math.max(0, progress)) : 0;
  const u = p * numPhases;
  const phaseIndex = Math.min(numPhases - 1, Math.floor(u));
  return {phaseIndex, t: Math.min(1, u - phaseIndex)};
}

/** Animation amount for phase progress t: linear over ANIMATION_SHARE, then held at 1. Reduced motion: always 1. */
export function animationAt(t: number, reducedMotion: boolean): number {
  if (reducedMotion) return 1;
  return Math.min(1, Math.max(0, t / ANIMATION_SHARE));
}

/** The scroll progress at which phase k rests fully drawn (keyboard step target). */
export function restProgress(phaseIndex: number, numPhases: number): number {
  const k = Math.min(numPhases - 1, Math.max(0, phaseIndex));
  return (k + REST_SHARE) / numPhases;
}
