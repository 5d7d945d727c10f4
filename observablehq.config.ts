// Observable Framework configuration. See docs/ARCHITECTURE.md for the layout.
export default {
  title: "Neighbour search on the GPU",
  root: "src",
  // Offline: no CDN fonts. Our own stylesheet replaces the default theme's font imports.
  style: "style.css",
  globalStylesheets: [],
  pager: false,
  toc: false,
  sidebar: false,
  search: false,
  footer: "Part three of a series on particle simulation in the browser.",
  pages: [{name: "Neighbour search on the GPU", path: "/"}]
};
