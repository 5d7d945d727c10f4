// Observable Framework configuration. See docs/ARCHITECTURE.md for the layout.
import {EMBED_NAMES} from "./components/embed/names.js";

export default {
  title: "Neighbour search on the GPU",
  root: "src",
  // Offline: no CDN fonts. Our own stylesheet replaces the default theme's font imports.
  style: "style.css",
  globalStylesheets: [],
  // An inline favicon: no request, and nothing fetched from the internet.
  head: '<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 16 16%22%3E%3Ccircle cx=%228%22 cy=%228%22 r=%226%22 fill=%22%234269d0%22/%3E%3C/svg%3E">',
  pager: false,
  toc: false,
  sidebar: false,
  search: false,
  footer: "Part three of a series on particle simulation in the browser.",
  pages: [
    {name: "Neighbour search on the GPU", path: "/"},
    {name: "Gravity: Barnes–Hut on the GPU", path: "/gravity"},
    {name: "Embedding the widgets", path: "/embed"},
  ],
  // Embedding (src/embed/, components/embed/): the element module, and per widget an
  // iframe page (/embed/<name>) and an exported module (/embed/<name>.js).
  dynamicPaths: ["/embed/elements.js", ...EMBED_NAMES.flatMap((name) => [`/embed/${name}`, `/embed/${name}.js`])],
};
