/** Options and `.value` of the exercise widget: one task of components/exercises/ in an editor, checked on the reader's GPU or the CPU interpreter. */
import type {WGSLLoader} from "../../gpu/wgsl.js";
import type {ExerciseValue} from "../../exercises/task.js";
import type {OptionSchema} from "../runtime/options.js";
import {TASK_IDS} from "./task-ids.js";

export type {ExerciseValue} from "../../exercises/task.js";

export const exerciseSchema = {
  task: {type: "choice", label: "task", default: TASK_IDS[0], values: TASK_IDS, doc: "The kernel to write (its id): one of the exercises of /exercises."},
  engine: {
    type: "choice",
    label: "engine",
    default: "auto",
    values: ["auto", "interpreter"],
    doc: "auto: checks run on your GPU when WebGPU is there, else on the CPU interpreter; interpreter: always the interpreter.",
  },
} satisfies OptionSchema;

export type ExerciseOptions = {
  task?: string;
  engine?: "auto" | "interpreter";
  /** Loads the task's WGSL (shaders/exercises/<id>/…) as written, comments included; default: the site's shaders. */
  wgsl?: WGSLLoader;
  /** Framework's invalidation promise: everything is released when it resolves. */
  invalidation?: Promise<unknown>;
};

/** `.value` before the widget has chosen where checks run. */
export const initialValue = (task: string): ExerciseValue => ({task, passed: false, attempts: 0, engine: "pending"});
