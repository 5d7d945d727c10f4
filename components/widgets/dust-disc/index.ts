/**
 * The Worlds from Dust disc and the page's hero: grains round a star under their own gravity
 * (Barnes–Hut) and their contacts (hashed grid), in one particle buffer, sticking through the
 * contact damping and merging into moonlets when they touch slower than their escape speed.
 * Without WebGPU the CPU twin runs `fallbackCount` grains (cpu.ts), which the status line says.
 * The pointer (or the arrow keys) stirs the disc.
 *
 *   createDustDisc({invalidation}) → data-widget="dust-disc"
 *
 * `.value` (DustDiscValue in options.ts): {count, initialCount, merges, totalMass, largestMass,
 * steps, momentumDrift, spectrum, stickiness, merge, engine}; an `input` event a few times a second and on
 * every control change. `__frames()`: frames run (tests). `dispose()` (or `invalidation`)
 * releases everything.
 */
import {DUST_SOFTWARE_GRAINS, type DustPointer} from "../../dust/params.js";
import {touchHintRow} from "../runtime/canvas.js";
import {captionLine, fpsText} from "../runtime/card.js";
import {defineWidget, type MountedElement, mountWidget} from "../runtime/mount.js";
import {fmtNumber} from "../runtime/options.js";
import {dustDiscControls} from "./controls.js";
import {dustDiscCPU} from "./cpu.js";
import {CLOUD_SMALL, type DustDiscEngine, type DustDiscSetup} from "./engine.js";
import {compareScene, discScene} from "../../dust/scene.js";
import {stagePoster} from "../runtime/poster.js";
import {drawDust2D, dustView} from "./draw.js";
import {dustDiscGPU} from "./gpu.js";
import {type DustDiscOptions, type DustDiscState, type DustDiscValue, dustDiscValue, readDustDiscOptions} from "./options.js";

export type {DustDiscValue};
export type DustDiscElement = MountedElement<DustDiscValue>;

function readDustDisc(options: DustDiscOptions) {
  const {o, explicitGrains, notes} = readDustDiscOptions(options);
  const state: DustDiscState = {
    requested: explicitGrains ? o.grains : null,
    count: 0,
    initialCount: explicitGrains ? o.grains : 0,
    merges: 0,
    totalMass: 0,
    largestMass: 0,
    steps: 0,
    momentumDrift: 0,
    momentumStart: {px: 0, py: 0, speedSum: 0},
    spectrum: new Array(24).fill(0),
    stickiness: o.stickiness,
    merge: o.merge,
    forces: o.forces,
  };
  return {o, notes, state, hero: options.hero === true};
}

/** The pointer's stir: its world position and a velocity from its last moves (per unit of simulated time). */
function stirrer() {
  let held: {x: number; y: number} | null = null;
  let last: {x: number; y: number; t: number} | null = null;
  let vx = 0,
    vy = 0;
  return {
    set(p: {x: number; y: number} | null) {
      held = p;
      if (!p) last = null;
    },
    at(t: number): DustPointer {
      if (!held) return {x: 0, y: 0, vx: 0, vy: 0, radius: 0.35, strength: 8, active: false};
      if (last && t > last.t) {
        const k = 0.5;
        vx = (1 - k) * vx + (k * (held.x - last.x)) / (t - last.t);
        vy = (1 - k) * vy + (k * (held.y - last.y)) / (t - last.t);
        const s = Math.hypot(vx, vy);
        if (s > 2) {
          vx *= 2 / s;
          vy *= 2 / s;
        }
      }
      if (!last || t > last.t) last = {...held, t};
      return {x: held.x, y: held.y, vx, vy, radius: 0.35, strength: 8, active: true};
    },
  };
}

export const dustDiscDefinition = defineWidget<DustDiscOptions, ReturnType<typeof readDustDisc>, DustDiscValue, DustDiscEngine>({
  name: "dust-disc",
  className: ({hero}) => `sim-widget dust-widget${hero ? " hero-widget" : ""}`,
  read: readDustDisc,
  gpuCanvas: true,
  value: (c, engine) => dustDiscValue(c.state, engine),
  // the disc: the grains asked for, else 20,000; 3,000 on a CPU emulation; `fallbackCount` on the
  // twin. The cloud: its grains, at most CLOUD_SMALL on a CPU emulation and on the twin
  load: ({o, state}) =>
    o.scene === "cloud"
      ? {request: () => ({count: o.cloudGrains, given: false}), softwareCount: CLOUD_SMALL, twinCount: (n) => Math.min(n, CLOUD_SMALL)}
      : {
          request: () => ({count: state.requested, given: state.requested !== null}),
          softwareCount: DUST_SOFTWARE_GRAINS,
          gpuCount: () => o.grains,
          twinCount: o.fallbackCount,
        },
  stage: ({o}, stage) => ({
    aspect: o.aspect,
    maxHeight: o.maxHeight,
    label:
      o.scene === "cloud"
        ? `A cloud of grains falling in, ${o.forces === "both" ? "under gravity and contacts" : o.forces === "gravity" ? "under gravity only" : "with contacts only"}; drag to stir it`
        : "A disc of dust grains round a star, clumping and merging into moonlets; drag to stir it",
    keys: "Arrow keys move a stirring hand through the disc.",
    view: () => dustView(stage(), o.scene),
    touch: "pan-y",
  }),
  build: (w) => {
    const {o, state, hero} = w.config;
    const {stage} = w;
    const stir = stirrer();
    stage.onPointer((p) => stir.set(p.down && p.inside ? {x: p.x, y: p.y} : null));
    const publish = () => w.setValue();
    // the first picture before any engine (stagePoster): the disc the CPU twin would start
    // from (the engines' own first frames follow: the GPU's ring at its own count)
    const posterScene =
      o.scene === "cloud" ? compareScene(Math.min(o.cloudGrains, CLOUD_SMALL), o.seed) : discScene(state.requested ?? o.fallbackCount, o.seed);
    const poster = stagePoster(stage, (t) => drawDust2D(t, dustView(stage, o.scene), posterScene.bodies, posterScene.params.unitRadius, o.scene));
    const setup: DustDiscSetup = {
      state,
      stage,
      seed: o.seed,
      substeps: o.substeps,
      scene: o.scene,
      cloudGrains: o.cloudGrains,
      pointer: (t) => stir.at(t),
      publish,
      started: (n, engine) => controls.showGrains(n, engine === "cpu"),
      shown: () => poster.hide(),
      hero,
      frames: w.frames,
    };
    const controls = dustDiscControls(
      {grains: state.requested ?? o.grains, stickiness: o.stickiness, merge: o.merge},
      {
        grains: (n) => {
          state.requested = n;
          w.refit();
          w.engine?.reset();
        },
        stickiness: (v) => {
          state.stickiness = v;
          w.engine?.setControls();
          publish();
        },
        merge: (v) => {
          state.merge = v;
          w.engine?.setControls();
          publish();
        },
        restart: () => w.engine?.reset(),
      }
    );
    return {
      gpu: (ctx) => dustDiscGPU(ctx, setup),
      cpu: (ctx) => dustDiscCPU(ctx, setup),
      onEngine: publish,
      layout: (play) => {
        // the hero's touch hint has a row of its own (out of the stage, which lies under the
        // whole hero and would print it over the status)
        if (hero) return [stage.element, ...touchHintRow(stage), play!, w.status.element];
        if (o.scene === "cloud") return [stage.element, play!, w.status.element];
        controls.row.append(play!);
        return [stage.element, controls.row, w.status.element];
      },
      caption: ({value: v, fps}) => {
        const forces = o.scene === "cloud" && (v.forces === "both" ? "gravity + contacts" : v.forces === "gravity" ? "gravity only" : "contacts only");
        // before an engine runs no count is live: the disc's size once it is known, never a 0
        if (v.engine === "pending") return captionLine(forces, v.initialCount > 0 && `${fmtNumber(v.initialCount)} grains`, "starting");
        return captionLine(
          forces,
          `${fmtNumber(v.count)} of ${fmtNumber(v.initialCount)} bodies`,
          `${fmtNumber(v.merges)} merges`,
          v.totalMass > 0 && `largest ${fmtNumber(v.largestMass)} grains (${((100 * v.largestMass) / v.totalMass).toFixed(2)} % of the mass)`,
          fpsText(fps),
          v.engine === "gpu" ? "tree + grid on the GPU" : "CPU twin",
          !hero && o.scene !== "cloud" && "drag to stir"
        );
      },
    };
  },
});

/** Creates the dust disc. Bad options are replaced and reported in the status line, never thrown. */
export const createDustDisc = (options: DustDiscOptions = {}): DustDiscElement => mountWidget(dustDiscDefinition, options);
