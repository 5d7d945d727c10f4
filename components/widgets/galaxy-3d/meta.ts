// The galaxy-3d widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {GALAXY3D_OPTIONS} from "./options.js";

export const meta = {
  name: "galaxy-3d",
  title: "Gravity in 3D: an octree built on the GPU",
  page: "gravity",
  anchor: "7-gravity-in-three-dimensions",
  schema: GALAXY3D_OPTIONS,
} satisfies WidgetMeta;
