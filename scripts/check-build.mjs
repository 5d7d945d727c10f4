// Fails the build when a page carries an Observable error box, an unresolved npm:/CDN import,
// or a reference to a remote font/stylesheet (the site must work offline).
import {readdirSync, readFileSync, statSync} from "node:fs";
import {join} from "node:path";
import {fixPage, htmlFiles} from "./a11y-html.mjs";
const problems = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (p.endsWith(".html")) check(p);
  }
}
function check(file) {
  const html = readFileSync(file, "utf8");
  if (html.includes("observablehq--error")) problems.push(`${file}: contains an error box (observablehq--error)`);
  if (/https:\/\/(cdn\.jsdelivr\.net|fonts\.googleapis\.com|fonts\.gstatic\.com)/.test(html)) problems.push(`${file}: references a CDN or web font`);
  if (/["']npm:/.test(html)) problems.push(`${file}: unresolved npm: import`);
}
walk("dist");
// every page has a language and lets the reader zoom (scripts/a11y-html.mjs)
for (const file of htmlFiles("dist")) {
  const html = readFileSync(file, "utf8");
  if (fixPage(html) !== html) problems.push(`${file}: no lang on <html>, or a viewport that blocks zoom (run scripts/a11y-html.mjs)`);
}
if (problems.length) {
  console.error("Build check failed:\n  " + problems.join("\n  "));
  process.exit(1);
}
console.log("Build check: no error boxes, no CDN references.");
