// The bh-error-3d widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {BH_ERROR_3D_OPTIONS} from "./options.js";

export const meta = {
  name: "bh-error-3d",
  title: "Gravity in 3D: the octree's force error against θ",
  page: "gravity",
  anchor: "7-gravity-in-three-dimensions",
  schema: BH_ERROR_3D_OPTIONS,
} satisfies WidgetMeta;
