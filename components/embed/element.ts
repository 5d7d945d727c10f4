/**
 * One custom element per embeddable widget (`ns-` and the widget's name: `<ns-contacts>`,
 * `<ns-water>`, `<ns-galaxy-3d>`, … one per embeddable line of components/widgets/catalogue.ts), for any host page: a static
 * blog, a notebook, a React app, a Markdown post.
 *
 * - Attributes are the widget's options in kebab-case (`steps-per-frame="3"`), read
 *   through the widget's own option schema: a bad value is replaced and the widget's
 *   status line names the option and its range; the widget still runs.
 * - Changing an attribute rebuilds the inner widget with the new options (changes made
 *   in one task are batched into one rebuild).
 * - `.value` is the inner widget's value, and every `input` event of the widget is
 *   re-dispatched by the element (Observable's view convention), so a host reads the
 *   counters as from the essay's widget.
 * - Removed from the document → the inner widget's `dispose()` (its loop stops, its GPU
 *   objects are destroyed); inserted again → a fresh widget.
 * - Shadow DOM: the widget stylesheet (components/widgets/runtime/widgets.css, the essay's own
 *   rules) is linked inside the shadow root (widget-style.ts; inlined in the element bundle), so nothing leaks into or out of the host.
 *   `theme="light|dark|auto"` picks the colours; a host may set any --theme-* variable
 *   on the element to override them.
 * - Every element of a page shares the page's one GPU device (acquireGPU is module-level).
 * - An element loads its own widget's modules when first connected (the registry's dynamic
 *   `import()`), so a page pays only for the widgets it shows. Attributes are therefore
 *   watched by a MutationObserver, not `observedAttributes`: the schema that names them
 *   arrives with the widget.
 */
import {kebab, OPTION_NAMES} from "../widgets/runtime/options.js";
import type {WidgetElement} from "../widgets/runtime/view.js";
import {REGISTRY, type EmbedWidget, type LoadedWidget} from "./registry.js";
import {inputFromStrings} from "./attributes.js";
import {widgetStyleNode} from "./widget-style.js";

const LIGHT = `--theme-foreground: #1b1e23; --theme-foreground-muted: #6d6d6d; --theme-foreground-faint: #d6d6d6; --theme-foreground-faintest: #ececec; --theme-foreground-focus: #3b5fc0; --theme-background: #ffffff; --theme-background-alt: #f6f6f4; color-scheme: light;`;
const DARK = `--theme-foreground: #e8e8e8; --theme-foreground-muted: #a6a6a6; --theme-foreground-faint: #4a4a4a; --theme-foreground-faintest: #2c2c2c; --theme-foreground-focus: #8aa8ff; --theme-background: #161616; --theme-background-alt: #232323; color-scheme: dark;`;
/** The element's own defaults: a host page has no Framework theme (a host's rules on the element win over :host). */
const HOST_CSS = `
:host { display: block; ${LIGHT} --sans-serif: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; --serif: Georgia, "Times New Roman", serif; color: var(--theme-foreground); background: var(--theme-background); }
:host([hidden]) { display: none; }
:host([theme="dark"]) { ${DARK} }
@media (prefers-color-scheme: dark) { :host([theme="auto"]) { ${DARK} } }
.widget { margin: 0; }
`;

/** The attributes an element of a loaded widget reads: its options, plus `theme`. */
const attributesOf = (l: LoadedWidget) => [...Object.keys(l.schema).map(kebab), "theme"];

/** The element class of one widget. */
function elementClass(w: EmbedWidget) {
  return class EmbeddedWidget extends HTMLElement {
    /** The widget's registry entry (name, tag, loader). */
    static widget = w;
    #inner: WidgetElement<unknown> | null = null;
    #slot: HTMLDivElement;
    #rebuildQueued = false;
    /** Bumped by every build and teardown: a load that resolves after either is dropped. */
    #generation = 0;
    #attributes: MutationObserver;

    constructor() {
      super();
      const shadow = this.attachShadow({mode: "open"});
      const style = document.createElement("style");
      style.textContent = HOST_CSS;
      this.#slot = document.createElement("div");
      shadow.append(style, widgetStyleNode(), this.#slot);
      // one rebuild per task's attribute changes (the records of one task arrive together)
      this.#attributes = new MutationObserver((records) => {
        const loaded = w.loaded;
        if (!loaded || !this.#inner || this.#rebuildQueued) return;
        const options = new Set(attributesOf(loaded).filter((a) => a !== "theme"));
        if (records.some((r) => r.attributeName && options.has(r.attributeName) && r.oldValue !== this.getAttribute(r.attributeName))) this.#queueRebuild();
      });
      this.#attributes.observe(this, {attributes: true, attributeOldValue: true});
    }

    /** The inner widget's `.value` (null while none is built). */
    get value(): unknown {
      return this.#inner?.value ?? null;
    }
    /** The inner widget element (its `snapshot()`, `data-engine`, status line), or null. */
    get widget(): WidgetElement<unknown> | null {
      return this.#inner;
    }

    connectedCallback() {
      this.#build();
    }
    disconnectedCallback() {
      this.#teardown();
    }

    #queueRebuild() {
      this.#rebuildQueued = true;
      queueMicrotask(() => {
        this.#rebuildQueued = false;
        if (!this.isConnected) return;
        this.#teardown();
        this.#build();
      });
    }

    #build() {
      if (this.#inner) return;
      const generation = ++this.#generation;
      if (w.loaded) return this.#mount(w.loaded);
      w.load().then(
        (loaded) => {
          if (generation === this.#generation && this.isConnected && !this.#inner) this.#mount(loaded);
        },
        (err) => {
          if (generation !== this.#generation) return;
          const note = document.createElement("div");
          note.className = "widget-status error";
          note.setAttribute("role", "alert");
          note.textContent = `The ${w.name} widget's code could not be loaded: ${err instanceof Error ? err.message : String(err)}`;
          this.#slot.replaceChildren(note);
        }
      );
    }
    #mount(loaded: LoadedWidget) {
      this.#attributes.takeRecords(); // changes made before now are read below, not rebuilt again
      // notes name the attributes the host's author wrote (OPTION_NAMES)
      const input = {...inputFromStrings(loaded.schema, (name) => this.getAttribute(name)), [OPTION_NAMES]: "attribute"};
      const inner = loaded.factory(loaded.toOptions ? loaded.toOptions(input) : input);
      // One `input` per change of the widget's value, from the element: the widget's own
      // event stops at the shadow root, and its sliders' native (composed) input events are
      // stopped here, so a host never sees a slider move as a value change.
      this.#slot.oninput = (ev) => {
        ev.stopPropagation();
        if (ev.target === inner) this.dispatchEvent(new Event("input", {bubbles: true}));
      };
      this.#inner = inner;
      this.#slot.replaceChildren(inner);
    }
    #teardown() {
      this.#generation++;
      const inner = this.#inner;
      this.#inner = null;
      if (!inner) return;
      inner.dispose();
      inner.remove();
    }
  };
}

/** Defines every widget's element (once per page: a second load of this module changes nothing). */
export function defineElements(registry: Iterable<EmbedWidget> = REGISTRY.values()) {
  for (const w of registry) if (!customElements.get(w.tag)) customElements.define(w.tag, elementClass(w));
}

/**
 * An element of widget `w` with `options` (camelCase keys as in the widget's schema, or
 * `theme`) set as attributes; the element validates them like any attribute. Only the
 * widget's own attribute names are set (a host's key never becomes an attribute name), so
 * before the widget's modules have loaded they are set when they arrive, before the element
 * builds its widget.
 */
export function createElementFor(w: EmbedWidget, options: Record<string, unknown> = {}): HTMLElement {
  defineElements([w]);
  const el = document.createElement(w.tag);
  const apply = (loaded: LoadedWidget) => {
    const known = new Set(attributesOf(loaded));
    for (const [key, value] of Object.entries(options)) {
      if (value !== undefined && value !== null && known.has(kebab(key)) && !el.hasAttribute(kebab(key))) el.setAttribute(kebab(key), String(value));
    }
  };
  if (w.loaded) apply(w.loaded);
  else w.load().then(apply, () => {}); // a failed load is reported by the element itself
  return el;
}
