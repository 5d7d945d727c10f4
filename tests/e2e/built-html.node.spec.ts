/**
 * The built essay's HTML as a crawler, a linking site or a reader with scripts off gets it
 * (dist/index.html, written by `npm run build`): section anchors and kickers, the widgets'
 * slots and their links, the contents, references and citations, the series links and the
 * footer. Plain Node (jsdom), no browser: these are facts of the markup, not of layout, so they
 * are checked where they cost milliseconds. Layout, hover and scrolling stay in
 * content.nogpu.spec.ts.
 */
import {expect, test} from "@playwright/test";
import {existsSync, readFileSync} from "node:fs";
import {JSDOM} from "jsdom";
import {CATALOGUE} from "../../components/widgets/catalogue.js";
import type {WidgetMeta} from "../../components/widgets/runtime/meta.js";
import {SECTIONS} from "./sections.js";

/** The built page at `dist/<file>` as a DOM; fails with the command to run when it is missing. */
function built(file: string): Document {
  const path = `dist/${file}`;
  expect(existsSync(path), `${path} is missing: run npm run build first`).toBe(true);
  return new JSDOM(readFileSync(path, "utf8")).window.document;
}

const doc = () => built("index.html");

test("every section has a stable anchor with a link to itself and a kicker right above it", () => {
  const h2 = [...doc().querySelectorAll("#observablehq-main h2")].map((h) => ({
    id: h.id,
    link: h.querySelector("a.observablehq-header-anchor")?.getAttribute("href"),
    kicker: h.previousElementSibling?.matches(".kicker") ? h.previousElementSibling.textContent : null,
  }));
  expect(h2.map((h) => h.id)).toEqual(SECTIONS);
  for (const h of h2) {
    expect(h.link).toBe(`#${h.id}`);
    expect(h.kicker, `kicker of ${h.id}`).toMatch(/^Step \d · \S/);
  }
});

test("the page has a language and lets the reader zoom", () => {
  const d = doc();
  expect(d.documentElement.getAttribute("lang")).toBe("en");
  expect(d.querySelector('meta[name="viewport"]')?.getAttribute("content")).not.toMatch(/maximum-scale|user-scalable/);
});

test("every widget slot has a demo anchor and a link to it; the anchors other sites link to exist", async () => {
  const d = doc();
  const slots = [...d.querySelectorAll("#observablehq-main .widget-slot")].map((s) => ({
    id: s.id,
    href: s.querySelector(":scope > a.widget-link")?.getAttribute("href"),
  }));
  expect(slots.length).toBe(7);
  for (const s of slots) {
    expect(s.id).toMatch(/^demo-/);
    expect(s.href, `${s.id}'s link`).toBe(`#${s.id}`);
  }
  // every widget's section on this page (its meta's anchor): the embedded widgets' "source" links point at these
  const metas = (await Promise.all(Object.values(CATALOGUE).map((line) => line.meta()))).map((m): WidgetMeta => m.meta);
  for (const meta of metas.filter((m) => !m.page)) expect(d.querySelectorAll(`[id="${meta.anchor}"]`).length, meta.anchor).toBe(1);
});

test("the table of contents lists every section, then the references", () => {
  const hrefs = [...doc().querySelectorAll("nav#toc a")].map((a) => a.getAttribute("href"));
  expect(hrefs).toEqual([...SECTIONS.map((s) => `#${s}`), "#references"]);
});

test("§3 explains Hillis–Steele before the scroll diagram's slot", () => {
  const d = doc();
  const before = (a: Node, b: Node) => !!(a.compareDocumentPosition(b) & d.defaultView!.Node.DOCUMENT_POSITION_FOLLOWING);
  const hillis = [...d.querySelectorAll("#observablehq-main p")].find((p) => /Hillis and Steele/.test(p.textContent ?? ""))!;
  const slot = d.getElementById("demo-scan-scrub")!;
  const section = d.getElementById(SECTIONS[2])!;
  expect({inSection: before(section, hillis), hillisFirst: before(hillis, slot)}).toEqual({inSection: true, hillisFirst: true});
});

test("references are numbered in order of first citation, each cited, each with its year", () => {
  const main = doc().querySelector("#observablehq-main")!;
  const refs = [...main.querySelectorAll("ol.references > li")].map((l) => ({id: l.id, text: l.textContent ?? ""}));
  expect(refs.map((r) => r.id)).toEqual([
    "ref-green-2008",
    "ref-hillis-steele-1986",
    "ref-blelloch-1990",
    "ref-teschner-2003",
    "ref-monaghan-1992",
    "ref-monaghan-2005",
    "ref-clavet-2005",
  ]);
  for (const r of refs) expect(r.text, r.id).toMatch(new RegExp(`\\b${r.id.slice(-4)}\\b`));
  const cites = [...main.querySelectorAll("a.cite")].map((a) => ({href: a.getAttribute("href")!, text: a.textContent!}));
  expect([...new Set(cites.map((c) => c.href))]).toEqual(refs.map((r) => `#${r.id}`));
  for (const c of cites) expect(c.text).toContain(`[${refs.findIndex((r) => `#${r.id}` === c.href) + 1}]`);
});

test("the series and the footer are linked, part four included", () => {
  const d = doc();
  const main = d.querySelector("#observablehq-main")!;
  expect(main.querySelectorAll('a[href="./gravity"]').length).toBeGreaterThanOrEqual(2);
  // part four from the subtitle and the epilogue
  expect([...main.querySelectorAll('a[href="./worlds-from-dust"]')].filter((a) => /Worlds from Dust/.test(a.textContent ?? "")).length).toBe(2);
  expect(main.querySelector('.subtitle a[href="./worlds-from-dust"]')).not.toBeNull();
  const footer = d.getElementById("observablehq-footer")!;
  expect(footer.querySelectorAll('a[href="./gravity"]').length).toBe(1);
  expect(footer.querySelectorAll('a[href="./#references"], a[href="#references"]').length).toBe(1);
  expect(footer.querySelectorAll('a[href="./embed"]').length).toBe(1);
  expect(footer.querySelectorAll('a[href="./worlds-from-dust"]').length).toBe(1);
  expect(footer.textContent).toMatch(/Licence/);
  // the pages linked from the essay exist in the build
  for (const page of ["gravity.html", "worlds-from-dust.html", "embed.html"]) expect(existsSync(`dist/${page}`), page).toBe(true);
});

for (const page of ["index.html", "gravity.html", "worlds-from-dust.html", "bench.html", "embed.html"])
  test(`${page}: every in-page link lands on an element, every link to the site on a built file`, () => {
    const d = built(page);
    const ids = new Set([...d.querySelectorAll("[id]")].map((e) => e.id));
    const hrefs = [...d.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")!);
    const anchors = hrefs.filter((h) => h.startsWith("#") && h.length > 1).map((h) => decodeURIComponent(h.slice(1)));
    expect(
      [...new Set(anchors)].filter((t) => !ids.has(t)),
      "anchors with no element"
    ).toEqual([]);
    // links into the site (relative or root-relative): the file they name was built
    const site = hrefs.filter((h) => !/^([a-z]+:|#|\/\/)/i.test(h));
    const missing = site.filter((h) => {
      const path = new URL(h, `http://site/${page}`).pathname.replace(/^\//, "");
      const file = path === "" || path.endsWith("/") ? `${path}index.html` : path;
      return ![file, `${file}.html`].some((f) => existsSync(`dist/${decodeURIComponent(f)}`));
    });
    expect(missing, "links to files that were not built").toEqual([]);
    if (page === "index.html") expect([anchors.length > 20, site.length > 3]).toEqual([true, true]);
  });
