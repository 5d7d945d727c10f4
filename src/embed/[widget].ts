/**
 * The exported module of one widget (`/embed/<name>.js`, built once per name through
 * observablehq.config.ts's dynamicPaths): for hosts that build DOM themselves.
 *
 *   import {create} from "https://…/embed/grid-query.js";
 *   document.body.append(create({count: 2000}));
 *
 * `create(options)` returns the widget's custom element (shadow DOM, styles, disposal on
 * removal) with the options set as attributes and validated by the widget's schema;
 * `factory` is the bare widget factory (unstyled outside the essay).
 * The widget code is imported dynamically, as in elements.ts (Framework 1.13 cannot build
 * an exported module whose static imports reach d3).
 */
const [{createElementFor}, {findWidget}] = await Promise.all([import("../components/embed/element.js"), import("../components/embed/registry.js")]);

declare const observable: {params: {widget: string}};

const widget = findWidget(observable.params.widget)!;
// this widget's modules alone (the registry's dynamic import): a host pays for no other widget
const loaded = await widget.load();

export const name = widget.name;
export const schema = loaded.schema;
export const factory = loaded.factory;
export function create(options: Record<string, unknown> = {}): HTMLElement {
  return createElementFor(widget, options);
}
