/**
 * Motion on the reader's terms: the reader's `prefers-reduced-motion` setting and the
 * Play/Pause button every animated widget carries.
 *
 * - Under `prefers-reduced-motion: reduce` an animation starts paused (its first picture
 *   drawn, nothing moving) until the reader presses Play; everywhere it can be paused.
 * - The button's accessible name is its visible text and says what a press does
 *   ("Play" while paused, "Pause" while playing), so a screen reader announces the state
 *   change. *Rejected*: a fixed name with `aria-pressed` (a "Pause" button that is
 *   "pressed" while the animation plays reads backwards).
 */

const REDUCE = "(prefers-reduced-motion: reduce)";

/** The reader's reduced-motion preference now (false where `matchMedia` is missing, e.g. Node). */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia(REDUCE).matches;
}

/** Calls `cb(reduce)` when the preference changes; returns the unsubscribe function. */
export function onReducedMotionChange(cb: (reduce: boolean) => void): () => void {
  if (typeof matchMedia !== "function") return () => {};
  const mq = matchMedia(REDUCE);
  const h = () => cb(mq.matches);
  mq.addEventListener?.("change", h);
  return () => mq.removeEventListener?.("change", h);
}

export interface PlayButton {
  element: HTMLButtonElement;
  /** Shows `paused` (the name says what a press does). */
  show(paused: boolean): void;
}

/** A Play/Pause button (class `play-toggle`, `data-role="play"`); `onToggle` gets each press. */
export function playButton(onToggle: () => void): PlayButton {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "play-toggle";
  element.dataset.role = "play";
  element.addEventListener("click", onToggle);
  const show = (paused: boolean) => {
    element.textContent = paused ? "Play" : "Pause";
    element.dataset.state = paused ? "paused" : "playing";
    element.title = paused ? "Start the animation" : "Stop the animation (it keeps its current picture)";
  };
  show(false);
  return {element, show};
}
