/**
 * Element attributes and URL parameters read as a widget's input (the custom elements and the
 * iframe pages). Apart from schemas.ts, which imports every widget's options: an element
 * loads only its own widget's schema (registry.ts).
 */
import type {OptionSchema} from "../widgets/runtime/options.js";
import {kebab} from "../widgets/runtime/options.js";

/** Shown for an empty value, so the note says what was given (an empty string would read as nothing). */
export const EMPTY_TEXT = "(empty)";

/**
 * The schema-keyed input read from strings (element attributes, URL parameters): `get`
 * returns the text of `kebab(key)`, or null when absent. Absent → undefined (the default,
 * silently). Empty → true for a boolean (HTML's boolean attribute: `<ns-grid-query show-grid>`),
 * else EMPTY_TEXT, which the schema rejects with a note naming the option and its range.
 * The text is never parsed as HTML: it only reaches the schema and the status line's textContent.
 */
export function inputFromStrings(schema: OptionSchema, get: (name: string) => string | null): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(schema)) {
    const text = get(kebab(key));
    if (text === null) continue;
    input[key] = text.trim() === "" ? (spec.type === "boolean" ? "true" : EMPTY_TEXT) : text;
  }
  return input;
}
