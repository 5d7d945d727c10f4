/** Options and `.value` of the stepped counting-sort widget. */
import {phasesFor, type PhaseInfo} from "../../sort/teaching.js";
import type {WGSLLoader} from "../../gpu/wgsl.js";
import type {OptionSchema} from "../runtime/options.js";

export const sortWidgetSchema = {
  particles: {type: "number", label: "particles", default: 56, min: 1, max: 200, doc: "Number of particles."},
  side: {type: "number", label: "side", default: 4, min: 1, max: 8, doc: "Grid side; the grid has side² cells (4 → 16 cells, four scan rounds)."},
  seed: {
    type: "number",
    label: "seed",
    default: 7,
    min: 0,
    max: 2 ** 31 - 1,
    doc: "Seed of the first particle set (d3.randomLcg); New particles moves on from it.",
  },
  intervalMs: {
    type: "number",
    label: "intervalMs",
    default: 1500,
    min: 200,
    max: 10_000,
    doc: "Auto-play step interval in ms (the scatter holds twice as long).",
  },
  engine: {type: "choice", label: "engine", default: "auto", values: ["auto", "cpu"], doc: "auto: the GPU when available; cpu: always the CPU twin."},
} satisfies OptionSchema;

export type SortWidgetOptions = {
  particles?: number;
  side?: number;
  seed?: number;
  intervalMs?: number;
  engine?: "auto" | "cpu";
  /** WGSL loader; default: the site's shaders (components/gpu/wgsl-browser.ts). */
  wgsl?: WGSLLoader;
  /** Framework's invalidation promise: everything is released when it resolves. */
  invalidation?: Promise<unknown>;
};

/**
 * `.value`: the phase shown, the particles with their cell keys (-1 until sorted), and the
 * arrays of the phases reached so far (null before their phase; order[k] = id of the
 * particle in slot k). `input` fires on every change.
 */
export interface SortWidgetValue {
  phase: string;
  phaseIndex: number;
  cells: number;
  particles: {id: number; x: number; y: number; cell: number}[];
  counts: number[] | null;
  scanRounds: number[][];
  starts: number[] | null;
  order: number[] | null;
  engine: "gpu" | "cpu" | "pending";
}

/** The phase names of this widget's `.value`: a first "start" phase, and the shift is called "starts". */
export const phaseName = (p: PhaseInfo) => (p.id === "shift" ? "starts" : p.id);

/** The widget's phases for `cells` cells: a first "particles" phase, then those of the sort (phasesFor). */
export const sortPhases = (cells: number): PhaseInfo[] => [{id: "start", title: "Particles", label: "particles"}, ...phasesFor(cells)];

/**
 * The one name of the phase a `.value` is at, used by the controls, the card's caption line and
 * the page's readout alike: "Phase 3 of 8: scan, stride 1" (1-based, the phase labels of
 * phasesFor). One wording everywhere, so a reader never wonders whether "phase 1: start" and
 * "Phase 1 of 8: particles" are two different steps.
 */
export function phaseHeading(v: Pick<SortWidgetValue, "phaseIndex" | "cells">): string {
  const phases = sortPhases(v.cells);
  return `Phase ${v.phaseIndex + 1} of ${phases.length}: ${phases[v.phaseIndex]?.label ?? ""}`;
}
