/**
 * The §5 widget: how wrong Barnes–Hut is. The relative force error of every body against
 * the exact O(N²) sum — median and 99th percentile — measured over a sweep of θ at start,
 * then at each θ the reader picks; and the drift of total energy and momentum of a run at
 * that θ. GPU pipelines in gpu.ts, the CPU twin in cpu.ts.
 *
 *   createBHError({theta: 0.5, count: 2000, invalidation}) → data-widget="bh-error"
 *
 * `.value` (BHErrorValue in options.ts): {theta, count, medianError, p99Error}, the errors of
 * the reader's θ (null while measuring); an `input` event when a measurement lands.
 */
import {errorPercent, fmt} from "../runtime/counters.js";
import {captionLine} from "../runtime/card.js";
import {defineWidget, type MountedElement, mountWidget} from "../runtime/mount.js";
import {fmtNumber} from "../runtime/options.js";
import {setValue} from "../runtime/view.js";
import {thetaControl} from "./controls.js";
import {bhErrorCPU} from "./cpu.js";
import type {BHErrorEngine, BHErrorSetup} from "./engine.js";
import {driftChart, errorChart} from "../shared/gravity/error-charts.js";
import {bhErrorGPU} from "./gpu.js";
import {type BHErrorOptions, type BHErrorValue, type ErrorPoint, readBHErrorOptions, SWEEP} from "./options.js";

export type {BHErrorValue};
type BHErrorElement = MountedElement<BHErrorValue>;

/** The §5 widget as a definition (charts, no canvas; mounted by `mountWidget`). */
export const bhErrorDefinition = defineWidget<BHErrorOptions, ReturnType<typeof readBHErrorOptions>, BHErrorValue, BHErrorEngine>({
  name: "bh-error",
  className: "gravity-widget bh-error-widget",
  read: readBHErrorOptions,
  value: ({o}) => ({theta: o.theta, count: o.count, medianError: null, p99Error: null}),
  // the reader's count on any GPU (one step per frame of the drift run on a CPU emulation), at most `fallbackCount` on the twin
  load: ({o}) => ({request: () => ({count: o.count, given: true}), twinCount: (n) => Math.min(n, o.fallbackCount)}),
  build: (w) => {
    const {o} = w.config;
    const {root, status} = w;
    const errors = errorChart();
    const drift = driftChart();
    const readout = document.createElement("p");
    readout.className = "widget-readout bh-error-readout";
    let theta = o.theta;
    let sweep: ErrorPoint[] = [];
    let current: ErrorPoint | null = null;
    const show = () => {
      const count = w.engine?.count ?? o.count;
      errors.update(sweep, theta, current);
      readout.textContent = current
        ? `θ = ${theta.toFixed(2)}: median error ${errorPercent(current.median)}, 99th percentile ${errorPercent(current.p99)} (${fmt(count)} bodies)`
        : `θ = ${theta.toFixed(2)}: measuring…`;
      setValue(root, {theta, count, medianError: current?.median ?? null, p99Error: current?.p99 ?? null});
    };
    // one measurement at a time, in order; only the newest θ's result becomes `current`
    let queue: Promise<unknown> = Promise.resolve();
    const measure = (e: BHErrorEngine, t: number, asCurrent: boolean) => {
      queue = queue.then(async () => {
        if (w.engine !== e) return;
        const p = await e.measure(t);
        if (w.engine !== e) return;
        if (!sweep.some((q) => q.theta === t)) sweep = [...sweep, p];
        if (asCurrent && t === theta) current = p;
        show();
      });
      queue.catch(() => {}); // a lost device: the runtime rebuilds the engine
    };
    const setup: BHErrorSetup = {count: o.count, seed: o.seed, onDrift: (pts) => drift.update(pts), frames: w.frames};
    const slider = thetaControl(o.theta, (t) => {
      theta = t;
      current = null;
      show();
      if (!w.engine) return;
      w.engine.restartDrift(t);
      measure(w.engine, t, true);
    });
    const charts = document.createElement("div");
    charts.className = "bh-error-charts";
    charts.append(errors.element, drift.element);
    return {
      gpu: (ctx) => bhErrorGPU(ctx, setup),
      cpu: (ctx) => bhErrorCPU(ctx, setup),
      onEngine: (e) => {
        sweep = [];
        current = null;
        e.restartDrift(theta);
        measure(e, theta, true);
        for (const t of SWEEP) measure(e, t, false);
        show();
      },
      layout: () => [slider.row, charts, readout, status.element],
      caption: ({value: v}) =>
        captionLine(
          `θ = ${v.theta.toFixed(2)}`,
          `${fmtNumber(v.count)} bodies`,
          v.medianError !== null && `median error ${errorPercent(v.medianError)}`,
          v.p99Error !== null && `99th percentile ${errorPercent(v.p99Error)}`,
          "move θ: error against the exact sum"
        ),
      // after the card: its caption is written from this first `.value`
      mounted: show,
    };
  },
});

/** Creates the §5 widget. Bad options are replaced and reported in the status line, never thrown. */
export const createBHError = (options: BHErrorOptions = {}): BHErrorElement => mountWidget(bhErrorDefinition, options);
