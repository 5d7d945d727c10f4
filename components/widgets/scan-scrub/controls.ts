/**
 * The stage's buttons: previous / next phase (they scroll the page) and a new particle set.
 * Built before the widget's actions exist (the actions need the stage these buttons sit
 * in); `bind` connects them, and a click before that does nothing.
 */
import {button} from "../runtime/controls.js";

interface ScrubActions {
  step(dir: number): void;
  /** Resolves when the new set is shown; the button is disabled until then. */
  reseed(): Promise<void>;
}

export function scrubControls() {
  let actions: ScrubActions | null = null;
  const element = document.createElement("div");
  element.className = "widget-controls";
  const prev = button("◀ Previous", () => actions?.step(-1), {title: "Previous phase (← key)"});
  const next = button("Next ▶", () => actions?.step(+1), {title: "Next phase (→ key)"});
  const reseed = button(
    "New particles",
    () => {
      if (!actions) return;
      reseed.disabled = true;
      actions.reseed().finally(() => (reseed.disabled = false));
    },
    {title: "Place the particles again from the next seed"}
  );
  const seedLabel = document.createElement("span");
  seedLabel.className = "scrub-phase";
  element.append(prev, next, reseed, seedLabel);
  return {
    element,
    prev,
    next,
    seedLabel,
    bind(a: ScrubActions) {
      actions = a;
    },
  };
}
