/**
 * What an exercise keeps in the reader's browser (localStorage, per task): the code in its editor
 * and whether the task was passed. Storage that is full, disabled or missing (a private window, a
 * sandboxed frame) loses the keeping, never the widget: every access is guarded.
 */

const codeKey = (task: string) => `ns-exercise:${task}:code`;
const doneKey = (task: string) => `ns-exercise:${task}:done`;

/** The event, on `window`, that a task was marked done (the exercises page updates its progress; `storage` only fires in other tabs). */
export const PROGRESS_EVENT = "ns-exercise-progress";

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** The reader's code for `task` as last edited, or null (never edited, or nothing kept). */
export function savedCode(task: string): string | null {
  try {
    return storage()?.getItem(codeKey(task)) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `code` as the reader's code for `task`; null forgets it (Reset). */
export function saveCode(task: string, code: string | null): void {
  try {
    const s = storage();
    if (code === null) s?.removeItem(codeKey(task));
    else s?.setItem(codeKey(task), code);
  } catch {
    // full or disabled: the code stays in the editor for this visit
  }
}

/** Whether `task` was passed in this browser. */
export function isDone(task: string): boolean {
  try {
    return storage()?.getItem(doneKey(task)) === "1";
  } catch {
    return false;
  }
}

/** Marks `task` passed, and says so on `window` (PROGRESS_EVENT). */
export function markDone(task: string): void {
  try {
    storage()?.setItem(doneKey(task), "1");
  } catch {
    // not kept: the page still shows the pass
  }
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent(PROGRESS_EVENT, {detail: {task}}));
}
