/** Options of the scroll story "two structures, one kernel" (no DOM: the embedding's schemas import it). */
import type {OptionSchema} from "../runtime/options.js";

export const DUST_STORY_OPTIONS = {
  grains: {type: "number", label: "grains", default: 400, min: 50, max: 2000, doc: "Grains of the story's disc (the CPU twin's state the picture draws)."},
  seed: {
    type: "number",
    label: "seed",
    default: 5,
    min: 1,
    max: 1_000_000,
    doc: "Seed of the story's disc (discScene); the grain with the most contacts is followed.",
  },
} satisfies OptionSchema;
