// The grid-query widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {GRID_OPTIONS, gridEmbedOptions} from "./options.js";

export const meta = {
  name: "grid-query",
  title: "The uniform grid's 3×3 query",
  anchor: "2-buckets-a-uniform-grid",
  schema: GRID_OPTIONS,
  toOptions: gridEmbedOptions,
} satisfies WidgetMeta;
