/**
 * The types of both files of the package. Loading one defines its widgets' custom elements:
 * ns-widgets.js (`gpu-neighbour-search/elements`) the simulations' (`<ns-contacts>`,
 * `<ns-grid-query>`, `<ns-counting-sort>`, …), ns-exercise.js (`gpu-neighbour-search/exercise`)
 * `<ns-exercise>`, the WGSL editor. Attributes are the widget's options in kebab-case, `.value`
 * its counters, `input` events each change.
 */
/** The names of the widgets this file defines (the tag of `name` is `ns-<name>`). */
export declare const widgets: readonly string[];
/** A new element of widget `name` (one of `widgets`) with `options` (camelCase keys) set as attributes; any other name gives an element carrying the message. */
export declare function createWidget(name: string, options?: Record<string, unknown>): HTMLElement;
