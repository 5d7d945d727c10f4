// The water widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {WATER_EMBED_SCHEMA, waterEmbedOptions} from "./options.js";

export const meta = {
  name: "water",
  title: "Water: smoothed particle hydrodynamics",
  anchor: "5-water-smoothed-particle-hydrodynamics",
  // the parameters panel's starting values are attributes too (k, k-near, rest-density, xsph)
  schema: WATER_EMBED_SCHEMA,
  toOptions: waterEmbedOptions,
} satisfies WidgetMeta;
