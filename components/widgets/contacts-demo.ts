/**
 * §1 widget: discs in a box, contacts found by brute force over every pair i < j each
 * step, on the CPU in TypeScript (the point is its cost). The cursor (mouse, pen or
 * touch) shoves nearby discs. A log-scale slider sets the disc count (200–4,000), a
 * button re-seeds.
 *
 * `.value` (updated ~4×/s with `input` events): {count, checksPerStep, touchingPairs,
 * msPerStep, usefulShare, steps} — checks and touching pairs are those of one real step,
 * msPerStep the mean wall time of the steps since the last update. `snapshot()` returns
 * the positions that step searched, so a test can recompute the counts.
 */
import {frameLoop} from "../gpu/loop.js";
import {bruteForceStep, CONTACT_DEFAULTS, scatterDiscs, type ContactParams, type Discs} from "../contacts/physics.js";
import {button, optionReader, rangeControl, setValue, statusLine} from "./view.js";
import {createSimCanvas} from "./sim-canvas.js";

export const CONTACTS_MIN = 200;
export const CONTACTS_MAX = 4000;

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

export interface ContactsSnapshot {
  x: number[];
  y: number[];
  radius: number;
  value: ContactsValue;
}

export interface ContactsDemoOptions {
  /** Disc count, 200–4,000 (default 2,000); out-of-range values are clamped with a visible note. */
  count?: number;
  seed?: number;
  /** Physics steps per animation frame (1–8, default 2). */
  stepsPerFrame?: number;
  /** Overrides of the physics parameters. */
  params?: Partial<ContactParams>;
  /** Largest CSS width of the canvas (px). */
  maxWidth?: number;
  invalidation?: Promise<unknown>;
}

export type ContactsDemoElement = HTMLDivElement & {value: ContactsValue; dispose(): void; snapshot(): ContactsSnapshot | null};

/** Slider resolution: positions 0..SLIDER_STEPS. */
export const SLIDER_STEPS = 10000;
/** Slider position (0..SLIDER_STEPS) ↔ disc count on a log scale between the limits. */
export const sliderToCount = (v: number) => Math.round(CONTACTS_MIN * Math.pow(CONTACTS_MAX / CONTACTS_MIN, v / SLIDER_STEPS));
export const countToSlider = (n: number) => Math.round((SLIDER_STEPS * Math.log(n / CONTACTS_MIN)) / Math.log(CONTACTS_MAX / CONTACTS_MIN));

/** Creates the §1 contacts demo. Errors: none thrown for bad options — they are clamped and reported in the status line. */
export function createContactsDemo(options: ContactsDemoOptions = {}): ContactsDemoElement {
  const root = document.createElement("div") as unknown as ContactsDemoElement;
  root.className = "widget contacts-demo";
  root.dataset.widget = "contacts";
  const status = statusLine();
  const notes: string[] = [];
  const opt = optionReader(notes);

  let count = opt("disc count", options.count, 2000, CONTACTS_MIN, CONTACTS_MAX);
  const stepsPerFrame = opt("steps per frame", options.stepsPerFrame, 2, 1, 8);
  let seed = Math.floor(Number(options.seed ?? 1)) || 1;
  const P: ContactParams = {...CONTACT_DEFAULTS, ...options.params};

  const view = createSimCanvas({
    worldW: P.width,
    worldH: P.height,
    maxWidth: options.maxWidth ?? 560,
    onResize: () => draw(),
    label: "Discs falling into a pile in a box; move the pointer over the box to shove them.",
  });

  // controls: count slider (log scale) and re-seed
  const controls = document.createElement("div");
  controls.className = "widget-controls";
  const {label, input: slider} = rangeControl("Discs", {min: 0, max: SLIDER_STEPS, value: countToSlider(count)});
  slider.setAttribute("aria-label", "number of discs");
  const countOut = document.createElement("output");
  countOut.className = "counter";
  label.append(countOut);
  const reseed = button("Re-seed", () => {
    seed++;
    reset();
  });
  controls.append(label, reseed);
  root.append(view.element, controls, status.element);

  let discs: Discs;
  let fx: Float64Array, fy: Float64Array;
  let steps = 0;
  let msSum = 0, msSteps = 0;
  let lastPublish = -Infinity;
  let snap: ContactsSnapshot | null = null;
  const publishEveryMs = 250;

  function reset() {
    discs = scatterDiscs(count, P, seed);
    fx = new Float64Array(count);
    fy = new Float64Array(count);
    steps = 0;
    msSum = msSteps = 0;
    lastPublish = -Infinity;
    countOut.value = count.toLocaleString("en-US");
  }
  reset();
  slider.addEventListener("input", (ev) => {
    ev.stopPropagation(); // the widget's own input event carries .value
    const n = Math.min(CONTACTS_MAX, Math.max(CONTACTS_MIN, sliderToCount(Number(slider.value))));
    if (n !== count) {
      count = n;
      reset();
    }
  });
  if (notes.length) status.warn(notes.join(" "));
  else status.info("Brute force in JavaScript on the CPU: every pair of discs is checked every step.");

  const draw = () => {
    const {ctx, pointer} = view;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, view.canvas.width, view.canvas.height);
    view.beginFrame();
    const r = P.radius;
    for (let pass = 0; pass < 2; pass++) {
      ctx.beginPath();
      for (let i = pass; i < discs.count; i += 2) {
        ctx.moveTo(discs.x[i] + r, discs.y[i]);
        ctx.arc(discs.x[i], discs.y[i], r, 0, 2 * Math.PI);
      }
      ctx.fillStyle = pass ? "#6f8fd8" : "#3d63c4";
      ctx.fill();
    }
    if (pointer.active) {
      ctx.beginPath();
      ctx.arc(pointer.x, pointer.y, P.pointerRadius, 0, 2 * Math.PI);
      ctx.lineWidth = 2 / view.pixelsPerUnit;
      ctx.strokeStyle = "rgba(200, 60, 40, 0.8)";
      ctx.stroke();
    }
  };

  /** Moving averages of this widget's main-thread cost (ms), for the bench notes and tests. */
  const timing = {drawMs: 0, frameMs: 0, frames: 0};
  (root as any).timing = timing;
  const loop = frameLoop(
    root,
    (_dt, now) => {
      const frameStart = performance.now();
      const publish = now - lastPublish >= publishEveryMs;
      let last = {checks: 0, touching: 0};
      for (let s = 0; s < stepsPerFrame; s++) {
        const isLast = s === stepsPerFrame - 1;
        const before = publish && isLast ? {x: Array.from(discs.x), y: Array.from(discs.y)} : null;
        const t0 = performance.now();
        last = bruteForceStep(discs, P, view.pointer, fx, fy);
        msSum += performance.now() - t0;
        msSteps++;
        steps++;
        if (before) {
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
          setValue(root, value);
        }
      }
      const t1 = performance.now();
      draw();
      const t2 = performance.now();
      timing.drawMs += 0.1 * (t2 - t1 - timing.drawMs);
      timing.frameMs += 0.1 * (t2 - frameStart - timing.frameMs);
      timing.frames++;
    },
    {invalidation: options.invalidation}
  );
  draw();

  root.value = {count, checksPerStep: 0, touchingPairs: 0, msPerStep: 0, usefulShare: 0, steps: 0};
  root.snapshot = () => snap && {x: snap.x.slice(), y: snap.y.slice(), radius: snap.radius, value: {...snap.value}};
  let disposed = false;
  root.dispose = () => {
    if (disposed) return;
    disposed = true;
    loop.stop();
    view.dispose();
  };
  options.invalidation?.then(() => root.dispose());
  return root;
}
