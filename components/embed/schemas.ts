/**
 * What an embedding needs to know about each widget besides its factory: its option schema
 * (the same object the factory validates with), its title, its section of the essay, and how
 * the schema's flat values map onto the factory's options. Each widget's folder says it in its
 * `meta.ts`; this table gathers the metas of the catalogue's embeddable lines
 * (components/widgets/catalogue.ts), loaded once at this module's start. Nothing here touches
 * the DOM or the GPU, so Node (the documentation generator, unit tests) imports it too.
 */
import {type Catalogue, CATALOGUE, embeddableNames} from "../widgets/catalogue.js";
import type {WidgetMeta} from "../widgets/runtime/meta.js";
import type {OptionSchema, OptionSpec} from "../widgets/runtime/options.js";
import type {EmbedName} from "./names.js";

/** An embeddable widget's meta (components/widgets/runtime/meta.ts), its name one of `EMBED_NAMES`. */
type EmbedInfo = WidgetMeta & {name: EmbedName};

/** The metas of a catalogue's embeddable widgets, by name, in the catalogue's order. */
export async function embedInfoOf(catalogue: Catalogue): Promise<Record<string, WidgetMeta>> {
  const names = embeddableNames(catalogue);
  const metas = await Promise.all(names.map((name) => catalogue[name].meta()));
  return Object.fromEntries(names.map((name, i) => [name, metas[i].meta]));
}

export const EMBED_INFO = (await embedInfoOf(CATALOGUE)) as Record<EmbedName, EmbedInfo>;

export {kebab} from "../widgets/runtime/options.js";
import {kebab} from "../widgets/runtime/options.js";

/** The allowed values of an option, in words ("200–4,000 (whole number)", "true or false"). */
function rangeText(spec: OptionSpec): string {
  switch (spec.type) {
    case "number": {
      const f = (v: number) => v.toLocaleString("en-US", {maximumFractionDigits: 6});
      return `${f(spec.min)}–${f(spec.max)}${(spec.integer ?? true) ? " (whole)" : ""}`;
    }
    case "choice":
      return spec.values.join(", ");
    case "boolean":
      return "true, false";
  }
}

export {EMPTY_TEXT, inputFromStrings} from "./attributes.js";

/** One row per option: what the documentation tables show. */
export function optionRows(schema: OptionSchema): {attribute: string; type: string; range: string; default: string; doc: string}[] {
  return Object.entries(schema).map(([key, spec]) => ({
    attribute: kebab(key),
    type: spec.type,
    range: rangeText(spec),
    default: spec.type === "number" ? spec.default.toLocaleString("en-US", {maximumFractionDigits: 6}) : String(spec.default),
    doc: spec.doc,
  }));
}

/** The options table of a widget in Markdown (the block src/embed.md carries; a unit test compares them). */
export function optionsMarkdown(info: {schema: OptionSchema}): string {
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  const lines = ["| attribute / parameter | type | range | default | what it does |", "|---|---|---|---|---|"];
  for (const r of optionRows(info.schema)) lines.push(`| \`${r.attribute}\` | ${r.type} | ${esc(r.range)} | ${esc(r.default)} | ${esc(r.doc)} |`);
  return lines.join("\n");
}
