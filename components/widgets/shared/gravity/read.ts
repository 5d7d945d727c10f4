/** The runtime's option reading, plus: blank strings (`?count=` in a URL) mean "the default". */
export {readOptions, type OptionSchema, type OptionValues} from "../../runtime/options.js";

export function blankToUndefined(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (!(typeof v === "string" && v.trim() === "")) out[k] = v;
  for (const s of Object.getOwnPropertySymbols(input)) (out as any)[s] = (input as any)[s];
  return out;
}
