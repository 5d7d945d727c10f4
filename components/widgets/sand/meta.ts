// The sand widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {SAND_OPTIONS} from "./options.js";

export const meta = {
  name: "sand",
  title: "Sand: the whole sort on the GPU, every step",
  anchor: "4-assembly-the-whole-sort-on-the-gpu-every-step",
  schema: SAND_OPTIONS,
} satisfies WidgetMeta;
