/**
 * The essay's history asides in the built HTML (jsdom): each a closed `details.deep-dive`, like the
 * other pages' deep dives, short (at most 120 words under its summary), in the section whose
 * technique it dates, with its sources linked.
 */
import {expect, test} from "@playwright/test";
import {existsSync, readFileSync} from "node:fs";
import {JSDOM} from "jsdom";
import {SECTIONS} from "./sections.js";

test("each history aside is a closed deep dive under 120 words, in its section, with its sources linked", () => {
  expect(existsSync("dist/index.html"), "dist/index.html is missing: run npm run build first").toBe(true);
  const d = new JSDOM(readFileSync("dist/index.html", "utf8")).window.document;
  const h2s = [...d.querySelectorAll("#observablehq-main h2")];
  /** The id of the section (h2) an element lies in. */
  const sectionOf = (el: Element) => h2s.filter((h) => h.compareDocumentPosition(el) & d.defaultView!.Node.DOCUMENT_POSITION_FOLLOWING).at(-1)?.id;
  const asides = [...d.querySelectorAll("#observablehq-main details")]
    .filter((el) => /^History:/.test(el.querySelector(":scope > summary")?.textContent ?? ""))
    .map((el) => {
      const body = [...el.children].filter((c) => c.tagName !== "SUMMARY");
      return {
        summary: el.querySelector("summary")!.textContent!,
        deepDive: el.classList.contains("deep-dive"),
        open: el.hasAttribute("open"),
        words: body
          .map((c) => c.textContent ?? "")
          .join(" ")
          .split(/\s+/)
          .filter(Boolean).length,
        section: sectionOf(el),
        sources: [...el.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")!).filter((h) => /^https:\/\//.test(h)),
      };
    });
  expect(asides.map((a) => [a.summary, a.section])).toEqual([
    ["History: cells and neighbour lists in molecular dynamics", SECTIONS[1]],
    ["History: from punched cards to 65,536 processors", SECTIONS[2]],
  ]);
  for (const a of asides) {
    expect({deepDive: a.deepDive, open: a.open}, a.summary).toEqual({deepDive: true, open: false});
    expect(a.words, a.summary).toBeLessThanOrEqual(120);
    expect(a.sources.length, a.summary).toBeGreaterThanOrEqual(2);
  }
});
