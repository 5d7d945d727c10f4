// The shaders each page shows its readers (scripts/bundle-page.mjs, SHOWN_WGSL) travel as
// written, comments and excerpt markers included; every other shader travels without
// comments. The list is explicit, so this holds it equal to what the pages really show.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {PAGES, SHOWN_WGSL} from "../../scripts/bundle-page.mjs";

/** The shader paths a page passes to createWGSLCode (its listings and excerpts). */
function shownOn(page: string): string[] {
  const text = readFileSync(`src/${page}.md`, "utf8");
  return [...new Set(Array.from(text.matchAll(/createWGSLCode\(\s*"([\w/]+\.wgsl)"/g), (m) => m[1]))].sort();
}

describe("SHOWN_WGSL", () => {
  for (const page of Object.keys(PAGES))
    it(`lists exactly the shaders src/${page}.md shows`, () => {
      expect([...((SHOWN_WGSL as Record<string, string[]>)[page] ?? [])].sort()).toEqual(shownOn(page));
    });
  it("names files that exist", () => {
    for (const f of Object.values(SHOWN_WGSL).flat()) expect(readFileSync(`shaders/${f}`, "utf8").length).toBeGreaterThan(0);
  });
});
