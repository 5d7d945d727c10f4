/**
 * Loading this module defines every widget's custom element (`<ns-contacts>`,
 * `<ns-grid-query>`, `<ns-counting-sort>`, …): attributes are the widget's options in
 * kebab-case, `.value` its counters, `input` events each change.
 */
/** The names of the embeddable widgets (the tag of `name` is `ns-<name>`). */
export declare const widgets: readonly string[];
/** A new element of widget `name` with `options` (camelCase keys) set as attributes; an unknown name gives an element carrying the message. */
export declare function createWidget(name: string, options?: Record<string, unknown>): HTMLElement;
