// The browser's shader list (generated) must name every file in shaders/, so that pages
// load exactly the WGSL the Node tests load.
import {describe, expect, it} from "vitest";
import {readFileSync, readdirSync, statSync} from "node:fs";
import {join, relative} from "node:path";

function wgslFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? wgslFiles(p) : n.endsWith(".wgsl") ? [relative("shaders", p)] : [];
  });
}

describe("components/gpu/wgsl-browser.ts", () => {
  it("lists every shader in shaders/ (run node scripts/gen-wgsl-list.mjs)", () => {
    const src = readFileSync("components/gpu/wgsl-browser.ts", "utf8");
    const listed = [...src.matchAll(/"([^"]+\.wgsl)": FileAttachment/g)].map((m) => m[1]).sort();
    expect(listed).toEqual(wgslFiles("shaders").sort());
  });
});
