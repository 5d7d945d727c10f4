/**
 * What both checkers share: the task's static checks on the reader's code (empty editor,
 * entry point, bindings; through wgsl_reflect's reflection) and the comparison of one case's
 * output with the twin (first mismatch and a window of values around it).
 */
import {WgslReflect} from "wgsl_reflect/wgsl_reflect.module.js";
import type {CaseResult, Task, TaskBinding, TaskInput} from "./task.js";

/** Words shown on each side of a mismatch (or from the start when every word matches). */
const WINDOW_RADIUS = 8;

/** The declaration a binding of each kind needs, as WGSL writes it. */
const DECLARED: Record<TaskBinding["kind"], string> = {
  uniform: "var<uniform>",
  "storage-read": "var<storage, read>",
  "storage-read-write": "var<storage, read_write>",
};

/** Whether the text holds anything but whitespace and comments. */
export function isBlank(code: string): boolean {
  return (
    code
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\/\/.*$/gm, "")
      .trim() === ""
  );
}

/**
 * A problem with the shape of the reader's code, in one sentence, or null: no code, no
 * `@compute` function named as the task's entry point, or a binding of `@group(0)` that the
 * task does not provide or declares another way. Code wgsl_reflect cannot parse gives null
 * (the compiler's messages say more). Never throws.
 */
export function shapeProblem(task: Task, code: string): string | null {
  if (isBlank(code)) return `The editor is empty: write the kernel \`${task.entryPoint}\` (Reset brings the starter back).`;
  let reflect: WgslReflect;
  try {
    reflect = new WgslReflect(code);
  } catch {
    return null;
  }
  const computes = reflect.entry.compute.map((f) => f.name);
  if (!computes.includes(task.entryPoint)) {
    const other = reflect.functions.find((f) => f.name === task.entryPoint);
    if (other) return `\`${task.entryPoint}\` must be a compute entry point: put @compute @workgroup_size(256) before \`fn ${task.entryPoint}\`.`;
    const found = computes.length ? ` (your code has ${computes.map((n) => `\`${n}\``).join(", ")})` : "";
    return `The task runs the @compute function \`${task.entryPoint}\`, and your code has none of that name${found}.`;
  }
  return bindingProblem(task, reflect);
}

/** A binding of the entry point that the task does not give, or gives another way; null when they agree. */
function bindingProblem(task: Task, reflect: WgslReflect): string | null {
  const declared = [...reflect.uniforms, ...reflect.storage];
  for (const v of declared) {
    const want = task.bindings.find((b) => b.binding === v.binding);
    if (v.group !== 0 || !want) {
      const list = task.bindings.map((b) => `${b.binding} (\`${b.name}\`)`).join(", ");
      return `\`${v.name}\` is bound at @group(${v.group}) @binding(${v.binding}), which this task does not provide: it binds @group(0) @binding ${list}.`;
    }
    const kind =
      v.resourceType === 0 ? "uniform" : v.access === "read_write" ? "storage-read-write" : v.access === "read" || v.access === "" ? "storage-read" : null;
    if (kind !== want.kind)
      return `@binding(${v.binding}) must be declared \`${DECLARED[want.kind]} ${want.name}\`; your code declares \`${v.name}\` another way.`;
  }
  return null;
}

/** Whether two words are equal (f32 words as numbers, so −0 equals 0; u32 exactly). */
function same(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/**
 * One case's outcome: passed by `task.accepts` when the task has one, else word for word
 * against the twin; the first mismatch is taken on `task.canonical(got)` when given.
 * `got` must have the twin's type and at least its length.
 */
export function compareCase(task: Task, input: TaskInput, got: Uint32Array | Float32Array): CaseResult {
  const expected = task.twin(input);
  const shown = task.canonical ? task.canonical(input, got) : got;
  let index = -1;
  for (let i = 0; i < expected.length; i++) {
    if (!same(shown[i], expected[i])) {
      index = i;
      break;
    }
  }
  const passed = task.accepts ? task.accepts(input, got) : index < 0;
  const at = Math.max(0, (index < 0 ? 0 : index) - WINDOW_RADIUS);
  const end = Math.min(expected.length, at + 2 * WINDOW_RADIUS + 1);
  const window = {start: at, expected: Array.from(expected.subarray(at, end)), got: Array.from(shown.subarray(at, end))};
  if (passed || index < 0) return {size: input.size, passed, window};
  return {size: input.size, passed, mismatch: {index, expected: expected[index], got: shown[index]}, window};
}
