/**
 * The embeddable widgets, each joined to a loader of its own code (factory, option schema,
 * attributes → options), derived from the catalogue's lines (components/widgets/catalogue.ts).
 * The custom elements, the exported modules and the iframe pages all read this one table, so
 * adding a widget to every embedding method is its folder and its catalogue line.
 *
 * Each loader is the line's two dynamic `import()`s (the folder's meta.ts and index.ts): a page
 * with one element fetches that widget, the runtime and the shaders its kernels compile — never
 * another widget (185 requests for one `<ns-contacts>` when this table imported every widget
 * statically). Each one-file element bundle (scripts/bundle-elements.mjs, unsplit) inlines the
 * imports of its own lines (the catalogue's `bundle`), and its registry holds those alone.
 */
import type {OptionSchema} from "../widgets/runtime/options.js";
import type {WidgetElement} from "../widgets/runtime/view.js";
import {type Catalogue, CATALOGUE, type CatalogueLine, embeddableNames} from "../widgets/catalogue.js";
import {tagOf, type EmbedName} from "./names.js";
export {unknownWidgetMessage} from "./names.js";

/** A widget factory as the embedding calls it: options in, a widget element (`.value`, `dispose()`) out. */
type WidgetFactory = (options: Record<string, unknown>) => WidgetElement<unknown>;

/** What a widget's own modules give the embedding once loaded. */
export interface LoadedWidget {
  factory: WidgetFactory;
  /** The option schema (the same object the factory validates with); its keys in kebab-case are the attributes. */
  schema: OptionSchema;
  /** Schema-keyed values → the factory's options. Default: as they are. */
  toOptions?: (input: Record<string, unknown>) => Record<string, unknown>;
}

export interface EmbedWidget {
  name: EmbedName;
  /** The custom element's tag (`ns-<name>`). */
  tag: string;
  /** Loads the widget's own modules, once (a failed load is tried again on the next call). */
  load(): Promise<LoadedWidget>;
  /** What `load()` gave, once it has resolved (null before). */
  loaded: LoadedWidget | null;
}

/** What a catalogue line's two lazy imports give together: the factory, and the meta's schema and mapping. */
function loader(line: CatalogueLine): () => Promise<LoadedWidget> {
  return () =>
    Promise.all([line.meta(), line.factory()]).then(([{meta}, factory]) => ({
      factory: factory as WidgetFactory,
      schema: meta.schema,
      ...(meta.toOptions ? {toOptions: meta.toOptions} : {}),
    }));
}

function entry(name: EmbedName, load: () => Promise<LoadedWidget>): EmbedWidget {
  let pending: Promise<LoadedWidget> | null = null;
  const w: EmbedWidget = {
    name,
    tag: tagOf(name),
    loaded: null,
    load() {
      pending ??= load().then(
        (loaded) => (w.loaded = loaded),
        (err) => {
          pending = null;
          throw err;
        }
      );
      return pending;
    },
  };
  return w;
}

/** A catalogue's embeddable widgets, by name, in its order (the site's is `REGISTRY`; tests build others). */
export function registryOf(catalogue: Catalogue): ReadonlyMap<string, EmbedWidget> {
  return new Map(embeddableNames(catalogue).map((name) => [name, entry(name as EmbedName, loader(catalogue[name]))]));
}

export const REGISTRY: ReadonlyMap<string, EmbedWidget> = registryOf(CATALOGUE);

/** The widget called `name`, or null (an unknown name: callers say so, visibly). */
export function findWidget(name: string): EmbedWidget | null {
  return REGISTRY.get(name) ?? null;
}
