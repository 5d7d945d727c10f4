/**
 * A code block showing a shader file of shaders/ exactly as it is on disk, loaded through
 * the same WGSL loader the GPU runtime uses — so the page shows the code that runs.
 *
 * `createWGSLCode(path, {load}) → Promise<HTMLElement>`: a <pre data-source="shaders/<path>">
 * with one <code class="language-wgsl"> holding the file's text verbatim. A loading error
 * becomes a visible message in the block instead of an empty box. The block is a named,
 * focusable region: its long lines scroll sideways in the reading column, and a keyboard
 * reader scrolls it with the arrow keys once it has focus.
 */
import type {WGSLLoader} from "../gpu/wgsl.js";

/** A <pre> with the verbatim text of shaders/<path> (e.g. "sort/scan.wgsl"), loaded by `opts.load`; never rejects. */
export async function createWGSLCode(path: string, opts: {load: WGSLLoader}): Promise<HTMLElement> {
  const pre = document.createElement("pre");
  pre.className = "wgsl-source";
  pre.dataset.source = `shaders/${path}`;
  pre.tabIndex = 0;
  pre.setAttribute("role", "region");
  pre.setAttribute("aria-label", `WGSL source: shaders/${path}`);
  const code = document.createElement("code");
  code.className = "language-wgsl";
  pre.appendChild(code);
  try {
    code.textContent = await opts.load(path);
  } catch (e) {
    pre.dataset.error = "true";
    code.textContent = `// could not load shaders/${path}: ${(e as Error).message}`;
  }
  return pre;
}
