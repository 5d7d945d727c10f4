// The scan-blocks widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {scanBlocksSchema} from "./options.js";

export const meta = {
  name: "scan-blocks",
  title: "The scan at full size: 65,536 cells in three dispatches",
  anchor: "the-scan-at-full-size-65-536-cells-in-three-dispatches",
  schema: scanBlocksSchema,
} satisfies WidgetMeta;
