/**
 * The words around an exercise's editor: the goal and the requirements above it; under it the hints,
 * revealed one at a time (from a nudge to the answer), the reference solution behind a disclosure
 * (its text loaded when first opened) and the same idea in other libraries and languages.
 */
import type {Task} from "../../exercises/task.js";
import {button} from "../runtime/controls.js";
import {inline, inlineElement} from "./text.js";

/** The goal and the requirements. */
export function taskHead(task: Task): HTMLElement[] {
  const goal = inlineElement("p", "exercise-goal", task.goal);
  if (!task.requirements.length) return [goal];
  const intro = document.createElement("p");
  intro.className = "exercise-req-title";
  intro.textContent = "Your kernel must hold:";
  const list = document.createElement("ul");
  list.className = "exercise-requirements";
  for (const r of task.requirements) list.append(inlineElement("li", "", r));
  return [goal, intro, list];
}

/** The hints, one more per press of the button; the button says how many are left, and goes when none is. */
export function hintList(task: Task): HTMLElement {
  const box = document.createElement("div");
  box.className = "exercise-hints";
  const list = document.createElement("ol");
  list.className = "exercise-hint-list";
  const total = task.hints.length;
  const label = () => `Show a hint (${list.children.length + 1} of ${total})`;
  const more = button(label(), () => {
    const k = list.children.length;
    if (k >= total) return;
    const li = inlineElement("li", "", task.hints[k]);
    li.tabIndex = -1;
    list.append(li);
    if (list.children.length >= total) {
      more.hidden = true;
      li.focus(); // the button is gone: the focus goes to the hint it showed
    } else more.textContent = label();
  });
  more.className = "exercise-hint-button";
  more.hidden = total === 0;
  box.append(list, more);
  return box;
}

/**
 * The reference solution behind a disclosure. Its text is loaded on first open (`load`); "Put it in
 * the editor" hands it to `use` (one undoable change, so the reader's own code is an undo away).
 */
export function solutionReveal(load: () => Promise<string>, use: (code: string) => void): HTMLDetailsElement {
  const details = document.createElement("details");
  details.className = "exercise-solution";
  const summary = document.createElement("summary");
  summary.textContent = "Show the solution";
  const pre = document.createElement("pre");
  pre.className = "exercise-solution-code";
  const code = document.createElement("code");
  code.textContent = "Loading…";
  pre.append(code);
  pre.tabIndex = 0; // a long line scrolls: the keyboard can reach it
  let text: string | null = null;
  const put = button("Put it in the editor", () => text !== null && use(text), {title: "Replace the editor's text with the solution (Ctrl+Z undoes it)"});
  put.disabled = true;
  details.append(summary, pre, put);
  details.addEventListener("toggle", () => {
    if (!details.open || text !== null) return;
    load().then(
      (t) => {
        text = t;
        code.textContent = t;
        put.disabled = false;
      },
      (e) => (code.textContent = `The solution could not be loaded: ${(e as Error).message}`)
    );
  });
  return details;
}

/** "The same idea elsewhere", behind a disclosure. */
export function elsewhereNote(task: Task): HTMLDetailsElement | null {
  if (!task.elsewhere) return null;
  const details = document.createElement("details");
  details.className = "exercise-elsewhere";
  const summary = document.createElement("summary");
  summary.textContent = "The same idea elsewhere";
  const p = document.createElement("p");
  p.append(...inline(task.elsewhere));
  details.append(summary, p);
  return details;
}
