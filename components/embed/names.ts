/**
 * The embeddable widgets' names, with no imports: observablehq.config.ts reads this list
 * in Node to build one iframe page and one exported module per widget, and the registry
 * (registry.ts) must name the same widgets (a unit test checks both agree).
 */
export const EMBED_NAMES = [
  "contacts",
  "grid-query",
  "counting-sort",
  "scan-scrub",
  "sand",
  "water",
  "nbody",
  "bh-probe",
  "bh-error",
  "galaxy",
  "dust-disc",
  "dust-story",
  "galaxy-3d",
  "bh-error-3d",
] as const;
export type EmbedName = (typeof EMBED_NAMES)[number];

/** The custom element's tag of a widget: one prefix for all, `ns-` (neighbour search). */
export const tagOf = (name: string) => `ns-${name}`;

/** The message for an unknown widget name (shown as text, never as HTML), listing the known ones. */
export function unknownWidgetMessage(name: string): string {
  return `There is no widget called “${name.slice(0, 40)}”. Embeddable widgets: ${EMBED_NAMES.join(", ")}.`;
}
