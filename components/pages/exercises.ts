/**
 * The exercises page (src/_bundle/exercises.js, /exercises): every task of components/exercises/ in
 * an exercise widget, and the reader's progress (which tasks this browser has passed).
 */
import type {Task} from "../exercises/task.js";
import {TASKS} from "../exercises/tasks.js";
import {isDone, PROGRESS_EVENT} from "../widgets/exercise/store.js";

export {createExercise} from "../widgets/exercise/index.js";
export {TASKS} from "../exercises/tasks.js";

/** Where on the site a task's section is: the essay, or the page of part four for the compaction. */
export function sectionHref(task: Task): string {
  return task.id === "compaction" ? `./worlds-from-dust#${task.anchor}` : `./#${task.anchor}`;
}

/**
 * The progress list: each task, linked to its place on this page, done or not, with a count of
 * those done; kept up to date when a task is passed here (PROGRESS_EVENT) or in another tab
 * (`storage`). Returns the element; `invalidation` removes the listeners.
 */
export function progressList(invalidation?: Promise<unknown>): HTMLElement {
  const box = document.createElement("div");
  box.className = "exercise-progress";
  const count = document.createElement("p");
  count.className = "exercise-progress-count";
  count.setAttribute("aria-live", "polite");
  const list = document.createElement("ol");
  const items = TASKS.map((t) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `#task-${t.id}`;
    a.textContent = t.title;
    const state = document.createElement("span");
    state.className = "exercise-progress-state";
    li.append(a, " ", state);
    list.append(li);
    return {t, li, state};
  });
  const update = () => {
    let done = 0;
    for (const {t, li, state} of items) {
      const d = isDone(t.id);
      done += d ? 1 : 0;
      li.dataset.done = String(d);
      state.textContent = d ? "done ✓" : "not done yet";
    }
    count.textContent = `${done} of ${TASKS.length} kernels written and passed in this browser.`;
  };
  update();
  window.addEventListener(PROGRESS_EVENT, update);
  window.addEventListener("storage", update);
  invalidation?.then(() => {
    window.removeEventListener(PROGRESS_EVENT, update);
    window.removeEventListener("storage", update);
  });
  box.append(count, list);
  return box;
}
