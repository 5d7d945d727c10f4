/**
 * The first page links to the gravity page and back, read from the built HTML in Node (jsdom):
 * the subtitle's link on each page names the other page's built file, whose title is the other
 * essay's. A browser clicking the links proved nothing more than this (it loaded both pages for
 * it, 36 test-seconds); that the gravity page's H200 figure is drawn is checked in
 * gravity-page.spec.ts.
 */
import {expect, test} from "@playwright/test";
import {existsSync, readFileSync} from "node:fs";
import {JSDOM} from "jsdom";

function built(file: string): Document {
  const path = `dist/${file}`;
  expect(existsSync(path), `${path} is missing: run npm run build first`).toBe(true);
  return new JSDOM(readFileSync(path, "utf8")).window.document;
}

/** The built file a link `href` in `file` leads to, as the site serves it ("./gravity" → gravity.html, "./" → index.html). */
function fileOf(file: string, href: string): string {
  const path = new URL(href, `http://site/${file}`).pathname.replace(/^\//, "");
  return path === "" ? "index.html" : path.endsWith(".html") ? path : `${path}.html`;
}

const title = (file: string) => built(file).querySelector("h1")?.textContent?.replace(/\s+/g, " ") ?? "";

test("the first page links to the gravity page and back", () => {
  const index = built("index.html");
  const there = index.querySelector(".subtitle a[href*='gravity']")?.getAttribute("href");
  expect(there).toBeTruthy();
  const gravity = fileOf("index.html", there!);
  expect(gravity).toBe("gravity.html");
  expect(title(gravity)).toContain("Barnes–Hut on the GPU");
  // back: the gravity page's subtitle opens with its link to the first page
  const back = built(gravity).querySelector(".subtitle a")?.getAttribute("href");
  expect(back).toBeTruthy();
  const first = fileOf(gravity, back!);
  expect(first).toBe("index.html");
  expect(title(first)).toContain("Neighbour search on the GPU");
});
