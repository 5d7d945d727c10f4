/**
 * The element module (`/embed/elements.js`): loading it defines every widget's custom
 * element (`<ns-contacts>`, `<ns-grid-query>`, …), the two-line way to embed a widget in
 * any page:
 *
 *   <script type="module" src="https://…/embed/elements.js"></script>
 *   <ns-grid-query count="2000"></ns-grid-query>
 *
 * `createWidget(name, options)` builds one by name: an unknown name gives an element
 * with the message, as text.
 *
 * The same module is each one-file element bundle (scripts/bundle-elements.mjs): there the
 * catalogue holds the bundle's lines alone, so `ns-widgets.js` defines the simulations and
 * `ns-exercise.js` `<ns-exercise>`, and `widgets` lists that file's names.
 *
 * The widget code is imported dynamically: Framework 1.13 cannot build an exported module
 * whose static imports reach a node_modules package with its own imports (d3), and a
 * dynamic import is left out of that walk (see docs/records/embedding.md).
 */
import {EMBED_NAMES, unknownWidgetMessage} from "../components/embed/names.js";

const [{createElementFor, defineElements}, {findWidget}] = await Promise.all([
  import("../components/embed/element.js"),
  import("../components/embed/registry.js"),
]);

defineElements();

export const widgets: readonly string[] = EMBED_NAMES;

export function createWidget(name: string, options: Record<string, unknown> = {}): HTMLElement {
  const w = findWidget(String(name));
  if (w) return createElementFor(w, options);
  const el = document.createElement("div");
  el.setAttribute("role", "alert");
  el.className = "ns-embed-unknown";
  el.textContent = unknownWidgetMessage(String(name));
  return el;
}
