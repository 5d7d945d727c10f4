/**
 * What an embedding needs to know about each widget besides its factory: its option
 * schema (the same object the factory validates with), its title, its section of the
 * essay, and how the schema's flat values map onto the factory's options. Nothing here
 * touches the DOM or the GPU, so Node (the documentation generator, unit tests) imports
 * it too. The factories are joined in registry.ts.
 */
import {BH_ERROR_OPTIONS} from "../widgets/bh-error/options.js";
import {BH_ERROR_3D_OPTIONS} from "../widgets/bh-error-3d/options.js";
import {BH_PROBE_OPTIONS} from "../widgets/bh-probe/options.js";
import {CONTACTS_OPTIONS} from "../widgets/contacts/options.js";
import {sortWidgetSchema} from "../widgets/counting-sort/options.js";
import {GALAXY_OPTIONS} from "../widgets/galaxy/options.js";
import {DUST_DISC_OPTIONS} from "../widgets/dust-disc/options.js";
import {DUST_STORY_OPTIONS} from "../widgets/dust-story/options.js";
import {GALAXY3D_OPTIONS} from "../widgets/galaxy-3d/options.js";
import {GRID_OPTIONS, gridEmbedOptions} from "../widgets/grid-query/options.js";
import {NBODY_OPTIONS} from "../widgets/nbody/options.js";
import {SAND_OPTIONS} from "../widgets/sand/options.js";
import {scanScrubSchema} from "../widgets/scan-scrub/options.js";
import {WATER_EMBED_SCHEMA, waterEmbedOptions} from "../widgets/water/options.js";
import type {OptionSchema, OptionSpec} from "../widgets/runtime/options.js";
import type {EmbedName} from "./names.js";

export interface EmbedInfo {
  name: EmbedName;
  title: string;
  /** The widget's section on the essay page (its heading's id). */
  anchor: string;
  /** The essay page holding that section, relative to the site root: "" (the first page, default), "gravity" or "worlds-from-dust". */
  page?: string;
  schema: OptionSchema;
  /** Schema-keyed values (raw strings allowed: the factory validates) → the factory's options. Default: as they are. */
  toOptions?: (input: Record<string, unknown>) => Record<string, unknown>;
}

export const EMBED_INFO: Record<EmbedName, EmbedInfo> = {
  contacts: {name: "contacts", title: "Contacts by brute force", anchor: "1-contacts-mostly-checking-for-nothing", schema: CONTACTS_OPTIONS},
  "grid-query": {
    name: "grid-query",
    title: "The uniform grid's 3×3 query",
    anchor: "2-buckets-a-uniform-grid",
    schema: GRID_OPTIONS,
    toOptions: gridEmbedOptions,
  },
  "counting-sort": {name: "counting-sort", title: "Counting sort, one phase at a time", anchor: "the-whole-sort-one-phase-at-a-time", schema: sortWidgetSchema},
  "scan-scrub": {
    name: "scan-scrub",
    title: "Counting sort, scrubbed by scrolling",
    anchor: "3-sorting-counting-sort-and-the-prefix-sum",
    schema: scanScrubSchema,
  },
  sand: {name: "sand", title: "Sand: the whole sort on the GPU, every step", anchor: "4-assembly-the-whole-sort-on-the-gpu-every-step", schema: SAND_OPTIONS},
  water: {
    name: "water",
    title: "Water: smoothed particle hydrodynamics",
    anchor: "5-water-smoothed-particle-hydrodynamics",
    // the parameters panel's starting values are attributes too (k, k-near, rest-density, xsph)
    schema: WATER_EMBED_SCHEMA,
    toOptions: waterEmbedOptions,
  },
  nbody: {name: "nbody", title: "Gravity: everyone pulls on everyone (O(N²))", page: "gravity", anchor: "1-everyone-pulls-on-everyone", schema: NBODY_OPTIONS},
  "bh-probe": {
    name: "bh-probe",
    title: "Barnes–Hut: which cells a probe opens",
    page: "gravity",
    anchor: "2-summarise-the-far-field",
    schema: BH_PROBE_OPTIONS,
  },
  "bh-error": {name: "bh-error", title: "Barnes–Hut: force error against θ", page: "gravity", anchor: "5-how-wrong-is-it", schema: BH_ERROR_OPTIONS},
  galaxy: {name: "galaxy", title: "A disc galaxy, Barnes–Hut on the GPU", page: "gravity", anchor: "6-the-galaxy", schema: GALAXY_OPTIONS},
  "dust-disc": {
    name: "dust-disc",
    title: "Worlds from dust: gravity, contacts and merging",
    page: "worlds-from-dust",
    anchor: "4-the-disc",
    schema: DUST_DISC_OPTIONS,
  },
  "dust-story": {
    name: "dust-story",
    title: "Two structures, one kernel: one grain's far and near field",
    page: "worlds-from-dust",
    anchor: "two-structures-one-kernel",
    schema: DUST_STORY_OPTIONS,
  },
  "galaxy-3d": {
    name: "galaxy-3d",
    title: "Gravity in 3D: an octree built on the GPU",
    page: "gravity",
    anchor: "7-gravity-in-three-dimensions",
    schema: GALAXY3D_OPTIONS,
  },
  "bh-error-3d": {
    name: "bh-error-3d",
    title: "Gravity in 3D: the octree's force error against θ",
    page: "gravity",
    anchor: "7-gravity-in-three-dimensions",
    schema: BH_ERROR_3D_OPTIONS,
  },
};

export {kebab} from "../widgets/runtime/options.js";
import {kebab} from "../widgets/runtime/options.js";

/** The allowed values of an option, in words ("200–4,000 (whole number)", "true or false"). */
export function rangeText(spec: OptionSpec): string {
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
export function optionsMarkdown(info: EmbedInfo): string {
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  const lines = ["| attribute / parameter | type | range | default | what it does |", "|---|---|---|---|---|"];
  for (const r of optionRows(info.schema)) lines.push(`| \`${r.attribute}\` | ${r.type} | ${esc(r.range)} | ${esc(r.default)} | ${esc(r.doc)} |`);
  return lines.join("\n");
}
