// Post-build trim of what the built pages carry and never use (`npm run build` runs it after
// a11y-html.mjs). See docs/records/loading.md.
//
// - Stylesheets (dist/**/*.css): the rules of Framework's layout for parts this site turns off
//   (sidebar, table of contents, pager, search: observablehq.config.ts) are dropped. A rule goes
//   only when every selector in it names an `#observablehq-…` id that no built HTML page has
//   (Framework renders those parts into the HTML; its client script only looks them up), or an
//   `.observablehq-…` class that appears in no page and no script (so nothing can add it); an
//   @media/@container block left empty goes too.
// - A page with a hero (a cell that calls `startHero` from `_bundle/hero.` or `_bundle/<page>-hero.`:
//   the essay, the gravity page, Worlds from Dust): its module script becomes a boot that starts
//   the hero with its hero module alone; Framework's client and runtime and
//   every cell (moved whole to `<page>.cells.<hash>.js`) load when the hero has drawn its first
//   frame (hero.js's `heroFirstFrame`). A section's cell would wait until then anyway
//   (`loadNear`); the first frame no longer waits for Framework's ≈ 50 KB of modules.
// - Inline scripts of the HTML pages (Framework's cell definitions, the theme and a11y head
//   scripts): whitespace and comments removed by esbuild (minifyWhitespace + minifySyntax; no
//   renaming, so the cells' names and Framework's define() calls stay as they are).
//
// - Pages Framework built from the repository's READMEs and data notes (src/components,
//   src/data and src/shaders are links into the repository, and Framework makes a page of every
//   .md it finds there, with no option to leave one out) are removed: they are documents for
//   the code's readers on GitHub, not pages of the site (scripts/check-build.mjs checks).
//
//   node scripts/slim-dist.mjs [dist]
import {existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from "node:fs";
import {createHash} from "node:crypto";
import {basename, dirname, join} from "node:path";
import * as esbuild from "esbuild";

const dist = process.argv[2] ?? "dist";

/** Every file under `dir` whose name ends with one of `exts`. */
function files(dir, exts) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p, exts) : exts.some((e) => p.endsWith(e)) ? [p] : [];
  });
}

/** Splits minified CSS into top-level items: [prelude, body] for blocks, body null for statements. */
function items(css) {
  const out = [];
  let i = 0;
  while (i < css.length) {
    const brace = css.indexOf("{", i);
    const semi = css.indexOf(";", i);
    if (brace < 0 || (semi >= 0 && semi < brace)) {
      const end = semi < 0 ? css.length : semi + 1;
      out.push([css.slice(i, end), null]);
      i = end;
      continue;
    }
    let depth = 1;
    let j = brace + 1;
    while (j < css.length && depth > 0) {
      if (css[j] === "{") depth++;
      else if (css[j] === "}") depth--;
      j++;
    }
    out.push([css.slice(i, brace), css.slice(brace + 1, j - 1)]);
    i = j;
  }
  return out;
}

/** Selector lists split at top-level commas (not inside :is(), :has(), …). */
function selectors(prelude) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let k = 0; k < prelude.length; k++) {
    const c = prelude[k];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      out.push(prelude.slice(start, k));
      start = k + 1;
    }
  }
  out.push(prelude.slice(start));
  return out;
}

/** The CSS without the rules whose every selector names one of `unused`. */
export function dropUnused(css, unused) {
  const dead = (sel) => [...sel.matchAll(/[#.]observablehq-[\w-]+/g)].some((m) => unused.has(m[0]));
  return items(css)
    .map(([prelude, body]) => {
      if (body === null) return prelude;
      if (/^@(media|container|supports|layer)/.test(prelude)) {
        const inner = dropUnused(body, unused);
        return inner ? `${prelude}{${inner}}` : "";
      }
      if (prelude.startsWith("@")) return `${prelude}{${body}}`;
      return selectors(prelude).every(dead) ? "" : `${prelude}{${body}}`;
    })
    .join("");
}

/** The first-screen sheet's last rule, and the whole sheet's: the footer's rules are not in the first (deferCells). */
const HIDE_FOOTER = "footer{visibility:hidden}";
const SHOW_FOOTER = "footer{visibility:visible}";

/** A cell's import of a page's hero module: `_bundle/hero.js` (the essay), `_bundle/<page>-hero.js` (the others). */
const HERO_MODULE = /import\("([^"]*\/_bundle\/(?:[\w-]+-)?hero\.[^"]*)"\)/;

/**
 * A page's module script with Framework's runtime behind the hero's first frame. Given
 * Framework's module script `code` (not yet minified) and the URL the deferred module will have,
 * returns `{boot, deferred, heroUrl}`, or null when no cell calls `startHero` from a hero module (HERO_MODULE):
 * - `boot` (the page's module script now) imports the hero module, starts the hero (`startHero()`) right
 *   after the page's first paint (building the widget and its initial state takes a moment the
 *   text need not wait for), before the comment that marks the hero cell's place, and when `heroFirstFrame()` resolves asks for
 *   Framework's modules (`preload`, modulepreload links), links the whole stylesheet
 *   (`fullStylesheet`, when the page links only its first-screen part), then imports `deferredUrl`;
 * - `deferred` is `code` itself: every cell, the hero's included (its `startHero(invalidation)`
 *   returns the element already on the page), defined once Framework's client has loaded.
 */
export function bootPage(code, deferredUrl, {fullStylesheet = null, preload = []} = {}) {
  const cells = code.split(/\n(?=define\(\{id: ")/).slice(1);
  const hero = cells.find((c) => /\bstartHero\b/.test(c) && HERO_MODULE.test(c));
  if (!hero) return null;
  const id = hero.match(/^define\(\{id: "([^"]+)"/)?.[1];
  const heroUrl = hero.match(HERO_MODULE)[1];
  if (!id) return null;
  const links = preload.length
    ? `for (const href of ${JSON.stringify(preload)}) document.head.append(Object.assign(document.createElement("link"), {rel: "modulepreload", href}));`
    : "";
  const sheet = fullStylesheet
    ? `.then(() => new Promise((done) => { const l = document.createElement("link"); l.rel = "stylesheet"; l.href = ${JSON.stringify(fullStylesheet)}; l.onload = l.onerror = done; document.head.append(l); }))`
    : "";
  const boot = `import {heroFirstFrame, startHero} from ${JSON.stringify(heroUrl)};
const start = () => { const marks = document.createNodeIterator(document.body, NodeFilter.SHOW_COMMENT); for (let n; (n = marks.nextNode()); ) if (n.data === ${JSON.stringify(`:${id}:`)}) { try { n.before(startHero()); } catch (e) { console.error(e); } break; } };
requestAnimationFrame(() => setTimeout(start, 0));
heroFirstFrame().then(() => { ${links} })${sheet}.then(() => import(${JSON.stringify(deferredUrl)}));`;
  return {boot, deferred: code, heroUrl};
}

/** The class and id names a selector needs, outside attribute selectors and functional pseudo-classes (:not(), :is(), :has(), …: ignored, so kept). */
function requiredNames(selector) {
  let s = selector.replace(/\[[^\]]*\]/g, "");
  for (let prev = ""; prev !== s; ) {
    prev = s;
    s = s.replace(/:[\w-]+\([^()]*\)/g, "");
  }
  return Array.from(s.matchAll(/[.#](-?[_a-zA-Z][\w-]*)/g), (m) => m[1]);
}

/**
 * The first-screen part of a stylesheet: the rules that can match what the first view shows
 * (a selector all of whose class and id names `present(name)` — the page's HTML, Framework's
 * modules and the hero's code — and every rule with element selectors only), in their order;
 * print rules (`@media print`) and rules for other widgets left out. The whole stylesheet
 * follows after the hero's first frame, so every rule's cascade is then the original's.
 */
export function firstScreenCSS(css, present) {
  return items(css)
    .map(([prelude, body]) => {
      if (body === null) return prelude;
      if (/^@media\s*print\b/.test(prelude)) return "";
      if (/^@(media|container|supports|layer)/.test(prelude)) {
        const inner = firstScreenCSS(body, present);
        return inner ? `${prelude}{${inner}}` : "";
      }
      if (prelude.startsWith("@")) return `${prelude}{${body}}`;
      return selectors(prelude).some((sel) => requiredNames(sel).every(present)) ? `${prelude}{${body}}` : "";
    })
    .join("");
}

/**
 * Whether `code` can make the class or id `name`: it holds the name as a whole word, or a part of it at a
 * hyphen next to a template's interpolation (`${name}-widget` makes "hero-widget").
 */
function inCode(name, code) {
  // a whole name, not a part of a longer word ("grid" in "gridSize" does not count)
  const esc = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (new RegExp(`(?<![\\w-])${esc(name)}(?![\\w-])`).test(code)) return true;
  for (let k = name.indexOf("-"); k > 0; k = name.indexOf("-", k + 1))
    if (code.includes(`}${name.slice(k)}`) || code.includes(`${name.slice(0, k + 1)}\${`)) return true;
  return false;
}

/**
 * The hero module `heroUrl` (relative to the page in `dir`) and its static imports, transitively:
 * the page-relative URLs of the modules its first frame loads.
 */
function heroGraph(dir, heroUrl) {
  const seen = new Set();
  const visit = (url) => {
    if (seen.has(url)) return;
    seen.add(url);
    const code = readFileSync(join(dir, url), "utf8");
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.\/[^"]+\.js)"/g)) visit(`./${join(dirname(url), m[1])}`);
  };
  visit(heroUrl);
  return seen;
}

/** The page with `first` linked in place of the stylesheet `sheet` (which <noscript> keeps). */
function linkFirstSheet(html, sheet, first) {
  return html
    .replace(`<link rel="preload" as="style" href="${sheet}">`, `<link rel="preload" as="style" href="${first}">`)
    .replace(
      `<link rel="stylesheet" type="text/css" href="${sheet}">`,
      `<link rel="stylesheet" type="text/css" href="${first}">\n<noscript><link rel="stylesheet" type="text/css" href="${sheet}"></noscript>`
    );
}

/**
 * Puts Framework's runtime and every cell of `file` (an HTML page with the hero) behind the
 * hero's first frame (bootPage): the page's module script moves whole into a module next to it
 * (`<page>.cells.<hash>.js`), the modulepreload links of Framework's own modules and of the
 * page's modules outside the hero's graph (heroGraph) go (the boot adds them at the first frame), and the first-screen part of its stylesheet (firstScreenCSS)
 * is linked in place of the whole one, which the boot links after the first frame (and
 * <noscript> keeps).
 */
function deferCells(file, html) {
  const dir = dirname(file);
  let sheets = null;
  const framework = Array.from(html.matchAll(/<link rel="modulepreload" href="(\.\/_observablehq\/[^"]+)">\n?/g));
  const preload = framework.map((m) => m[1]);
  // the page's own modules that the hero's graph does not hold (the sections' widgets, charts
  // and listings, imported by the later cells) are asked for after the first frame too
  const bundled = Array.from(html.matchAll(/<link rel="modulepreload" href="(\.\/_import\/_bundle\/[^"]+)">\n?/g));
  let later = [];
  let out = html.replace(/<script type="module">([\s\S]*?)<\/script>/, (whole, code) => {
    const probe = bootPage(code, "./x.js");
    if (!probe) return whole;
    const graph = heroGraph(dir, probe.heroUrl);
    later = bundled.filter((m) => !graph.has(m[1]));
    const min = esbuild.transformSync(probe.deferred, {loader: "js", format: "esm", minifyWhitespace: true, minifySyntax: true, target: "es2022"}).code;
    const name = `${basename(file, ".html")}.cells.${createHash("sha256").update(min).digest("hex").slice(0, 8)}.js`;
    writeFileSync(join(dir, name), min);
    const sheet = html.match(/<link rel="stylesheet" type="text\/css" href="(\.\/_import\/style\.[0-9a-f]+\.css)">/)?.[1];
    if (sheet) {
      // the names the first view can use: the page's class and id attributes, its inline scripts
      // (the theme toggle) and the hero's code (Framework's client runs after the whole sheet);
      // not the footer's (keep-reading cards, credits: never on the first screen of a page with a
      // hero, and about 2 KB of rules)
      const names = new Set();
      const firstView = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<footer\b[\s\S]*?<\/footer>/, "");
      for (const m of firstView.matchAll(/ (?:class|id)="([^"]*)"/g)) for (const n of m[1].split(/\s+/)) names.add(n);
      const scripts = Array.from(html.matchAll(/<script>([\s\S]*?)<\/script>/g), (m) => m[1]);
      const firstCode = [...scripts, probe.boot, ...[...graph].map((u) => readFileSync(join(dir, u), "utf8"))].join("\n");
      // …so the footer waits for the whole sheet, hidden (not removed: no layout moves): until then
      // its links would be bare text-coloured words (axe: link-in-text-block). The whole sheet,
      // linked after the first one (and in <noscript>), ends by showing it again.
      const whole = readFileSync(join(dir, sheet), "utf8");
      if (!whole.endsWith(SHOW_FOOTER)) writeFileSync(join(dir, sheet), `${whole}\n${SHOW_FOOTER}`);
      const first = `${firstScreenCSS(whole, (n) => names.has(n) || inCode(n, firstCode))}\n${HIDE_FOOTER}`;
      const firstUrl = `./_import/style.first.${createHash("sha256").update(first).digest("hex").slice(0, 8)}.css`;
      writeFileSync(join(dir, firstUrl), first);
      sheets = [sheet, firstUrl];
    }
    return `<script type="module">${bootPage(code, `./${name}`, {fullStylesheet: sheet ?? null, preload: [...preload, ...later.map((m) => m[1])]}).boot}</script>`;
  });
  if (out === html) return html;
  for (const m of [...framework, ...later]) out = out.replace(m[0], "");
  return sheets ? linkFirstSheet(out, ...sheets) : out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const folder of ["components", "data", "shaders"]) for (const page of files(join(dist, folder), [".html"])) rmSync(page);
  const pages = files(dist, [".html"]);
  const scripts = files(dist, [".js"]);
  const html = pages.map((p) => readFileSync(p, "utf8")).join("\n");
  const code = scripts.map((p) => readFileSync(p, "utf8")).join("\n");
  const isUsed = (name) => (name.startsWith("#") ? html.includes(`id="${name.slice(1)}"`) : html.includes(name.slice(1)) || code.includes(name.slice(1)));
  let cssBefore = 0;
  let cssAfter = 0;
  for (const file of files(dist, [".css"])) {
    const css = readFileSync(file, "utf8");
    const names = new Set([...css.matchAll(/[#.]observablehq-[\w-]+/g)].map((m) => m[0]));
    const unused = new Set([...names].filter((n) => !isUsed(n)));
    const slim = dropUnused(css, unused);
    cssBefore += css.length;
    cssAfter += slim.length;
    if (slim !== css) writeFileSync(file, slim);
  }
  let htmlBefore = 0;
  let htmlAfter = 0;
  for (const file of pages) {
    const html = readFileSync(file, "utf8");
    const slim = deferCells(file, html).replace(/<script(\s+type="module")?>([\s\S]*?)<\/script>/g, (whole, module, code) => {
      if (!code.trim()) return whole;
      const min = esbuild
        .transformSync(code, {loader: "js", format: module ? "esm" : undefined, minifyWhitespace: true, minifySyntax: true, target: "es2022"})
        .code.trim();
      return `<script${module ?? ""}>${min}</script>`;
    });
    htmlBefore += html.length;
    htmlAfter += slim.length;
    if (slim !== html) writeFileSync(file, slim);
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`slim-dist: CSS ${kb(cssBefore)} → ${kb(cssAfter)}, HTML ${kb(htmlBefore)} → ${kb(htmlAfter)}`);
}
