/**
 * Observable's view convention for widgets: the element carries `.value` and dispatches
 * a bubbling `input` event when it changes, so `view(widget)` in a Framework page (or
 * `Generators.input(widget)`) yields every new value, and a host page can listen too.
 */

/** A widget element: `.value`, and `dispose()` that releases everything it holds. */
export type WidgetElement<V, E extends HTMLElement = HTMLDivElement> = E & {value: V; dispose(): void};

/** Sets `el.value` and dispatches a bubbling `input` event. */
export function setValue<T>(el: HTMLElement & {value?: T}, value: T) {
  el.value = value;
  el.dispatchEvent(new Event("input", {bubbles: true}));
}

/**
 * The root element of a widget: `<div class="widget {className}" data-widget="{name}">`.
 * `value` is the initial `.value` (set without an event, as Framework reads it on `view()`).
 */
export function widgetRoot<V>(name: string, className: string, value: V): WidgetElement<V> {
  const root = document.createElement("div") as unknown as WidgetElement<V>;
  root.className = `widget ${className}`;
  root.dataset.widget = name;
  root.value = value;
  root.dispose = () => {};
  return root;
}
