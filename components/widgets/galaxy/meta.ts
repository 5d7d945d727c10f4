// The galaxy widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {GALAXY_OPTIONS} from "./options.js";

export const meta = {
  name: "galaxy",
  title: "A disc galaxy, Barnes–Hut on the GPU",
  page: "gravity",
  anchor: "6-the-galaxy",
  schema: GALAXY_OPTIONS,
} satisfies WidgetMeta;
