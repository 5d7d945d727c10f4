/**
 * The task's static checks on the reader's code, before anything runs: an empty editor, the entry
 * point (present, `@compute`), and the bindings (each one the task gives, declared as the task
 * declares it), through wgsl_reflect's reflection. Both checkers call it; the exercise's one-file
 * bundle (scripts/bundle-elements.mjs) replaces this module on the page with one that asks the
 * interpreter's worker, so that wgsl_reflect is in that file once.
 */
import {WgslReflect} from "wgsl_reflect/wgsl_reflect.module.js";
import {isBlank} from "./compare.js";
import type {Task, TaskBinding} from "./task.js";

/** The declaration a binding of each kind needs, as WGSL writes it. */
const DECLARED: Record<TaskBinding["kind"], string> = {
  uniform: "var<uniform>",
  "storage-read": "var<storage, read>",
  "storage-read-write": "var<storage, read_write>",
};

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
