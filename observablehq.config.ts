// Observable Framework configuration. See docs/ARCHITECTURE.md for the layout.
import {EMBED_NAMES} from "./components/embed/names.js";
import {SKIP_LINK, VIEWPORT} from "./scripts/a11y-html.mjs";

// An inline favicon: no request, and nothing fetched from the internet.
const FAVICON =
  '<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 16 16%22%3E%3Ccircle cx=%228%22 cy=%228%22 r=%226%22 fill=%22%234269d0%22/%3E%3C/svg%3E">';

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
<script>
document.documentElement.lang ||= "en";
document.querySelector('meta[name="viewport"]')?.setAttribute("content", ${JSON.stringify(VIEWPORT)});
document.addEventListener("DOMContentLoaded", () => document.querySelector(".skip-link") || document.body.insertAdjacentHTML("afterbegin", ${JSON.stringify(SKIP_LINK)}));
</script>`,
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
