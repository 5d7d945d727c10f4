/**
 * The §2 widget: the Barnes–Hut opening criterion, seen from one probe body. The tree of
 * the other N − 1 bodies is built on the GPU (gpu.ts) or by the CPU twin (cpu.ts); the
 * reader drags the probe (pointer, or arrow keys on the focused canvas) and moves θ, and
 * sees which cells the walk opens and which it takes as one point mass at their centre
 * of mass, with the count of force terms against the exact N − 1.
 *
 *   createBHProbe({count: 600, theta: 0.5, invalidation}) → data-widget="bh-probe"
 *
 * `.value` (BHProbeValue in options.ts): {theta, probe: [x, y], opened, approximated,
 * interactions, exactInteractions}; an `input` event whenever the probe, θ or the bodies change.
 */
import {probeWalk} from "../../gravity/walk.js";
import {GRAVITY_DEFAULTS} from "../../gravity/bodies.js";
import {fitView} from "../../sim/pointer.js";
import {fmt} from "../runtime/counters.js";
import {captionLine} from "../runtime/card.js";
import {fmtNumber} from "../runtime/options.js";
import {defineWidget, type MountedElement, mountWidget} from "../runtime/mount.js";
import {setValue} from "../runtime/view.js";
import {probeControls} from "./controls.js";
import {probeCPU, type ProbeEngine, type ProbeSetup} from "./cpu.js";
import {drawProbe, legend} from "./draw.js";
import {probeGPU} from "./gpu.js";
import {type BHProbeOptions, type BHProbeValue, type ProbeField, readBHProbeOptions} from "./options.js";

export type {BHProbeValue};
type BHProbeElement = MountedElement<BHProbeValue>;

/** Half the side of the world square shown before a tree exists (the bodies lie within 2.5). */
const HALF = 2.6;
/** Empty band around the tree's root square, as a fraction of its side, so its outline is not on the canvas edge. */
const MARGIN = 0.04;
/** One arrow-key press moves the probe this far (world units); with Shift, five times as far. */
const KEY_STEP = 0.05;

/** The options read, with the probe's state and its world (the tree's root square, once there is a tree). */
function readProbe(options: BHProbeOptions) {
  const {o, probe, notes} = readBHProbeOptions(options);
  const state = {theta: o.theta, probe, field: null as ProbeField | null};
  // The world shown is the tree's root square (plus a margin), not a fixed box round the
  // origin: the root square is a power of two wide and anchored at the bodies' lower-left
  // corner, so it reaches well past them up and to the right, and its opened cells are drawn
  // to their full extent; a box round the origin left the left of the frame empty and cut
  // those cells off on the right.
  const world = () => {
    const sq = state.field?.square;
    if (!sq) return {x0: -HALF, y0: -HALF, x1: HALF, y1: HALF};
    const m = MARGIN * sq.size;
    return {x0: sq.minX - m, y0: sq.minY - m, x1: sq.minX + sq.size + m, y1: sq.minY + sq.size + m};
  };
  return {o, notes, state, world};
}

/** The §2 widget as a definition (a still picture redrawn on every change; mounted by `mountWidget`). */
export const bhProbeDefinition = defineWidget<BHProbeOptions, ReturnType<typeof readProbe>, BHProbeValue, ProbeEngine>({
  name: "bh-probe",
  className: "gravity-widget bh-probe-widget",
  read: readProbe,
  value: ({o, state}) => ({theta: o.theta, probe: state.probe, opened: 0, approximated: 0, interactions: 0, exactInteractions: o.count - 1}),
  animated: false,
  stage: ({o, world}, stage) => ({
    aspect: 1.5,
    maxHeight: o.maxHeight,
    label: "The probe body and the cells of the tree: opened or taken as one mass",
    keys: "Arrow keys move the probe (Shift: five times as far).",
    view: () => fitView(world(), stage().size.width || 1, stage().size.height || 1),
    touch: "capture",
  }),
  build: (w, options) => {
    const {o, state, world} = w.config;
    const {root, stage, status} = w;
    const view = () => fitView(world(), stage.size.width || 1, stage.size.height || 1);
    const canvas = stage.canvas;
    canvas.tabIndex = 0;
    canvas.setAttribute("aria-keyshortcuts", "ArrowUp ArrowDown ArrowLeft ArrowRight");
    const counts = document.createElement("p");
    counts.className = "widget-readout bh-probe-counts";

    const update = () => {
      const f = state.field;
      if (!f) return;
      const walk = probeWalk(f, {G: GRAVITY_DEFAULTS.G, softening: GRAVITY_DEFAULTS.softening, theta: state.theta}, state.probe[0], state.probe[1]);
      if (stage.hasSize) drawProbe(stage, view(), f, walk, state.probe);
      const exact = f.x.length;
      counts.textContent = `${fmt(walk.interactions)} force terms instead of ${fmt(exact)} (${fmt((100 * walk.interactions) / exact, 1)} %): ${fmt(walk.approximated.length)} cells taken as one mass, ${fmt(walk.opened.length)} cells opened, ${fmt(walk.direct)} bodies summed one by one.`;
      setValue(root, {
        theta: state.theta,
        probe: [state.probe[0], state.probe[1]],
        opened: walk.opened.length,
        approximated: walk.approximated.length,
        interactions: walk.interactions,
        exactInteractions: exact,
      });
    };
    const moveProbe = (x: number, y: number) => {
      const v = view();
      state.probe = [Math.min(v.x1, Math.max(v.x0, x)), Math.min(v.y1, Math.max(v.y0, y))];
      update();
    };
    stage.onPointer((p) => {
      if (p.down && p.inside) moveProbe(p.x, p.y);
    });
    stage.onResize(update);
    // The probe moves from where it is by a fixed step, not by the stage's keyboard pointer
    // (which starts at the centre and presses as it moves): this listener runs first (capture
    // at the target) and keeps the arrow keys and Space to itself.
    canvas.addEventListener(
      "keydown",
      (e) => {
        if (e.key === " ") return e.stopImmediatePropagation();
        const d = (e.shiftKey ? 5 : 1) * KEY_STEP;
        const step = {ArrowLeft: [-d, 0], ArrowRight: [d, 0], ArrowUp: [0, d], ArrowDown: [0, -d]}[e.key];
        if (!step) return;
        e.preventDefault();
        e.stopImmediatePropagation();
        moveProbe(state.probe[0] + step[0], state.probe[1] + step[1]);
      },
      {capture: true}
    );
    let seed = o.seed;
    const setup: ProbeSetup = {
      count: () => o.count,
      seed: () => seed,
      show: (f) => {
        state.field = f;
        update();
      },
    };
    const controls = probeControls(o.theta, {
      theta: (t) => {
        state.theta = t;
        update();
      },
      shuffle: () => {
        seed++;
        w.engine?.reset();
      },
    });
    return {
      wgsl: options.wgsl,
      gpu: (ctx) => probeGPU(ctx, setup, Math.max(1, o.count - 1)),
      cpu: (ctx) => probeCPU(ctx, setup),
      layout: () => [stage.element, controls.row, counts, legend(), status.element],
      caption: ({value: v}) =>
        captionLine(
          `θ = ${v.theta.toFixed(2)}`,
          `${fmtNumber(v.interactions)} of ${fmtNumber(v.exactInteractions)} force terms`,
          `${fmtNumber(v.approximated)} cells taken as one mass`,
          "drag the red probe"
        ),
    };
  },
});

/** Creates the §2 widget. Bad options are replaced and reported in the status line, never thrown. */
export const createBHProbe = (options: BHProbeOptions = {}): BHProbeElement => mountWidget(bhProbeDefinition, options);
