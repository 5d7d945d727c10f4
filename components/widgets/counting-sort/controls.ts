/**
 * The widget's buttons — ◀ Previous, Next ▶, Auto-play (a toggle) and New particles — and
 * the phase counter. The names are the ones the scroll-through sort diagram (scan-scrub)
 * uses for the same actions, so a reader meets one vocabulary in both teaching widgets.
 * Built before the widget's actions exist; `bind` connects them (a click before does nothing).
 */
import {button} from "../runtime/controls.js";

interface SortActions {
  /** One phase forwards (+1, wrapping to the start after the last) or backwards (−1). */
  step(dir: number): void;
  togglePlay(): void;
  shuffle(): void;
}

export function sortControls() {
  let actions: SortActions | null = null;
  const element = document.createElement("div");
  element.className = "widget-controls";
  const prev = button("◀ Previous", () => actions?.step(-1), {title: "Previous phase (← key)"});
  const next = button("Next ▶", () => actions?.step(+1), {title: "Next phase (→ key)"});
  const play = button("Auto-play", () => actions?.togglePlay(), {toggle: true, title: "Advance a phase every 1.5 s"});
  const shuffle = button("New particles", () => actions?.shuffle(), {title: "Place a new random set of particles"});
  const progress = document.createElement("span");
  progress.className = "counter phase-progress";
  element.append(prev, next, play, shuffle, progress);
  return {
    element,
    progress,
    prev,
    /** Shows the toggle's state. */
    setPlaying(playing: boolean) {
      play.setAttribute("aria-pressed", String(playing));
      play.textContent = playing ? "Pause" : "Auto-play";
    },
    bind(a: SortActions) {
      actions = a;
    },
  };
}
