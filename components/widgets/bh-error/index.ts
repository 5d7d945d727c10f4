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
import {errorPercent, fmt} from "../counters.js";
import {captionLine, widgetCard} from "../runtime/card.js";
import {runEngine} from "../runtime/engine.js";
import {fmtNumber} from "../runtime/options.js";
import {createStatus} from "../runtime/status.js";
import {setValue, widgetRoot, type WidgetElement} from "../runtime/view.js";
import {thetaControl} from "./controls.js";
import {errorCPU, type ErrorEngine, type ErrorSetup} from "./cpu.js";
import {driftChart, errorChart} from "./draw.js";
import {errorGPU} from "./gpu.js";
import {type BHErrorOptions, type BHErrorValue, type ErrorPoint, readBHErrorOptions, SWEEP} from "./options.js";

export type {BHErrorOptions, BHErrorValue};
export type BHErrorElement = WidgetElement<BHErrorValue> & {__frames(): number};

/** Creates the §5 widget. Bad options are replaced and reported in the status line, never thrown. */
export function createBHError(options: BHErrorOptions = {}): BHErrorElement {
  const {o, notes} = readBHErrorOptions(options);
  const root = widgetRoot<BHErrorValue>("bh-error", "gravity-widget bh-error-widget", {
    theta: o.theta,
    count: o.count,
    medianError: null,
    p99Error: null,
  }) as BHErrorElement;
  const status = createStatus();
  status.setNotes(notes);
  const errors = errorChart();
  const drift = driftChart();
  const readout = document.createElement("p");
  readout.className = "widget-readout bh-error-readout";
  let theta = o.theta;
  let sweep: ErrorPoint[] = [];
  let current: ErrorPoint | null = null;
  let engine: ErrorEngine | null = null;
  const frames = {n: 0};
  const show = () => {
    errors.update(sweep, theta, current);
    readout.textContent = current
      ? `θ = ${theta.toFixed(2)}: median error ${errorPercent(current.median)}, 99th percentile ${errorPercent(current.p99)} (${fmt(engine?.count ?? o.count)} bodies)`
      : `θ = ${theta.toFixed(2)}: measuring…`;
    setValue(root, {theta, count: engine?.count ?? o.count, medianError: current?.median ?? null, p99Error: current?.p99 ?? null});
  };
  // one measurement at a time, in order; only the newest θ's result becomes `current`
  let queue: Promise<unknown> = Promise.resolve();
  const measure = (e: ErrorEngine, t: number, asCurrent: boolean) => {
    queue = queue.then(async () => {
      if (engine !== e) return;
      const p = await e.measure(t);
      if (engine !== e) return;
      if (!sweep.some((q) => q.theta === t)) sweep = [...sweep, p];
      if (asCurrent && t === theta) current = p;
      show();
    });
    queue.catch(() => {}); // a lost device: the runtime rebuilds the engine
  };
  const setup: ErrorSetup = {count: o.count, seed: o.seed, onDrift: (pts) => drift.update(pts), frames};
  const slider = thetaControl(o.theta, (t) => {
    theta = t;
    current = null;
    show();
    if (!engine) return;
    engine.restartDrift(t);
    measure(engine, t, true);
  });
  const runtime = runEngine<ErrorEngine>({
    root,
    status,
    gpu: (ctx) => errorGPU(ctx, setup),
    cpu: (ctx) => errorCPU(ctx, setup, o.fallbackCount),
    onEngine: (e) => {
      engine = e;
      sweep = [];
      current = null;
      e.restartDrift(theta);
      measure(e, theta, true);
      for (const t of SWEEP) measure(e, t, false);
      show();
    },
    onEngineStop: () => {
      engine = null;
    },
    acquire: options.acquire,
    invalidation: options.invalidation,
  });
  const charts = document.createElement("div");
  charts.className = "bh-error-charts";
  charts.append(errors.element, drift.element);
  root.append(slider.row, charts, readout, status.element);
  widgetCard(root, ({value: v}) =>
    captionLine(
      `θ = ${v.theta.toFixed(2)}`,
      `${fmtNumber(v.count)} bodies`,
      v.medianError !== null && `median error ${errorPercent(v.medianError)}`,
      v.p99Error !== null && `99th percentile ${errorPercent(v.p99Error)}`,
      "move θ: error against the exact sum"
    )
  );
  show();
  root.__frames = () => frames.n;
  root.dispose = () => runtime.dispose();
  return root;
}
