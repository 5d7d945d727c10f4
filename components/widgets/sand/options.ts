/**
 * Options, state and `.value` of the §4 sand demo. Bad option values never throw: they
 * are replaced (clamped, or the default) and a note goes in front of the status line.
 */
import type {GPUHandle} from "../../gpu/context.js";
import type {WGSLLoader} from "../../gpu/wgsl.js";
import {SAND_DEFAULT_GRAINS, SAND_MAX_GRAINS, SAND_MIN_GRAINS} from "../../sand/params.js";
import type {OptionSchema} from "../runtime/options.js";

/**
 * Grains on a software adapter (`isSoftwareAdapter`: SwiftShader, llvmpipe, WARP, …) when no `count` was given, run with one
 * substep per frame: the smallest count the slider offers, so the sand visibly falls there.
 */
export const SAND_SOFTWARE_GRAINS = SAND_MIN_GRAINS;

export const SAND_OPTIONS = {
  count: {
    type: "number",
    label: "count",
    default: SAND_DEFAULT_GRAINS,
    min: SAND_MIN_GRAINS,
    max: SAND_MAX_GRAINS,
    doc: "Grains poured into the box (the slider's starting point); the CPU twin runs a sixth of them. Without it, a CPU-emulated adapter starts with 2,000 grains and one substep per frame.",
  },
  substeps: {type: "number", label: "substeps", default: 5, min: 1, max: 8, doc: "Whole pipeline runs (sort + forces) per animation frame, all in one submit."},
  hashed: {type: "boolean", label: "hashed", default: false, doc: "Start with the spatial hash (Teschner et al. 2003) instead of the dense 256 × 256 grid."},
  openWalls: {
    type: "boolean",
    label: "open walls",
    default: false,
    doc: "Start with the walls open (only with the spatial hash: the dense grid covers just the box).",
  },
} satisfies OptionSchema;

export interface SandOptions {
  /** Grains, 2,000–30,000 (default 12,000; without it a CPU-emulated adapter starts with 2,000 and one substep). */
  count?: number;
  /** Substeps per frame, 1–8 (default 5). */
  substeps?: number;
  /** Start in spatial-hash mode (default false). */
  hashed?: boolean;
  /** Start with the walls open (hash mode only; default false). */
  openWalls?: boolean;
  /** Framework's invalidation promise. */
  invalidation?: Promise<unknown>;
  /** Shader loader (default: the page's). */
  wgsl?: WGSLLoader;
  /** GPU provider (default: the page's shared device). */
  acquire?: () => Promise<GPUHandle | null>;
}

/** What the controls change while the widget runs. */
export interface SandState {
  count: number;
  substeps: number;
  hashed: boolean;
  openWalls: boolean;
}

export interface SandValue extends SandState {
  /**
   * Grains simulated now: the CPU twin runs a sixth of the grains asked for
   * (`requestedCount`); the caption and the status line say this same number.
   */
  count: number;
  /** Grains asked for (the slider, the `count` option; on a CPU-emulated adapter its reduced start). */
  requestedCount: number;
  /**
   * Which engine runs: the runtime's phase (`EnginePhase`), with "pending" spelled "starting" as
   * this contract always said (`startingAlias`).
   */
  engine: "gpu" | "cpu" | "starting";
  /** GPU ms per frame from timestamp-query (sum of passes), or null without it. */
  gpuMsPerFrame: number | null;
  /** Without timestamps: submit → work-done ms per frame (GPU) or the twin's ms (CPU). */
  frameMs: number | null;
  /**
   * GPU ms per frame of each phase of `SAND_PHASES` (null without timestamps). `clear` is
   * kept for the contract only: the scan sets the counters back to zero, so there is no
   * clear pass; it reads 0 whenever the others are timed. `count` reads 0 likewise: the
   * count runs inside the forces pass (FOLDED_COUNT_PHASE), whose time includes it.
   */
  passMs: {clear: number | null; count: number | null; scan: number | null; scatter: number | null; forces: number | null};
  /** Per substep: grains examined by the distance test, of which from hash collisions; touching pairs. */
  candidates: number;
  collisionCandidates: number;
  contactPairs: number;
  /** Frames since the last pour. */
  frames: number;
  /** GPU devices lost (and rebuilt on) so far. */
  deviceLosses: number;
}

/** `.value` before the first frame, without `engine` (the runtime's phase, added when published). */
export const initialValue = (state: SandState): Omit<SandValue, "engine"> => ({
  ...state,
  requestedCount: state.count,
  gpuMsPerFrame: null,
  frameMs: null,
  passMs: {clear: null, count: null, scan: null, scatter: null, forces: null},
  candidates: 0,
  collisionCandidates: 0,
  contactPairs: 0,
  frames: 0,
  deviceLosses: 0,
});
