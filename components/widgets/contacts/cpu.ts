/**
 * The §1 engine: brute force on the CPU in TypeScript — every pair i < j is checked
 * every step (the point is its cost). There is no GPU engine: this demo is the baseline
 * the later sections beat.
 *
 * Publishes `.value` about 4×/s: checks and touching pairs of one real step, msPerStep
 * the mean wall time of the steps since the last publish, and keeps the positions that
 * step searched for `snapshot()`. The start and every reset (new count or seed) publish at
 * once, for the discs before any step: a paused widget (reduced motion, Pause) shows the count
 * its slider says and its counters with it, not zeros.
 */
import {bruteForceStep, countTouching, scatterDiscs, type ContactParams, type Discs} from "../../contacts/physics.js";
import type {Engine} from "../runtime/engine.js";
import type {WorldPointer} from "../runtime/canvas.js";
import {recordFrame, type FrameTiming} from "../runtime/timing.js";
import type {ContactsSnapshot, ContactsValue} from "./options.js";

const PUBLISH_EVERY_MS = 250;

interface ContactsSetup {
  P: ContactParams;
  stepsPerFrame: number;
  /** Disc count and seed now (the controls change them, then call `reset`). */
  state: {count: number; seed: number};
  pointer: WorldPointer;
  timing: FrameTiming;
  draw(discs: Discs): void;
  publish(value: ContactsValue): void;
}

export interface ContactsEngine extends Engine {
  reset(): void;
  draw(): void;
  snapshot(): ContactsSnapshot | null;
}

/** Builds the engine (scatters the discs); `frame` steps, publishes and draws. */
export function contactsCPU(s: ContactsSetup): ContactsEngine {
  const {P} = s;
  let discs!: Discs;
  let fx!: Float64Array, fy!: Float64Array;
  let steps = 0;
  let msSum = 0,
    msSteps = 0;
  let lastPublish = -Infinity;
  let snap: ContactsSnapshot | null = null;

  const reset = () => {
    discs = scatterDiscs(s.state.count, P, s.state.seed);
    fx = new Float64Array(discs.count);
    fy = new Float64Array(discs.count);
    steps = 0;
    msSum = msSteps = 0;
    lastPublish = -Infinity;
  };

  /** The value of the discs as scattered (no step yet: no time per step), with their positions. */
  const publishScattered = () => {
    const n = discs.count;
    const checks = (n * (n - 1)) / 2;
    const touching = countTouching(discs.x, discs.y, P.radius);
    const value: ContactsValue = {
      count: n,
      checksPerStep: checks,
      touchingPairs: touching,
      msPerStep: 0,
      usefulShare: checks ? (100 * touching) / checks : 0,
      steps: 0,
    };
    snap = {x: Array.from(discs.x), y: Array.from(discs.y), radius: P.radius, value};
    s.publish(value);
  };

  /** One step; with `keep`, publishes its counts and the positions it searched. */
  const step = (keep: boolean, now: number) => {
    const before = keep ? {x: Array.from(discs.x), y: Array.from(discs.y)} : null;
    const t0 = performance.now();
    const last = bruteForceStep(discs, P, s.pointer, fx, fy);
    msSum += performance.now() - t0;
    msSteps++;
    steps++;
    if (!before) return;
    const value: ContactsValue = {
      count: discs.count,
      checksPerStep: last.checks,
      touchingPairs: last.touching,
      msPerStep: msSum / msSteps,
      usefulShare: last.checks ? (100 * last.touching) / last.checks : 0,
      steps,
    };
    snap = {...before, radius: P.radius, value};
    msSum = msSteps = 0;
    lastPublish = now;
    s.publish(value);
  };

  reset();
  publishScattered();
  s.draw(discs);
  return {
    frame(_dt, now) {
      const start = performance.now();
      const publish = now - lastPublish >= PUBLISH_EVERY_MS;
      for (let k = 0; k < s.stepsPerFrame; k++) step(publish && k === s.stepsPerFrame - 1, now);
      const drawStart = performance.now();
      s.draw(discs);
      recordFrame(s.timing, start, drawStart, performance.now());
    },
    reset() {
      reset();
      publishScattered();
    },
    draw: () => s.draw(discs),
    snapshot: () => snap && {x: snap.x.slice(), y: snap.y.slice(), radius: snap.radius, value: {...snap.value}},
  };
}
