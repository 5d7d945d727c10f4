// The bh-probe widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {BH_PROBE_OPTIONS} from "./options.js";

export const meta = {
  name: "bh-probe",
  title: "Barnes–Hut: which cells a probe opens",
  page: "gravity",
  anchor: "2-summarise-the-far-field",
  schema: BH_PROBE_OPTIONS,
} satisfies WidgetMeta;
