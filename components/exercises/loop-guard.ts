/**
 * A bound on every loop of the reader's kernel, so that an endless loop ends on the GPU in
 * milliseconds instead of hanging the queue (a hung dispatch cannot be taken back: on
 * SwiftShader, `device.destroy()` then blocks until it ends, and a real GPU's driver resets
 * after seconds, losing every device of the page). Every function gets a counter, and the body
 * of each of its `for`, `while` and `loop` starts by counting an iteration and, past the limit,
 * setting a flag in a buffer of the check's own (`@group(1)`) and breaking out. Inserted on
 * the lines of the braces they follow, so every line number stays the reader's.
 */

/** The guard's flag buffer, `@group(1) @binding(0)`, one u32: 1 when a loop ran past its limit. */
export const GUARD_GROUP = 1;
/** Iterations one thread may run in one loop before the guard stops it. */
export const LOOP_LIMIT = 1 << 16;

const GUARD_DECL = "@group(1) @binding(0) var<storage, read_write> loop_guard_hit: array<u32>;";

/** Index of the first character after the comment or blank run at `i` (or `i` itself). */
function skipComment(code: string, i: number): number {
  if (code.startsWith("//", i)) {
    const end = code.indexOf("\n", i);
    return end < 0 ? code.length : end;
  }
  if (code.startsWith("/*", i)) {
    let depth = 0;
    let j = i;
    while (j < code.length) {
      if (code.startsWith("/*", j)) depth++, (j += 2);
      else if (code.startsWith("*/", j)) {
        depth--;
        j += 2;
        if (depth === 0) return j;
      } else j++;
    }
    return j;
  }
  return i;
}

/** Index just after the `{` that opens the body of the loop whose keyword ends at `i`, or -1. */
function bodyStart(code: string, i: number, keyword: string): number {
  let j = i;
  let depth = 0;
  const needParen = keyword !== "loop";
  let sawParen = false;
  while (j < code.length) {
    const k = skipComment(code, j);
    if (k !== j) {
      j = k;
      continue;
    }
    const c = code[j];
    if (c === "(") depth++, (sawParen = true);
    else if (c === ")") depth--;
    else if (c === "{" && depth === 0 && (sawParen || !needParen)) return j + 1;
    else if (c === ";" && depth === 0) return -1;
    j++;
  }
  return -1;
}

/** Index of the `)` that closes the `(` at `open` (comments skipped), or -1. */
function closingParen(code: string, open: number): number {
  let depth = 0;
  for (let j = open; j < code.length; j++) {
    const k = skipComment(code, j);
    if (k !== j) {
      j = k - 1;
      continue;
    }
    if (code[j] === "(") depth++;
    else if (code[j] === ")" && --depth === 0) return j;
  }
  return -1;
}

/**
 * The code with every loop bounded and the guard's binding added at the end, or null when it
 * has no loop. Each function counts the iterations of all its loops in one variable, so that
 * nested loops stop together once the count passes `limit`. With `whileAsLoop`, each
 * `while (c) {` becomes `loop { if (!(c)) { break; }` (the same loop, on the same lines), for
 * wgsl_reflect's stepper, which runs a `while` body only once. Comments are skipped;
 * identifiers are matched whole. Never throws.
 */
export function guardLoops(code: string, limit = LOOP_LIMIT, whileAsLoop = false): string | null {
  const edits: {at: number; end: number; text: string}[] = [];
  let loops = 0;
  let i = 0;
  while (i < code.length) {
    const k = skipComment(code, i);
    if (k !== i) {
      i = k;
      continue;
    }
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(code.slice(i, i + 64));
    if (!m) {
      i++;
      continue;
    }
    const word = m[0];
    const open = word === "fn" || word === "for" || word === "while" || word === "loop" ? bodyStart(code, i + word.length, word) : -1;
    if (open > 0 && word === "fn") edits.push({at: open, end: open, text: " var loop_guard: u32 = 0u;"});
    else if (open > 0) {
      loops++;
      const guard = ` loop_guard = loop_guard + 1u; if (loop_guard > ${limit}u) { loop_guard_hit[0] = 1u; break; }`;
      const paren = code.indexOf("(", i);
      const close = word === "while" ? closingParen(code, paren) : -1;
      if (whileAsLoop && close > 0) edits.push({at: i, end: open, text: `loop {${guard} if (!${code.slice(paren, close + 1)}) { break; }`});
      else edits.push({at: open, end: open, text: guard});
    }
    i += word.length;
  }
  if (loops === 0) return null;
  let out = code;
  for (const e of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, e.at) + e.text + out.slice(e.end);
  return `${out}\n${GUARD_DECL}\n`;
}
