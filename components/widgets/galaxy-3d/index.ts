/**
 * The 3D galaxy: Barnes–Hut on an octree rebuilt every step on the GPU (components/gravity3d/),
 * a Plummer sphere, a disc galaxy or two discs colliding, 10,000–1,000,000 bodies (a log
 * slider; 500–10,000 on a software adapter), drawn as additive billboards from the simulation's
 * buffers through an orbit camera (drag, arrow keys; Ctrl or ⌘ with the wheel zooms, and + / − and
 * pinch while the canvas has focus; the wheel alone scrolls the page). Without WebGPU the CPU twin
 * runs `fallbackCount` bodies.
 *
 *   createGalaxy3D({invalidation}) → data-widget="galaxy-3d"
 *
 * `.value` (Galaxy3DValue): {count, theta, scene, stepMs, energyDrift, engine, colour}; an
 * `input` event a few times a second and on every control change.
 */
import {captionLine, fpsText, onCaptionSample} from "../runtime/card.js";
import {defineWidget, type MountedElement, mountWidget} from "../runtime/mount.js";
import {fmtNumber} from "../runtime/options.js";
import {galaxy3DControls} from "./controls.js";
import {galaxy3DCPU} from "./cpu.js";
import type {Galaxy3DEngine, Galaxy3DSetup} from "./engine.js";
import {cameraControl, readout3, SCENE_RADIUS} from "./draw.js";
import {galaxy3DGPU} from "./gpu.js";
import {
  COUNT_RANGE,
  type Galaxy3DOptions,
  type Galaxy3DState,
  type Galaxy3DValue,
  galaxy3DValue,
  maxCount3,
  readGalaxy3DOptions,
  SOFTWARE_COUNT,
  SOFTWARE_RANGE,
  sizedCount3,
} from "./options.js";

export type {Galaxy3DValue};
type Galaxy3DElement = MountedElement<Galaxy3DValue>;

function readGalaxy3D(options: Galaxy3DOptions) {
  const {o, explicitCount, scene, colour, notes} = readGalaxy3DOptions(options);
  const state: Galaxy3DState = {
    requested: explicitCount ? o.count : null,
    count: explicitCount ? o.count : 0,
    theta: o.theta,
    scene,
    colour,
    stepsPerFrame: o.stepsPerFrame,
    stepMs: null,
    energyDrift: null,
  };
  return {o, notes, state};
}

/** The 3D galaxy as a definition (mounted by `mountWidget`). */
const galaxy3DDefinition = defineWidget<Galaxy3DOptions, ReturnType<typeof readGalaxy3D>, Galaxy3DValue, Galaxy3DEngine>({
  name: "galaxy-3d",
  className: () => "sim-widget gravity-widget galaxy3d-widget",
  read: readGalaxy3D,
  gpuCanvas: true,
  value: (c, engine) => galaxy3DValue(c.state, engine),
  // the count asked for, else sized to the GPU, within the slider's range on that GPU; 2,000 bodies
  // (slider 500–10,000) on a CPU emulation; `fallbackCount` on the twin
  load: ({o, state}) => ({
    request: () => ({count: state.requested, given: state.requested !== null}),
    softwareCount: SOFTWARE_COUNT,
    gpuCount: (device) => sizedCount3(device, false, typeof window !== "undefined" && window.matchMedia("(max-width: 640px)").matches),
    twinCount: o.fallbackCount,
    range: (target, device) => (target === "software" ? SOFTWARE_RANGE : [COUNT_RANGE[0], maxCount3(device, false)]),
  }),
  stage: ({o}) => ({
    aspect: o.aspect,
    maxHeight: o.maxHeight,
    label:
      "Bodies under gravity in three dimensions; drag or use the arrow keys to turn the view; hold Ctrl or ⌘ and turn the wheel, or press + and −, to zoom",
    keys: "Arrow keys turn the camera around the bodies; + and − zoom.",
    view: () => ({x0: -1, y0: -1, x1: 1, y1: 1}),
    touch: "pan-y",
  }),
  build: (w, options) => {
    const {o, state} = w.config;
    const {stage} = w;
    const line = readout3();
    const publish = () => w.setValue();
    const redraw = () => {
      if (w.engine && w.root.isConnected) w.engine.draw?.();
    };
    const camera = cameraControl(stage, SCENE_RADIUS[state.scene], redraw);
    const setup: Galaxy3DSetup = {state, stage, seed: o.seed, camera, publish, frames: w.frames};
    const controls = galaxy3DControls(
      {count: state.requested ?? COUNT_RANGE[0] * 10, range: COUNT_RANGE, theta: state.theta, scene: state.scene, colour: state.colour},
      {
        count: (n) => {
          state.requested = n;
          w.refit();
          void w.engine?.setCount?.();
        },
        theta: (t) => {
          state.theta = t;
          w.engine?.setTheta();
          publish();
        },
        scene: (sc) => {
          state.scene = sc;
          camera.reset(SCENE_RADIUS[sc]);
          w.engine?.reset();
          w.engine?.draw?.();
        },
        colour: (c) => {
          state.colour = c;
          publish();
          redraw();
        },
        restart: () => {
          w.engine?.reset();
          w.engine?.draw?.();
        },
      }
    );
    return {
      wgsl: options.wgsl,
      // the slider offers the range of the GPU the runtime found, at the count it decided
      applyLoad: ({range, count}) => {
        if (!range) return;
        controls.count.setRange?.(range[0], range[1]);
        controls.count.setCount(count);
        controls.count.label.querySelector("output")!.textContent = count.toLocaleString("en-US");
      },
      gpu: (ctx) => galaxy3DGPU(ctx, setup),
      cpu: (ctx) => {
        controls.count.input.disabled = true;
        controls.count.input.title = "The CPU twin runs a fixed count";
        return galaxy3DCPU(ctx, setup);
      },
      onEngine: publish,
      layout: (play) => (controls.row.append(play!), [stage.element, controls.row, line.element, w.status.element]),
      // the read-out line says the figures of the sample the caption shows (one number, one source)
      mounted: () => void onCaptionSample(w.root, (v) => line.update(v)),
      caption: ({value: v, fps}) =>
        captionLine(
          v.count > 0 && `${fmtNumber(v.count)} bodies`,
          `θ = ${v.theta.toFixed(2)}`,
          v.stepMs !== null && `${v.stepMs < 10 ? v.stepMs.toFixed(2) : Math.round(v.stepMs)} ms per step`,
          fpsText(fps),
          v.engine === "pending" ? "" : v.engine === "gpu" ? "octree on the GPU" : "CPU twin",
          "drag to turn the view",
          "Ctrl or ⌘ + wheel to zoom"
        ),
    };
  },
});

/** Creates the 3D galaxy. Bad options are replaced and reported in the status line, never thrown. */
export const createGalaxy3D = (options: Galaxy3DOptions = {}): Galaxy3DElement => mountWidget(galaxy3DDefinition, options);
