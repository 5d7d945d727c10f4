// Observable Framework configuration. See docs/ARCHITECTURE.md for the layout.
import {embedPaths} from "./components/embed/names.js";
import {keepReading, SERIES, seriesBar, seriesLine} from "./components/essay/series.js";
import {SKIP_LINK, VIEWPORT} from "./scripts/a11y-html.mjs";

// An inline favicon: no request, and nothing fetched from the internet.
const FAVICON =
  '<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 16 16%22%3E%3Ccircle cx=%228%22 cy=%228%22 r=%226%22 fill=%22%234269d0%22/%3E%3C/svg%3E">';

/**
 * Light and dark theme: the system's choice (prefers-color-scheme) unless the reader picked
 * one with the toggle; the pick is kept in localStorage ("ns-theme") and applied before the
 * first paint (html[data-theme]), so a dark reader never sees a white flash. The toggle is a
 * real button (keyboard, screen readers: "Dark theme", pressed or not). Embedded pages
 * (/embed/…) take their theme from their own parameter and get no toggle.
 */
const THEME_SCRIPT = `(() => {
  const KEY = "ns-theme", root = document.documentElement;
  if (/\\/embed\\//.test(location.pathname)) return;
  try { const t = localStorage.getItem(KEY); if (t === "light" || t === "dark") root.dataset.theme = t; } catch {}
  const mq = matchMedia("(prefers-color-scheme: dark)");
  const dark = () => (root.dataset.theme ? root.dataset.theme === "dark" : mq.matches);
  addEventListener("DOMContentLoaded", () => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "theme-toggle";
    b.innerHTML = '<span aria-hidden="true">◐ </span>Dark theme';
    const sync = () => b.setAttribute("aria-pressed", String(dark()));
    b.addEventListener("click", () => {
      root.dataset.theme = dark() ? "light" : "dark";
      try { localStorage.setItem(KEY, root.dataset.theme); } catch {}
      sync();
    });
    mq.addEventListener("change", sync);
    sync();
    // after the skip link, which stays the first thing Tab reaches
    const skip = document.querySelector(".skip-link");
    if (skip) skip.after(b);
    else document.body.prepend(b);
  });
})();`;

export default {
  title: "Neighbour search on the GPU",
  root: "src",
  // Offline: no CDN fonts. Our own stylesheet replaces the default theme's font imports.
  style: "style.css",
  globalStylesheets: [],
  // The same fixes as scripts/a11y-html.mjs (run after the build) for the preview server,
  // which serves Framework's HTML as rendered: a language, a viewport that allows zoom, the
  // skip link first in the body. On the built site the script finds them done.
  head: `${FAVICON}
<script>${THEME_SCRIPT}</script>
<script>
document.documentElement.lang ||= "en";
document.querySelector('meta[name="viewport"]')?.setAttribute("content", ${JSON.stringify(VIEWPORT)});
document.addEventListener("DOMContentLoaded", () => document.querySelector(".skip-link") || document.body.insertAdjacentHTML("afterbegin", ${JSON.stringify(SKIP_LINK)}));
</script>`,
  pager: false,
  toc: false,
  sidebar: false,
  search: false,
  // The series bar on every essay page, from the one list in components/essay/series.ts (in
  // the static HTML: no late insertion, no layout shift); Framework renders no header where this
  // gives null (/bench, /embed, 404; the iframe pages set `header: ""`).
  header: ({path}: {path: string}) => seriesBar(path),
  // Root-relative links: Framework rewrites them relative to each page, so the footer works
  // at any depth. The footer is shared by every page: on an essay page it opens with "Keep
  // reading" (the next parts, then the earlier ones, each linked once); elsewhere it names every
  // part of the series; never "this essay". No <nav> here:
  // Framework styles a footer's nav links as its pager buttons.
  footer: ({path}: {path: string}) => `<div class="essay-footer">
${keepReading(path) ?? seriesLine()}
<p><a href="/#references">Sources and references</a> · <a href="/#toc">Contents</a> · <a href="/exercises">Write the kernels yourself</a> · <a href="/embed">Embed these widgets in your own page</a></p>
<p>Built with Observable Framework, d3 and WebGPU; every simulation has a CPU twin for browsers without WebGPU. Physics and algorithms after the works listed under References. Licence: none chosen yet, so all rights are reserved until one is.</p>
</div>`,
  // the series' pages in reading order (components/essay/series.ts), then the site's tools
  pages: [
    ...SERIES.map((s) => ({name: s.title, path: s.path})),
    {name: "Write the kernels yourself", path: "/exercises"},
    {name: "Embedding the widgets", path: "/embed"},
    {name: "Benchmark on your GPU", path: "/bench"},
  ],
  // Embedding (src/embed/, components/embed/): the element module, and per widget of the
  // catalogue (components/widgets/catalogue.ts) an iframe page (/embed/<name>) and an exported
  // module (/embed/<name>.js).
  dynamicPaths: embedPaths(),
};
