/**
 * The embeddable widgets: one line each joining a widget's name to a loader of its own code
 * (factory, option schema, attributes → options). The custom elements, the exported modules
 * and the iframe pages all read this one table, so adding a widget to every embedding method
 * is one line here, one name in names.ts and its facts in schemas.ts.
 *
 * Each loader is a dynamic `import()` of that widget's modules alone: a page with one element
 * fetches that widget, the runtime and the shaders its kernels compile — never the whole
 * catalogue (185 requests for one `<ns-contacts>` when this table imported every widget
 * statically). The one-file bundle (scripts/bundle-elements.mjs, unsplit) inlines
 * the same imports.
 */
import type {OptionSchema} from "../widgets/runtime/options.js";
import type {WidgetElement} from "../widgets/runtime/view.js";
import {EMBED_NAMES, tagOf, type EmbedName} from "./names.js";
export {unknownWidgetMessage} from "./names.js";

/** A widget factory as the embedding calls it: options in, a widget element (`.value`, `dispose()`) out. */
export type WidgetFactory = (options: Record<string, unknown>) => WidgetElement<unknown>;

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

const f = (factory: unknown) => factory as WidgetFactory;

const LOADERS: Record<EmbedName, () => Promise<LoadedWidget>> = {
  contacts: () =>
    Promise.all([import("../widgets/contacts/index.js"), import("../widgets/contacts/options.js")]).then(([m, o]) => ({
      factory: f(m.createContacts),
      schema: o.CONTACTS_OPTIONS,
    })),
  "grid-query": () =>
    Promise.all([import("../widgets/grid-query/index.js"), import("../widgets/grid-query/options.js")]).then(([m, o]) => ({
      factory: f(m.createGridQuery),
      schema: o.GRID_OPTIONS,
      toOptions: o.gridEmbedOptions,
    })),
  "counting-sort": () =>
    Promise.all([import("../widgets/counting-sort/index.js"), import("../widgets/counting-sort/options.js")]).then(([m, o]) => ({
      factory: f(m.createCountingSort),
      schema: o.sortWidgetSchema,
    })),
  "scan-scrub": () =>
    Promise.all([import("../widgets/scan-scrub/index.js"), import("../widgets/scan-scrub/options.js")]).then(([m, o]) => ({
      factory: f(m.createScanScrub),
      schema: o.scanScrubSchema,
    })),
  sand: () =>
    Promise.all([import("../widgets/sand/index.js"), import("../widgets/sand/options.js")]).then(([m, o]) => ({
      factory: f(m.createSand),
      schema: o.SAND_OPTIONS,
    })),
  water: () =>
    Promise.all([import("../widgets/water/index.js"), import("../widgets/water/options.js")]).then(([m, o]) => ({
      factory: f(m.createWater),
      schema: o.WATER_EMBED_SCHEMA,
      toOptions: o.waterEmbedOptions,
    })),
  nbody: () =>
    Promise.all([import("../widgets/nbody/index.js"), import("../widgets/nbody/options.js")]).then(([m, o]) => ({
      factory: f(m.createNBody),
      schema: o.NBODY_OPTIONS,
    })),
  "bh-probe": () =>
    Promise.all([import("../widgets/bh-probe/index.js"), import("../widgets/bh-probe/options.js")]).then(([m, o]) => ({
      factory: f(m.createBHProbe),
      schema: o.BH_PROBE_OPTIONS,
    })),
  "bh-error": () =>
    Promise.all([import("../widgets/bh-error/index.js"), import("../widgets/bh-error/options.js")]).then(([m, o]) => ({
      factory: f(m.createBHError),
      schema: o.BH_ERROR_OPTIONS,
    })),
  galaxy: () =>
    Promise.all([import("../widgets/galaxy/index.js"), import("../widgets/galaxy/options.js")]).then(([m, o]) => ({
      factory: f(m.createGalaxy),
      schema: o.GALAXY_OPTIONS,
    })),
  "dust-disc": () =>
    Promise.all([import("../widgets/dust-disc/index.js"), import("../widgets/dust-disc/options.js")]).then(([m, o]) => ({
      factory: f(m.createDustDisc),
      schema: o.DUST_DISC_OPTIONS,
    })),
  "dust-story": () =>
    Promise.all([import("../widgets/dust-story/index.js"), import("../widgets/dust-story/options.js")]).then(([m, o]) => ({
      factory: f(m.createDustStory),
      schema: o.DUST_STORY_OPTIONS,
    })),
  "galaxy-3d": () =>
    Promise.all([import("../widgets/galaxy-3d/index.js"), import("../widgets/galaxy-3d/options.js")]).then(([m, o]) => ({
      factory: f(m.createGalaxy3D),
      schema: o.GALAXY3D_OPTIONS,
    })),
  "bh-error-3d": () =>
    Promise.all([import("../widgets/bh-error-3d/index.js"), import("../widgets/bh-error-3d/options.js")]).then(([m, o]) => ({
      factory: f(m.createBHError3D),
      schema: o.BH_ERROR_3D_OPTIONS,
    })),
};

function entry(name: EmbedName): EmbedWidget {
  let pending: Promise<LoadedWidget> | null = null;
  const w: EmbedWidget = {
    name,
    tag: tagOf(name),
    loaded: null,
    load() {
      pending ??= LOADERS[name]().then(
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

export const REGISTRY: ReadonlyMap<string, EmbedWidget> = new Map(EMBED_NAMES.map((name) => [name, entry(name)]));

/** The widget called `name`, or null (an unknown name: callers say so, visibly). */
export function findWidget(name: string): EmbedWidget | null {
  return REGISTRY.get(name) ?? null;
}
