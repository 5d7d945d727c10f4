/**
 * The series the essay pages belong to: one list in reading order, and the two pieces of
 * markup made from it — the series bar at the top of every essay page (Framework's `header`)
 * and the "Keep reading" block at the end of each (the first part of Framework's `footer`).
 * observablehq.config.ts calls both with the page's path, so the build writes them into each
 * page's static HTML: they are there at first paint (nothing is inserted later to move the
 * page) and work with scripts off. No imports: the config reads this module in Node.
 *
 * Links are root-relative; Framework rewrites them relative to each page, as it does the
 * footer's. Styles: src/essay-nav.css ("the series bar", "keep reading").
 */

/** One page of the series. */
interface SeriesPage {
  /** root-relative path, as Framework names pages ("/" for the essay) */
  path: string;
  /** the part's number as the series counts it ("1–2": the gravity page covers two parts) */
  part: string;
  /** "Part" or "Parts" */
  partWord: string;
  /** the short title shown in the bar */
  short: string;
  /** the page's full title */
  title: string;
  /** one sentence on what the page does, for "Keep reading" */
  blurb: string;
}

/** The site's essay pages in reading order: the order of the series' parts. */
export const SERIES: readonly SeriesPage[] = [
  {
    path: "/gravity",
    part: "1–2",
    partWord: "Parts",
    short: "Gravity",
    title: "Gravity: Barnes–Hut on the GPU",
    blurb: "Every body pulls on every other; a Barnes–Hut tree, rebuilt on the GPU every step, makes that affordable.",
  },
  {
    path: "/",
    part: "3",
    partWord: "Part",
    short: "Neighbour search",
    title: "Neighbour search on the GPU",
    blurb: "Only touching particles matter: a uniform grid, a counting sort and a parallel prefix sum find them.",
  },
  {
    path: "/worlds-from-dust",
    part: "4",
    partWord: "Part",
    short: "Worlds from Dust",
    title: "Worlds from Dust",
    blurb: "Gravity and collisions over the same particles in one substep: a dusty disc round a young star clumps into bodies.",
  },
];

/** A page path as the config gets it ("/index", "/gravity", "/gravity.html", "/") → the list's form. */
export function seriesPath(path: string): string {
  const p = path.replace(/\.html$/, "").replace(/(^|\/)index$/, "/");
  return p === "" ? "/" : p.startsWith("/") ? p : `/${p}`;
}

/** The position of `path` in the series, or -1 for a page outside it (/bench, /embed, 404). */
function seriesIndex(path: string): number {
  const p = seriesPath(path);
  return SERIES.findIndex((s) => s.path === p);
}

/** The page before and after `path` in reading order (null at either end or outside the series). */
function seriesNeighbours(path: string): {prev: SeriesPage | null; next: SeriesPage | null} {
  const i = seriesIndex(path);
  if (i < 0) return {prev: null, next: null};
  return {prev: SERIES[i - 1] ?? null, next: SERIES[i + 1] ?? null};
}

/** "Parts 1–2" / "Part 3" */
const partLabel = (s: SeriesPage) => `${s.partWord} ${s.part}`;

/** The bar's previous or next link: an arrow and the word, with the page's title beside it (the title shown on phones, the word on wider screens; both read by a screen reader). */
function stepLink(kind: "prev" | "next", s: SeriesPage): string {
  const word = kind === "prev" ? "Previous" : "Next";
  const label = `<span class="series-dir">${word}<span class="sr-only">:</span></span> <span class="series-to">${s.short}</span>`;
  return kind === "prev"
    ? `<a class="series-prev" rel="prev" href="${s.path}"><span aria-hidden="true">← </span>${label}</a>`
    : `<a class="series-next" rel="next" href="${s.path}">${label}<span aria-hidden="true"> →</span></a>`;
}

/**
 * The series bar for the page at `path`, or null for a page outside the series (Framework then
 * renders no header). Every part in reading order, the current one `aria-current="page"`, and
 * previous / next links; a keyboard reaches them right after the skip link and the theme toggle.
 */
export function seriesBar(path: string): string | null {
  const i = seriesIndex(path);
  if (i < 0) return null;
  const {prev, next} = seriesNeighbours(path);
  const items = SERIES.map((s, k) => {
    const current = k === i ? ' aria-current="page"' : "";
    return `<li><a href="${s.path}"${current}><span class="series-num"><span class="sr-only">${s.partWord} </span>${s.part}<span class="sr-only">:</span></span> <span class="series-title">${s.short}</span></a></li>`;
  }).join("");
  return `<nav class="series-bar" aria-label="Series: particle simulation in the browser">
<span class="series-label">Series</span>
<ol class="series-parts">${items}</ol>
<span class="series-steps">${prev ? stepLink("prev", prev) : ""}${next ? stepLink("next", next) : ""}</span>
</nav>`;
}

/** One entry of "Keep reading": the part, its linked title, its sentence. */
function entry(s: SeriesPage, lead: string): string {
  return `<li><span class="keep-reading-lead">${lead}</span> <a href="${s.path}">${partLabel(s)}: ${s.title}</a><span class="keep-reading-blurb"> ${s.blurb}</span></li>`;
}

/**
 * "Keep reading" for the page at `path` (null outside the series): the next part first, then
 * any after it; the parts before it last. On the last page, the series from its start.
 * Each other part is linked once.
 */
export function keepReading(path: string): string | null {
  const i = seriesIndex(path);
  if (i < 0) return null;
  const ahead = SERIES.slice(i + 1);
  const behind = SERIES.slice(0, i);
  const items =
    ahead.length > 0
      ? [...ahead.map((s, k) => entry(s, k === 0 ? "Next" : "Then")), ...behind.map((s) => entry(s, "Earlier"))]
      : behind.map((s, k) => entry(s, k === 0 ? "From the start" : "Then"));
  const intro = ahead.length > 0 ? "" : '<p class="keep-reading-note">This is the latest part of the series.</p>';
  return `<section class="keep-reading" aria-labelledby="keep-reading-title">
<h2 id="keep-reading-title">Keep reading</h2>${intro}
<ul>${items.join("")}</ul>
</section>`;
}

/** The footer's line naming every part, for the pages outside the series (/bench, /embed). */
export function seriesLine(): string {
  return `<p class="essay-series">
<span>A series on particle simulation in the browser:</span>
${SERIES.map((s) => `<span>${partLabel(s)}: <a href="${s.path}">${s.title}</a></span>`).join("\n")}
</p>`;
}
