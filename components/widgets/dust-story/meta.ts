// The dust-story widget's facts for the catalogue (components/widgets/catalogue.ts): Node-safe, no DOM, no GPU.
import type {WidgetMeta} from "../runtime/meta.js";
import {DUST_STORY_OPTIONS} from "./options.js";

export const meta = {
  name: "dust-story",
  title: "Two structures, one kernel: one grain's far and near field",
  page: "worlds-from-dust",
  anchor: "two-structures-one-kernel",
  schema: DUST_STORY_OPTIONS,
} satisfies WidgetMeta;
