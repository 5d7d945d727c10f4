// The WGSL sources as strings, for the esbuild bundles that replace the browser's fetching
// shader loader (components/gpu/wgsl-browser.ts): scripts/bundle-page.mjs (the essay's page
// modules) and scripts/bundle-elements.mjs (the self-contained element bundle) both read
// shaders/ through these two functions.
import {readdirSync, statSync} from "node:fs";
import {join, relative} from "node:path";

/**
 * Every `.wgsl` file under `dir` (default shaders/), as its path relative to shaders/
 * ("sort/scan.wgsl"), sorted; `skip` holds folders or files (as "shaders/gravity",
 * "shaders/render/bodies.wgsl") left out with everything under them.
 */
export function shaderFiles(skip = new Set(), dir = "shaders") {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      if (skip.has(p)) return [];
      return statSync(p).isDirectory() ? shaderFiles(skip, p) : n.endsWith(".wgsl") ? [relative("shaders", p)] : [];
    });
}

/**
 * A shader the page only compiles, without its comments, blank lines and indentation (no reader
 * sees them: the listings load their files as written). WGSL has no string literals and no
 * significant whitespace, so everything after `//` on a line is comment and a line's leading
 * spaces can go (≈ 2 KB of the hero's first frame); block comments are not used in shaders/
 * (checked here: a file with one keeps its text whole).
 */
export function withoutComments(text) {
  if (text.includes("/*")) return text;
  return text
    .split("\n")
    .map((l) => l.replace(/\/\/.*$/, "").trim())
    .filter((l) => l !== "")
    .join("\n");
}
