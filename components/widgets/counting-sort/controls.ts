/**
 * The widget's buttons — Step, Auto-play (a toggle) and Shuffle — and the phase counter.
 * Built before the widget's actions exist; `bind` connects them (a click before does nothing).
 */
import {button} from "../runtime/controls.js";

export interface SortActions {
  step(): void;
  togglePlay(): void;
  shuffle(): void;
}

export function sortControls() {
  let actions: SortActions | null = null;
  const element = document.createElement("div");
  element.className = "widget-controls";
  const step = button("Step ▸", () => actions?.step(), {title: "Advance one phase (→)"});
  const play = button("Auto-play", () => actions?.togglePlay(), {toggle: true, title: "Advance a phase every 1.5 s"});
  const shuffle = button("Shuffle", () => actions?.shuffle(), {title: "A new random particle set"});
  const progress = document.createElement("span");
  progress.className = "counter phase-progress";
  element.append(step, play, shuffle, progress);
  return {
    element,
    progress,
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
