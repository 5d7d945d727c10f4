/**
 * The embeddable widgets' names, derived from the catalogue (components/widgets/catalogue.ts:
 * every line but those marked `embed: false`), which imports nothing statically: so
 * observablehq.config.ts reads this list in Node to build one iframe page and one exported
 * module per widget, and a host page's element module gets the names without any widget's code.
 */
import {CATALOGUE, embeddableNames, type EmbedName} from "../widgets/catalogue.js";
export type {EmbedName};

export const EMBED_NAMES = embeddableNames(CATALOGUE) as readonly EmbedName[];

/** The custom element's tag of a widget: one prefix for all, `ns-` (neighbour search). */
export const tagOf = (name: string) => `ns-${name}`;

/** The element module, then each widget's iframe page (`/embed/<name>`) and exported module (`/embed/<name>.js`): Framework's dynamic paths. */
export const embedPaths = (names: readonly string[] = EMBED_NAMES): string[] => [
  "/embed/elements.js",
  ...names.flatMap((name) => [`/embed/${name}`, `/embed/${name}.js`]),
];

/** The message for an unknown widget name (shown as text, never as HTML), listing the known ones. */
export function unknownWidgetMessage(name: string): string {
  return `There is no widget called “${name.slice(0, 40)}”. Embeddable widgets: ${EMBED_NAMES.join(", ")}.`;
}
