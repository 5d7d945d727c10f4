/**
 * The series bar and "Keep reading" (components/essay/series.ts) in the built HTML, read in Node
 * (jsdom): every essay page carries the bar in its static markup, before the page's content, with
 * the parts in the one list's order, the current part marked, and previous / next links that lead
 * to the built neighbouring pages; its footer opens with "Keep reading", pointing onwards. Layout,
 * themes and the keyboard are in series.nogpu.spec.ts.
 */
import {expect, test} from "@playwright/test";
import {existsSync, readFileSync} from "node:fs";
import {JSDOM} from "jsdom";
import {SERIES, seriesPath} from "../../components/essay/series.js";

/** The built file of a series path: "/" → index.html, "/gravity" → gravity.html. */
const fileOf = (path: string) => (path === "/" ? "index.html" : `${path.slice(1)}.html`);

function built(file: string): Document {
  const path = `dist/${file}`;
  expect(existsSync(path), `${path} is missing: run npm run build first`).toBe(true);
  return new JSDOM(readFileSync(path, "utf8")).window.document;
}

/** The series path a link in `file` leads to ("./gravity" in index.html → "/gravity"), checking the file it names was built. */
function target(file: string, href: string): string {
  const path = new URL(href, `http://site/${file}`).pathname;
  const page = seriesPath(path);
  expect(existsSync(`dist/${fileOf(page)}`), `${href} in ${file}: dist/${fileOf(page)}`).toBe(true);
  return page;
}

test("the site's three essay pages are the series, in reading order", () => {
  expect(SERIES.map((s) => s.path)).toEqual(["/gravity", "/", "/worlds-from-dust"]);
});

SERIES.forEach((page, i) => {
  const file = fileOf(page.path);
  test(`${file}: the series bar lists every part in order, marks this one, and links the previous and next parts`, () => {
    const d = built(file);
    const bars = d.querySelectorAll("nav.series-bar");
    expect(bars.length).toBe(1);
    const bar = bars[0];
    // in the static HTML, ahead of the page's content (no late insertion), named for screen readers
    expect(bar.closest("#observablehq-header")).not.toBeNull();
    expect(bar.compareDocumentPosition(d.getElementById("observablehq-main")!) & d.defaultView!.Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(bar.getAttribute("aria-label")).toMatch(/series/i);
    const parts = [...bar.querySelectorAll("ol.series-parts > li > a")].map((a) => ({
      to: target(file, a.getAttribute("href")!),
      current: a.getAttribute("aria-current"),
      text: a.textContent!.replace(/\s+/g, " ").trim(),
    }));
    expect(parts.map((p) => p.to)).toEqual(SERIES.map((s) => s.path));
    expect(parts.map((p) => p.current)).toEqual(SERIES.map((_, k) => (k === i ? "page" : null)));
    for (const [k, p] of parts.entries()) expect(p.text).toBe(`${SERIES[k].partWord} ${SERIES[k].part}: ${SERIES[k].short}`);
    const prev = bar.querySelector('a[rel="prev"]');
    const next = bar.querySelector('a[rel="next"]');
    expect(prev ? target(file, prev.getAttribute("href")!) : null).toBe(SERIES[i - 1]?.path ?? null);
    expect(next ? target(file, next.getAttribute("href")!) : null).toBe(SERIES[i + 1]?.path ?? null);
    if (prev) expect(prev.textContent).toContain(SERIES[i - 1].short);
    if (next) expect(next.textContent).toContain(SERIES[i + 1].short);
  });

  test(`${file}: the footer opens with "Keep reading": the next part first, every other part once, never this one`, () => {
    const d = built(file);
    const block = d.querySelector("#observablehq-footer section.keep-reading")!;
    expect(block).not.toBeNull();
    expect(block.querySelector("h2")!.textContent).toBe("Keep reading");
    const to = [...block.querySelectorAll("li > a")].map((a) => target(file, a.getAttribute("href")!));
    const others = SERIES.filter((s) => s.path !== page.path).map((s) => s.path);
    expect([...to].sort()).toEqual([...others].sort());
    // onwards first: the next part, or on the last page the series' first
    expect(to[0]).toBe((SERIES[i + 1] ?? SERIES[0]).path);
  });
});

test("pages outside the series have no series bar; their footer names every part", () => {
  for (const file of ["bench.html", "embed.html", "404.html", "embed/contacts.html"]) {
    const d = built(file);
    expect(d.querySelector(".series-bar, #observablehq-header"), file).toBeNull();
  }
  for (const file of ["bench.html", "embed.html"]) {
    const links = [...built(file).querySelectorAll("#observablehq-footer .essay-series a")].map((a) => target(file, a.getAttribute("href")!));
    expect(links, file).toEqual(SERIES.map((s) => s.path));
  }
});
