// Observable Framework configuration. See docs/ARCHITECTURE.md for the layout.
import {EMBED_NAMES} from "./components/embed/names.js";

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
    document.body.prepend(b);
  });
})();`;

export default {
  title: "Neighbour search on the GPU",
  root: "src",
  // Offline: no CDN fonts. Our own stylesheet replaces the default theme's font imports.
  style: "style.css",
  globalStylesheets: [],
  // An inline favicon: no request, and nothing fetched from the internet.
  head:
    '<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 16 16%22%3E%3Ccircle cx=%228%22 cy=%228%22 r=%226%22 fill=%22%234269d0%22/%3E%3C/svg%3E">' +
    `<script>${THEME_SCRIPT}</script>`,
  pager: false,
  toc: false,
  sidebar: false,
  search: false,
  footer: "Part three of a series on particle simulation in the browser.",
  pages: [
    {name: "Neighbour search on the GPU", path: "/"},
    {name: "Embedding the widgets", path: "/embed"},
  ],
  // Embedding (src/embed/, components/embed/): the element module, and per widget an
  // iframe page (/embed/<name>) and an exported module (/embed/<name>.js).
  dynamicPaths: ["/embed/elements.js", ...EMBED_NAMES.flatMap((name) => [`/embed/${name}`, `/embed/${name}.js`])],
};
