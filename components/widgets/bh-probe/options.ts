/**
 * Options, `.value` and state of the §2 probe widget (the Barnes–Hut opening criterion).
 * Bad options never throw: they are replaced and a note goes to the status line.
 */
import type {GPUHandle} from "../../gpu/context.js";
import type {WGSLLoader} from "../../gpu/wgsl.js";
import type {BoundingSquare} from "../../gravity/morton.js";
import type {WalkInput} from "../../gravity/walk.js";
import {readOptions, type OptionSchema, type OptionValues} from "../runtime/options.js";

export const BH_PROBE_OPTIONS = {
  count: {type: "number", label: "body count", default: 600, min: 3, max: 20_000, doc: "Bodies N, the probe included: the tree holds the other N − 1."},
  theta: {
    type: "number",
    label: "θ",
    default: 0.5,
    min: 0,
    max: 1.5,
    integer: false,
    doc: "Opening angle θ: a cell of side s at distance d is taken whole (its mass and quadrupole at its centre of mass) when s / d < θ.",
  },
  seed: {type: "number", label: "seed", default: 3, min: 1, max: 1_000_000, doc: "Seed of the bodies (a Plummer sphere)."},
  maxHeight: {type: "number", label: "maximum height", default: 480, min: 80, max: 4000, doc: "Largest canvas height, CSS px."},
} satisfies OptionSchema;

export interface BHProbeOptions {
  count?: number;
  theta?: number;
  seed?: number;
  maxHeight?: number;
  /** Probe position at the start, world units (default [1.2, 0.6]). */
  probe?: [number, number];
  invalidation?: Promise<unknown>;
  /** Shader loader (tests: components/gpu/node.ts); default: the page's. */
  wgsl?: WGSLLoader;
  acquire?: () => Promise<GPUHandle | null>;
}

type BHProbeOptionValues = OptionValues<typeof BH_PROBE_OPTIONS>;

export interface BHProbeValue {
  theta: number;
  /** The probe body's position, world units. */
  probe: [number, number];
  /** Cells the walk opened (descended into, or summed body by body when a leaf). */
  opened: number;
  /** Cells taken as one point mass at their centre of mass. */
  approximated: number;
  /** Force terms the walk computes for the probe: approximated cells + bodies of opened leaves. */
  interactions: number;
  /** Force terms of the exact sum: N − 1. */
  exactInteractions: number;
}

/** A built tree over the N − 1 other bodies, in Morton order, with its sorted keys (for `nodeBox`). */
export interface ProbeField extends WalkInput {
  square: BoundingSquare;
  keys: Uint32Array;
}

/** Reads the options (never throws). */
export function readBHProbeOptions(options: BHProbeOptions) {
  const {values, notes} = readOptions(BH_PROBE_OPTIONS, options as Record<string, unknown>);
  let probe: [number, number] = [1.2, 0.6];
  const p = options.probe;
  if (p !== undefined) {
    if (Array.isArray(p) && p.length === 2 && p.every((v) => Number.isFinite(Number(v)))) probe = [Number(p[0]), Number(p[1])];
    else notes.push(`probe must be two numbers [x, y]; using [${probe.join(", ")}].`);
  }
  return {o: values as BHProbeOptionValues, probe, notes};
}
