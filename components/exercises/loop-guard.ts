/**
 * A bound on every loop of the reader's kernel, so that an endless loop ends on the GPU in
 * milliseconds instead of hanging the queue (a hung dispatch cannot be taken back: on
 * SwiftShader, `device.destroy()` then blocks until it ends, and a real GPU's driver resets
 * after seconds, losing every device of the page). Each loop gets a pass counter of its own,
 * declared just before it (so it starts again at 0 each time the loop is entered), and each
 * function one counter of all its loops' passes; the body of every `for`, `while` and `loop`
 * starts by counting a pass in both and, past a limit, setting a flag in a buffer of the
 * check's own (`@group(1)`) and breaking out. Two counts, because one alone is wrong either
 * way: the function's total alone called a 100 × 100 nested loop "a loop past 4,096 passes"
 * (10,100 passes in all, no loop past 100); a loop's own count alone lets endless nesting run
 * limit² passes (each inner loop stops, the outer one goes on). Inserted on the lines of the
 * loops they guard, so every line number stays the reader's.
 */

/**
 * The guard's flag buffer, `@group(1) @binding(0)`, two u32: word 0 is 1 when one loop ran past
 * its own limit, word 1 when a call's loops together ran past the total.
 */
export const GUARD_GROUP = 1;
/** Passes one loop may run each time it is entered before the guard stops it. */
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
 * has no loop. A loop stops (flag word 0) past `limit` passes since it was entered; all the
 * loops of one function call together stop (flag word 1) past `total` passes, which bounds
 * nested loops' work (default: `limit`, the GPU's bound; the interpreter allows more in all
 * than in one loop). With `whileAsLoop`, each `while (c) {` becomes
 * `loop { if (!(c)) { break; }` (the same loop, on the same lines), for wgsl_reflect's
 * stepper, which runs a `while` body only once. Comments are skipped; identifiers are matched
 * whole. Never throws.
 */
export function guardLoops(code: string, limit = LOOP_LIMIT, whileAsLoop = false, total = limit): string | null {
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
      const pass = `loop_pass_${loops++}`;
      const counter = `var ${pass}: u32 = 0u; `;
      const guard =
        ` ${pass} = ${pass} + 1u; loop_guard = loop_guard + 1u;` +
        ` if (${pass} > ${limit}u) { loop_guard_hit[0] = 1u; break; } if (loop_guard > ${total}u) { loop_guard_hit[1] = 1u; break; }`;
      const paren = code.indexOf("(", i);
      const close = word === "while" ? closingParen(code, paren) : -1;
      if (whileAsLoop && close > 0) edits.push({at: i, end: open, text: `${counter}loop {${guard} if (!${code.slice(paren, close + 1)}) { break; }`});
      else edits.push({at: i, end: i, text: counter}, {at: open, end: open, text: guard});
    }
    i += word.length;
  }
  if (loops === 0) return null;
  let out = code;
  for (const e of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, e.at) + e.text + out.slice(e.end);
  return `${out}\n${GUARD_DECL}\n`;
}

/**
 * What the guard's `flag` words (see GUARD_GROUP) say, in one sentence for the reader: one loop
 * past `limit` passes, or one call's loops past `total` in all, at input size `size`; `where`
 * names the engine (" on the CPU interpreter", or "").
 */
export function loopProblem(flag: ArrayLike<number>, size: number, limit: number, total: number, where: string): string {
  const n = (x: number) => x.toLocaleString("en-US");
  const what = flag[0] !== 0 ? `A loop ran more than ${n(limit)} times` : `The loops of one function call ran more than ${n(total)} passes in all`;
  return `${what} in one thread at size ${size}${where} — an endless loop? The check stopped it.`;
}
