// Fails the build when a page carries an Observable error box, an unresolved npm:/CDN import,
// or a reference to a remote font/stylesheet (the site must work offline); when a bundled
// page's cells import anything but that page's own entries (scripts/bundle-page.mjs, PAGES: one
// build graph per page, so one copy of every module and one GPU device); or when a README or a
// data note was published as a page.
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
import {join} from "node:path";
import {fixPage, htmlFiles} from "./a11y-html.mjs";
import {PAGES} from "./bundle-page.mjs";
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
// a bundled page's cells (its module script, and the essay's cells module) import only its entries
for (const [page, entries] of Object.entries(PAGES)) {
  const file = join("dist", `${page}.html`);
  if (!existsSync(file)) {
    problems.push(`${file}: missing`);
    continue;
  }
  const html = readFileSync(file, "utf8");
  const modules = Array.from(html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g), (m) => m[1]);
  for (const m of html.matchAll(/import\("(\.\/[\w.-]+\.cells\.[0-9a-f]+\.js)"\)/g)) modules.push(readFileSync(join("dist", m[1]), "utf8"));
  const own = new RegExp(`^\\./_import/_bundle/(${Object.keys(entries).join("|")})\\.[0-9a-f]+\\.js$`);
  for (const code of modules)
    for (const m of code.matchAll(/(?:\bimport\s*\(\s*|\bfrom\s*)"([^"]+)"/g)) {
      const spec = m[1];
      if (spec.startsWith("./_observablehq/") || own.test(spec) || /^\.\/[\w.-]+\.cells\.[0-9a-f]+\.js$/.test(spec)) continue;
      problems.push(`${file}: a cell imports ${spec}, not one of the page's entries (${Object.keys(entries).join(", ")})`);
    }
}
// the repository's READMEs and data notes are documents, not pages of the site
for (const file of htmlFiles("dist")) if (/^dist\/(components|data|shaders)\//.test(file)) problems.push(`${file}: a README or note published as a page`);
if (problems.length) {
  console.error("Build check failed:\n  " + problems.join("\n  "));
  process.exit(1);
}
console.log("Build check: no error boxes, no CDN references, each bundled page's cells import only its own entries, no README published as a page.");
