// Post-build fix of what Framework 1.13.4 hardcodes in every page's HTML
// (node_modules/@observablehq/framework/dist/render.js) and has no option for: `<html>`
// without a language, a viewport meta with `maximum-scale=1` (blocks pinch-zoom), and no
// place before the page's content for a skip link. Every page in dist/ gets
// `<html lang="en">`, `width=device-width, initial-scale=1`, and a "Skip to the essay"
// link as the first thing in `<body>` (to `#observablehq-main`), and every `<pre>` a `tabindex="0"`
// (a code block wider than the column scrolls sideways: a keyboard must be able to reach and
// scroll it; Framework's copy button, added later by its client, sits outside the `<pre>`). The preview server
// (`npm start`) gets the same from the head script in observablehq.config.ts (SKIP_LINK
// and VIEWPORT are shared with it).
// `--check` only reports pages that still need the fix (exit 1), for check-build.mjs.
import {readdirSync, readFileSync, statSync, writeFileSync} from "node:fs";
import {join} from "node:path";

export const VIEWPORT = "width=device-width, initial-scale=1";
export const SKIP_LINK = '<a class="skip-link" href="#observablehq-main">Skip to the essay</a>';

/** The page with `lang="en"` on `<html>`, a zoomable viewport, focusable code blocks and the skip link; unchanged if already so. */
export function fixPage(html) {
  const page = html
    .replace(/<html(?![^>]*\blang=)([^>]*)>/, '<html lang="en"$1>')
    .replace(/<pre(?![^>]*\btabindex=)((?:\s[^>]*)?)>/g, '<pre tabindex="0"$1>')
    .replace(/<meta name="viewport" content="[^"]*">/, `<meta name="viewport" content="${VIEWPORT}">`);
  return page.includes('class="skip-link"') ? page : page.replace(/<body([^>]*)>/, `<body$1>\n${SKIP_LINK}`);
}

/** Every HTML file under `dir`. */
export function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? htmlFiles(p) : p.endsWith(".html") ? [p] : [];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes("--check");
  const stale = [];
  for (const file of htmlFiles("dist")) {
    const html = readFileSync(file, "utf8");
    const fixed = fixPage(html);
    if (fixed === html) continue;
    if (check) stale.push(file);
    else writeFileSync(file, fixed);
  }
  if (stale.length) {
    console.error(`No lang or a zoom-blocking viewport in:\n  ${stale.join("\n  ")}`);
    process.exit(1);
  }
}
