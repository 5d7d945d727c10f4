/** Options and `.value` of the stepped counting-sort widget. */
import {PARTICLES_PHASE, phaseHeading as headingOf, phasesFor, type PhaseInfo} from "../../sort/teaching.js";
import type {GPUHandle} from "../../gpu/context.js";
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

export type CountingSortWidgetOptions = {
  particles?: number;
  side?: number;
  seed?: number;
  intervalMs?: number;
  engine?: "auto" | "cpu";
  /** WGSL loader; default: the site's shaders (components/gpu/wgsl-browser.ts). */
  wgsl?: WGSLLoader;
  /** Framework's invalidation promise: everything is released when it resolves. */
  invalidation?: Promise<unknown>;
  /** Device provider (tests: tests/helpers/widget-dom.ts); default: the page's shared device. */
  acquire?: () => Promise<GPUHandle | null>;
};

/**
 * `.value`: the phase shown, the particles with their cell keys (-1 until sorted), and the
 * arrays of the phases reached so far (null before their phase; order[k] = id of the
 * particle in slot k). `input` fires on every change.
 */
export interface CountingSortValue {
  /**
   * The phase shown, in this widget's own names: "start", "histogram", "scan-<stride>",
   * "starts", "scatter". Kept as it always was; "starts" is this widget's name of the phase
   * the shared vocabulary (and scan-scrub) calls "shift" — read `phaseId` to compare phases
   * across the two widgets.
   */
  phase: string;
  /**
   * The phase's id in the vocabulary the two §3 widgets share (components/sort/teaching.ts):
   * as `phase`, except "shift" where `phase` says "starts".
   */
  phaseId: string;
  /** The phase's heading as both widgets show it: "Phase 3 of 8: Scan round 1, stride 1". */
  heading: string;
  phaseIndex: number;
  cells: number;
  particles: {id: number; x: number; y: number; cell: number}[];
  counts: number[] | null;
  scanRounds: number[][];
  starts: number[] | null;
  order: number[] | null;
  /** Where the engine stands: the runtime's phase (`EnginePhase`). */
  engine: "gpu" | "cpu" | "pending";
  /**
   * The phase whose array a page's replaced kernel computes (`useKernel`, replacement.ts: "count",
   * "scan-round", "shift", …); absent while the widget's own kernels run.
   */
  kernel?: string;
}

/**
 * This widget's `.value.phase` for a phase of the shared vocabulary: the same id, except the
 * shift to exclusive starts, which this widget has always called "starts" (an alias kept so that
 * pages reading `.value.phase` keep working).
 */
export const phaseName = (p: PhaseInfo) => (p.id === "shift" ? "starts" : p.id);

/** The widget's phases for `cells` cells: the particles alone first ("start"), then those of the sort (phasesFor). */
export const sortPhases = (cells: number): PhaseInfo[] => [PARTICLES_PHASE, ...phasesFor(cells)];

/**
 * The heading of the phase a `.value` is at, used by the controls, the card's caption line and
 * the page's readout alike: "Phase 3 of 8: Scan round 1, stride 1" (1-based; the headings of the
 * shared phase vocabulary, `phaseHeading` of components/sort/teaching.ts, which scan-scrub shows too).
 */
export function phaseHeading(v: Pick<CountingSortValue, "phaseIndex" | "cells">): string {
  return headingOf(sortPhases(v.cells), v.phaseIndex);
}
