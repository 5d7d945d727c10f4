/** Options and `.value` of the scroll-scrubbed counting-sort diagram. */
import type {OptionSchema} from "../runtime/options.js";
import type {TeachingParticle} from "../../sort/teaching.js";

export const scanScrubSchema = {
  seed: {
    type: "number",
    label: "seed",
    default: 8,
    min: 0,
    max: 2 ** 31 - 1,
    doc: "Seed of the particle positions (d3.randomLcg); 8 gives a set with one empty cell.",
  },
  count: {type: "number", label: "count", default: 18, min: 2, max: 24, doc: "Number of particles."},
  engine: {
    type: "choice",
    label: "engine",
    default: "auto",
    values: ["auto", "cpu"],
    doc: "auto: the GPU when available; cpu: always the CPU twin (for comparisons).",
  },
} satisfies OptionSchema;

export type ScanScrubOptions = {
  seed?: number;
  count?: number;
  engine?: "auto" | "cpu";
  /** Older spelling of `engine: "cpu"`. */
  cpuOnly?: boolean;
  /** Step texts, one per phase (HTML strings); defaults describe each phase. */
  steps?: string[];
  /** Framework's invalidation promise: everything is released when it resolves. */
  invalidation?: Promise<unknown>;
};

/**
 * `.value`: null until the first particle set is sorted; then the scroll progress, the
 * phase it shows, the particles (world units, cells 1 unit wide) and the read-back arrays
 * of the phases reached so far (later ones empty).
 */
export interface ScanScrubValue {
  progress: number;
  /** The phase shown: "histogram", "scan-<stride>", "shift", "scatter". Here always equal to `phaseId`. */
  phase: string;
  /**
   * The phase's id in the vocabulary the two §3 widgets share (components/sort/teaching.ts):
   * the same string in this widget and in counting-sort's `.value.phaseId` for the same phase.
   */
  phaseId: string;
  /** The phase's heading as both widgets show it: "Phase 2 of 6: Scan round 1, stride 1". */
  heading: string;
  phaseIndex: number;
  particles: TeachingParticle[];
  counts: number[];
  scanRounds: number[][];
  starts: number[];
  order: number[];
  seed: number;
  engine: "gpu" | "cpu";
}

/** Step texts of the 6-cell diagram, one per phase. */
export const DEFAULT_STEPS = [
  `<strong>Histogram.</strong> Every particle works out its cell key from its position and adds one to that cell's counter. On the GPU all particles do this at once, so the additions are atomic: two particles in the same cell never lose each other's increment.`,
  `<strong>Round 1, stride 1.</strong> Now the counts become running totals. Each box adds the box directly to its left. Every box does this at the same time, reading the old row and writing a new one.`,
  `<strong>Round 2, stride 2.</strong> The stride doubles. Each box now already holds the sum of two counts, so adding the box two places to the left covers four.`,
  `<strong>Round 3, stride 4.</strong> One more doubling and every box holds the sum of all counts up to and including its own cell: an <em>inclusive</em> scan, after ⌈log₂ 6⌉ = 3 rounds.`,
  `<strong>Shift.</strong> Move the row one place to the right and put a 0 in front. Now box <em>c</em> holds the number of particles in all cells before <em>c</em> — the slot where cell <em>c</em>'s particles start. The extra box at the end is the total.`,
  `<strong>Scatter.</strong> Each particle claims the next free slot of its cell (an atomic counter that starts at the cell's start) and copies itself there. Cells end up contiguous; inside a cell the order depends on which thread got there first.`,
];
