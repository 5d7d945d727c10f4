/**
 * Options and `.value` of the §2 grid-query demo. Bad values never throw: they are
 * replaced (clamped, or the default) and a note goes to the status line.
 */
import type {GPUHandle} from "../../gpu/context.js";
import type {WGSLLoader} from "../../gpu/wgsl.js";
import {CONTACTS_GRID_SIDE} from "../../contacts/grid-query.js";
import type {OptionSchema} from "../runtime/options.js";

export const GRID_OPTIONS = {
  count: {type: "number", label: "disc count", default: 3500, min: 100, max: 6000, doc: "Number of discs in the settled pile."},
  seed: {type: "number", label: "seed", default: 1, min: 1, max: 2 ** 31 - 1, doc: "Seed of the pile; Re-seed adds one."},
  stepsPerFrame: {type: "number", label: "steps per frame", default: 3, min: 1, max: 8, doc: "Physics steps per animation frame."},
  sampleMs: {type: "number", label: "sample interval", default: 200, min: 16, max: 5000, doc: "Milliseconds between counter updates."},
  parkX: {
    type: "number",
    label: "park cell x",
    default: 12,
    min: 0,
    max: CONTACTS_GRID_SIDE - 1,
    doc: "Column of the query cell while the pointer is off the box.",
  },
  parkY: {
    type: "number",
    label: "park cell y",
    default: 1,
    min: 0,
    max: CONTACTS_GRID_SIDE - 1,
    doc: "Row of the query cell while the pointer is off the box (1: inside the pile).",
  },
  showGrid: {type: "boolean", label: "show grid", default: false, doc: "Draw the grid lines at start (the Show grid button toggles them)."},
  engine: {type: "choice", label: "engine", default: "auto", values: ["auto", "cpu"], doc: "auto: the GPU counts when available; cpu: always the CPU twin."},
  maxWidth: {type: "number", label: "largest width", default: 560, min: 120, max: 4000, doc: "Largest CSS width of the canvas (px)."},
} satisfies OptionSchema;

export interface GridQueryOptions {
  /** Disc count, 100–6,000 (default 3,500). */
  count?: number;
  seed?: number;
  /** Physics steps per animation frame (1–8, default 3). */
  stepsPerFrame?: number;
  /** Show the grid lines at start (toggle button). */
  showGrid?: boolean;
  /** Where the query parks when the pointer is off the box (default [12, 1], inside the pile). */
  parkCell?: [number, number];
  /** Milliseconds between counter updates (default 200). */
  sampleMs?: number;
  /** false: never use WebGPU (the twin counts). */
  engine?: "auto" | "cpu";
  /** Older spelling of `engine: "cpu"` (false). */
  gpu?: boolean;
  maxWidth?: number;
  invalidation?: Promise<unknown>;
  /** Shader loader (tests; default: the page's). */
  wgsl?: WGSLLoader;
  /** GPU provider (tests: tests/helpers/widget-dom.ts; default: the page's shared device). */
  acquire?: () => Promise<GPUHandle | null>;
}

/** The factory's options in the schema's flat shape (`parkCell` → parkX, parkY). */
export const schemaInput = (o: GridQueryOptions): Record<string, unknown> => ({
  ...o,
  engine: o.engine ?? (o.gpu === false ? "cpu" : undefined),
  parkX: o.parkCell?.[0],
  parkY: o.parkCell?.[1],
});

export interface GridQueryValue {
  count: number;
  grid: number;
  /** The query cell [cx, cy] (cell (0, 0) at the lower-left corner). */
  queryCell: [number, number];
  /** Discs whose cell lies in the 3×3 window around the query cell. */
  windowCount: number;
  /** Their ids, ascending. */
  windowIds: number[];
  /** Pairs tested per step: pairs of discs in neighbouring cells, each once. */
  candidatePairs: number;
  /** Pairs brute force would test: n(n−1)/2. */
  allPairs: number;
  /** allPairs / candidatePairs. */
  ratio: number;
  /** Touching pairs found in the CPU physics step. */
  touchingPairs: number;
  /** Which engine computed candidatePairs and windowIds. */
  engine: "gpu" | "cpu";
  steps: number;
}

export interface GridSnapshot {
  /** Positions indexed by disc id. */
  x: number[];
  y: number[];
  radius: number;
  value: GridQueryValue;
}

/** `.value` before the first sample. */
export const initialValue = (count: number, park: [number, number]): GridQueryValue => ({
  count,
  grid: CONTACTS_GRID_SIDE,
  queryCell: park,
  windowCount: 0,
  windowIds: [],
  candidatePairs: 0,
  allPairs: (count * (count - 1)) / 2,
  ratio: 0,
  touchingPairs: 0,
  engine: "cpu",
  steps: 0,
});

/** The embedding's flat attributes → the factory's options (the parked cell is one option, two attributes). */
export const gridEmbedOptions = ({parkX, parkY, ...rest}: Record<string, unknown>): Record<string, unknown> => ({...rest, parkCell: [parkX, parkY]});
