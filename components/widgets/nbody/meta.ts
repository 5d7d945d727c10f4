// The nbody widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {NBODY_OPTIONS} from "./options.js";

export const meta = {
  name: "nbody",
  title: "Gravity: everyone pulls on everyone (O(N²))",
  page: "gravity",
  anchor: "1-everyone-pulls-on-everyone",
  schema: NBODY_OPTIONS,
} satisfies WidgetMeta;
