// The counting-sort widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {sortWidgetSchema} from "./options.js";

export const meta = {
  name: "counting-sort",
  title: "Counting sort, one phase at a time",
  anchor: "the-whole-sort-one-phase-at-a-time",
  schema: sortWidgetSchema,
} satisfies WidgetMeta;
