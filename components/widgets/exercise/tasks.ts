/**
 * The exercise widget's view of the task list (components/exercises/tasks.ts): a task by id, and a
 * task's WGSL as written (shaders/exercises/<id>/starter.wgsl and solution.wgsl, comments
 * included: the starter's comments are part of the exercise).
 */
import type {WGSLLoader} from "../../gpu/wgsl.js";
import type {Task} from "../../exercises/task.js";
import {TASKS, taskSource as sourceOf} from "../../exercises/tasks.js";

/** The task called `id` (the schema has already replaced an unknown id by the default). */
export function findTask(id: string): Task {
  return TASKS.find((t) => t.id === id) ?? TASKS[0];
}

/** `task`'s starter or reference solution, as written. */
export function taskSource(task: Task, which: "starter" | "solution", load: WGSLLoader): Promise<string> {
  return sourceOf(task, which, load);
}
