/**
 * The embeddable widgets: one line each joining a widget's factory to its embedding
 * facts (schemas.ts: option schema, title, essay section). The custom elements, the
 * exported modules and the iframe pages all read this one table, so adding a widget
 * to every embedding method is one line here and one name in names.ts.
 */
import {createBHError} from "../widgets/bh-error/index.js";
import {createBHError3D} from "../widgets/bh-error-3d/index.js";
import {createBHProbe} from "../widgets/bh-probe/index.js";
import {createContacts} from "../widgets/contacts/index.js";
import {createCountingSort} from "../widgets/counting-sort/index.js";
import {createDustDisc} from "../widgets/dust-disc/index.js";
import {createDustStory} from "../widgets/dust-story/index.js";
import {createGalaxy} from "../widgets/galaxy/index.js";
import {createGalaxy3D} from "../widgets/galaxy-3d/index.js";
import {createGridQuery} from "../widgets/grid-query/index.js";
import {createNBody} from "../widgets/nbody/index.js";
import {createSand} from "../widgets/sand/index.js";
import {createScanScrub} from "../widgets/scan-scrub/index.js";
import {createWater} from "../widgets/water/index.js";
import type {WidgetElement} from "../widgets/runtime/view.js";
import {EMBED_NAMES, tagOf, type EmbedName} from "./names.js";
export {unknownWidgetMessage} from "./names.js";
import {EMBED_INFO, type EmbedInfo} from "./schemas.js";

/** A widget factory as the embedding calls it: options in, a widget element (`.value`, `dispose()`) out. */
export type WidgetFactory = (options: Record<string, unknown>) => WidgetElement<unknown>;

export interface EmbedWidget extends EmbedInfo {
  factory: WidgetFactory;
  /** The custom element's tag (`ns-<name>`). */
  tag: string;
}

const FACTORIES: Record<EmbedName, WidgetFactory> = {
  contacts: createContacts as WidgetFactory,
  "grid-query": createGridQuery as WidgetFactory,
  "counting-sort": createCountingSort as WidgetFactory,
  "scan-scrub": createScanScrub as WidgetFactory,
  sand: createSand as WidgetFactory,
  water: createWater as WidgetFactory,
  nbody: createNBody as WidgetFactory,
  "bh-probe": createBHProbe as WidgetFactory,
  "bh-error": createBHError as WidgetFactory,
  galaxy: createGalaxy as WidgetFactory,
  "dust-disc": createDustDisc as WidgetFactory,
  "dust-story": createDustStory as WidgetFactory,
  "galaxy-3d": createGalaxy3D as WidgetFactory,
  "bh-error-3d": createBHError3D as WidgetFactory,
};

export const REGISTRY: ReadonlyMap<string, EmbedWidget> = new Map(
  EMBED_NAMES.map((name) => [name, {...EMBED_INFO[name], factory: FACTORIES[name], tag: tagOf(name)}])
);

/** The widget called `name`, or null (an unknown name: callers say so, visibly). */
export function findWidget(name: string): EmbedWidget | null {
  return REGISTRY.get(name) ?? null;
}
