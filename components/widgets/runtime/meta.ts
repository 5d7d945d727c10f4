/**
 * What a widget's folder says about itself besides its code (`components/widgets/<name>/meta.ts`):
 * its name, title, where it sits in the essay, its option schema and how the schema's flat values
 * map onto its factory's options. A meta module touches neither the DOM nor the GPU (it imports its
 * own `options.ts` and nothing that draws), so Node reads it too: the embedding's documentation
 * generator, the unit tests, the built-page checks. `components/widgets/catalogue.ts` lists the
 * folders; every table of widgets is derived from that list.
 */
import type {OptionSchema} from "./options.js";

export interface WidgetMeta {
  /** The folder's name: `data-widget`, the custom element's tag after `ns-`, the `/embed/<name>` page. */
  name: string;
  title: string;
  /** The widget's section on its essay page (its heading's id). */
  anchor: string;
  /** The essay page holding that section, relative to the site root: "" (the first page, default), "gravity" or "worlds-from-dust". */
  page?: string;
  /** The option schema (the same object the factory validates with); its keys in kebab-case are the attributes and URL parameters. */
  schema: OptionSchema;
  /** Schema-keyed values (raw strings allowed: the factory validates) → the factory's options. Default: as they are. */
  toOptions?: (input: Record<string, unknown>) => Record<string, unknown>;
}
