/**
 * What the sand widget hands its two engines (gpu.ts, cpu.ts) and what it asks of them:
 * both read the same state, parameters and pointer, and report into the same `.value`. How many
 * grains they pour, and in what box, the runtime decided before they were built (`ctx.load`, from
 * the widget's declared rule; the box, gravity and reach already in `params`: `applyScale`).
 */
import {SAND_BOX, SAND_DEFAULTS, type SandParams} from "../../sand/params.js";
import type {WorldView} from "../../sim/renderer.js";
import type {CanvasStage} from "../runtime/canvas.js";
import type {Engine} from "../runtime/engine.js";
import type {WorldRule, WorldScale} from "../runtime/load.js";
import type {PipelineDiagram} from "./draw.js";
import type {SandState, SandValue} from "./options.js";

export interface SandEngine extends Engine {
  frame(dt: number, now: number): void;
  /** Drops a fresh block of the runtime's count (`ctx.load.count`) into the box `params.box`. */
  pour(): void;
  setHashed(hashed: boolean): void;
}

export interface SandSetup {
  state: SandState;
  /** Physics parameters; `syncPointer()` copies the pointer into them. */
  params: SandParams;
  /** `.value` being gathered (its `engine` is the runtime's, added when it is published). */
  value: SandRecord;
  stage: CanvasStage;
  diagram: PipelineDiagram;
  /** The world rectangle the canvas shows now. */
  view(): WorldView;
  /** Moving average per key (kept across engines). */
  smooth(key: string, v: number): number;
  /** The pointer pushes while a button or finger is down on the canvas. */
  syncPointer(): void;
  /** Counts the frame, advances the diagram, refreshes the panel and `.value` (~4×/s). */
  afterFrame(now: number): void;
}

/** `.value` as the engines fill it in, without `engine` (the runtime's phase, added when published). */
type SandRecord = Omit<SandValue, "engine">;

/** The CPU twin runs count / CPU_SHARE grains (2,000 at the default 12,000), at least 300. */
const CPU_SHARE = 6;
export const cpuCount = (count: number) => Math.max(300, Math.round(count / CPU_SHARE));

/** The sand's world for the runtime's scaling (`scaleWorld`): the closed box, SAND_BOX a side, shrinking as √ of a reduced count. */
export const SAND_WORLD: WorldRule = {full: SAND_BOX};

/**
 * Writes a world scale (`scaleWorld` of the runtime's load: `load.world`) into the sand's
 * parameters: the closed box's side (the view follows, so each grain is drawn bigger), gravity
 * and the pointer's reach as those factors of SAND_DEFAULTS (Froude scaling: the pile forms as in
 * the full box, in less time).
 */
export function applyScale(params: SandParams, scale: WorldScale) {
  params.box = scale.side;
  params.gravity = SAND_DEFAULTS.gravity * scale.gravity;
  params.pointer.radius = SAND_DEFAULTS.pointer.radius * scale.reach;
}
