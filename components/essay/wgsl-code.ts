/**
 * Code blocks showing shader files of shaders/ as they are on disk, loaded through the same
 * WGSL loader the GPU runtime uses — so the page shows the code that runs.
 *
 * A page shows a short *excerpt* of a shader, the lines a reader needs for the idea, and
 * keeps the whole file one click away in a closed `<details>` ("Deep dive: the whole file").
 * An excerpt is marked in its WGSL file by two comment lines, which change nothing in the
 * compiled code:
 *
 *     // essay:begin scan-loop
 *     …the lines shown…
 *     // essay:end scan-loop
 *
 * `createWGSLCode(path, {load, excerpt})` → `<div class="wgsl-code">` with
 *   - `<pre class="wgsl-source wgsl-excerpt" data-excerpt-of="shaders/<path>" data-excerpt="<name>">`:
 *     the excerpt's lines, their common indentation removed;
 *   - `<details class="wgsl-whole">` holding `<pre class="wgsl-source" data-source="shaders/<path>">`:
 *     the file's text verbatim.
 * Without `excerpt`, the element is the verbatim `<pre data-source>` alone.
 *
 * A loading error, or a missing or unbalanced marker, becomes a visible message in the block
 * (`data-error="true"`) instead of an empty box. Each `<pre>` is a named, focusable region:
 * its long lines scroll sideways in the reading column, and a keyboard reader scrolls it
 * with the arrow keys once it has focus.
 */
import type {WGSLLoader} from "../gpu/wgsl.js";

/** A marker line: `// essay:begin NAME` or `// essay:end NAME` (NAME: letters, digits, `-`, `_`). */
const MARKER = /^\s*\/\/ essay:(begin|end)(?:\s+([\w-]+))?\s*$/;

/** One excerpt of a shader: its lines (dedented) and where they sit in the file (1-based, inclusive). */
interface WGSLExcerpt {
  name: string;
  text: string;
  firstLine: number;
  lastLine: number;
}

/**
 * Every excerpt marked in a WGSL source, in file order. Marker lines of other excerpts inside
 * one are left out of it. Throws on an `end` without its `begin`, a `begin` without its
 * `end`, or a name used twice.
 */
export function wgslExcerpts(source: string): WGSLExcerpt[] {
  const lines = source.split("\n");
  const open = new Map<string, number>();
  const found: WGSLExcerpt[] = [];
  lines.forEach((line, i) => {
    const m = MARKER.exec(line);
    if (!m) return;
    const name = m[2] ?? "";
    if (m[1] === "begin") {
      if (open.has(name) || found.some((e) => e.name === name)) throw new Error(`excerpt "${name}" begins twice`);
      open.set(name, i);
      return;
    }
    const begin = open.get(name);
    if (begin === undefined) throw new Error(`excerpt "${name}" ends without a begin (line ${i + 1})`);
    open.delete(name);
    const body = lines.slice(begin + 1, i).filter((l) => !MARKER.test(l));
    const indent = Math.min(...body.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
    found.push({
      name,
      text: body
        .map((l) => l.slice(Number.isFinite(indent) ? indent : 0))
        .join("\n")
        .trimEnd(),
      firstLine: begin + 2,
      lastLine: i,
    });
  });
  if (open.size) throw new Error(`excerpt "${[...open.keys()][0]}" has no end marker`);
  return found.sort((a, b) => a.firstLine - b.firstLine);
}

/** The excerpt `name` of a WGSL source; throws with the names it has when there is none. */
export function wgslExcerpt(source: string, name: string): WGSLExcerpt {
  const all = wgslExcerpts(source);
  const e = all.find((x) => x.name === name);
  if (!e) throw new Error(`no excerpt "${name}" (marked: ${all.map((x) => `"${x.name}"`).join(", ") || "none"})`);
  return e;
}

function codeBlock(text: string, label: string): {pre: HTMLPreElement; code: HTMLElement} {
  const pre = document.createElement("pre");
  pre.className = "wgsl-source";
  pre.tabIndex = 0;
  pre.setAttribute("role", "region");
  pre.setAttribute("aria-label", label);
  const code = document.createElement("code");
  code.className = "language-wgsl";
  code.textContent = text;
  pre.appendChild(code);
  return {pre, code};
}

/**
 * The code block for shaders/<path> (e.g. "sort/scan.wgsl"), loaded by `opts.load`: with
 * `opts.excerpt`, the marked excerpt of that name and the whole file in a closed details;
 * without, the whole file. Never rejects: a failure is shown in the block.
 */
export async function createWGSLCode(path: string, opts: {load: WGSLLoader; excerpt?: string}): Promise<HTMLElement> {
  const source = `shaders/${path}`;
  let text: string;
  try {
    text = await opts.load(path);
  } catch (e) {
    const {pre} = codeBlock(`// could not load ${source}: ${(e as Error).message}`, `WGSL source: ${source}`);
    pre.dataset.source = source;
    pre.dataset.error = "true";
    return pre;
  }
  const whole = codeBlock(text, `WGSL source: ${source}`).pre;
  whole.dataset.source = source;
  if (opts.excerpt === undefined) return whole;

  const wrap = document.createElement("div");
  wrap.className = "wgsl-code";
  let excerpt: HTMLPreElement;
  let where = "";
  try {
    const e = wgslExcerpt(text, opts.excerpt);
    excerpt = codeBlock(e.text, `WGSL excerpt from ${source}, lines ${e.firstLine}–${e.lastLine}`).pre;
    where = `; the excerpt above is lines ${e.firstLine}–${e.lastLine}`;
  } catch (err) {
    excerpt = codeBlock(`// ${source}: ${(err as Error).message}`, `WGSL excerpt from ${source}`).pre;
    excerpt.dataset.error = "true";
  }
  excerpt.classList.add("wgsl-excerpt");
  excerpt.dataset.excerptOf = source;
  excerpt.dataset.excerpt = opts.excerpt;

  const details = document.createElement("details");
  details.className = "wgsl-whole";
  const summary = document.createElement("summary");
  const lines = text.replace(/\n$/, "").split("\n").length;
  summary.append("Deep dive: the whole file, ");
  summary.appendChild(document.createElement("code")).textContent = source;
  summary.append(` (${lines} lines${where})`);
  details.append(summary, whole);
  wrap.append(excerpt, details);
  return wrap;
}
