// Every shader the pages show is a marked excerpt of its file (10–30 lines), with the whole
// file behind a closed details; the markers are comments, so the compiled code is the same.
import {readdirSync, readFileSync, statSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, test} from "vitest";
import {wgslExcerpt, wgslExcerpts} from "../../components/essay/wgsl-code.js";

const PAGES = ["src/index.md", "src/gravity.md", "src/worlds-from-dust.md", "src/bench.md", "src/embed.md"];

/** Every createWGSLCode("path", {…}) call of a page: the path and the excerpt it names (null: none). */
function shownShaders(page: string) {
  const md = readFileSync(page, "utf8");
  return Array.from(md.matchAll(/createWGSLCode\(\s*"([^"]+\.wgsl)"\s*,\s*\{([^}]*)\}/g), (m) => ({
    page,
    path: m[1],
    excerpt: /excerpt:\s*"([\w-]+)"/.exec(m[2])?.[1] ?? null,
  }));
}

function wgslFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? wgslFiles(p) : n.endsWith(".wgsl") ? [p] : [];
  });
}

const shown = PAGES.flatMap(shownShaders);

describe("shader excerpts on the pages", () => {
  test("the essay and the gravity page show shaders (the scan, the water loops, the gravity kernels)", () => {
    expect(shown.filter((s) => s.page === "src/index.md").map((s) => s.path)).toEqual([
      "sort/scan.wgsl",
      "sort/scan_single.wgsl",
      "water/density.wgsl",
      "water/force.wgsl",
    ]);
    expect(shown.filter((s) => s.page === "src/gravity.md").length).toBe(4);
  });
  test("no page shows a whole shader file: each call names an excerpt", () => {
    expect(shown.filter((s) => s.excerpt === null)).toEqual([]);
  });
  test.each(shown.map((s) => [`${s.page}: ${s.path} "${s.excerpt}"`, s] as const))("%s: both markers exist, 10–30 lines", (_, s) => {
    const text = readFileSync(join("shaders", s.path), "utf8");
    expect(text).toMatch(new RegExp(`^\\s*// essay:begin ${s.excerpt}$`, "m"));
    expect(text).toMatch(new RegExp(`^\\s*// essay:end ${s.excerpt}$`, "m"));
    const e = wgslExcerpt(text, s.excerpt!);
    const lines = e.text.split("\n").length;
    expect(lines).toBeGreaterThanOrEqual(10);
    expect(lines).toBeLessThanOrEqual(30);
    expect(e.lastLine - e.firstLine + 1).toBe(lines);
    // dedented: the least-indented line starts at column 0
    expect(
      Math.min(
        ...e.text
          .split("\n")
          .filter((l) => l.trim())
          .map((l) => /^ */.exec(l)![0].length)
      )
    ).toBe(0);
  });
  test("every marker in shaders/ is balanced (no stray begin or end)", () => {
    for (const f of wgslFiles("shaders")) expect(() => wgslExcerpts(readFileSync(f, "utf8")), f).not.toThrow();
  });
});

describe("wgslExcerpts", () => {
  const src = [
    "a",
    "  // essay:begin one",
    "    x = 1;",
    "    // essay:begin two",
    "    y = 2;",
    "    // essay:end two",
    "  z",
    "  // essay:end one",
    "w",
  ].join("\n");
  test("named excerpts, nested markers left out, common indentation removed, 1-based line numbers", () => {
    expect(wgslExcerpts(src)).toEqual([
      {name: "one", text: "  x = 1;\n  y = 2;\nz", firstLine: 3, lastLine: 7},
      {name: "two", text: "y = 2;", firstLine: 5, lastLine: 5},
    ]);
  });
  test("an unnamed pair is the excerpt named by the empty string", () => {
    expect(wgslExcerpt("// essay:begin\nfoo\n// essay:end\n", "").text).toBe("foo");
  });
  test("bad markers are clear errors", () => {
    expect(() => wgslExcerpts("// essay:end one\n")).toThrow(/ends without a begin/);
    expect(() => wgslExcerpts("// essay:begin one\n")).toThrow(/no end marker/);
    expect(() => wgslExcerpt(src, "three")).toThrow(/no excerpt "three" \(marked: "one", "two"\)/);
  });
});
