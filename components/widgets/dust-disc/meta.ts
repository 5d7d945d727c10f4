// The dust-disc widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {DUST_DISC_OPTIONS} from "./options.js";

export const meta = {
  name: "dust-disc",
  title: "Worlds from dust: gravity, contacts and merging",
  page: "worlds-from-dust",
  anchor: "4-the-disc",
  schema: DUST_DISC_OPTIONS,
} satisfies WidgetMeta;
