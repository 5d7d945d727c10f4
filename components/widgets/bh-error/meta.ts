// The bh-error widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {BH_ERROR_OPTIONS} from "./options.js";

export const meta = {
  name: "bh-error",
  title: "Barnes–Hut: force error against θ",
  page: "gravity",
  anchor: "5-how-wrong-is-it",
  schema: BH_ERROR_OPTIONS,
} satisfies WidgetMeta;
