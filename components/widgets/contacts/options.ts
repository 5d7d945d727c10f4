/**
 * Options and `.value` of the §1 contacts demo. Bad values never throw: they are
 * replaced (clamped, or the default) and a note goes to the status line.
 */
import type {ContactParams} from "../../contacts/physics.js";
import type {OptionSchema} from "../runtime/options.js";

export const CONTACTS_MIN = 200;
export const CONTACTS_MAX = 4000;

export const CONTACTS_OPTIONS = {
  count: {
    type: "number",
    label: "disc count",
    default: 2000,
    min: CONTACTS_MIN,
    max: CONTACTS_MAX,
    doc: "Number of discs in the box (the slider's starting point).",
  },
  stepsPerFrame: {type: "number", label: "steps per frame", default: 2, min: 1, max: 8, doc: "Physics steps per animation frame."},
  seed: {type: "number", label: "seed", default: 1, min: 1, max: 2 ** 31 - 1, doc: "Seed of the random scatter; Re-seed adds one."},
  maxWidth: {type: "number", label: "largest width", default: 560, min: 120, max: 4000, doc: "Largest CSS width of the canvas (px)."},
} satisfies OptionSchema;

export interface ContactsOptions {
  /** Disc count, 200–4,000 (default 2,000). */
  count?: number;
  seed?: number;
  /** Physics steps per animation frame (1–8, default 2). */
  stepsPerFrame?: number;
  /** Overrides of the physics parameters (not validated: for tests and experiments). */
  params?: Partial<ContactParams>;
  /** Largest CSS width of the canvas (px). */
  maxWidth?: number;
  invalidation?: Promise<unknown>;
}

export interface ContactsValue {
  count: number;
  /** Distance checks in one step (every pair once): n(n−1)/2, counted by the loop. */
  checksPerStep: number;
  /** Pairs closer than one diameter in that step. */
  touchingPairs: number;
  /** Mean milliseconds of JavaScript per step (forces + integration). */
  msPerStep: number;
  /** touchingPairs / checksPerStep, in percent. */
  usefulShare: number;
  /** Steps simulated since the last (re)seed. */
  steps: number;
}

/** The positions one step searched, with the value that step published (a test recounts from them). */
export interface ContactsSnapshot {
  x: number[];
  y: number[];
  radius: number;
  value: ContactsValue;
}

/** `.value` before the first step. */
export const initialValue = (count: number): ContactsValue => ({count, checksPerStep: 0, touchingPairs: 0, msPerStep: 0, usefulShare: 0, steps: 0});
