// Post-build trim of what the built pages carry and never use (`npm run build` runs it after
// a11y-html.mjs). See docs/ARCHITECTURE.md ("Loading").
//
// - Stylesheets (dist/**/*.css): the rules of Framework's layout for parts this site turns off
//   (sidebar, table of contents, pager, search: observablehq.config.ts) are dropped. A rule goes
//   only when every selector in it names an `#observablehq-…` id that no built HTML page has
//   (Framework renders those parts into the HTML; its client script only looks them up), or an
//   `.observablehq-…` class that appears in no page and no script (so nothing can add it); an
//   @media/@container block left empty goes too.
// - The essay's cell definitions (a page with a cell that imports `_bundle/hero.`): only the
//   hero's cells (those importing hero.js, and the cells they read) stay in the page; every
//   other cell's `define` moves to a module next to the page (`<page>.cells.<hash>.js`), which
//   the page imports when the hero has drawn its first frame (hero.js's `heroFirstFrame`). A
//   section's cell would wait until then anyway (`loadNear`), so nothing changes but the bytes the
//   first frame waits for (≈ 17 KB of the essay's HTML).
// - Inline scripts of the HTML pages (Framework's cell definitions, the theme and a11y head
//   scripts): whitespace and comments removed by esbuild (minifyWhitespace + minifySyntax; no
//   renaming, so the cells' names and Framework's define() calls stay as they are).
//
//   node scripts/slim-dist.mjs [dist]
import {readdirSync, readFileSync, statSync, writeFileSync} from "node:fs";
import {createHash} from "node:crypto";
import {basename, dirname, join} from "node:path";
import * as esbuild from "esbuild";

const dist = process.argv[2] ?? "dist";

/** Every file under `dir` whose name ends with one of `exts`. */
function files(dir, exts) {
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

/** A cell's `define` statement as Framework writes it: id, inputs, outputs (render.js, transpile.js). */
const CELL_HEAD = /^define\(\{id: ("[^"]+")(?:, mode: "[^"]+")?(?:, inputs: (\[[^\]]*\]))?(?:, outputs: (\[[^\]]*\]))?/;

/**
 * Splits a page's module script (Framework's, not yet minified) into what the first frame needs
 * and the rest: `{kept, deferred}` source texts, or null when the page has no cell importing
 * `_bundle/hero.` (or a statement is not recognised). Kept: the imports, registerFile calls, the
 * cells that import hero.js and every cell whose outputs those read (transitively). The kept
 * text ends with the import of `deferredUrl` once `heroFirstFrame()` resolves.
 */
export function splitCells(code, deferredUrl) {
  const parts = code.split(/\n(?=define\(\{id: ")/);
  const head = parts.shift();
  if (!parts.length || !/^\s*(import\b|registerFile\(|$)/m.test(head)) return null;
  const cells = parts.map((text) => {
    const m = text.match(CELL_HEAD);
    return m && {text, inputs: JSON.parse(m[2] ?? "[]"), outputs: JSON.parse(m[3] ?? "[]"), hero: text.match(/import\("([^"]*\/_bundle\/hero\.[^"]*)"\)/)?.[1]};
  });
  if (cells.some((c) => !c)) return null;
  const heroUrl = cells.find((c) => c.hero)?.hero;
  if (!heroUrl) return null;
  const kept = new Set(cells.filter((c) => c.hero));
  for (const c of kept) for (const d of cells) if (!kept.has(d) && d.outputs.some((o) => c.inputs.includes(o))) kept.add(d);
  const later = cells.filter((c) => !kept.has(c));
  if (!later.length) return null;
  const client = head.match(/import \{define\} from ("[^"]+");/)?.[1];
  if (!client) return null;
  const load = `import(${JSON.stringify(heroUrl)}).then((m) => m.heroFirstFrame()).then(() => import(${JSON.stringify(deferredUrl)}));`;
  return {
    kept: [head, ...cells.filter((c) => kept.has(c)).map((c) => c.text), load].join("\n"),
    deferred: [`import {define} from ${client};`, ...later.map((c) => c.text)].join("\n"),
  };
}

/** Moves the cells of `file` (an HTML page) that the first frame does not need into a module next to it (splitCells). */
function deferCells(file, html) {
  return html.replace(/<script type="module">([\s\S]*?)<\/script>/, (whole, code) => {
    const probe = splitCells(code, "./x.js");
    if (!probe) return whole;
    const min = esbuild.transformSync(probe.deferred, {loader: "js", format: "esm", minifyWhitespace: true, minifySyntax: true, target: "es2022"}).code;
    const name = `${basename(file, ".html")}.cells.${createHash("sha256").update(min).digest("hex").slice(0, 8)}.js`;
    writeFileSync(join(dirname(file), name), min);
    return `<script type="module">${splitCells(code, `./${name}`).kept}</script>`;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
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
