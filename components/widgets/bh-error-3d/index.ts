/**
 * The 3D accuracy widget: the relative force error of the octree walk against the exact
 * O(N²) sum on a 3D Plummer sphere — median, 99th percentile and largest — over a sweep of θ
 * at start (a d3 chart: bh-error's `errorChart`), then at each θ the reader picks.
 *
 *   createBHError3D({theta: 0.5, count: 4000, invalidation}) → data-widget="bh-error-3d"
 *
 * `.value` (BHError3DValue): {theta, count, medianError, p99Error, maxError, engine}; an `input`
 * event when a measurement lands.
 */
import {errorChart} from "../shared/gravity/error-charts.js";
import {captionLine} from "../runtime/card.js";
import {rangeControl} from "../runtime/controls.js";
import {errorPercent, fmt} from "../runtime/counters.js";
import {defineWidget, type MountedElement, mountWidget} from "../runtime/mount.js";
import {setValue} from "../runtime/view.js";
import {bhError3DCPU} from "./cpu.js";
import type {BHError3DEngine} from "./engine.js";
import {bhError3DGPU} from "./gpu.js";
import {type BHError3DOptions, type BHError3DValue, type Error3Point, readBHError3DOptions, SWEEP3} from "./options.js";

export type {BHError3DValue};
type BHError3DElement = MountedElement<BHError3DValue>;

const bhError3DDefinition = defineWidget<BHError3DOptions, ReturnType<typeof readBHError3DOptions>, BHError3DValue, BHError3DEngine>({
  name: "bh-error-3d",
  className: "gravity-widget bh-error-widget bh-error-3d-widget",
  read: readBHError3DOptions,
  value: ({o}, engine) => ({theta: o.theta, count: o.count, medianError: null, p99Error: null, maxError: null, engine}),
  build: (w) => {
    const {o} = w.config;
    const {root, status} = w;
    const chart = errorChart();
    const readout = document.createElement("p");
    readout.className = "widget-readout bh-error-readout";
    let theta = o.theta;
    let sweep: Error3Point[] = [];
    let current: Error3Point | null = null;
    const show = () => {
      const count = w.engine?.count ?? o.count;
      chart.update(sweep, theta, current);
      readout.textContent = current
        ? `θ = ${theta.toFixed(2)}: median error ${errorPercent(current.median)}, 99th percentile ${errorPercent(current.p99)}, largest ${errorPercent(current.max)} (${fmt(count)} bodies)`
        : `θ = ${theta.toFixed(2)}: measuring…`;
      setValue(root, {theta, count, medianError: current?.median ?? null, p99Error: current?.p99 ?? null, maxError: current?.max ?? null, engine: w.phase});
    };
    let queue: Promise<unknown> = Promise.resolve();
    const measure = (e: BHError3DEngine, t: number, asCurrent: boolean) => {
      queue = queue.then(async () => {
        if (w.engine !== e) return;
        const p = await e.measure(t);
        if (w.engine !== e) return;
        if (!sweep.some((q) => q.theta === t)) sweep = [...sweep, p].sort((a, b) => a.theta - b.theta);
        if (asCurrent && t === theta) current = p;
        show();
      });
      queue.catch(() => {});
    };
    const slider = rangeControl("θ", {
      min: 0.05,
      max: 1.2,
      step: 0.05,
      value: o.theta,
      name: "bh-error-3d-theta",
      valueText: (v) => `θ ${v.toFixed(2)} (opening angle)`,
    });
    const out = document.createElement("output");
    out.textContent = o.theta.toFixed(2);
    slider.label.append(out);
    slider.input.addEventListener("input", () => {
      theta = Math.round(Number(slider.input.value) * 100) / 100;
      out.textContent = theta.toFixed(2);
      current = null;
      show();
      if (w.engine) measure(w.engine, theta, true);
    });
    const row = document.createElement("div");
    row.className = "widget-controls";
    row.append(slider.label);
    return {
      gpu: (ctx) => bhError3DGPU(ctx, o.count, o.seed),
      cpu: (ctx) => bhError3DCPU(ctx, o.count, o.seed, o.fallbackCount),
      onEngine: (e) => {
        sweep = [];
        current = null;
        measure(e, theta, true);
        for (const t of SWEEP3) measure(e, t, false);
        show();
      },
      layout: () => [row, chart.element, readout, status.element],
      caption: ({value: v}) =>
        captionLine(
          `θ = ${v.theta.toFixed(2)}`,
          `${fmt(v.count)} bodies in 3D`,
          v.medianError !== null && `median error ${errorPercent(v.medianError)}`,
          v.maxError !== null && `largest ${errorPercent(v.maxError)}`,
          "move θ: error against the exact sum"
        ),
      mounted: show,
    };
  },
});

/** Creates the 3D accuracy widget. Bad options are replaced and reported in the status line, never thrown. */
export const createBHError3D = (options: BHError3DOptions = {}): BHError3DElement => mountWidget(bhError3DDefinition, options);
