// The exercise widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {exerciseSchema} from "./options.js";

export const meta = {
  name: "exercise",
  title: "Write the kernel yourself",
  page: "exercises",
  anchor: "the-exercises",
  schema: exerciseSchema,
} satisfies WidgetMeta;
