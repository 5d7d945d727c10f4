/**
 * A pipeline's phases, declared once: what one substep runs, in order, with how many
 * dispatches each phase records and whether it only organises data (sorting, offsets) or
 * computes physics. The GPU classes encode their passes by walking their declaration
 * (`SORT_PHASES` in components/sort/gpu-sort.ts, `SAND_PHASES` in components/sand/gpu-sand.ts,
 * `WATER_PHASES` in components/water/pipeline.ts); the essay, the sand diagram, the READMEs
 * and the benchmark read the same declaration, and tests/unit/pipeline-phases*.test.ts hold
 * both the encoders (dispatches counted on a real Dawn frame) and the prose to it.
 */

/** One phase of a substep. */
export interface PipelinePhase<K extends string = string> {
  /** Stable key: the label of its timed pass, and its field in a widget's `passMs`. */
  key: K;
  /** Its name in the essay, the diagrams and the READMEs. */
  label: string;
  /** What it does, in one line. */
  does: string;
  /** Dispatches it records per substep. */
  dispatches: number;
  /** "organise": builds the neighbour structure (keys, counts, offsets, the sorted copy); "compute": the physics. */
  role: "organise" | "compute";
  /** Short note under its box in a pipeline diagram. */
  note: string;
}

/** Dispatches per substep: the sum over the phases (optionally only those of one role). */
export function dispatchesPerSubstep(phases: readonly PipelinePhase[], role?: PipelinePhase["role"]): number {
  return phases.reduce((n, p) => n + (role && p.role !== role ? 0 : p.dispatches), 0);
}

/** The phases of one role, in order. */
export function phasesOfRole<P extends PipelinePhase>(phases: readonly P[], role: PipelinePhase["role"]): P[] {
  return phases.filter((p) => p.role === role);
}

/**
 * Records one substep into `pass` by walking `phases` in order and calling each phase's
 * encoder: the only way the pipelines encode a substep, so the declaration is the order.
 */
export function encodePhases<K extends string>(
  pass: GPUComputePassEncoder,
  phases: readonly PipelinePhase<K>[],
  encoders: Record<K, (pass: GPUComputePassEncoder) => void>
) {
  for (const p of phases) encoders[p.key](pass);
}

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

/** A small count in words ("four"), digits from 13 up; for prose written from a declaration. */
export function countWord(n: number): string {
  return Number.isInteger(n) && n >= 0 && n < WORDS.length ? WORDS[n] : n.toLocaleString("en-US");
}

/** The words and digits `countWord` and prose use for counts: "four" → 4, "35" → 35, else NaN. */
export function countValue(word: string): number {
  const w = word.toLowerCase();
  const i = WORDS.indexOf(w);
  if (i >= 0) return i;
  const teens: Record<string, number> = {thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20};
  if (w in teens) return teens[w];
  return /^\d[\d,]*$/.test(w) ? Number(w.replace(/,/g, "")) : NaN;
}

/** "count, scan and scatter": the phases' labels joined as prose. */
export function phaseNames(phases: readonly PipelinePhase[]): string {
  const l = phases.map((p) => p.label);
  return l.length < 2 ? (l[0] ?? "") : `${l.slice(0, -1).join(", ")} and ${l[l.length - 1]}`;
}
