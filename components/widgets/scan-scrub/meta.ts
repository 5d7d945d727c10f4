// The scan-scrub widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {scanScrubSchema} from "./options.js";

export const meta = {
  name: "scan-scrub",
  title: "Counting sort, scrubbed by scrolling",
  anchor: "3-sorting-counting-sort-and-the-prefix-sum",
  schema: scanScrubSchema,
} satisfies WidgetMeta;
