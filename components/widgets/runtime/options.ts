/**
 * Option schemas: each widget declares its options once (name, range, default, what it
 * does), and the same schema validates the options of the factory, the attributes of an
 * embedded element and the parameters of a URL, and generates the documentation tables.
 *
 * Reading never throws: a bad value is replaced (the default for a non-number, the
 * clamped / rounded value otherwise) and a one-line note naming the option and its
 * allowed range goes to the widget's status line. `undefined` or "" → the default, silently.
 */

export interface NumberOption {
  type: "number";
  /** Name used in messages ("disc count"); the schema key is the option's name in code. */
  label: string;
  default: number;
  min: number;
  max: number;
  /** Rounded to a whole number (default true). */
  integer?: boolean;
  /** One line for the documentation. */
  doc: string;
}
interface ChoiceOption<T extends string = string> {
  type: "choice";
  label: string;
  default: T;
  values: readonly T[];
  doc: string;
}
interface BooleanOption {
  type: "boolean";
  label: string;
  default: boolean;
  doc: string;
}
export type OptionSpec = NumberOption | ChoiceOption | BooleanOption;
export type OptionSchema = Record<string, OptionSpec>;

/** The values a schema reads to: numbers, the choice's string union, booleans. */
export type OptionValues<S extends OptionSchema> = {
  [K in keyof S]: S[K] extends NumberOption ? number : S[K] extends ChoiceOption<infer T> ? T : S[K] extends BooleanOption ? boolean : never;
};

/** Formats a number for messages: "12,000", "0.5". */
export const fmtNumber = (v: number, digits = 6) => v.toLocaleString("en-US", {maximumFractionDigits: digits});

/**
 * Milliseconds with about three significant figures, for a live time that spans 0.01 ms
 * (a fast GPU) to hundreds of ms (a CPU-emulated adapter): "498", "18.1", "2.35", "0.120".
 * Thousands get separators; "–" for a non-finite value. No unit: the caller writes "ms".
 */
export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return "–";
  const a = Math.abs(ms);
  const digits = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
  return ms.toLocaleString("en-US", {minimumFractionDigits: digits, maximumFractionDigits: digits});
}

/** Validates a numeric option: returns it clamped into [min, max], rounded if `integer`; throws a RangeError on a non-number. */
function clampOption(name: string, value: unknown, min: number, max: number, integer = true): number {
  const v = typeof value === "string" && value.trim() === "" ? NaN : Number(value);
  if (typeof value === "boolean" || !Number.isFinite(v))
    throw new RangeError(`${name} must be a number between ${fmtNumber(min)} and ${fmtNumber(max)}, got ${String(value).slice(0, 40)}`);
  const c = Math.min(max, Math.max(min, v));
  return integer ? Math.round(c) : c;
}

/** Reads one numeric option (see the module comment); notes go to `notes`. */
function readNumber(notes: string[], name: string, value: unknown, def: number, min: number, max: number, integer = true): number {
  if (value === undefined || value === null || value === "") return def;
  try {
    const c = clampOption(name, value, min, max, integer);
    const v = Number(value);
    if (v < min || v > max) notes.push(`${name} ${String(value)} is outside ${fmtNumber(min)}–${fmtNumber(max)}; using ${fmtNumber(c)}.`);
    else if (c !== v) notes.push(`${name} ${String(value)} is not a whole number; using ${fmtNumber(c)}.`);
    return c;
  } catch (e) {
    notes.push(`${(e as Error).message}; using ${fmtNumber(def)}.`);
    return def;
  }
}

/** Reads one option of any type against its spec. */
export function readOption(notes: string[], spec: OptionSpec, value: unknown): number | string | boolean {
  if (value === undefined || value === null || value === "") return spec.default;
  switch (spec.type) {
    case "number":
      return readNumber(notes, spec.label, value, spec.default, spec.min, spec.max, spec.integer ?? true);
    case "choice":
      if (spec.values.includes(String(value))) return String(value);
      notes.push(`${spec.label} must be one of ${spec.values.join(", ")}, got ${String(value).slice(0, 40)}; using ${spec.default}.`);
      return spec.default;
    case "boolean":
      if (value === true || value === "true" || value === "") return true;
      if (value === false || value === "false") return false;
      notes.push(`${spec.label} must be true or false, got ${String(value).slice(0, 40)}; using ${spec.default}.`);
      return spec.default;
  }
}

/** `stepsPerFrame` → `steps-per-frame`: the attribute / URL parameter name of an option key. */
export const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Set to "attribute" on an options object by an embedding host (a custom element, an
 * iframe page): the notes then name each option as its author wrote it, by attribute or
 * URL parameter ("disc count (count) …"), besides the label the essay's readers see.
 */
export const OPTION_NAMES: unique symbol = Symbol.for("neighbour-search.option-names");

/** `spec` with its label naming the attribute of `key` when `input` asks for it (see OPTION_NAMES). */
export function labelFor<T extends OptionSpec>(spec: T, key: string, input: object | undefined): T {
  const named = (input as {[OPTION_NAMES]?: string} | undefined)?.[OPTION_NAMES] === "attribute";
  return named && spec.label !== kebab(key) ? {...spec, label: `${spec.label} (${kebab(key)})`} : spec;
}

/** Reads every option of `schema` from `input` (unknown keys are ignored). Returns the values and the notes. */
export function readOptions<S extends OptionSchema>(schema: S, input: Record<string, unknown> = {}): {values: OptionValues<S>; notes: string[]} {
  const notes: string[] = [];
  const values = {} as Record<string, unknown>;
  for (const [key, spec] of Object.entries(schema)) values[key] = readOption(notes, labelFor(spec, key, input), input[key]);
  return {values: values as OptionValues<S>, notes};
}
