/**
 * What both checkers share: whether the editor is empty, and the comparison of one case's output
 * with the twin (first mismatch and a window of values around it). The static checks of the
 * code's shape are in shape.ts (they need wgsl_reflect, which a page with WebGPU loads only in
 * the interpreter's worker when it is bundled as one file).
 */
import type {CaseResult, Task, TaskInput} from "./task.js";

/** Words shown on each side of a mismatch (or from the start when every word matches). */
const WINDOW_RADIUS = 8;

/** Whether the text holds anything but whitespace and comments. */
export function isBlank(code: string): boolean {
  return (
    code
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\/\/.*$/gm, "")
      .trim() === ""
  );
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
