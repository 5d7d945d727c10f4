/**
 * The widgets: one line per folder of components/widgets/ (the runtime excepted), in the order
 * the embedding page documents them. Each line names the folder and joins it to two lazy imports:
 * its `meta.ts` (name, title, page, anchor, option schema and mapping; Node-safe) and its factory
 * in `index.ts`. Every table of widgets is derived from this one: the embeddable names
 * (components/embed/names.ts: custom elements, iframe pages and exported modules, read by
 * observablehq.config.ts), the facts and schemas (components/embed/schemas.ts: the iframe
 * pages, the /embed documentation), the registry of loaders (components/embed/registry.ts).
 * Adding a widget is its folder and one line here (tests/unit/catalogue.test.ts). A line's `bundle`
 * names the one-file element bundle that defines it (scripts/bundle-elements.mjs reads it).
 *
 * Nothing is imported statically: a page with one `<ns-contacts>` loads this list, then the
 * contacts' meta and code alone, never another widget's (tests/e2e/embed.spec.ts). Each one-file
 * element bundle (scripts/bundle-elements.mjs, unsplit) inlines the imports of its own lines.
 */
import type {WidgetMeta} from "./runtime/meta.js";

/** One widget's line: its meta and its factory, each loaded on demand (the meta's name is the line's key: a unit test holds it). */
export interface CatalogueLine {
  meta: () => Promise<{meta: WidgetMeta}>;
  factory: () => Promise<unknown>;
  /** false: shown on its essay page only, with no custom element, iframe page or exported module. */
  embed?: boolean;
  /**
   * The self-contained element file that defines it, `ns-<bundle>.js` (scripts/bundle-elements.mjs):
   * default "widgets" (ns-widgets.js, the simulations). "exercise": the WGSL editor and its CPU
   * interpreter, about a megabyte that a page embedding one simulation should not download.
   */
  bundle?: string;
}

export type Catalogue = Readonly<Record<string, CatalogueLine>>;

/** The lines, checked against `CatalogueLine`, with their literal keys and `embed: false` kept for `EmbedName`. */
const catalogue = <const C extends Catalogue>(c: C) => c;

// biome-ignore format: one line per widget
export const CATALOGUE = catalogue({
  contacts: {meta: () => import("./contacts/meta.js"), factory: () => import("./contacts/index.js").then((m) => m.createContacts)},
  "grid-query": {meta: () => import("./grid-query/meta.js"), factory: () => import("./grid-query/index.js").then((m) => m.createGridQuery)},
  "counting-sort": {meta: () => import("./counting-sort/meta.js"), factory: () => import("./counting-sort/index.js").then((m) => m.createCountingSort)},
  "scan-scrub": {meta: () => import("./scan-scrub/meta.js"), factory: () => import("./scan-scrub/index.js").then((m) => m.createScanScrub)},
  "scan-blocks": {meta: () => import("./scan-blocks/meta.js"), factory: () => import("./scan-blocks/index.js").then((m) => m.createScanBlocks), embed: false},
  sand: {meta: () => import("./sand/meta.js"), factory: () => import("./sand/index.js").then((m) => m.createSand)},
  water: {meta: () => import("./water/meta.js"), factory: () => import("./water/index.js").then((m) => m.createWater)},
  nbody: {meta: () => import("./nbody/meta.js"), factory: () => import("./nbody/index.js").then((m) => m.createNBody)},
  "bh-probe": {meta: () => import("./bh-probe/meta.js"), factory: () => import("./bh-probe/index.js").then((m) => m.createBHProbe)},
  "bh-error": {meta: () => import("./bh-error/meta.js"), factory: () => import("./bh-error/index.js").then((m) => m.createBHError)},
  galaxy: {meta: () => import("./galaxy/meta.js"), factory: () => import("./galaxy/index.js").then((m) => m.createGalaxy)},
  "dust-disc": {meta: () => import("./dust-disc/meta.js"), factory: () => import("./dust-disc/index.js").then((m) => m.createDustDisc)},
  "dust-story": {meta: () => import("./dust-story/meta.js"), factory: () => import("./dust-story/index.js").then((m) => m.createDustStory)},
  "galaxy-3d": {meta: () => import("./galaxy-3d/meta.js"), factory: () => import("./galaxy-3d/index.js").then((m) => m.createGalaxy3D)},
  "bh-error-3d": {meta: () => import("./bh-error-3d/meta.js"), factory: () => import("./bh-error-3d/index.js").then((m) => m.createBHError3D)},
  exercise: {meta: () => import("./exercise/meta.js"), factory: () => import("./exercise/index.js").then((m) => m.createExercise), bundle: "exercise"},
});

type Lines = typeof CATALOGUE;
/** The names of the embeddable widgets: every line but those with `embed: false`. */
export type EmbedName = {[N in keyof Lines]: Lines[N] extends {embed: false} ? never : N}[keyof Lines];

/** The names of a catalogue's embeddable widgets, in its order. */
export const embeddableNames = (c: Catalogue): string[] => Object.keys(c).filter((name) => c[name].embed !== false);

/** The element bundle of a line without a `bundle`: ns-widgets.js. */
export const DEFAULT_BUNDLE = "widgets";

/** The element bundle (its file is `ns-<bundle>.js`) that defines a line's widget. */
export const bundleOf = (line: CatalogueLine): string => line.bundle ?? DEFAULT_BUNDLE;

/** A catalogue's element bundles, each with its embeddable names in the catalogue's order; the default bundle first. */
export function bundlesOf(c: Catalogue): Map<string, string[]> {
  const bundles = new Map<string, string[]>([[DEFAULT_BUNDLE, []]]);
  for (const name of embeddableNames(c)) {
    const b = bundleOf(c[name]);
    bundles.set(b, [...(bundles.get(b) ?? []), name]);
  }
  return bundles;
}

/** The lines of one element bundle (what the one-file bundle of that name puts in place of the catalogue). */
export const bundleCatalogue = (c: Catalogue, bundle: string): Catalogue =>
  Object.fromEntries(Object.entries(c).filter(([, line]) => bundleOf(line) === bundle));
